import { Metrics } from '../../src/common/metrics/metrics';
import { Pool } from 'pg';
import { DatabaseGate } from '../../src/common/database/database-gate';
import { DATABASE_TIMEOUTS, DATABASE_URL } from '../../src/common/database/database.module';
import { RateLimitHitsRepository } from '../../src/common/rate-limit/rate-limit-hits.repository';
import { SharedRateLimits } from '../../src/common/rate-limit/shared-rate-limits';
import { createTestModule, type TestModule } from '../utils/test-module';

const MINUTE = 60_000;
const rule = { windowMs: MINUTE, blockAt: 3, blockMs: MINUTE };

/** The counters of the limits shared by all instances (rate_limit_hit), on a real database. */
describe('medium: shared rate-limit counters', () => {
  let m: TestModule;
  let hits: RateLimitHitsRepository;
  let shared: SharedRateLimits;
  let rows: (sql: string) => Promise<Record<string, unknown>[]>;
  let pool: Pool;
  beforeAll(async () => {
    m = await createTestModule([]);
    hits = m.get(RateLimitHitsRepository);
    shared = m.get(SharedRateLimits);
    pool = new Pool({ connectionString: m.get<string>(DATABASE_URL as never), max: 1 });
    rows = async (sql) => (await pool.query(sql)).rows;
  });
  afterAll(async () => {
    await pool.end();
    await m.close();
  });

  it('a window counts hits; the blockAt-th hit blocks for blockMs; hits while blocked neither count nor extend the block; then counting starts again', async () => {
    const key = 'window|10.0.0.1';
    expect(await shared.count(key, rule)).toBe(0);
    expect(await shared.count(key, rule)).toBe(0);
    expect(await shared.count(key, rule)).toBe(60); // the third hit blocks for a minute
    m.clock.advance(20_000);
    expect(await shared.count(key, rule)).toBe(40); // not extended
    expect(await shared.blockedFor(key)).toBe(40);
    expect((await rows(`SELECT hits FROM rate_limit_hit WHERE key = '${key}'`))[0]).toEqual({ hits: 3 });
    m.clock.advance(40_000);
    expect(await shared.blockedFor(key)).toBe(0);
    expect(await shared.count(key, rule)).toBe(0); // a new window, one hit
    expect((await rows(`SELECT hits FROM rate_limit_hit WHERE key = '${key}'`))[0]).toEqual({ hits: 1 });
  });

  it('a window that ends starts again from zero: hits spread over minutes never block', async () => {
    const key = 'spread|10.0.0.2';
    for (let i = 0; i < 10; i++) {
      expect(await shared.count(key, rule)).toBe(0);
      expect(await shared.count(key, rule)).toBe(0);
      m.clock.advance(MINUTE);
    }
  });

  it('keys are counted apart: one client blocked leaves the others open', async () => {
    for (let i = 0; i < 3; i++) await shared.count('apart|10.0.0.3', rule);
    expect(await shared.blockedFor('apart|10.0.0.3')).toBeGreaterThan(0);
    expect(await shared.blockedFor('apart|10.0.0.4')).toBe(0);
    expect(await shared.count('apart|10.0.0.4', rule)).toBe(0);
  });

  it('concurrent hits of one key through two repositories (two instances) are all counted, each one statement', async () => {
    const other = new RateLimitHitsRepository(m.get<string>(DATABASE_URL as never), m.get(DATABASE_TIMEOUTS as never), m.get(DatabaseGate), m.get(Metrics));
    const sent: string[] = [];
    for (const repo of [hits, other]) {
      const inner = (repo as unknown as { pool: Pool }).pool;
      const query = inner.query.bind(inner) as (...args: unknown[]) => unknown;
      (inner as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
        sent.push(String(args[0]));
        return query(...args);
      };
    }
    try {
      const key = 'concurrent|10.0.0.5';
      const big = { windowMs: MINUTE, blockAt: 1000, blockMs: MINUTE };
      await Promise.all(Array.from({ length: 60 }, (_, i) => (i % 2 ? other : hits).hit(key, m.clock.now(), big)));
      expect((await rows(`SELECT hits FROM rate_limit_hit WHERE key = '${key}'`))[0]).toEqual({ hits: 60 });
      expect(sent).toHaveLength(60);
    } finally {
      await other.onModuleDestroy();
    }
  });

  it('old counters do not pile up: the sweep deletes those whose window and block have passed, and only those', async () => {
    await rows('DELETE FROM rate_limit_hit');
    await shared.count('sweep|ended', rule); // window ends in a minute
    for (let i = 0; i < 3; i++) await shared.count('sweep|blocked', rule); // blocked for a minute
    m.clock.advance(30_000);
    await shared.count('sweep|recent', rule); // window ends in a minute from now
    m.clock.advance(31_000);
    expect(await shared.sweep()).toBe(2); // 'ended' and 'blocked' have passed
    expect((await rows('SELECT key FROM rate_limit_hit ORDER BY key')).map((r) => r.key)).toEqual(['sweep|recent']);
    m.clock.advance(MINUTE);
    expect(await shared.sweep()).toBe(1);
    expect(await rows('SELECT key FROM rate_limit_hit')).toEqual([]);
  });
});
