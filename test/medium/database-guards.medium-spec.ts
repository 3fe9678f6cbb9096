import { randomUUID } from 'node:crypto';
import { DatabaseGate, DatabaseUnavailableError } from '../../src/common/database/database-gate';
import { freePort } from '../../src/common/database/embedded-postgres';
import { guardedPool } from '../../src/common/database/guarded-pg';
import { PgPool } from '../../src/common/database/pg-pool';
import { isDatabaseUnavailable } from '../../src/common/errors/http-error.filter';
import { createDatabase, databaseUrl, dropDatabase, SERVER_URL_ENV, TEMPLATE_DATABASE } from '../setup/test-database';

/** The guarded connections (guarded-pg.ts) and the gate (database-gate.ts) on a real PostgreSQL. */
describe('database guards', () => {
  const serverUrl = process.env[SERVER_URL_ENV]!;
  const name = `podium_test_guards_${randomUUID().slice(0, 8)}`;
  let url: string;
  beforeAll(async () => {
    await createDatabase(serverUrl, name, TEMPLATE_DATABASE);
    url = databaseUrl(serverUrl, name);
  });
  afterAll(() => dropDatabase(serverUrl, name));

  const waitFor = async (check: () => boolean) => {
    for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 25));
  };

  it('a query that runs out of time fails with PODIUM_DB_TIMEOUT and its connection is dropped, never reused', async () => {
    const gate = new DatabaseGate(url);
    const pool = guardedPool(gate, { queryTimeoutMs: 300, connectTimeoutMs: 1000 }, { connectionString: url, max: 2 });
    try {
      await expect(pool.query('SELECT pg_sleep(2)')).rejects.toMatchObject({ code: 'PODIUM_DB_TIMEOUT' });
      expect(pool.totalCount).toBe(0);
      await waitFor(() => gate.available);
      expect((await pool.query<{ one: number }>('SELECT 1 AS one')).rows[0].one).toBe(1);
    } finally {
      gate.stop();
      await pool.end();
    }
  });

  it('nothing half-written: a transaction whose statement ran out of time is never committed by the next user of the pool', async () => {
    const gate = new DatabaseGate(url);
    const pg = new PgPool(guardedPool(gate, { queryTimeoutMs: 300, connectTimeoutMs: 1000 }, { connectionString: url, max: 1 }));
    const code = `T${randomUUID().slice(0, 5).toUpperCase()}`;
    try {
      await expect(
        pg.transaction(async (c) => {
          await c.query('INSERT INTO event_code (code) VALUES ($1)', [code]);
          await c.query('SELECT pg_sleep(2)');
        }),
      ).rejects.toBeInstanceOf(DatabaseUnavailableError);
      await waitFor(() => gate.available);
      // The pool's only connection now: a new one, outside that transaction.
      await pg.transaction(async (c) => c.query('SELECT 1'));
      await new Promise((r) => setTimeout(r, 2200)); // the old backend's sleep is over
      expect(await pg.query('SELECT code FROM event_code WHERE code = $1', [code])).toEqual([]);
    } finally {
      gate.stop();
      await pg.onModuleDestroy();
    }
  });

  it('DB_STATEMENT_TIMEOUT_MS: PostgreSQL cancels a statement itself (a 503, not a 500) and the gate stays open', async () => {
    const gate = new DatabaseGate(url);
    const pool = guardedPool(gate, { queryTimeoutMs: 5000, connectTimeoutMs: 1000, statementTimeoutMs: 200 }, { connectionString: url, max: 1 });
    try {
      expect((await pool.query<{ statement_timeout: string }>('SHOW statement_timeout')).rows[0].statement_timeout).toBe('200ms');
      const error = await pool.query('SELECT pg_sleep(2)').then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toMatchObject({ code: '57014' });
      expect(isDatabaseUnavailable(error)).toBe(true);
      expect(gate.available).toBe(true);
      expect((await pool.query<{ one: number }>('SELECT 1 AS one')).rows[0].one).toBe(1);
    } finally {
      gate.stop();
      await pool.end();
    }
  });

  it('without DB_STATEMENT_TIMEOUT_MS the database keeps its own setting', async () => {
    const gate = new DatabaseGate(url);
    const pool = guardedPool(gate, { queryTimeoutMs: 5000, connectTimeoutMs: 1000, statementTimeoutMs: 0 }, { connectionString: url, max: 1 });
    try {
      expect((await pool.query<{ statement_timeout: string }>('SHOW statement_timeout')).rows[0].statement_timeout).toBe('0');
    } finally {
      gate.stop();
      await pool.end();
    }
  });

  it('the gate closes at a timeout, refuses at once while closed, and opens again when the database answers a probe', async () => {
    const gate = new DatabaseGate(url);
    try {
      gate.failed(new DatabaseUnavailableError('PODIUM_DB_TIMEOUT', 'database did not answer within 1 ms'));
      expect(gate.available).toBe(false);
      expect(() => gate.assertOpen()).toThrow(DatabaseUnavailableError);
      await waitFor(() => gate.available);
      expect(gate.available).toBe(true);
    } finally {
      gate.stop();
    }
  });

  it('a cut connection alone closes nothing; a database that refuses connections closes the gate, and the pool refuses at once', async () => {
    const gate = new DatabaseGate(url);
    gate.failed(new Error('terminating connection due to administrator command'));
    expect(gate.available).toBe(true);
    await new Promise((r) => setTimeout(r, 200));
    expect(gate.available).toBe(true);
    gate.stop();

    const nowhere = `postgresql://postgres:x@127.0.0.1:${await freePort()}/podium`;
    const down = new DatabaseGate(nowhere);
    const pool = guardedPool(down, { queryTimeoutMs: 1000, connectTimeoutMs: 1000 }, { connectionString: nowhere, max: 2 });
    try {
      await expect(pool.query('SELECT 1')).rejects.toThrow(/ECONNREFUSED|connect/);
      await waitFor(() => !down.available);
      expect(down.available).toBe(false);
      await expect(pool.query('SELECT 1')).rejects.toMatchObject({ code: 'PODIUM_DB_DOWN' });
    } finally {
      down.stop();
      await pool.end();
    }
  });
});
