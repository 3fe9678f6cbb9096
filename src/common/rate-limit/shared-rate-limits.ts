import { Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import type { ThrottlerStorage } from '@nestjs/throttler';
import { Clock } from '../clock/clock';
import { RateLimitHitsRepository, type RateLimitRule } from './rate-limit-hits.repository';

/** What a throttler storage answers for a hit (@nestjs/throttler does not export the type). */
type ThrottlerRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

/** How often each instance deletes the counters that have expired. */
const SWEEP_MS = 60_000;

/** Blocks this instance has seen, kept so that a blocked client's retries cost no statement; bounded. */
const KNOWN_BLOCKS_MAX = 10_000;

const secondsUntil = (until: Date, now: Date) => Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));

/**
 * The limits that must hold across instances, counted in PostgreSQL (rate_limit_hit, see
 * RateLimitHitsRepository): one statement per counted request, on a pool of their own. Also
 * @nestjs/throttler's storage for the throttlers that are shared (see ThrottlerStorageByLimit).
 * Times come from the injected Clock. Every instance deletes expired counters once a minute.
 */
@Injectable()
export class SharedRateLimits implements ThrottlerStorage, OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(SharedRateLimits.name);
  private readonly knownBlocks = new Map<string, number>();
  private sweeper?: NodeJS.Timeout;

  constructor(
    private readonly hits: RateLimitHitsRepository,
    private readonly clock: Clock,
  ) {}

  /**
   * Counts one hit of `key` (see RateLimitHitsRepository.hit).
   * @returns the seconds the key is now blocked for; 0 when it is not blocked.
   */
  async count(key: string, rule: RateLimitRule): Promise<number> {
    const now = this.clock.now();
    const { blockedUntil } = await this.hits.hit(key, now, rule);
    if (!blockedUntil) return 0;
    this.remember(key, blockedUntil);
    return secondsUntil(blockedUntil, now);
  }

  /** The seconds `key` stays blocked (0: not blocked), by any instance's counts. */
  async blockedFor(key: string): Promise<number> {
    const now = this.clock.now();
    const known = this.knownBlocks.get(key);
    if (known !== undefined && known > now.getTime()) return secondsUntil(new Date(known), now);
    const until = await this.hits.blockedUntil(key, now);
    if (!until) return 0;
    this.remember(key, until);
    return secondsUntil(until, now);
  }

  /**
   * ThrottlerStorage for the guard's shared throttlers: request `limit + 1` of a window is refused
   * and blocks the key for `blockDuration` (the window when 0), as @nestjs/throttler's own storage does.
   */
  async increment(key: string, ttl: number, limit: number, blockDuration: number, throttlerName: string): Promise<ThrottlerRecord> {
    const now = this.clock.now();
    const count = await this.hits.hit(`${throttlerName}|${key}`, now, { windowMs: ttl, blockAt: limit + 1, blockMs: blockDuration > 0 ? blockDuration : ttl });
    return {
      totalHits: count.hits,
      timeToExpire: secondsUntil(count.windowEndsAt, now),
      isBlocked: count.blockedUntil !== null,
      timeToBlockExpire: count.blockedUntil ? secondsUntil(count.blockedUntil, now) : 0,
    };
  }

  /** Deletes the counters that expired (each instance, once a minute). Returns how many. */
  sweep(): Promise<number> {
    const now = this.clock.now();
    for (const [key, until] of this.knownBlocks) if (until <= now.getTime()) this.knownBlocks.delete(key);
    return this.hits.deleteExpired(now);
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

  private remember(key: string, until: Date): void {
    if (this.knownBlocks.size >= KNOWN_BLOCKS_MAX) this.knownBlocks.clear();
    this.knownBlocks.set(key, until.getTime());
  }
}
