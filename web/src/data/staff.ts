import type { StaffAuth } from '../api/client';
import { staffCall } from '../api/client';
import type { Me, StoreRole } from '../organizer/use-organizer';

/**
 * The account routes of the server (docs/architecture.md, "Staff accounts and stores"): invites
 * and setup, staff of a store, API tokens, the password. Shapes as the server documents them.
 */
export const STORE_ROLES: readonly StoreRole[] = ['owner', 'organizer', 'scorekeeper', 'judge'];

export interface InviteInfo {
  storeName: string;
  role: StoreRole;
  setup: boolean;
  expiresAt: string;
}
export interface StaffMember {
  accountId: string;
  username: string;
  name: string;
  role: StoreRole;
  since: string;
}
export interface OpenInvite {
  id: string;
  role: StoreRole;
  createdAt: string;
  expiresAt: string;
}
export interface CreatedInvite extends OpenInvite {
  url: string;
}
export interface ApiToken {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}
export interface CreatedApiToken {
  id: string;
  name: string;
  token: string;
  createdAt: string;
}

const path = encodeURIComponent;

export const staffApi = {
  invite: (token: string) => staffCall<InviteInfo>('GET', `/auth/invites/${path(token)}`),
  setup: (body: { token: string; storeName: string; name: string; username: string; password: string }) => staffCall<Me>('POST', '/auth/setup', { body }),
  accept: (token: string, body: { name?: string; username: string; password: string }) => staffCall<Me>('POST', `/auth/invites/${path(token)}/accept`, { body }),
  staff: (auth: StaffAuth, storeId: string) => staffCall<{ staff: StaffMember[]; invites: OpenInvite[] }>('GET', `/stores/${path(storeId)}/staff`, { auth }),
  createInvite: (auth: StaffAuth, storeId: string, role: StoreRole) => staffCall<CreatedInvite>('POST', `/stores/${path(storeId)}/invites`, { auth, body: { role } }),
  cancelInvite: (auth: StaffAuth, storeId: string, inviteId: string) => staffCall<void>('DELETE', `/stores/${path(storeId)}/invites/${path(inviteId)}`, { auth }),
  changeRole: (auth: StaffAuth, storeId: string, accountId: string, role: StoreRole) =>
    staffCall<StaffMember>('PUT', `/stores/${path(storeId)}/staff/${path(accountId)}`, { auth, body: { role } }),
  remove: (auth: StaffAuth, storeId: string, accountId: string) => staffCall<void>('DELETE', `/stores/${path(storeId)}/staff/${path(accountId)}`, { auth }),
  renameStore: (auth: StaffAuth, storeId: string, name: string) => staffCall<unknown>('PATCH', `/stores/${path(storeId)}`, { auth, body: { name } }),
  tokens: (auth: StaffAuth) => staffCall<{ tokens: ApiToken[] }>('GET', '/me/tokens', { auth }),
  createToken: (auth: StaffAuth, name: string) => staffCall<CreatedApiToken>('POST', '/me/tokens', { auth, body: { name } }),
  revokeToken: (auth: StaffAuth, tokenId: string) => staffCall<void>('DELETE', `/me/tokens/${path(tokenId)}`, { auth }),
  changePassword: (auth: StaffAuth, currentPassword: string, newPassword: string) => staffCall<void>('PUT', '/me/password', { auth, body: { currentPassword, newPassword } }),
};

/** The rules the server checks, told before sending: usernames 3–40 of a-z 0-9 . _ -, passwords 10–200 characters. */
export const USERNAME_PATTERN = '[A-Za-z0-9._\\-]{3,40}';
export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 200;

/**
 * The invite or setup token of a link's fragment (`#token=…`), kept for this tab (a reload after
 * the address bar was cleaned still finds it) and removed from the address bar at once.
 */
export function takeLinkToken(kind: 'setup' | 'invite'): string | null {
  const key = `podium.${kind}Token`;
  const fromHash = new URLSearchParams(window.location.hash.replace(/^#/, '')).get('token');
  if (fromHash) {
    sessionStorage.setItem(key, fromHash);
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
    return fromHash;
  }
  return sessionStorage.getItem(key);
}

export function forgetLinkToken(kind: 'setup' | 'invite'): void {
  sessionStorage.removeItem(`podium.${kind}Token`);
}
