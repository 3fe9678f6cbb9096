import { createWriteStream, mkdirSync, mkdtempSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Client, escapeIdentifier } from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { create as createTar } from 'tar';
import { MIGRATION_LOCK_KEY } from '../common/database/migrator';
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, type BackupManifest, type ManifestTable } from './backup-manifest';
import { CountingHash } from './copy-data';
import { listTables, readAppliedMigrations } from './database-catalog';

/** What a dump wrote. */
export interface DumpSummary {
  file: string;
  tables: number;
  rows: number;
  /** Size of the archive (gzip'd), in bytes. */
  bytes: number;
  /** Size of the table data before compression, in bytes. */
  dataBytes: number;
  migrations: number;
  manifest: BackupManifest;
}

/**
 * Dumps every table of schema public (`_prisma_migrations` included) of the database at `url`
 * into a gzip'd tar at `file`: `manifest.json` (see BackupManifest) then `tables/<name>.copy` in
 * PostgreSQL's COPY text format, which any PostgreSQL version reads back. One REPEATABLE READ
 * READ ONLY transaction, so every table comes from one snapshot while the server keeps writing;
 * a shared hold on the migration lock keeps a migration from changing the schema meanwhile. The
 * tables are staged beside `file` and the archive is written to `<file>.partial`, renamed when
 * complete: a failed or interrupted dump never leaves a file under the backup's name.
 * @throws Error when the database is not a Podium database (no `_prisma_migrations`) or cannot be read.
 */
export async function dumpDatabase(options: { url: string; file: string; now: Date; podiumVersion: string }): Promise<DumpSummary> {
  const outDir = dirname(options.file);
  mkdirSync(outDir, { recursive: true });
  const staging = mkdtempSync(join(outDir, '.podium-backup-'));
  const partial = `${options.file}.partial`;
  const client = new Client({ connectionString: options.url, application_name: 'podium-backup' });
  client.on('error', () => undefined); // a lost connection fails the query in progress, which reports it
  try {
    await client.connect();
    await client.query('SELECT pg_advisory_lock_shared($1)', [MIGRATION_LOCK_KEY]);
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    await client.query("SET LOCAL client_encoding TO 'UTF8'");
    const tables = await listTables(client);
    if (!tables.some((t) => t.name === '_prisma_migrations')) throw new Error('not a Podium database: it has no _prisma_migrations table');
    // As pg_dump does: no DDL or TRUNCATE of a table between our look at it and its COPY.
    if (tables.length) await client.query(`LOCK TABLE ${tables.map((t) => escapeIdentifier(t.name)).join(', ')} IN ACCESS SHARE MODE`);
    const migrations = await readAppliedMigrations(client);
    const { rows: sequences } = await client.query<{ name: string; lastValue: string | null; isCalled: boolean }>(
      `SELECT s.relname AS name, q.last_value::text AS "lastValue", q.last_value IS NOT NULL AS "isCalled"
         FROM pg_class s JOIN pg_namespace n ON n.oid = s.relnamespace CROSS JOIN LATERAL (SELECT last_value FROM pg_sequences WHERE schemaname = n.nspname AND sequencename = s.relname) q
        WHERE n.nspname = 'public' AND s.relkind = 'S' ORDER BY s.relname`,
    );
    const { rows: version } = await client.query<{ server_version: string }>('SHOW server_version');
    mkdirSync(join(staging, 'tables'));
    const dumped: ManifestTable[] = [];
    for (const table of tables) {
      const file = `tables/${table.name}.copy`;
      const counter = new CountingHash();
      const columns = table.columns.map((c) => escapeIdentifier(c.name)).join(', ');
      await pipeline(client.query(copyTo(`COPY ${escapeIdentifier(table.name)} (${columns}) TO STDOUT`)), counter, createWriteStream(join(staging, file)));
      dumped.push({ name: table.name, file, columns: table.columns, rows: counter.rows, bytes: counter.bytes, sha256: counter.digest() });
    }
    await client.query('COMMIT');
    await client.query('SELECT pg_advisory_unlock_shared($1)', [MIGRATION_LOCK_KEY]);
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      podiumVersion: options.podiumVersion,
      createdAt: options.now.toISOString(),
      postgresVersion: version[0].server_version,
      migrations,
      tables: dumped,
      sequences: sequences.map((s) => ({ name: s.name, lastValue: s.lastValue ?? '1', isCalled: s.isCalled })),
    };
    writeFileSync(join(staging, 'manifest.json'), JSON.stringify(manifest, null, 2));
    // manifest.json first: a reader learns what follows before the data.
    // Owner-only from its creation: a backup holds the seeds of unrevealed events and player token hashes.
    await pipeline(createTar({ gzip: true, cwd: staging, portable: true }, ['manifest.json', ...dumped.map((t) => t.file)]), createWriteStream(partial, { mode: 0o600 }));
    renameSync(partial, options.file);
    return {
      file: options.file,
      tables: dumped.length,
      rows: dumped.reduce((n, t) => n + t.rows, 0),
      bytes: statSync(options.file).size,
      dataBytes: dumped.reduce((n, t) => n + t.bytes, 0),
      migrations: migrations.length,
      manifest,
    };
  } finally {
    await client.end().catch(() => undefined);
    rmSync(staging, { recursive: true, force: true });
    rmSync(partial, { force: true });
  }
}
