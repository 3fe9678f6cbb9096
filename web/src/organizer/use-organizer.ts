import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { ApiError, staffCall, type Schemas, type StaffAuth } from '../api/client';
import { chosenStoreId, organizerToken, setChosenStoreId, setOrganizerToken, subscribeStoreChoice } from '../session';

/** GET /api/me: who the console is signed in as, with the stores, roles and permissions. */
export type Me = Schemas['StaffMeDto'];
export type StaffStore = Me['stores'][number];
export type Permission = StaffStore['permissions'][number];
export type StoreRole = StaffStore['role'];

/** /api/me as this browser sees it, with the API or organizer token it sent (null: the session cookie or nothing). */
type Known = Me & { token: string | null };

export const meKey = ['me'] as const;
const SERVER_WIDE: readonly Permission[] = ['catalog.manage', 'profiles.manage'];

/**
 * Asks GET /api/me (always 200 for anyone, so the sign-in page loads without an error): with the
 * token this browser keeps, else with the session cookie. A kept token the server no longer
 * takes (revoked: 401, or not a staff token) is forgotten and the cookie asked instead.
 */
async function fetchMe(): Promise<Known> {
  const token = organizerToken();
  if (token) {
    try {
      const me = await staffCall<Me>('GET', '/me', { auth: { kind: 'token', token } });
      if (me.signedIn) return { ...me, token };
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 401) throw error;
    }
    setOrganizerToken(null);
  }
  return { ...(await staffCall<Me>('GET', '/me')), token: null };
}

/**
 * The console's sign-in: `auth` (how every staff call proves who it is; null: signed out),
 * `me`, the store being worked in (`store`, chosen with `chooseStore` when staff of several) and
 * `may(permission, storeId?)` — what the role allows in that store (default: the chosen one), so
 * screens show only what the role may do.
 */
export function useOrganizer() {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: meKey, queryFn: fetchMe, staleTime: 60_000 });
  const chosen = useSyncExternalStore(subscribeStoreChoice, chosenStoreId);
  const me = query.data;
  const auth: StaffAuth | null = !me?.signedIn ? null : me.token ? { kind: 'token', token: me.token } : me.csrfToken ? { kind: 'session', csrfToken: me.csrfToken } : null;
  const stores = me?.signedIn ? me.stores : [];
  const store = stores.find((s) => s.id === chosen) ?? stores[0] ?? null;
  const may = (permission: Permission, storeId?: string): boolean => {
    if (SERVER_WIDE.includes(permission)) return stores.some((s) => s.permissions.includes(permission));
    const where = storeId ? stores.find((s) => s.id === storeId) : store;
    return !!where?.permissions.includes(permission);
  };
  const known = (next: Me, token: string | null) => {
    setOrganizerToken(token);
    queryClient.setQueryData<Known>(meKey, { ...next, token });
  };
  return {
    loading: query.isPending,
    error: query.error,
    me,
    auth,
    stores,
    store,
    may,
    chooseStore: (id: string) => {
      setChosenStoreId(id);
      void queryClient.invalidateQueries({ queryKey: ['events'] });
      void queryClient.invalidateQueries({ queryKey: ['leagues'] });
    },
    /** After a password sign-in, setup or invite: the session cookie is set, /api/me's answer came with it. */
    signedIn: (next: Me) => known(next, null),
    /** An API token or the organizer token that GET /api/me accepted. */
    signedInWithToken: (next: Me, token: string) => known(next, token),
    /** Ends the session on the server (a token is only forgotten here), then asks /api/me again. */
    signOut: async () => {
      if (auth?.kind === 'session') await staffCall('POST', '/auth/logout', { auth }).catch(() => undefined);
      setOrganizerToken(null);
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== meKey[0] });
      await queryClient.refetchQueries({ queryKey: meKey });
    },
  };
}

export type Organizer = ReturnType<typeof useOrganizer>;
