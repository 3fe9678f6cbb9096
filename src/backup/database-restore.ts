import { createReadStream, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Client, escapeIdentifier, type ClientBase } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { extract as extractTar } from 'tar';
import { applyMigrationsWithin, readMigrations, type MigrationFile } from '../common/database/migrator';
import { parseManifest, type BackupManifest } from './backup-manifest';
import { hashCopyFile } from './copy-data';
import { listForeignKeys, listTables, readAppliedMigrations } from './database-catalog';
import { judgeBackupSchema, judgeTargetSchema } from './rules/schema-compat';

/** A restore refused before anything was written; the message says why and what to do. */
export class RestoreRefused extends Error {
  constructor(
    readonly reason: 'damaged' | 'newer-schema' | 'changed-migration' | 'target-newer' | 'target-not-empty' | 'target-in-use',
    message: string,
  ) {
    super(message);
    this.name = 'RestoreRefused';
  }
}

/** What a restore did. */
export interface RestoreSummary {
  tables: number;
  rows: number;
  /** Migrations applied to build the backup's schema (those the target did not have). */
  migrationsApplied: number;
  /** Migrations of this code newer than the backup: the next server start applies them. */
  migrationsPending: number;
  backupCreatedAt: string;
  podiumVersion: string;
}

/** Reads a backup archive into a temporary folder and checks every table file against the manifest. */
async function openArchive(file: string): Promise<{ dir: string; manifest: BackupManifest }> {
  if (!existsSync(file)) throw new RestoreRefused('damaged', `no such file: ${file}`);
  const dir = mkdtempSync(join(tmpdir(), 'podium-restore-'));
  try {
    try {
      await extractTar({ file, cwd: dir, strict: true, filter: (path) => path === 'manifest.json' || /^tables\/[\w$]+\.copy$/.test(path) });
    } catch (error) {
      throw new RestoreRefused('damaged', `${file} is not a readable backup archive (gzip'd tar): ${(error as Error).message}`);
    }
    if (!existsSync(join(dir, 'manifest.json'))) throw new RestoreRefused('damaged', `${file} has no manifest.json: not a Podium database backup`);
    let manifest: BackupManifest;
    try {
      manifest = parseManifest(JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')));
    } catch (error) {
      throw new RestoreRefused('damaged', `${file}: ${(error as Error).message}`);
    }
    for (const table of manifest.tables) {
      const path = join(dir, table.file);
      if (!existsSync(path)) throw new RestoreRefused('damaged', `${file} is damaged: ${table.file} is missing`);
      const { rows, sha256 } = await hashCopyFile(path);
      if (sha256 !== table.sha256 || rows !== table.rows) {
        throw new RestoreRefused('damaged', `${file} is damaged: ${table.file} does not match its manifest (checksum or row count)`);
      }
    }
    return { dir, manifest };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

/** Tables of the target that hold rows (the migration history aside), with an exact count each. */
async function tablesWithRows(client: ClientBase): Promise<{ name: string; rows: number }[]> {
  const found: { name: string; rows: number }[] = [];
  for (const t of await listTables(client)) {
    if (t.name === '_prisma_migrations') continue;
    const { rows } = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${escapeIdentifier(t.name)}`);
    if (rows[0].n > 0) found.push({ name: t.name, rows: rows[0].n });
  }
  return found;
}

/**
 * Restores a backup made by dumpDatabase into the database at `url`, in one transaction: builds
 * the backup's schema with this code's migrations (those the target lacks, up to the backup's
 * last), loads every table with COPY (foreign keys dropped meanwhile and added again, which checks
 * every reference; user triggers off), puts sequences back, checks each table's row count against
 * the manifest, and commits — or changes nothing. Migrations newer than the backup are left to the
 * next server start, as after any upgrade.
 * @param force also into a database that holds data: every table of it is emptied first (in the
 *   same transaction).
 * @throws RestoreRefused before writing anything: a damaged archive, a backup of a newer schema
 *   (a migration this code does not know) or of a changed migration, a target whose schema is
 *   newer than the backup's, a target with data (without `force`), a Podium server connected to
 *   the target.
 * @throws Error when loading fails (the transaction is rolled back).
 */
export async function restoreDatabase(options: { url: string; file: string; force?: boolean; migrations?: MigrationFile[] }): Promise<RestoreSummary> {
  const { dir, manifest } = await openArchive(options.file);
  const client = new Client({ connectionString: options.url, application_name: 'podium-restore' });
  client.on('error', () => undefined);
  try {
    const code = options.migrations ?? readMigrations();
    const verdict = judgeBackupSchema(manifest.migrations, code);
    if (!verdict.ok) {
      throw verdict.reason === 'newer'
        ? new RestoreRefused(
            'newer-schema',
            `the backup is of a newer Podium (${manifest.podiumVersion}): its migrations ${verdict.migrations.join(', ')} are unknown to this one. Upgrade Podium, then restore.`,
          )
        : new RestoreRefused(
            'changed-migration',
            `the backup's migrations ${verdict.migrations.join(', ')} do not match this Podium's files (${verdict.reason}); restore with the release it was taken with`,
          );
    }
    await client.connect();
    const { rows: others } = await client.query<{ application_name: string }>(
      `SELECT DISTINCT application_name FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid() AND application_name LIKE 'podium%'`,
    );
    if (others.length > 0) {
      throw new RestoreRefused('target-in-use', `a Podium server is connected to this database (${others.map((o) => o.application_name).join(', ')}): stop it, then restore`);
    }
    const target = judgeTargetSchema(
      (await readAppliedMigrations(client)).map((m) => m.name),
      verdict.upTo,
    );
    if (!target.ok) {
      throw new RestoreRefused('target-newer', `the target database's schema is newer than the backup's (it has ${target.migrations.join(', ')}): restore into an empty database`);
    }
    const filled = await tablesWithRows(client);
    if (filled.length > 0 && !options.force) {
      const list = filled.map((t) => `${t.name} (${t.rows})`).join(', ');
      throw new RestoreRefused(
        'target-not-empty',
        `the target database is not empty: ${list}. Restore goes into an empty database only (stop the server and move its data folder aside, or create a new database), or add --force to replace everything in it.`,
      );
    }
    const byName = new Map(code.map((m) => [m.name, m]));

    await client.query('BEGIN');
    try {
      await client.query("SET LOCAL client_encoding TO 'UTF8'");
      await applyMigrationsWithin(
        client,
        target.toApply.map((name) => byName.get(name)!),
      );
      const tables = new Map((await listTables(client)).map((t) => [t.name, t]));
      for (const t of manifest.tables) {
        const have = tables.get(t.name);
        const missing = have ? t.columns.filter((c) => !have.columns.some((h) => h.name === c.name)) : t.columns;
        if (!have || missing.length > 0)
          throw new Error(
            `the backup's table ${t.name} does not fit the schema its migrations built (${have ? `columns ${missing.map((c) => c.name).join(', ')}` : 'no such table'})`,
          );
      }
      const keys = await listForeignKeys(client);
      for (const fk of keys) await client.query(`ALTER TABLE ${fk.table} DROP CONSTRAINT ${escapeIdentifier(fk.name)}`);
      const all = [...tables.keys()].map(escapeIdentifier);
      // Emptied as one statement: the history rows the migrations just wrote, and with --force everything.
      await client.query(`TRUNCATE ${all.join(', ')}`);
      for (const t of manifest.tables) {
        const name = escapeIdentifier(t.name);
        await client.query(`ALTER TABLE ${name} DISABLE TRIGGER USER`);
        const columns = t.columns.map((c) => escapeIdentifier(c.name)).join(', ');
        await pipeline(createReadStream(join(dir, t.file)), client.query(copyFrom(`COPY ${name} (${columns}) FROM STDIN`)));
        await client.query(`ALTER TABLE ${name} ENABLE TRIGGER USER`);
      }
      for (const s of manifest.sequences) {
        await client.query('SELECT setval($1::regclass, $2::bigint, $3)', [escapeIdentifier(s.name), s.lastValue, s.isCalled]);
      }
      for (const fk of keys) {
        try {
          await client.query(`ALTER TABLE ${fk.table} ADD CONSTRAINT ${escapeIdentifier(fk.name)} ${fk.definition}`);
        } catch (error) {
          throw new Error(`the backup's data breaks foreign key ${fk.name} of ${fk.table}: ${(error as Error).message}`, { cause: error });
        }
      }
      for (const t of manifest.tables) {
        const { rows } = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${escapeIdentifier(t.name)}`);
        if (rows[0].n !== t.rows) throw new Error(`table ${t.name} holds ${rows[0].n} rows after loading, the backup says ${t.rows}`);
      }
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
    return {
      tables: manifest.tables.length,
      rows: manifest.tables.reduce((n, t) => n + t.rows, 0),
      migrationsApplied: target.toApply.length,
      migrationsPending: code.length - verdict.upTo.length,
      backupCreatedAt: manifest.createdAt,
      podiumVersion: manifest.podiumVersion,
    };
  } finally {
    await client.end().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  }
}
