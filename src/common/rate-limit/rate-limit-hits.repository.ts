import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import type { Pool } from 'pg';
import { DatabaseGate } from '../database/database-gate';
import { DATABASE_TIMEOUTS, DATABASE_URL } from '../database/database.tokens';
import { guardedPool, type DatabaseTimeouts } from '../database/guarded-pg';
import { Metrics } from '../metrics/metrics';

/**
 * Connections of the rate-limit counters' own pool. Each statement is one short autocommit upsert
 * or read by primary key; a flood of counted requests queues here, never on the pools the draft's
 * picks and every other request use.
 */
const POOL_SIZE = 2;

/** A client's counter after a hit. */
export interface RateLimitCount {
  /** Hits counted in the current window (a hit while blocked is not counted). */
  hits: number;
  /** When the current window ends (hits start again from zero after it). */
  windowEndsAt: Date;
  /** Until when the client is refused; null when it is not blocked. */
  blockedUntil: Date | null;
}

/** How one counter counts: a fixed window, and the block that starts at a given number of hits. */
export interface RateLimitRule {
  /** Length of the window in milliseconds. */
  windowMs: number;
  /** The hit that starts the block: the `blockAt`-th hit of a window blocks the client. */
  blockAt: number;
  /** How long the block lasts, in milliseconds. */
  blockMs: number;
}

interface CountRow {
  hits: number;
  window_ends_at: Date;
  blocked_until: Date | null;
}

/**
 * The per-client counters of the limits that hold across instances (table rate_limit_hit), in
 * PostgreSQL so that every instance sees the same counts. Every method is one statement; times
 * come from the caller (the injected Clock), so the windows of all instances agree with the
 * instances' clocks and tests can move them.
 */
@Injectable()
export class RateLimitHitsRepository implements OnModuleDestroy {
  private readonly pool: Pool;

  constructor(@Inject(DATABASE_URL) connectionString: string, @Inject(DATABASE_TIMEOUTS) timeouts: DatabaseTimeouts, gate: DatabaseGate, metrics: Metrics) {
    // Guarded like every pool of the process: bounded waits, no crash on a cut connection.
    this.pool = guardedPool(gate, timeouts, { connectionString, max: POOL_SIZE, idleTimeoutMillis: 60_000, application_name: 'podium-rate-limits' });
    metrics.watchPool('rate-limits', this.pool);
  }

  /**
   * Counts one hit of `key` at `now`, in one upsert (the row lock makes concurrent hits of one key,
   * from any instance, count one after the other). A window that has ended, or a block that has
   * passed, starts a new window with this hit. While blocked, hits are not counted and the block
   * is not extended. The hit that reaches `rule.blockAt` blocks the key until now + blockMs.
   */
  async hit(key: string, now: Date, rule: RateLimitRule): Promise<RateLimitCount> {
    const windowEnd = new Date(now.getTime() + rule.windowMs);
    const blockEnd = new Date(now.getTime() + rule.blockMs);
    // $2 now, $3 the end of a window starting now, $4 blockAt, $5 the end of a block starting now.
    // A window starts again ("fresh") when it has ended or when the block that ended it has passed.
    const [row] = await this.query<CountRow>(
      `INSERT INTO "rate_limit_hit" AS r ("key", "hits", "window_ends_at", "blocked_until", "expires_at")
       VALUES ($1, 1, $3, CASE WHEN 1 >= $4::int THEN $5::timestamptz END, GREATEST($3::timestamptz, CASE WHEN 1 >= $4::int THEN $5::timestamptz END))
       ON CONFLICT ("key") DO UPDATE SET
         "hits" = CASE WHEN r.blocked_until > $2 THEN r.hits
                       WHEN r.window_ends_at <= $2 OR r.blocked_until IS NOT NULL THEN 1
                       ELSE r.hits + 1 END,
         "window_ends_at" = CASE WHEN r.blocked_until > $2 THEN r.window_ends_at
                                 WHEN r.window_ends_at <= $2 OR r.blocked_until IS NOT NULL THEN EXCLUDED.window_ends_at
                                 ELSE r.window_ends_at END,
         "blocked_until" = CASE WHEN r.blocked_until > $2 THEN r.blocked_until
                                WHEN r.window_ends_at <= $2 OR r.blocked_until IS NOT NULL THEN EXCLUDED.blocked_until
                                WHEN r.hits + 1 >= $4::int THEN $5::timestamptz END,
         "expires_at" = CASE WHEN r.blocked_until > $2 THEN r.expires_at
                             WHEN r.window_ends_at <= $2 OR r.blocked_until IS NOT NULL THEN EXCLUDED.expires_at
                             WHEN r.hits + 1 >= $4::int THEN GREATEST(r.window_ends_at, $5::timestamptz)
                             ELSE r.window_ends_at END
       RETURNING r.hits, r.window_ends_at, r.blocked_until`,
      [key, now, windowEnd, rule.blockAt, blockEnd],
    );
    return { hits: row.hits, windowEndsAt: row.window_ends_at, blockedUntil: row.blocked_until };
  }

  /** Until when `key` is blocked at `now` (one read by primary key); null when it is not. */
  async blockedUntil(key: string, now: Date): Promise<Date | null> {
    const rows = await this.query<{ blocked_until: Date }>(`SELECT "blocked_until" FROM "rate_limit_hit" WHERE "key" = $1 AND "blocked_until" > $2`, [key, now]);
    return rows[0]?.blocked_until ?? null;
  }

  /**
   * Deletes the counters whose window and block have both passed at `now` (a range of the
   * expires_at index), so that rows of clients seen once do not pile up. Returns how many.
   */
  async deleteExpired(now: Date): Promise<number> {
    const result = await this.pool.query(`DELETE FROM "rate_limit_hit" WHERE "expires_at" <= $1`, [now]);
    return result.rowCount ?? 0;
  }

  private async query<R extends object>(text: string, values: unknown[]): Promise<R[]> {
    return (await this.pool.query<R & Record<string, unknown>>(text, values)).rows;
  }

  async onModuleDestroy(): Promise<void> {
    await this.pool.end();
  }
}
