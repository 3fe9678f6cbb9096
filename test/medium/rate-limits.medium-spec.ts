import { Metrics } from '../../src/common/metrics/metrics';
import { Pool } from 'pg';
import { DatabaseGate } from '../../src/common/database/database-gate';
import { DATABASE_TIMEOUTS, DATABASE_URL } from '../../src/common/database/database.module';
import { RateLimitCounters } from '../../src/common/rate-limit/rate-limit-counters.repository';
import { SharedRateLimits } from '../../src/common/rate-limit/shared-rate-limits';
import { createTestModule, type TestModule } from '../utils/test-module';
import { advanceWallClock, restoreWallClock } from '../utils/wall-clock';

const MINUTE = 60_000;
const rule = { name: 'medium', windowMs: MINUTE, blockAt: 3, blockMs: MINUTE };

/**
 * The counters of the limits shared by all instances (rate_limit_counter, kept by
 * rate-limiter-flexible), on a real database. The library reads the wall clock: the tests move
 * Date.now (advanceWallClock).
 */
describe('medium: shared rate-limit counters', () => {
  let m: TestModule;
  let shared: SharedRateLimits;
  let rows: (sql: string, values?: unknown[]) => Promise<Record<string, unknown>[]>;
  let pool: Pool;
  beforeAll(async () => {
    m = await createTestModule([]);
    shared = m.get(SharedRateLimits);
    pool = new Pool({ connectionString: m.get<string>(DATABASE_URL as never), max: 1 });
    rows = async (sql, values) => (await pool.query(sql, values)).rows;
  });
  afterAll(async () => {
    restoreWallClock();
    await pool.end();
    await m.close();
  });

  /** A second instance's counters on the same database: its own pool, limiters and memory. */
  const anotherInstance = () => {
    const counters = new RateLimitCounters(m.get<string>(DATABASE_URL as never), m.get(DATABASE_TIMEOUTS as never), m.get(DatabaseGate), m.get(Metrics));
    return { counters, shared: new SharedRateLimits(counters) };
  };

  it('a window counts hits; the blockAt-th hit blocks for blockMs; hits while blocked neither count nor extend the block; then counting starts again', async () => {
    const key = '10.0.0.1';
    expect(await shared.count(key, rule)).toBe(0);
    expect(await shared.count(key, rule)).toBe(0);
    expect(await shared.count(key, rule)).toBe(60); // the third hit blocks for a minute
    advanceWallClock(20_000);
    expect(await shared.count(key, rule)).toBeLessThanOrEqual(40); // not extended
    expect(await shared.blockedFor(key, rule)).toBeLessThanOrEqual(40);
    expect(await shared.blockedFor(key, rule)).toBeGreaterThan(0);
    expect(await rows(`SELECT points FROM rate_limit_counter WHERE key = $1`, [`medium:${key}`])).toEqual([{ points: 3 }]);
    advanceWallClock(41_000);
    expect(await shared.blockedFor(key, rule)).toBe(0);
    expect(await shared.count(key, rule)).toBe(0); // a new window, one hit
    expect(await rows(`SELECT points FROM rate_limit_counter WHERE key = $1`, [`medium:${key}`])).toEqual([{ points: 1 }]);
  });

  it('a window that ends starts again from zero: hits spread over minutes never block', async () => {
    const key = '10.0.0.2';
    for (let i = 0; i < 10; i++) {
      expect(await shared.count(key, rule)).toBe(0);
      expect(await shared.count(key, rule)).toBe(0);
      advanceWallClock(MINUTE);
    }
  });

  it('keys and rules are counted apart: one client blocked leaves the others open', async () => {
    for (let i = 0; i < 3; i++) await shared.count('10.0.0.3', rule);
    expect(await shared.blockedFor('10.0.0.3', rule)).toBeGreaterThan(0);
    expect(await shared.blockedFor('10.0.0.3', { ...rule, name: 'other-rule' })).toBe(0);
    expect(await shared.blockedFor('10.0.0.4', rule)).toBe(0);
    expect(await shared.count('10.0.0.4', rule)).toBe(0);
  });

  it('concurrent hits of one key through two instances are all counted, and both see the block the last one set', async () => {
    const other = anotherInstance();
    try {
      const key = '10.0.0.5';
      const big = { name: 'concurrent', windowMs: MINUTE, blockAt: 61, blockMs: MINUTE };
      const results = await Promise.all(Array.from({ length: 60 }, (_, i) => (i % 2 ? other.shared : shared).count(key, big)));
      expect(results.every((r) => r === 0)).toBe(true);
      expect(await rows(`SELECT points FROM rate_limit_counter WHERE key = $1`, [`concurrent:${key}`])).toEqual([{ points: 60 }]);
      expect(await other.shared.count(key, big)).toBe(60); // the 61st, on the second instance, blocks
      expect(await shared.blockedFor(key, big)).toBeGreaterThan(0); // …and the first one knows
    } finally {
      await other.counters.onModuleDestroy();
    }
  });

  it('the throttler storage: request limit + 1 of a window is refused with the seconds to wait; a refused client is refused from memory, without a statement', async () => {
    const other = anotherInstance();
    try {
      const hit = (s: SharedRateLimits) => s.increment('route-key', MINUTE, 2, 0, 'throttled');
      expect(await hit(shared)).toMatchObject({ totalHits: 1, isBlocked: false });
      expect(await hit(other.shared)).toMatchObject({ totalHits: 2, isBlocked: false });
      const refused = await hit(shared);
      expect(refused).toMatchObject({ totalHits: 3, isBlocked: true, timeToBlockExpire: 60 });
      expect(await hit(other.shared)).toMatchObject({ isBlocked: true }); // the block is in the table
      const sent: string[] = [];
      const inner = (m.get(RateLimitCounters) as unknown as { pool: Pool }).pool;
      const query = inner.query.bind(inner) as (...args: unknown[]) => unknown;
      (inner as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
        sent.push(JSON.stringify(args[0]));
        return query(...args);
      };
      try {
        expect(await hit(shared)).toMatchObject({ isBlocked: true });
      } finally {
        (inner as unknown as { query: unknown }).query = query;
      }
      expect(sent).toEqual([]);
    } finally {
      await other.counters.onModuleDestroy();
    }
  });

  it('statements reach the database unnamed (a transaction-pooling PgBouncer cannot keep named ones)', async () => {
    const inner = (m.get(RateLimitCounters) as unknown as { pool: Pool }).pool;
    const query = inner.query.bind(inner) as (...args: unknown[]) => unknown;
    const sent: unknown[] = [];
    (inner as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      sent.push(args[0]);
      return query(...args);
    };
    try {
      await shared.count('10.0.0.6', rule);
      await shared.blockedFor('10.0.0.6', rule);
    } finally {
      (inner as unknown as { query: unknown }).query = query;
    }
    expect(sent).toHaveLength(2);
    for (const statement of sent) expect(statement).not.toHaveProperty('name');
  });

  it('old counters do not pile up: the sweep deletes those whose window and block have passed, and only those', async () => {
    await rows('DELETE FROM rate_limit_counter');
    await shared.count('ended', rule); // window ends in a minute
    for (let i = 0; i < 3; i++) await shared.count('blocked', rule); // blocked for a minute
    advanceWallClock(30_000);
    await shared.count('recent', rule); // window ends in a minute from now
    advanceWallClock(31_000);
    expect(await shared.sweep()).toBe(2); // 'ended' and 'blocked' have passed
    expect((await rows('SELECT key FROM rate_limit_counter ORDER BY key')).map((r) => r.key)).toEqual(['medium:recent']);
    advanceWallClock(MINUTE);
    expect(await shared.sweep()).toBe(1);
    expect(await rows('SELECT key FROM rate_limit_counter')).toEqual([]);
  });

  it('while the database fails, the limits count in this instance’s memory and requests are never refused for it', async () => {
    const other = anotherInstance();
    await other.counters.onModuleDestroy(); // its pool is closed: every statement fails
    const flaky = { ...rule, name: 'flaky' };
    expect(await other.shared.count('10.0.0.7', flaky)).toBe(0);
    expect(await other.shared.count('10.0.0.7', flaky)).toBe(0);
    expect(await other.shared.count('10.0.0.7', flaky)).toBeGreaterThan(0);
    expect(await rows(`SELECT key FROM rate_limit_counter WHERE key LIKE 'flaky:%'`)).toEqual([]);
  });
});
