import { applyDecorators, createParamDecorator, ExecutionContext, Injectable, SetMetadata, UseGuards } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { normalizeIp, ThrottlerGuard, type ThrottlerLimitDetail, type ThrottlerModuleOptions } from '@nestjs/throttler';
import type { FastifyRequest } from 'fastify';
import { staffOf } from '../auth/staff-context';
import { AppConfig } from '../config/app-config';
import { DomainError } from '../errors/domain-error';
import type { SharedRateLimits } from './shared-rate-limits';

/**
 * The limits a route can be under (see {@link rateLimitOptions}). All are counted in PostgreSQL,
 * across instances (SharedRateLimits): behind a load balancer, N instances must not allow N times
 * the limit. Each costs a counted request one upsert on a pool of its own; a client once refused
 * is refused from memory (no statement) until its block ends. Routes not marked (the draft's
 * pick among them) pay nothing.
 */
export type RateLimit = 'registration' | 'heavy' | 'eventCreation';

const RATE_LIMIT = 'podium:rateLimit';

/**
 * Puts a route under one of the per-client limits, each counted across instances: `registration`
 * (per event and client IP: a store's phones may share one public address, so the default is
 * generous), `heavy` (deck import/check, boosters, league standings: per client IP), `eventCreation` (per staff
 * account; on a `@Staff` route: the global StaffGuard runs before this route guard, so requests it refuses
 * count nowhere). Routes without it are not limited, and pay nothing
 * for it (the guard is on the marked routes only, not global: a draft pick stays as cheap as it was).
 */
export const RateLimited = (limit: RateLimit) => applyDecorators(SetMetadata(RATE_LIMIT, limit), UseGuards(RateLimitGuard));

/** Too many requests: the API's error shape, with the seconds to wait (sent as Retry-After). */
export class RateLimitedError extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
    field = 'client',
  ) {
    super('RATE_LIMITED', message, [{ field, rule: 'rateLimit', message: `try again in ${retryAfterSeconds} s` }]);
  }
}

const MINUTE_MS = 60_000;

/**
 * The client's address: the socket's, or the proxy's X-Forwarded-For when TRUST_PROXY is set
 * (Fastify resolves it). IPv6 addresses count by /64, the block one subscriber gets, so a client
 * cannot step around a limit by changing addresses within it.
 */
export const clientAddressOf = (req: { ip?: unknown }): string => normalizeIp(String(req.ip ?? 'unknown'));

/** The request's client address ({@link clientAddressOf}), for services that count per client (wrong join codes). */
export const ClientAddress = createParamDecorator((_: unknown, context: ExecutionContext): string => clientAddressOf(context.switchToHttp().getRequest<{ ip?: unknown }>()));

/**
 * Who creates events: the staff account (StaffGuard, the global guard, has put its StaffContext on
 * the request before this route guard runs), whichever of its credentials it uses — API tokens,
 * a session, ORGANIZER_TOKEN (the owner's) — and from whatever address, so that a leaked token
 * cannot step around the limit by minting more tokens of the same account. ORGANIZER_TOKEN before
 * the owner account exists has no account: it counts for the store it acts in.
 */
const creatorOf = (req: object) => {
  const staff = staffOf(req as FastifyRequest);
  if (!staff) return 'anonymous';
  return staff.accountId !== null ? `account:${staff.accountId}` : `store:${staff.storeId}`;
};

/**
 * @nestjs/throttler's options from the configuration: one throttler per {@link RateLimit}, each
 * applied only to the routes marked with it, windows of one minute, counted in PostgreSQL
 * (SharedRateLimits is the throttlers' storage).
 */
export function rateLimitOptions(config: AppConfig, reflector: Reflector, shared: SharedRateLimits): ThrottlerModuleOptions {
  const marked = (name: RateLimit) => (context: ExecutionContext) => reflector.get<RateLimit | undefined>(RATE_LIMIT, context.getHandler()) !== name;
  return {
    throttlers: [
      {
        name: 'registration',
        ttl: MINUTE_MS,
        limit: config.RATE_LIMIT_REGISTRATIONS,
        skipIf: marked('registration'),
        getTracker: (req) => `${clientAddressOf(req)}|${String((req.params as Record<string, unknown> | undefined)?.id ?? '')}`,
      },
      { name: 'heavy', ttl: MINUTE_MS, limit: config.RATE_LIMIT_HEAVY, skipIf: marked('heavy'), getTracker: (req) => clientAddressOf(req) },
      { name: 'eventCreation', ttl: MINUTE_MS, limit: config.RATE_LIMIT_EVENT_CREATIONS, skipIf: marked('eventCreation'), getTracker: (req) => creatorOf(req) },
    ],
    storage: shared,
    setHeaders: false,
  };
}

/** The throttler guard, answering over-limit requests as {@link RateLimitedError} (429 with Retry-After). */
@Injectable()
export class RateLimitGuard extends ThrottlerGuard {
  protected override async throwThrottlingException(_context: ExecutionContext, detail: ThrottlerLimitDetail): Promise<void> {
    const seconds = Math.max(1, Math.ceil(detail.timeToBlockExpire || detail.timeToExpire));
    throw new RateLimitedError(`Too many requests from this client (at most ${detail.limit} a minute); try again in ${seconds} s`, seconds);
  }
}
