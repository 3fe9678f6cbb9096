import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import type { Pool, QueryConfig } from 'pg';
import { RateLimiterMemory, RateLimiterPostgres, type RateLimiterRes } from 'rate-limiter-flexible';
import { DatabaseGate } from '../database/database-gate';
import { DATABASE_TIMEOUTS, DATABASE_URL } from '../database/database.tokens';
import { guardedPool, type DatabaseTimeouts } from '../database/guarded-pg';
import { Metrics } from '../metrics/metrics';

/**
 * Connections of the counters' own pool. Each statement is one short autocommit upsert or read by
 * primary key; a flood of counted requests queues here, never on the pools the draft's picks and
 * every other request use.
 */
const POOL_SIZE = 2;

/** At most one warning a minute that the limits are counted in memory. */
const WARN_EVERY_MS = 60_000;

/** The table of every counter (its migration: prisma/migrations/20261208041500_rate_limit_counters). */
export const COUNTER_TABLE = 'rate_limit_counter';

/** How one counter counts: a fixed window from its first hit, and the block that starts at a given number of hits. */
export interface RateLimitRule {
  /** Names the rule's counters (the prefix of their keys in the table), e.g. `registration`. */
  name: string;
  /** Length of the window in milliseconds (whole seconds). */
  windowMs: number;
  /** The hit that starts the block: the `blockAt`-th hit of a window is refused and blocks the key. */
  blockAt: number;
  /** How long the block lasts, in milliseconds (whole seconds). */
  blockMs: number;
}

/**
 * The counters of the limits that hold across instances, in PostgreSQL (table rate_limit_counter),
 * counted by rate-limiter-flexible's RateLimiterPostgres: one atomic upsert per hit, so concurrent
 * hits from every instance count one after the other. Per rule, one limiter:
 * - points = blockAt − 1, duration = the window, blockDuration = the block: the blockAt-th hit is
 *   refused and stores the block, which every instance then reads;
 * - the instance that saw the block also keeps it in memory (inMemoryBlockOnConsumed): a blocked
 *   client's flood costs no statement;
 * - while the database fails, an in-memory limiter of the same rule counts instead
 *   (insuranceLimiter): limits then hold per instance (logged as a warning, once a minute), and
 *   a request is never refused for it.
 *
 * The library reads the wall clock (Date.now), not the injected Clock: a window is measured by the
 * instance that counts the hit, so the instances' clocks must agree to within a second or so (NTP).
 * Its statements go over DATABASE_URL without a statement name (see `unnamed`), so a
 * transaction-pooling PgBouncer may be in between.
 */
@Injectable()
export class RateLimitCounters implements OnModuleDestroy {
  private readonly logger = new Logger(RateLimitCounters.name);
  private readonly pool: Pool;
  private readonly limiters = new Map<string, RateLimiterPostgres>();
  private warnedAt = -Infinity;

  constructor(@Inject(DATABASE_URL) connectionString: string, @Inject(DATABASE_TIMEOUTS) timeouts: DatabaseTimeouts, gate: DatabaseGate, metrics: Metrics) {
    // Guarded like every pool of the process: bounded waits, no crash on a cut connection.
    this.pool = guardedPool(gate, timeouts, { connectionString, max: POOL_SIZE, idleTimeoutMillis: 60_000, application_name: 'podium-rate-limits' });
    metrics.watchPool('rate-limits', this.pool);
  }

  /** The limiter of `rule` (made on first use; one per rule name). */
  limiter(rule: RateLimitRule): RateLimiterPostgres {
    let limiter = this.limiters.get(rule.name);
    if (!limiter) {
      const points = rule.blockAt - 1;
      const duration = Math.ceil(rule.windowMs / 1000);
      const blockDuration = Math.ceil(rule.blockMs / 1000);
      limiter = new RateLimiterPostgres({
        storeClient: unnamed(this.pool),
        storeType: 'pool',
        tableName: COUNTER_TABLE,
        // Created by a migration, not at run time (the previous release keeps running meanwhile).
        tableCreated: true,
        // One sweep per instance (deleteExpired), not a timer per limiter that outlives the app.
        clearExpiredByTimeout: false,
        keyPrefix: rule.name,
        points,
        duration,
        blockDuration,
        inMemoryBlockOnConsumed: rule.blockAt,
        inMemoryBlockDuration: blockDuration,
        insuranceLimiter: new MemoryWhileDatabaseFails({ keyPrefix: rule.name, points, duration }, () => this.warnInMemory()),
      });
      this.limiters.set(rule.name, limiter);
    }
    return limiter;
  }

  /**
   * Deletes the counters whose window (or block) ended before `beforeMs` (epoch milliseconds; a
   * range of the expire index), so that rows of clients seen once do not pile up. Returns how many.
   */
  async deleteExpired(beforeMs: number): Promise<number> {
    const result = await this.pool.query(`DELETE FROM "${COUNTER_TABLE}" WHERE "expire" < $1`, [beforeMs]);
    return result.rowCount ?? 0;
  }

  async onModuleDestroy(): Promise<void> {
    await this.pool.end();
  }

  private warnInMemory(): void {
    const now = Date.now();
    if (now - this.warnedAt < WARN_EVERY_MS) return;
    this.warnedAt = now;
    this.logger.warn('rate limits: the counters in PostgreSQL failed; this instance counts in its own memory meanwhile (each instance allows the whole limit)');
  }
}

/** The insurance limiter: counts in memory, and says so (the library calls it only when the database failed). */
class MemoryWhileDatabaseFails extends RateLimiterMemory {
  constructor(
    options: ConstructorParameters<typeof RateLimiterMemory>[0],
    private readonly used: () => void,
  ) {
    super(options);
  }

  override consume(key: string | number, points?: number, options?: { [key: string]: unknown }): Promise<RateLimiterRes> {
    this.used();
    return super.consume(key, points, options);
  }

  override get(key: string | number, options?: { [key: string]: unknown }): Promise<RateLimiterRes | null> {
    this.used();
    return super.get(key, options);
  }
}

/**
 * The pool as the library's `pg` client, dropping the names it gives its statements. A named
 * statement is prepared once per connection and then only referred to by name; through a
 * transaction-pooling PgBouncer (before 1.21's max_prepared_statements) the next use of that
 * connection lands on another server session, where the name does not exist.
 */
function unnamed(pool: Pool): { query(config: QueryConfig): Promise<unknown> } {
  return { query: (config: QueryConfig) => pool.query({ text: config.text, values: config.values }) };
}
