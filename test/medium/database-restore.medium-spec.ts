import { spawnSync } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { dumpDatabase } from '../../src/backup/database-dump';
import { restoreDatabase } from '../../src/backup/database-restore';
import { createDatabase, databaseUrl, dropDatabase, SERVER_URL_ENV, TEMPLATE_DATABASE } from '../setup/test-database';

/** The dump and the restore of `npm run backup` / `npm run restore`, called directly on real databases. */
describe('medium: database backup and restore', () => {
  const serverUrl = process.env[SERVER_URL_ENV]!;
  const names: string[] = [];
  let dir: string;
  let file: string;
  let source: string;

  const database = async (template?: string) => {
    const name = `podium_test_restore_${randomUUID().slice(0, 8)}`;
    names.push(name);
    await createDatabase(serverUrl, name, template);
    return databaseUrl(serverUrl, name);
  };
  const query = async <T extends Record<string, unknown>>(url: string, sql: string, values: unknown[] = []) => {
    const client = new Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query<T>(sql, values)).rows;
    } finally {
      await client.end();
    }
  };
  const publicTables = async (url: string) => (await query<{ n: number }>(url, "SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'"))[0].n;
  /** A copy of the backup with one table file changed by `edit`, its manifest kept in step when `consistent`. */
  const tampered = (table: string, edit: (text: string) => string, consistent: boolean) => {
    const unpacked = mkdtempSync(join(dir, 'unpacked-'));
    expect(spawnSync('tar', ['-xzf', file, '-C', unpacked]).status).toBe(0);
    const path = join(unpacked, 'tables', `${table}.copy`);
    const text = edit(readFileSync(path, 'utf8'));
    writeFileSync(path, text);
    if (consistent) {
      const manifest = JSON.parse(readFileSync(join(unpacked, 'manifest.json'), 'utf8'));
      const entry = manifest.tables.find((t: { name: string }) => t.name === table);
      entry.rows = text.split('\n').length - 1;
      entry.sha256 = createHash('sha256').update(text).digest('hex');
      writeFileSync(join(unpacked, 'manifest.json'), JSON.stringify(manifest));
    }
    const out = join(dir, `${randomUUID()}.tar.gz`);
    expect(spawnSync('tar', ['-czf', out, '-C', unpacked, 'manifest.json', 'tables']).status).toBe(0);
    return out;
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'podium-restore-medium-'));
    mkdirSync(dir, { recursive: true });
    source = await database(TEMPLATE_DATABASE);
    file = join(dir, 'backup.tar.gz');
    const summary = await dumpDatabase({ url: source, file, now: new Date('2026-12-04T20:00:00Z'), podiumVersion: '0.1.0' });
    expect(summary.rows).toBeGreaterThan(1000);
  });
  afterAll(async () => {
    for (const name of names) await dropDatabase(serverUrl, name);
    rmSync(dir, { recursive: true, force: true });
  });

  it('restores into an empty database with every row; a second restore is refused (not empty) until --force replaces everything', async () => {
    const target = await database();
    const summary = await restoreDatabase({ url: target, file });
    expect(summary).toMatchObject({ migrationsPending: 0, backupCreatedAt: '2026-12-04T20:00:00.000Z' });
    const count = async (url: string) => (await query<{ n: number }>(url, 'SELECT count(*)::int AS n FROM card'))[0].n;
    expect(await count(target)).toBe(await count(source));
    await expect(restoreDatabase({ url: target, file })).rejects.toMatchObject({ reason: 'target-not-empty', message: expect.stringMatching(/card \(\d+\)/) });
    await query(target, "UPDATE card_set SET name = 'changed'");
    await restoreDatabase({ url: target, file, force: true });
    expect(await query(target, "SELECT 1 FROM card_set WHERE name = 'changed'")).toEqual([]);
  });

  it('a damaged file is refused before anything is written', async () => {
    const target = await database();
    const damaged = tampered('card', (text) => text.replace('HOA-1\t', 'HOA-X\t'), false);
    await expect(restoreDatabase({ url: target, file: damaged })).rejects.toMatchObject({
      reason: 'damaged',
      message: expect.stringMatching(/tables\/card\.copy does not match its manifest/),
    });
    await expect(restoreDatabase({ url: target, file: join(dir, 'none.tar.gz') })).rejects.toMatchObject({ reason: 'damaged' });
    expect(await publicTables(target)).toBe(0);
  });

  it('data that breaks a foreign key rolls the whole restore back: the database stays empty', async () => {
    const target = await database();
    const orphaned = tampered('set_version', (text) => text.split('\n').slice(1).join('\n'), true);
    await expect(restoreDatabase({ url: target, file: orphaned })).rejects.toThrow(/breaks foreign key/);
    expect(await publicTables(target)).toBe(0);
  });

  it('refused while a Podium server is connected to the target', async () => {
    const target = await database();
    const server = new Client({ connectionString: target, application_name: 'podium-live' });
    await server.connect();
    try {
      await expect(restoreDatabase({ url: target, file })).rejects.toMatchObject({ reason: 'target-in-use' });
    } finally {
      await server.end();
    }
  });

  it('a target whose schema is newer than the backup’s is refused', async () => {
    const target = await database(TEMPLATE_DATABASE);
    await query(target, 'TRUNCATE card_set, set_version, card');
    await query(
      target,
      `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, finished_at, applied_steps_count) VALUES ($1, $2, '29991231000000_later', now(), now(), 1)`,
      [randomUUID(), 'f'.repeat(64)],
    );
    await expect(restoreDatabase({ url: target, file })).rejects.toMatchObject({ reason: 'target-newer', message: expect.stringMatching(/29991231000000_later/) });
  });
});
