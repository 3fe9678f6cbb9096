import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiAuth } from '../http/api-docs';
import type { Permission } from './permissions';

/** Route metadata read by StaffGuard: the permission a staff route needs, and whether others may call it too. */
export const STAFF_ROUTE = 'podium:staff-route';
export interface StaffRouteMetadata {
  readonly permission: Permission;
  /** `only`: staff alone (401/403 otherwise); `or-player` / `or-public`: a player or anyone may call it too, the service decides. */
  readonly others: 'only' | 'or-player' | 'or-public';
}

/**
 * A route for the staff of the store that runs the event (or league) the route names, holding
 * `permission` (src/common/auth/permissions.ts). Signed-in session (with X-CSRF-Token on changes),
 * an account's API token or ORGANIZER_TOKEN (the owner's). Refusals: 401 UNAUTHORIZED (no or a
 * wrong credential), 403 FORBIDDEN rule `role` (the role lacks the permission) or `store` (staff
 * of another store), 403 CSRF_TOKEN_INVALID.
 */
export function Staff(permission: Permission): MethodDecorator {
  return applyDecorators(SetMetadata(STAFF_ROUTE, { permission, others: 'only' } satisfies StaffRouteMetadata), ApiAuth('organizer'));
}

/**
 * A route open to staff holding `permission` and to a player of the event (`player`) or anyone
 * (`public`): the guard never refuses; the caller is staff (`@CurrentCaller()` kind 'organizer')
 * only when the credential holds the permission in the route's store.
 */
export function StaffOr(permission: Permission, others: 'player' | 'public'): MethodDecorator {
  return applyDecorators(
    SetMetadata(STAFF_ROUTE, { permission, others: others === 'player' ? 'or-player' : 'or-public' } satisfies StaffRouteMetadata),
    ApiAuth(others === 'player' ? 'player-or-organizer' : 'public-or-organizer'),
  );
}

/** Route metadata: only the server's owner (the account the setup link made) may call it. */
export const SERVER_OWNER_ROUTE = 'podium:server-owner-route';

/**
 * A route for the server's owner alone (opening a store): 401 without a staff credential, 403
 * FORBIDDEN rule `serverOwner` for other staff.
 */
export function ServerOwner(): MethodDecorator {
  return applyDecorators(SetMetadata(SERVER_OWNER_ROUTE, true), ApiAuth('organizer'));
}

/**
 * Route metadata: any signed-in staff account (its own password and API tokens), whatever its
 * stores and roles: 401 without a staff credential.
 */
export const ANY_STAFF_ROUTE = 'podium:any-staff-route';

export function AnyStaff(): MethodDecorator {
  return applyDecorators(SetMetadata(ANY_STAFF_ROUTE, true), ApiAuth('organizer'));
}
