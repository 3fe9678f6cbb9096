import { isStoreRole, PERMISSIONS, ROLE_PERMISSIONS, roleMay, SERVER_WIDE, STORE_ROLES, type Permission, type StoreRole } from './permissions';

const holds = (role: StoreRole) => new Set<Permission>(ROLE_PERMISSIONS[role]);
const contains = (big: StoreRole, small: StoreRole) => [...holds(small)].every((p) => holds(big).has(p));

describe('ROLE_PERMISSIONS: the split of powers between a store’s roles', () => {
  it('OWNER_HOLDS_EVERYTHING: the owner holds every permission, store.manage only the owner', () => {
    expect([...holds('owner')].sort()).toEqual([...PERMISSIONS].sort());
    expect(STORE_ROLES.filter((role) => roleMay(role, 'store.manage'))).toEqual(['owner']);
  });

  it('ROLES_NEST: owner ⊇ organizer ⊇ scorekeeper, organizer ⊇ judge; the owner holds more than the organizer', () => {
    expect(contains('owner', 'organizer')).toBe(true);
    expect(contains('organizer', 'scorekeeper')).toBe(true);
    expect(contains('organizer', 'judge')).toBe(true);
    expect(contains('organizer', 'owner')).toBe(false);
    // Neither of the table roles holds the other's powers.
    expect(contains('scorekeeper', 'judge')).toBe(false);
    expect(contains('judge', 'scorekeeper')).toBe(false);
  });

  it('ORGANIZER_RUNS_EVENTS_AND_LEAGUES: events, leagues, the catalog and profiles, not the store', () => {
    for (const p of ['event.manage', 'event.complete', 'league.manage', 'catalog.manage', 'profiles.manage'] as const) expect(roleMay('organizer', p)).toBe(true);
    expect(roleMay('organizer', 'store.manage')).toBe(false);
  });

  it('SCOREKEEPER_RUNS_THE_NIGHT: registration, start, pairings, results, decks, clock; never deletes, edits or completes an event', () => {
    for (const p of ['event.view', 'event.registration', 'event.run', 'event.pairings', 'event.results', 'event.decks', 'event.clock'] as const)
      expect(roleMay('scorekeeper', p)).toBe(true);
    for (const p of ['event.manage', 'event.complete', 'event.penalties', 'league.manage', 'store.manage', 'catalog.manage', 'profiles.manage'] as const)
      expect(roleMay('scorekeeper', p)).toBe(false);
  });

  it('JUDGE_AT_THE_TABLE: penalties, results (corrections), extensions; not pairings nor registration', () => {
    for (const p of ['event.view', 'event.penalties', 'event.results', 'event.clock', 'event.decks'] as const) expect(roleMay('judge', p)).toBe(true);
    for (const p of ['event.pairings', 'event.registration', 'event.run', 'event.manage', 'event.complete', 'league.manage', 'store.manage'] as const)
      expect(roleMay('judge', p)).toBe(false);
  });

  it('RESULT_CORRECTIONS: scorekeepers and judges may both correct a result', () => {
    expect(roleMay('scorekeeper', 'event.results')).toBe(true);
    expect(roleMay('judge', 'event.results')).toBe(true);
  });

  it('ONE_POLICY: every permission is known, no role lists one twice, the table is frozen', () => {
    for (const role of STORE_ROLES) {
      expect(ROLE_PERMISSIONS[role].every((p) => (PERMISSIONS as readonly string[]).includes(p))).toBe(true);
      expect(new Set(ROLE_PERMISSIONS[role]).size).toBe(ROLE_PERMISSIONS[role].length);
    }
    expect(Object.isFrozen(ROLE_PERMISSIONS)).toBe(true);
    expect(SERVER_WIDE.every((p) => (PERMISSIONS as readonly string[]).includes(p))).toBe(true);
    expect(isStoreRole('judge')).toBe(true);
    expect(isStoreRole('admin')).toBe(false);
  });
});
