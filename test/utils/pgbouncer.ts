import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { delimiter, join } from 'node:path';

/**
 * Debian's PgBouncer (`apt-get install -y pgbouncer`): PGBOUNCER when set, else `pgbouncer` on the
 * PATH, else where the package puts it (/usr/sbin, which is not on a non-root user's PATH).
 * Null when it is not installed.
 */
export function findPgBouncer(): string | null {
  if (process.env.PGBOUNCER) return process.env.PGBOUNCER;
  const dirs = [...(process.env.PATH ?? '').split(delimiter).filter(Boolean), '/usr/sbin', '/usr/local/sbin'];
  return dirs.map((dir) => join(dir, 'pgbouncer')).find((path) => existsSync(path)) ?? null;
}

export interface RunningPgBouncer {
  /** The URL of `database` through PgBouncer (user postgres, no password: PgBouncer trusts 127.0.0.1 here). */
  url(database: string): string;
  /** What PgBouncer logged (for a failing test's message). */
  log(): string;
  stop(): Promise<void>;
}

/**
 * Starts PgBouncer in transaction pooling mode on 127.0.0.1:`port` in front of the PostgreSQL of
 * `serverUrl` (its user and password sign PgBouncer in), from a config in a fresh temp folder.
 * `poolSize` server connections per database: fewer than the clients, so that transactions of
 * different clients — and instances — take turns on the same server sessions, as in production.
 * PgBouncer refuses to run as root: as root it runs as `nobody`, which then owns the folder.
 * @throws Error when it does not listen within 10 s (with its log).
 */
export async function startPgBouncer(binary: string, options: { serverUrl: string; port: number; poolSize: number }): Promise<RunningPgBouncer> {
  const server = new URL(options.serverUrl);
  const dir = mkdtempSync(join(tmpdir(), 'podium-pgbouncer-'));
  const ini = join(dir, 'pgbouncer.ini');
  const userlist = join(dir, 'userlist.txt');
  // Every database name reaches the same-named database of the server, signed in as its user.
  const target = `host=${server.hostname} port=${server.port || 5432} user=${decodeURIComponent(server.username)}${server.password ? ` password=${decodeURIComponent(server.password)}` : ''}`;
  writeFileSync(
    ini,
    [
      '[databases]',
      `* = ${target}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${options.port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${userlist}`,
      'pool_mode = transaction',
      `default_pool_size = ${options.poolSize}`,
      'max_client_conn = 500',
      '',
    ].join('\n'),
    { mode: 0o600 },
  );
  // auth_type trust still wants the client's user listed.
  writeFileSync(userlist, '"postgres" ""\n', { mode: 0o600 });
  const args = [ini];
  if (userInfo().uid === 0) {
    for (const path of [dir, ini, userlist]) chownSync(path, 65534, 65534);
    chmodSync(dir, 0o700);
    args.unshift('-u', 'nobody');
  }
  let output = '';
  const child: ChildProcess = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) break;
    if (await listening(options.port)) {
      return { url: (database) => `postgresql://postgres@127.0.0.1:${options.port}/${database}`, log: () => output, stop };
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await stop();
  throw new Error(`PgBouncer did not start on port ${options.port}:\n${output}`);
}

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
