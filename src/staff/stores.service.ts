import { Injectable } from '@nestjs/common';
import type { StoreRole } from '../common/auth/permissions';
import { hashPlayerToken } from '../common/auth/player-token';
import { Clock } from '../common/clock/clock';
import { DomainError } from '../common/errors/domain-error';
import { AccountsRepository, type StaffMemberRow, type StoreRow } from './accounts.repository';
import type { CreatedInviteDto, CreatedStoreDto, StaffListDto, StaffMemberDto, StoreDto } from './dto/accounts.dto';
import { randomSecret } from './passwords';
import { INVITE_LIFETIME_MS } from './rules/account-rules';
import type { StaffPrincipal } from './staff-credentials';

const memberDto = (m: StaffMemberRow): StaffMemberDto => ({ accountId: m.accountId, username: m.username, name: m.name, role: m.role, since: m.since.toISOString() });
const storeDto = (s: StoreRow, role: StoreRole | null): StoreDto => ({ id: s.id, name: s.name, createdAt: s.createdAt.toISOString(), role });

/**
 * Stores and their staff: the store list, opening a store (server owner), renaming, the staff list,
 * invites (links good for 7 days, shown once), role changes and removal. A store always keeps an
 * owner (409 LAST_OWNER).
 */
@Injectable()
export class StoresService {
  constructor(
    private readonly accounts: AccountsRepository,
    private readonly clock: Clock,
  ) {}

  /** The caller's stores with their role, by name; the server owner also sees every other store (role null). */
  async list(principal: StaffPrincipal): Promise<StoreDto[]> {
    const own = new Map([...principal.roles]);
    const stores = principal.serverOwner
      ? await this.accounts.allStores()
      : (await Promise.all([...own.keys()].map((id) => this.accounts.store(id)))).filter((s): s is StoreRow => s !== null);
    return stores.map((s) => storeDto(s, own.get(s.id) ?? null)).sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
  }

  /** Opens a store with an owner invite for whoever runs it (the server owner is not made its staff). */
  async create(principal: StaffPrincipal, name: string, baseUrl: string): Promise<CreatedStoreDto> {
    const token = randomSecret();
    const now = this.clock.now();
    const { store } = await this.accounts.createStore({
      name,
      inviteTokenHash: hashPlayerToken(token),
      createdBy: principal.accountId,
      now,
      inviteExpiresAt: new Date(now.getTime() + INVITE_LIFETIME_MS),
    });
    return { store: storeDto(store, null), ownerInviteUrl: inviteUrl(baseUrl, token), ownerInviteToken: token };
  }

  /** Renames the store. @throws DomainError STORE_NOT_FOUND */
  async rename(storeId: string, name: string, role: StoreRole): Promise<StoreDto> {
    await this.assertStore(storeId);
    return storeDto(await this.accounts.renameStore(storeId, name), role);
  }

  /** The store's staff and open invites. */
  async staff(storeId: string): Promise<StaffListDto> {
    await this.assertStore(storeId);
    const [staff, invites] = await Promise.all([this.accounts.staffOf(storeId), this.accounts.openInvites(storeId, this.clock.now())]);
    return {
      staff: staff.map(memberDto),
      invites: invites.map((i) => ({ id: i.id, role: i.role, createdAt: i.createdAt.toISOString(), expiresAt: i.expiresAt.toISOString() })),
    };
  }

  /** A new invite link for `role` in the store, good for 7 days; its url is shown this once. */
  async invite(storeId: string, role: StoreRole, createdBy: string | null, baseUrl: string): Promise<CreatedInviteDto> {
    await this.assertStore(storeId);
    const token = randomSecret();
    const now = this.clock.now();
    const invite = await this.accounts.createInvite({ storeId, role, tokenHash: hashPlayerToken(token), createdBy, now, expiresAt: new Date(now.getTime() + INVITE_LIFETIME_MS) });
    return { id: invite.id, role, url: inviteUrl(baseUrl, token), token, expiresAt: invite.expiresAt.toISOString() };
  }

  /** Cancels an unused invite. @throws DomainError STORE_NOT_FOUND, INVITE_INVALID (no such open invite in the store) */
  async cancelInvite(storeId: string, inviteId: string): Promise<void> {
    await this.assertStore(storeId);
    if (!(await this.accounts.deleteInvite(storeId, inviteId)))
      throw new DomainError('INVITE_INVALID', `No open invite ${inviteId} in this store`, [{ field: 'inviteId', rule: 'exists', message: 'unknown or used invite' }]);
  }

  /** Changes a staff member's role. @throws DomainError STORE_NOT_FOUND, STAFF_NOT_FOUND, LAST_OWNER */
  async changeRole(storeId: string, accountId: string, role: StoreRole): Promise<StaffMemberDto> {
    await this.assertStore(storeId);
    const member = await this.accounts.changeStaff(storeId, accountId, role);
    if (!member) throw new Error('a role change returned no staff member');
    return memberDto(member);
  }

  /** Removes a staff member from the store (the account stays, with its other stores). @throws DomainError STORE_NOT_FOUND, STAFF_NOT_FOUND, LAST_OWNER */
  async remove(storeId: string, accountId: string): Promise<void> {
    await this.assertStore(storeId);
    await this.accounts.changeStaff(storeId, accountId, null);
  }

  /** @throws DomainError STORE_NOT_FOUND (the guard lets unknown ids through so that they answer 404 as for anyone) */
  private async assertStore(storeId: string): Promise<void> {
    if (!(await this.accounts.store(storeId))) throw storeNotFound(storeId);
  }
}

/** `<base>/invite#token=<token>`: the token in the fragment never reaches a server log or a Referer. */
export function inviteUrl(baseUrl: string, token: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/invite#token=${token}`;
}

const storeNotFound = (storeId: string) => new DomainError('STORE_NOT_FOUND', `No store ${storeId}`, [{ field: 'storeId', rule: 'exists', message: 'unknown store' }]);
