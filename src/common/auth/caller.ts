import { createParamDecorator, ExecutionContext, Injectable, type PipeTransform } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { staffOf, type StaffContext } from './staff-context';
import { bearerToken } from './player-token';

/** Staff of the event's store holding the route's permission (StaffGuard decided; see staff-context.ts). */
export interface OrganizerCaller {
  readonly kind: 'organizer';
  readonly staff: StaffContext;
}

/** No `Authorization: Bearer <token>` header (missing, or not a bearer token). */
export interface AnonymousCaller {
  readonly kind: 'anonymous';
}

/**
 * A bearer token that is not the organizer's. Not checked yet: it is a player of the event only if
 * PlayersService.authenticate finds it (events/ owns players; common/ cannot look them up).
 */
export interface PlayerCaller {
  readonly kind: 'player';
  readonly token: string;
}

/** Who sent the request, as far as the Authorization header tells without a database. */
export type Caller = OrganizerCaller | AnonymousCaller | PlayerCaller;

export const ANONYMOUS: AnonymousCaller = Object.freeze({ kind: 'anonymous' });

/** The token a non-organizer caller claims to be a player with; null when none was sent (401 `required` then). */
export function playerTokenOf(caller: AnonymousCaller | PlayerCaller): string | null {
  return caller.kind === 'player' ? caller.token : null;
}

function authorizationOf(context: ExecutionContext): string | undefined {
  return context.switchToHttp().getRequest<FastifyRequest>().headers.authorization;
}

const CALLER = Symbol('podium.caller');
type CallerRequest = FastifyRequest & { [CALLER]?: Caller };

/**
 * Resolves the request's Caller, once per request (kept on the request): staff when StaffGuard
 * granted the route's permission (a `@StaffOr` route), else a player's bearer token, else
 * anonymous. Never throws: what a caller may do is the route's or the service's decision.
 */
@Injectable()
export class CallerPipe implements PipeTransform<CallerRequest, Caller> {
  transform(request: CallerRequest): Caller {
    const known = request[CALLER];
    if (known) return known;
    const staff = staffOf(request);
    const token = bearerToken(request.headers.authorization);
    const caller: Caller = staff ? { kind: 'organizer', staff } : token === null ? ANONYMOUS : { kind: 'player', token };
    request[CALLER] = caller;
    return caller;
  }
}

const RequestParam = createParamDecorator((_: unknown, context: ExecutionContext): FastifyRequest => context.switchToHttp().getRequest<FastifyRequest>());

/**
 * The request's {@link Caller}, for routes open to several roles (the organizer or a player of the
 * event; anyone, with more for the organizer): the organizer (token compared in constant time),
 * anonymous (no bearer token), or a bearer token that may be a player's. Resolved with the route's
 * parameters (after guards and beside validation), it throws nothing and reads no database: the
 * service decides, in its own order of checks (e.g. an unknown team's 404 before the 401), and
 * checks a player's token with PlayersService.authenticate (401 UNAUTHORIZED rule `required` or
 * `playerToken`, 403 FORBIDDEN `owner`, field `authorization`). Routes for the organizer alone use
 * OrganizerGuard; routes for a player of the event alone, PlayerGuard (events/).
 */
export const CurrentCaller = (): ParameterDecorator => RequestParam(undefined, CallerPipe);

/**
 * The token of an `Authorization: Bearer <token>` header, or null; nothing else is checked (no
 * organizer comparison, no database): for routes whose service authenticates the player itself
 * after its own checks — the draft pick path (SeatDirectory resolves the token from memory) and the
 * match routes (the match's event is known only once the match is found: its 404 comes first).
 */
export const BearerToken = createParamDecorator((_: unknown, context: ExecutionContext): string | null => bearerToken(authorizationOf(context)));
