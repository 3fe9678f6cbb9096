import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { STAFF_CONTEXT, type StaffContext, type StaffRequest } from '../common/auth/staff-context';
import { ANY_STAFF_ROUTE, SERVER_OWNER_ROUTE, STAFF_ROUTE, type StaffRouteMetadata } from '../common/auth/staff.decorator';
import { DomainError } from '../common/errors/domain-error';
import { routeTarget } from './rules/route-target';
import { decideStore } from './rules/store-choice';
import { StaffCredentials, type StaffPrincipal } from './staff-credentials';
import { StaffRepository } from './staff.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The one place staff routes are checked (global guard): for a route marked `@Staff(permission)`
 * or `@StaffOr(…)`, finds the caller's staff credential (StaffCredentials), the store of the event,
 * match or league the route names (rules/route-target.ts) and decides with the role's permissions
 * (rules/store-choice.ts, src/common/auth/permissions.ts). On success the StaffContext is kept on
 * the request (`@CurrentStaff()`, `@CurrentCaller()` kind 'organizer'). Other routes pass untouched.
 *
 * Refusals on `@Staff` routes: 401 UNAUTHORIZED (rule `required`: no credential; `organizerToken`:
 * a bearer token that is no staff credential; `apiToken`), 403 FORBIDDEN (rule `store`: staff of
 * another store; `role`: the role lacks the permission), 400 STORE_REQUIRED (staff of several
 * stores creating without `storeId`), 403 CSRF_TOKEN_INVALID. `@StaffOr` routes are never refused
 * here: a caller who is not staff with the permission goes on as a player or anonymous.
 * `@ServerOwner()` routes need the server owner (403 rule `serverOwner`); `@AnyStaff()` routes any
 * staff credential (the controller reads it with StaffCredentials.principalOf).
 */
@Injectable()
export class StaffGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly credentials: StaffCredentials,
    private readonly staff: StaffRepository,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const handler = context.getHandler();
    const route = this.reflector.get<StaffRouteMetadata | undefined>(STAFF_ROUTE, handler);
    const serverOwner = this.reflector.get<boolean | undefined>(SERVER_OWNER_ROUTE, handler) === true;
    const anyStaff = this.reflector.get<boolean | undefined>(ANY_STAFF_ROUTE, handler) === true;
    if (!route && !serverOwner && !anyStaff) return true;
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    if (!route) {
      const principal = await this.credentials.principalOf(request);
      if (!principal) throw unauthorized(request);
      if (serverOwner && !principal.serverOwner) {
        throw new DomainError('FORBIDDEN', "Only the server's owner may do this", [{ field: 'authorization', rule: 'serverOwner', message: "needs the server's owner" }]);
      }
      return true;
    }
    const only = route.others === 'only';
    const principal = await this.credentials.principalOf(request);
    if (!principal) {
      if (!only) return true;
      throw unauthorized(request);
    }
    const decision = await this.decide(request, principal, route);
    if (!decision.ok) {
      if (!only) return true;
      if (decision.reason === 'choose') {
        throw new DomainError('STORE_REQUIRED', 'You are staff of several stores: say which store this is for', [
          { field: 'storeId', rule: 'required', message: 'name the store' },
        ]);
      }
      throw new DomainError('FORBIDDEN', decision.reason === 'store' ? 'This belongs to another store' : `Your role may not do this (${route.permission})`, [
        { field: 'authorization', rule: decision.reason, message: decision.reason === 'store' ? 'staff of another store' : `needs ${route.permission}` },
      ]);
    }
    const staff: StaffContext = { accountId: principal.accountId, name: principal.name, storeId: decision.storeId, role: decision.role, via: principal.via };
    (request as StaffRequest)[STAFF_CONTEXT] = staff;
    return true;
  }

  private async decide(request: FastifyRequest, principal: StaffPrincipal, route: StaffRouteMetadata) {
    const target = routeTarget(request.routeOptions.url ?? '', (request.params ?? {}) as Record<string, string>);
    const targetStore =
      target.kind === 'event'
        ? await this.staff.storeOfEvent(target.id)
        : target.kind === 'match'
          ? await this.staff.storeOfMatch(target.id)
          : target.kind === 'league'
            ? await this.staff.storeOfLeague(target.id)
            : target.kind === 'store'
              ? await this.staff.storeExists(target.id)
              : null;
    const body = request.body as { storeId?: unknown } | null | undefined;
    const query = request.query as { storeId?: unknown } | null | undefined;
    const named = typeof body?.storeId === 'string' ? body.storeId : typeof query?.storeId === 'string' ? query.storeId : null;
    return decideStore({
      roles: principal.roles,
      permission: route.permission,
      hasTarget: target.kind !== 'none',
      targetStore,
      requestedStore: named !== null && UUID.test(named) ? named : null,
    });
  }
}

function unauthorized(request: FastifyRequest): DomainError {
  const sent = request.headers.authorization !== undefined;
  return sent
    ? new DomainError('UNAUTHORIZED', 'Staff route: this token is not a staff credential', [{ field: 'authorization', rule: 'organizerToken', message: 'wrong token' }])
    : new DomainError('UNAUTHORIZED', 'Staff route: sign in, or send Authorization: Bearer <API token or organizer token>', [
        { field: 'authorization', rule: 'required', message: 'missing bearer token' },
      ]);
}
