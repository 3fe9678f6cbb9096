/**
 * Staff roles and what each may do: the one policy every staff route is checked against
 * (StaffGuard in src/staff/ reads a route's `@Staff(permission)`). Pure: no Nest, no database.
 *
 * Source: the store tools organizers know (EventLink's scorekeepers, Melee's organization staff
 * and judges) and the split of powers — the owner runs the store (staff, settings), an
 * organizer runs events and leagues, a scorekeeper runs the night (registration, pairings,
 * results) without deleting or completing events, a judge gives table extensions and penalties.
 * Scorekeepers and judges may both correct a result (with a reason, audited).
 */

/** A staff member's role in one store. */
export const STORE_ROLES = ['owner', 'organizer', 'scorekeeper', 'judge'] as const;
export type StoreRole = (typeof STORE_ROLES)[number];

/**
 * What a staff route needs. Event-level permissions are checked against the store of the event
 * the route names (`:id` of /events/:id/…, `:matchId`); league ones against the league's store;
 * `catalog` and `profiles` are server-wide (held through any store).
 */
export const PERMISSIONS = [
  /** Staff list, invites, roles, store name. */
  'store.manage',
  /** Create, edit, delete, reveal the seed, import an archive. */
  'event.manage',
  /** End the event (irreversible). */
  'event.complete',
  /** Read the event's private data: players, decks, pick logs, draft activity, penalties, history, exports. */
  'event.view',
  /** Players: add, import, check in, drop, late entry, claim codes, tokens, teams, seats, absent. */
  'event.registration',
  /** Start the event and the draft, pause and resume, finish the draft. */
  'event.run',
  /** Pair, undo, swap or repair a round, fixed tables, top cut. */
  'event.pairings',
  /** Enter and correct results (a correction needs a reason). */
  'event.results',
  /** Register a deck for a player, a lower deck minimum, the deck guard's choices. */
  'event.decks',
  /** Round clock: pause, resume, extend a round or a table. */
  'event.clock',
  /** Give and revoke penalties. */
  'event.penalties',
  /** Create leagues, add events to them. */
  'league.manage',
  /** Card sets and images (shared by every store of the server). */
  'catalog.manage',
  /** Merge player profiles (shared by every store of the server). */
  'profiles.manage',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const SCOREKEEPER: readonly Permission[] = ['event.view', 'event.registration', 'event.run', 'event.pairings', 'event.results', 'event.decks', 'event.clock'];
const JUDGE: readonly Permission[] = ['event.view', 'event.results', 'event.decks', 'event.clock', 'event.penalties'];
const ORGANIZER: readonly Permission[] = [
  ...new Set<Permission>([...SCOREKEEPER, ...JUDGE, 'event.manage', 'event.complete', 'league.manage', 'catalog.manage', 'profiles.manage']),
];
const OWNER: readonly Permission[] = [...ORGANIZER, 'store.manage'];

/** Each role's permissions (the access matrix's source). */
export const ROLE_PERMISSIONS: Readonly<Record<StoreRole, readonly Permission[]>> = Object.freeze({
  owner: OWNER,
  organizer: ORGANIZER,
  scorekeeper: SCOREKEEPER,
  judge: JUDGE,
});

/** Whether a role holds a permission. */
export function roleMay(role: StoreRole, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

/** Permissions that are not about one store's events or leagues (held through any store). */
export const SERVER_WIDE: readonly Permission[] = ['catalog.manage', 'profiles.manage'];

export function isStoreRole(value: unknown): value is StoreRole {
  return typeof value === 'string' && (STORE_ROLES as readonly string[]).includes(value);
}
