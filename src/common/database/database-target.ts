import { resolve } from 'node:path';
import { Client } from 'pg';
import type { Logger } from 'pino';
import { startEmbeddedPostgres, type EmbeddedPostgresHandle } from './embedded-postgres';

/** The database the server will use, and how to let it go. */
export interface DatabaseTarget {
  /** Every pooled query (DATABASE_URL: PostgreSQL itself, or a transaction-pooling PgBouncer). */
  url: string;
  /** Session-bound connections: LISTEN, session advisory locks, migrations (DATABASE_DIRECT_URL, else `url`). */
  directUrl: string;
  /** Present when the server started its own embedded PostgreSQL. */
  embedded?: EmbeddedPostgresHandle;
}

/** Database created inside the embedded server for the application. */
export const EMBEDDED_DATABASE = 'podium';

/** Project root: two folders up from src|dist/common/database. */
export const PROJECT_ROOT = resolve(__dirname, '..', '..', '..');

/**
 * DATABASE_URL set: that server (and DATABASE_DIRECT_URL, when set, for the session-bound
 * connections). Unset: an embedded PostgreSQL in `embeddedDir` with a `podium` database, which
 * serves both. Either way each connection is tried once here, so an unreachable database stops
 * start-up with a clear message instead of failing on the first request.
 * @throws Error naming the server and PostgreSQL's reason.
 */
export async function resolveDatabase(options: { databaseUrl?: string; directUrl?: string; embeddedDir: string; embeddedPort: number; logger: Logger }): Promise<DatabaseTarget> {
  if (options.databaseUrl) {
    await checkConnection(options.databaseUrl);
    if (options.directUrl && options.directUrl !== options.databaseUrl) await checkConnection(options.directUrl);
    return { url: options.databaseUrl, directUrl: options.directUrl ?? options.databaseUrl };
  }
  const embedded = await startEmbeddedPostgres({ dataDir: resolve(PROJECT_ROOT, options.embeddedDir), port: options.embeddedPort, logger: options.logger });
  try {
    await createDatabaseIfMissing(embedded.url, EMBEDDED_DATABASE);
    const url = withDatabase(embedded.url, EMBEDDED_DATABASE);
    await checkConnection(url);
    return { url, directUrl: url, embedded };
  } catch (error) {
    await embedded.stop();
    throw error;
  }
}

/** Same server, another database name. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** Connects and runs `SELECT 1`. @throws Error "cannot reach PostgreSQL at host:port/db: reason". */
export async function checkConnection(url: string): Promise<void> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
  } catch (error) {
    const parsed = new URL(url);
    throw new Error(`cannot reach PostgreSQL at ${parsed.host}${parsed.pathname}: ${(error as Error).message}`, { cause: error });
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** CREATE DATABASE unless it exists (optionally from a template). */
export async function createDatabaseIfMissing(serverUrl: string, database: string, template?: string): Promise<void> {
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (!rowCount) {
      const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
      await client.query(`CREATE DATABASE ${ident(database)}${template ? ` TEMPLATE ${ident(template)}` : ''}`);
    }
  } finally {
    await client.end();
  }
}
