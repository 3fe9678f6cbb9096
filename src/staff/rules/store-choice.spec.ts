import type { StoreRole } from '../../common/auth/permissions';
import { decideStore } from './store-choice';

const A = 'store-a';
const B = 'store-b';
const roles = (entries: [string, StoreRole][]) => new Map(entries);

describe('decideStore: staff act only in their own store, with their role’s permissions', () => {
  it('STAFF_OWN_STORE_ONLY: staff of another store are refused (store), whatever their role', () => {
    expect(decideStore({ roles: roles([[B, 'owner']]), permission: 'event.results', hasTarget: true, targetStore: A, requestedStore: null })).toEqual({
      ok: false,
      reason: 'store',
    });
  });

  it('ROLE_PERMISSIONS: a scorekeeper enters results but may not complete the event; a judge gives penalties', () => {
    const keeper = roles([[A, 'scorekeeper']]);
    expect(decideStore({ roles: keeper, permission: 'event.results', hasTarget: true, targetStore: A, requestedStore: null })).toEqual({
      ok: true,
      storeId: A,
      role: 'scorekeeper',
    });
    expect(decideStore({ roles: keeper, permission: 'event.complete', hasTarget: true, targetStore: A, requestedStore: null })).toEqual({ ok: false, reason: 'role' });
    expect(decideStore({ roles: roles([[A, 'judge']]), permission: 'event.penalties', hasTarget: true, targetStore: A, requestedStore: null })).toMatchObject({ ok: true });
  });

  it('STORE_OF_NEW_EVENT: the only store holding the permission, the named one, or a choice to make', () => {
    expect(decideStore({ roles: roles([[A, 'organizer']]), permission: 'event.manage', hasTarget: false, targetStore: null, requestedStore: null })).toEqual({
      ok: true,
      storeId: A,
      role: 'organizer',
    });
    const two = roles([
      [A, 'organizer'],
      [B, 'owner'],
    ]);
    expect(decideStore({ roles: two, permission: 'event.manage', hasTarget: false, targetStore: null, requestedStore: null })).toEqual({ ok: false, reason: 'choose' });
    expect(decideStore({ roles: two, permission: 'event.manage', hasTarget: false, targetStore: null, requestedStore: B })).toEqual({ ok: true, storeId: B, role: 'owner' });
    expect(decideStore({ roles: roles([[A, 'scorekeeper']]), permission: 'event.manage', hasTarget: false, targetStore: null, requestedStore: null })).toEqual({
      ok: false,
      reason: 'role',
    });
  });

  it('SERVER_WIDE_PERMISSIONS: the catalog is managed through any store that holds the permission', () => {
    const two = roles([
      [A, 'judge'],
      [B, 'organizer'],
    ]);
    expect(decideStore({ roles: two, permission: 'catalog.manage', hasTarget: false, targetStore: null, requestedStore: null })).toEqual({
      ok: true,
      storeId: B,
      role: 'organizer',
    });
  });

  it('UNKNOWN_TARGET_404: a target that does not exist passes for staff holding the permission somewhere (the route answers 404)', () => {
    expect(decideStore({ roles: roles([[A, 'scorekeeper']]), permission: 'event.results', hasTarget: true, targetStore: null, requestedStore: null })).toMatchObject({
      ok: true,
      storeId: A,
    });
    expect(decideStore({ roles: roles([[A, 'judge']]), permission: 'event.pairings', hasTarget: true, targetStore: null, requestedStore: null })).toEqual({
      ok: false,
      reason: 'role',
    });
  });
});
