/**
 * `npm run restore -- <backup.tar.gz> [--force]`: loads a backup made by `npm run backup` into an
 * empty database, all or nothing.
 *
 * The database: DATABASE_URL when set, else the embedded PostgreSQL of EMBEDDED_PG_DIR (created
 * when missing; the server must be stopped). Refused, with nothing written: a damaged file, a backup
 * of a newer Podium (a migration this code does not know), a database whose schema is newer than
 * the backup's, a database with data (unless --force, which replaces everything in it), a Podium
 * server connected to the database. Migrations newer than the backup are applied at the next start.
 * Exit codes: 0 restored; 1 refused or failed (the database is as it was); 2 bad usage.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { databaseToRestoreInto } from '../backup/database-location';
import { restoreDatabase } from '../backup/database-restore';
import { loadConfig } from '../common/config/app-config';
import { PROJECT_ROOT } from '../common/database/database-target';
import { createRootLogger } from '../common/logging/logger';

const USAGE = 'usage: npm run restore -- <backup.tar.gz> [--force]';

function usage(message: string): never {
  process.stderr.write(`${message}\n${USAGE}\n`);
  process.exit(2);
}

async function main(): Promise<void> {
  let args;
  try {
    args = parseArgs({ options: { force: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h', default: false } }, allowPositionals: true });
  } catch (error) {
    usage((error as Error).message);
  }
  if (args.values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  if (args.positionals.length !== 1) usage('name one backup file');
  const file = resolve(args.positionals[0]);
  if (!existsSync(file)) usage(`no such file: ${file}`);
  const envFile = join(PROJECT_ROOT, '.env');
  if (existsSync(envFile)) process.loadEnvFile(envFile);
  const config = loadConfig(process.env);
  const logger = createRootLogger(process.env.LOG_LEVEL ? config.LOG_LEVEL : 'warn');
  const database = await databaseToRestoreInto({ databaseUrl: config.DATABASE_URL, directUrl: config.DATABASE_DIRECT_URL, embeddedDir: config.EMBEDDED_PG_DIR, logger });
  try {
    const started = process.hrtime.bigint();
    const summary = await restoreDatabase({ url: database.url, file, force: args.values.force });
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    process.stdout.write(
      `Restored: ${file}\n` +
        `  into ${database.description}\n` +
        `  backup of ${summary.backupCreatedAt} (Podium ${summary.podiumVersion}): ${summary.tables} tables, ${summary.rows} rows, every count checked, in ${seconds.toFixed(1)} s\n` +
        (summary.migrationsPending > 0 ? `  ${summary.migrationsPending} newer migration(s) will be applied when the server starts\n` : ''),
    );
  } finally {
    await database.release();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`restore refused or failed, nothing was changed: ${(error as Error).message}\n`);
  process.exit(1);
});
