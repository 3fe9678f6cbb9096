import { createHash } from 'node:crypto';
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { checkConnection } from '../../src/common/database/database-target';
import { migrate, MIGRATIONS_DIR, readMigrations } from '../../src/common/database/migrator';
import { createDatabase, databaseUrl, dropDatabase, SERVER_URL_ENV } from '../setup/test-database';

describe('migrations applied without the Prisma engine, recorded as Prisma does', () => {
  const server = process.env[SERVER_URL_ENV]!;
  const name = `podium_test_migrations_${process.env.JEST_WORKER_ID ?? '0'}`;
  const url = databaseUrl(server, name);

  beforeAll(async () => {
    await dropDatabase(server, name);
    await createDatabase(server, name);
  });
  afterAll(() => dropDatabase(server, name));

  async function rows(sql: string) {
    const c = new Client({ connectionString: url });
    await c.connect();
    try {
      return (await c.query(sql)).rows;
    } finally {
      await c.end();
    }
  }

  it('applies every migration once and records Prisma-compatible history rows', async () => {
    const first = await migrate(url);
    expect(first).toEqual(readMigrations().map((m) => m.name));
    expect(await migrate(url)).toEqual([]);
    const history = await rows('SELECT migration_name, checksum, finished_at, applied_steps_count FROM "_prisma_migrations" ORDER BY migration_name');
    const expected = readMigrations().map((m) => ({
      migration_name: m.name,
      checksum: createHash('sha256')
        .update(readFileSync(join(MIGRATIONS_DIR, m.name, 'migration.sql')))
        .digest('hex'),
    }));
    expect(history.map((r) => ({ migration_name: r.migration_name, checksum: r.checksum }))).toEqual(expected);
    expect(history.every((r) => r.finished_at !== null && r.applied_steps_count === 1)).toBe(true);
  });

  it('refuses to run when an applied migration file was changed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'podium-mig-'));
    for (const m of readMigrations()) {
      mkdirSync(join(dir, m.name));
      writeFileSync(join(dir, m.name, 'migration.sql'), `${m.sql}\n-- edited\n`);
    }
    await expect(migrate(url, dir)).rejects.toThrow(/was changed after it was applied/);
  });

  it('rolls back a failing migration and records nothing for it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'podium-mig-'));
    for (const m of readMigrations()) {
      mkdirSync(join(dir, m.name));
      writeFileSync(join(dir, m.name, 'migration.sql'), m.sql);
    }
    mkdirSync(join(dir, '29991231000000_broken'));
    writeFileSync(join(dir, '29991231000000_broken', 'migration.sql'), 'CREATE TABLE half_done (id int);\nSELECT * FROM no_such_table;');
    await expect(migrate(url, dir)).rejects.toThrow(/29991231000000_broken failed/);
    expect(await rows("SELECT to_regclass('half_done') AS t")).toEqual([{ t: null }]);
    expect(await rows('SELECT 1 FROM "_prisma_migrations" WHERE migration_name = \'29991231000000_broken\'')).toEqual([]);
  });

  it('an unreachable database is a clear error naming the server', async () => {
    await expect(checkConnection('postgresql://nobody:x@127.0.0.1:1/podium')).rejects.toThrow(/cannot reach PostgreSQL at 127\.0\.0\.1:1\/podium/);
  });
});
