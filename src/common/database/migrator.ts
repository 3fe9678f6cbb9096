import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client, type ClientBase } from 'pg';

/**
 * Applies Prisma migrations (prisma/migrations/<timestamp>_<name>/migration.sql) without Prisma's
 * native schema engine, which cannot be downloaded on every machine. It keeps Prisma's own history
 * table `_prisma_migrations` exactly as `prisma migrate deploy` does (checksum = lowercase hex
 * SHA-256 of the migration.sql bytes, per prisma-engines schema-connector/src/checksum.rs), so the
 * real `prisma migrate deploy/status` agrees with a database migrated here.
 *
 * Safe with several processes starting at once: a session advisory lock serializes them.
 * Each migration runs in its own transaction together with its history row.
 */

/** Default migrations folder: <project>/prisma/migrations (this file is in src|dist/common/database). */
export const MIGRATIONS_DIR = join(__dirname, '..', '..', '..', 'prisma', 'migrations');

/** Advisory lock key, the same number Prisma's engine uses for migrations (72707369). */
const LOCK_KEY = 72707369;

export interface MigrationFile {
  name: string;
  sql: string;
  checksum: string;
}

/** Lists migrations in name (timestamp) order. */
export function readMigrations(dir = MIGRATIONS_DIR): MigrationFile[] {
  if (!existsSync(dir)) throw new Error(`migrations folder not found: ${dir}`);
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && existsSync(join(dir, e.name, 'migration.sql')))
    .map((e) => e.name)
    .sort()
    .map((name) => {
      const bytes = readFileSync(join(dir, name, 'migration.sql'));
      return { name, sql: bytes.toString('utf8'), checksum: createHash('sha256').update(bytes).digest('hex') };
    });
}

const HISTORY_DDL = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
)`;

/**
 * Applies every migration not yet recorded as finished.
 * @returns names of the migrations applied now (empty when up to date).
 * @throws Error when an applied migration's file changed (checksum differs) or a migration fails
 *   (that migration is rolled back and recorded nowhere, so a fixed file can be applied later).
 */
export async function migrate(connectionString: string, dir = MIGRATIONS_DIR): Promise<string[]> {
  const migrations = readMigrations(dir);
  const client = new Client({ connectionString });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [LOCK_KEY]);
    await client.query(HISTORY_DDL);
    const { rows } = await client.query<{ migration_name: string; checksum: string }>(
      'SELECT migration_name, checksum FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL',
    );
    const applied = new Map(rows.map((r) => [r.migration_name, r.checksum]));
    const done: string[] = [];
    for (const m of migrations) {
      const previous = applied.get(m.name);
      if (previous !== undefined) {
        if (previous !== m.checksum) {
          throw new Error(`migration ${m.name} was changed after it was applied (checksum ${previous} in the database, ${m.checksum} on disk)`);
        }
        continue;
      }
      await client.query('BEGIN');
      try {
        const startedAt = new Date();
        await client.query(m.sql);
        await client.query(
          `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, logs, rolled_back_at, started_at, applied_steps_count)
           VALUES ($1, $2, now(), $3, NULL, NULL, $4, 1)`,
          [randomUUID(), m.checksum, m.name, startedAt],
        );
        await client.query('COMMIT');
        done.push(m.name);
      } catch (error) {
        await client.query('ROLLBACK');
        throw new Error(`migration ${m.name} failed: ${(error as Error).message}`, { cause: error });
      }
    }
    return done;
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [LOCK_KEY]).catch(() => undefined);
    await client.end();
  }
}

/** Advisory lock key of migrations (a backup holds it shared: no migration runs under its snapshot). */
export const MIGRATION_LOCK_KEY = LOCK_KEY;

/**
 * Applies `migrations` in order inside the caller's open transaction on `client` (no BEGIN or
 * COMMIT here), recording each in `_prisma_migrations` as `migrate` does. The restore uses it to
 * build the backup's schema and load its data in one transaction: nothing half-restored.
 * @throws Error naming the migration that failed (the caller rolls the whole transaction back).
 */
export async function applyMigrationsWithin(client: ClientBase, migrations: readonly MigrationFile[]): Promise<void> {
  await client.query(HISTORY_DDL);
  for (const m of migrations) {
    try {
      await client.query(m.sql);
    } catch (error) {
      throw new Error(`migration ${m.name} failed: ${(error as Error).message}`, { cause: error });
    }
    await client.query(
      `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, logs, rolled_back_at, started_at, applied_steps_count)
       VALUES ($1, $2, now(), $3, NULL, NULL, now(), 1)`,
      [randomUUID(), m.checksum, m.name],
    );
  }
}
