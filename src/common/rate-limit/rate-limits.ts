import { applyDecorators, ExecutionContext, Injectable, SetMetadata, UseGuards } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ThrottlerGuard, type ThrottlerLimitDetail, type ThrottlerModuleOptions } from '@nestjs/throttler';
import { AppConfig } from '../config/app-config';
import { DomainError } from '../errors/domain-error';

/** The limits a route can be under (see {@link rateLimitOptions}). */
export type RateLimit = 'registration' | 'heavy';

const RATE_LIMIT = 'podium:rateLimit';

/**
 * Puts a route under one of the per-client limits: `registration` (per event and client IP: a
 * store's phones may share one public address, so the default is generous), `heavy` (deck
 * import/check, boosters: per client IP). Routes without it are not limited, and pay nothing for
 * it (the guard is on the marked routes only, not global: a draft pick stays as cheap as it was).
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

/** The client's address: the socket's, or the proxy's X-Forwarded-For when TRUST_PROXY is set (Fastify resolves it). */
const ipOf = (req: Record<string, unknown>) => String(req.ip ?? 'unknown');

/**
 * @nestjs/throttler's options from the configuration: one throttler per {@link RateLimit}, each
 * applied only to the routes marked with it, windows of one minute.
 */
export function rateLimitOptions(config: AppConfig, reflector: Reflector): ThrottlerModuleOptions {
  const marked = (name: RateLimit) => (context: ExecutionContext) => reflector.get<RateLimit | undefined>(RATE_LIMIT, context.getHandler()) !== name;
  return {
    throttlers: [
      {
        name: 'registration',
        ttl: MINUTE_MS,
        limit: config.RATE_LIMIT_REGISTRATIONS,
        skipIf: marked('registration'),
        getTracker: (req) => `${ipOf(req)}|${String((req.params as Record<string, unknown> | undefined)?.id ?? '')}`,
      },
      { name: 'heavy', ttl: MINUTE_MS, limit: config.RATE_LIMIT_HEAVY, skipIf: marked('heavy'), getTracker: (req) => ipOf(req) },
    ],
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
