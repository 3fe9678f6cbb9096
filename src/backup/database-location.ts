import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Logger } from 'pino';
import { clusterPasswordFile, readPasswordFile } from '../common/database/cluster-password';
import { EMBEDDED_DATABASE, PROJECT_ROOT, resolveDatabase, withDatabase } from '../common/database/database-target';
import { embeddedDataDir } from '../common/database/embedded-postgres';

/** The database a backup or restore command works on, and how to let it go. */
export interface CommandDatabase {
  url: string;
  /** For the person at the keyboard: "DATABASE_URL", "the running server's embedded PostgreSQL in …". */
  description: string;
  /** Stops the embedded PostgreSQL when the command started it; nothing otherwise. */
  release(): Promise<void>;
}

/**
 * The port of the PostgreSQL running on `dataDir`, read from its postmaster.pid (line 1 the pid,
 * line 4 the port); null when no live server holds the folder.
 */
export function runningPort(dataDir: string): number | null {
  const lockFile = join(dataDir, 'postmaster.pid');
  if (!existsSync(lockFile)) return null;
  const lines = readFileSync(lockFile, 'utf8').split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !Number.isInteger(port) || port <= 0) return null;
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return null;
  }
  return port;
}

/**
 * A database named by the configuration, for a command that holds a session (a session advisory
 * lock, one long transaction, COPY): DATABASE_DIRECT_URL when set (DATABASE_URL may be a
 * transaction-pooling PgBouncer), else DATABASE_URL; null when neither is set.
 */
function configured(options: { databaseUrl?: string; directUrl?: string }): CommandDatabase | null {
  if (!options.databaseUrl) return null;
  if (options.directUrl) return { url: options.directUrl, description: 'DATABASE_DIRECT_URL', release: async () => undefined };
  return { url: options.databaseUrl, description: 'DATABASE_URL', release: async () => undefined };
}

/**
 * The database to back up: with DATABASE_URL set, the configured one (see configured); else the embedded cluster of EMBEDDED_PG_DIR —
 * the running server's (port from postmaster.pid, password from the cluster's password file), or,
 * when no server runs, the cluster started for the command and stopped after it.
 * @throws Error when there is no embedded cluster to back up.
 */
export async function databaseToBackUp(options: { databaseUrl?: string; directUrl?: string; embeddedDir: string; logger: Logger }): Promise<CommandDatabase> {
  const named = configured(options);
  if (named) return named;
  const dataDir = embeddedDataDir(resolve(PROJECT_ROOT, options.embeddedDir));
  if (!existsSync(join(dataDir, 'PG_VERSION'))) {
    throw new Error(`no embedded database in ${dataDir}: nothing to back up (set DATABASE_URL to back up your own PostgreSQL)`);
  }
  const port = runningPort(dataDir);
  if (port !== null) {
    const password = readPasswordFile(clusterPasswordFile(dataDir));
    const url = withDatabase(`postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`, EMBEDDED_DATABASE);
    return { url, description: `the running server's embedded PostgreSQL in ${dataDir}`, release: async () => undefined };
  }
  return started(options, dataDir, 'stopped');
}

/**
 * The database to restore into: with DATABASE_URL set, the configured one (see configured); else the embedded cluster of
 * EMBEDDED_PG_DIR (created when missing), started for the command and stopped after it.
 * @throws Error when a server is running on the embedded cluster (stop it first).
 */
export async function databaseToRestoreInto(options: { databaseUrl?: string; directUrl?: string; embeddedDir: string; logger: Logger }): Promise<CommandDatabase> {
  const named = configured(options);
  if (named) return named;
  const dataDir = embeddedDataDir(resolve(PROJECT_ROOT, options.embeddedDir));
  if (runningPort(dataDir) !== null) throw new Error(`a server is running on the embedded PostgreSQL in ${dataDir}: stop it (Ctrl-C), then restore`);
  return started(options, dataDir, existsSync(join(dataDir, 'PG_VERSION')) ? 'stopped' : 'new');
}

async function started(options: { embeddedDir: string; logger: Logger }, dataDir: string, was: 'stopped' | 'new'): Promise<CommandDatabase> {
  const database = await resolveDatabase({ embeddedDir: options.embeddedDir, embeddedPort: 0, logger: options.logger });
  return {
    url: database.url,
    description: `the embedded PostgreSQL in ${dataDir} (${was === 'new' ? 'created' : 'started'} for this command)`,
    release: async () => database.embedded?.stop(),
  };
}
