import { Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import type { ThrottlerStorage } from '@nestjs/throttler';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { RateLimitCounters, type RateLimitRule } from './rate-limit-counters.repository';

export type { RateLimitRule };

/** What a throttler storage answers for a hit (@nestjs/throttler does not export the type). */
type ThrottlerRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

/** How often each instance deletes the counters that have expired. */
const SWEEP_MS = 5 * 60_000;

/** Whole seconds, at least 1, of a wait in milliseconds (Retry-After). */
const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/**
 * The per-client limits, counted in PostgreSQL so that they hold across every instance
 * (RateLimitCounters: rate-limiter-flexible over the table rate_limit_counter). Two uses:
 * - @nestjs/throttler's storage for the routes marked @RateLimited (registrations, the heavy
 *   public routes, event creation): one upsert per request;
 * - counters of failures (wrong join codes, failed sign-ins): `count` each failure, `blockedFor`
 *   before trying.
 * Every instance deletes the expired counters every few minutes.
 */
@Injectable()
export class SharedRateLimits implements ThrottlerStorage, OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(SharedRateLimits.name);
  private sweeper?: NodeJS.Timeout;

  constructor(private readonly counters: RateLimitCounters) {}

  /**
   * Counts one hit of `key` under `rule`.
   * @returns the seconds the key is now blocked for (the hit that reaches `rule.blockAt` blocks it
   *   for `rule.blockMs`); 0 when it is not blocked.
   */
  async count(key: string, rule: RateLimitRule): Promise<number> {
    try {
      await this.counters.limiter(rule).consume(key);
      return 0;
    } catch (refused) {
      if (refused instanceof RateLimiterRes) return seconds(refused.msBeforeNext);
      throw refused;
    }
  }

  /** The seconds `key` stays blocked under `rule` by any instance's counts (one read by primary key); 0 when it is not. */
  async blockedFor(key: string, rule: RateLimitRule): Promise<number> {
    const limiter = this.counters.limiter(rule);
    const state = await limiter.get(key);
    return state && state.consumedPoints > limiter.points ? seconds(state.msBeforeNext) : 0;
  }

  /**
   * ThrottlerStorage for the guard: request `limit + 1` of a window is refused and blocks the key
   * for `blockDuration` (the window when 0), as @nestjs/throttler's own storage does. The throttler
   * names the rule; its key already names the route and the client.
   */
  async increment(key: string, ttl: number, limit: number, blockDuration: number, throttlerName: string): Promise<ThrottlerRecord> {
    const rule = { name: throttlerName, windowMs: ttl, blockAt: limit + 1, blockMs: blockDuration > 0 ? blockDuration : ttl };
    try {
      const counted = await this.counters.limiter(rule).consume(key);
      return { totalHits: counted.consumedPoints, timeToExpire: seconds(counted.msBeforeNext), isBlocked: false, timeToBlockExpire: 0 };
    } catch (refused) {
      if (!(refused instanceof RateLimiterRes)) throw refused;
      const wait = seconds(refused.msBeforeNext);
      return { totalHits: refused.consumedPoints, timeToExpire: wait, isBlocked: true, timeToBlockExpire: wait };
    }
  }

  /** Deletes the counters that expired (each instance, every few minutes). Returns how many. */
  sweep(): Promise<number> {
    return this.counters.deleteExpired(Date.now());
  }

  onModuleInit(): void {
    this.sweeper = setInterval(() => {
      this.sweep().catch((error: Error) => this.logger.warn(`rate-limit sweep failed: ${error.message}`));
    }, SWEEP_MS);
    this.sweeper.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.sweeper);
  }
}
