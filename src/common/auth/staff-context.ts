import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { StoreRole } from './permissions';

/**
 * The staff member a staff route acts for, set on the request by StaffGuard (src/staff/) once it
 * has checked the route's permission against the store of the event or league the route names.
 * - `accountId`: the signed-in account; null only for ORGANIZER_TOKEN before the owner account
 *   exists (the token then acts as the owner of the first store);
 * - `name`: the account's display name ("Organizer token" for that case): what the audit trail shows;
 * - `storeId`/`role`: the store the route acts in and the role held there;
 * - `via`: how the caller proved who they are.
 */
export interface StaffContext {
  readonly accountId: string | null;
  readonly name: string;
  readonly storeId: string;
  readonly role: StoreRole;
  readonly via: 'session' | 'apiToken' | 'serverToken';
}

/** Where StaffGuard keeps the StaffContext on the Fastify request. */
export const STAFF_CONTEXT = Symbol('podium.staff');
export type StaffRequest = FastifyRequest & { [STAFF_CONTEXT]?: StaffContext };

/** The request's StaffContext, or undefined (not a staff route, or a player/anonymous caller on a mixed route). */
export function staffOf(request: FastifyRequest): StaffContext | undefined {
  return (request as StaffRequest)[STAFF_CONTEXT];
}

/**
 * `@CurrentStaff()`: the StaffContext of a `@Staff(…)` route (always set there: the guard refused
 * the request otherwise). On any other route it is a programming error (500).
 */
export const CurrentStaff = createParamDecorator((_: unknown, context: ExecutionContext): StaffContext => {
  const staff = staffOf(context.switchToHttp().getRequest<FastifyRequest>());
  if (!staff) throw new Error('@CurrentStaff() on a route without @Staff(permission)');
  return staff;
});
