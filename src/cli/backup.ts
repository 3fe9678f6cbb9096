/**
 * `npm run backup`: a consistent dump of the whole database into one file, while the server runs.
 *
 *   npm run backup                                  BACKUP_DIR (.data/backups)/podium-<UTC time>.tar.gz
 *   npm run backup -- --out /media/usb/             into that folder (created when missing)
 *   npm run backup -- --out /media/usb/friday.tar.gz
 *
 * The database: DATABASE_URL when set, else the embedded PostgreSQL of EMBEDDED_PG_DIR (the running
 * server's, or started for the backup and stopped after it). `npm run restore` reads the file back.
 * Exit codes: 0 written; 1 failed (nothing is left under the backup's name); 2 bad usage.
 * `npm run backup` builds dist/ only when it is missing: a rebuild would empty dist/ under a
 * running server (its web app and workers are read from there).
 */
import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { backupFileName, podiumVersion } from '../backup/backup-files';
import { dumpDatabase } from '../backup/database-dump';
import { databaseToBackUp } from '../backup/database-location';
import { SystemClock } from '../common/clock/clock';
import { loadConfig } from '../common/config/app-config';
import { PROJECT_ROOT } from '../common/database/database-target';
import { createRootLogger } from '../common/logging/logger';

const USAGE = 'usage: npm run backup [-- --out <folder or file.tar.gz>]';

function usage(message: string): never {
  process.stderr.write(`${message}\n${USAGE}\n`);
  process.exit(2);
}

/** `--out` as given: a name ending in .tar.gz is the file; anything else a folder for the default name; none: BACKUP_DIR. */
function outputFile(out: string | undefined, backupDir: string, now: Date): string {
  const name = backupFileName('manual', now);
  if (!out) return join(resolve(PROJECT_ROOT, backupDir), name);
  const path = resolve(out);
  if (path.endsWith('.tar.gz') && !(existsSync(path) && statSync(path).isDirectory())) return path;
  return join(path, name);
}

async function main(): Promise<void> {
  let args;
  try {
    args = parseArgs({ options: { out: { type: 'string', short: 'o' }, help: { type: 'boolean', short: 'h', default: false } }, allowPositionals: false });
  } catch (error) {
    usage((error as Error).message);
  }
  if (args.values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const envFile = join(PROJECT_ROOT, '.env');
  if (existsSync(envFile)) process.loadEnvFile(envFile);
  const config = loadConfig(process.env);
  const logger = createRootLogger(process.env.LOG_LEVEL ? config.LOG_LEVEL : 'warn');
  const now = new SystemClock().now();
  const file = outputFile(args.values.out, config.BACKUP_DIR, now);
  if (existsSync(file)) usage(`${file} exists already: name another file`);
  const database = await databaseToBackUp({ databaseUrl: config.DATABASE_URL, directUrl: config.DATABASE_DIRECT_URL, embeddedDir: config.EMBEDDED_PG_DIR, logger });
  try {
    const started = process.hrtime.bigint();
    const summary = await dumpDatabase({ url: database.url, file, now, podiumVersion: podiumVersion() });
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    process.stdout.write(
      `Backup written: ${summary.file}\n` +
        `  from ${database.description}\n` +
        `  ${summary.tables} tables, ${summary.rows} rows, schema of ${summary.migrations} migrations\n` +
        `  ${summary.bytes} bytes (${summary.dataBytes} bytes of table data before compression), in ${seconds.toFixed(1)} s\n`,
    );
  } finally {
    await database.release();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`backup failed: ${(error as Error).message}\n`);
  process.exit(1);
});
