import { roleMay, SERVER_WIDE, type Permission, type StoreRole } from '../../common/auth/permissions';

/**
 * The decision of StaffGuard for one request: the store and role it acts with, or why not.
 * Pure; the guard supplies the caller's roles (store id → role) and the target's store.
 *
 * - server-wide permissions (catalog, profiles): any store where the role holds it;
 * - a target (event, match, league) whose store is known: the caller's role in that store
 *   (`store`: no role there — staff of another store; `role`: the role lacks the permission);
 * - a target that does not exist (`targetStore` null): allowed through with any store holding the
 *   permission, so that the route answers its 404 as for the right staff (ids are not secret:
 *   public pages list them), refused `role` otherwise;
 * - no target (create routes): the store the request names (`requestedStore`), else the caller's
 *   only store holding the permission (`choose` when there are several).
 */
export type StoreDecision = { ok: true; storeId: string; role: StoreRole } | { ok: false; reason: 'store' | 'role' | 'choose' };

export function decideStore(input: {
  roles: ReadonlyMap<string, StoreRole>;
  permission: Permission;
  hasTarget: boolean;
  targetStore: string | null;
  requestedStore: string | null;
}): StoreDecision {
  const { roles, permission } = input;
  const holding = [...roles].filter(([, role]) => roleMay(role, permission));
  const pick = (storeId: string): StoreDecision => {
    const role = roles.get(storeId);
    if (role === undefined) return { ok: false, reason: 'store' };
    return roleMay(role, permission) ? { ok: true, storeId, role } : { ok: false, reason: 'role' };
  };
  if (input.hasTarget && input.targetStore !== null) return pick(input.targetStore);
  if (input.requestedStore !== null && !SERVER_WIDE.includes(permission)) return pick(input.requestedStore);
  if (holding.length === 0) return { ok: false, reason: roles.size === 0 ? 'store' : 'role' };
  if (holding.length > 1 && !input.hasTarget && !SERVER_WIDE.includes(permission)) return { ok: false, reason: 'choose' };
  const [storeId, role] = holding[0];
  return { ok: true, storeId, role };
}
