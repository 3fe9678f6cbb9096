/**
 * A Podium server of the simulator's own: `node dist/main.js` on a fresh embedded PostgreSQL in a
 * temporary folder, on a free port, with an organizer token it chooses and pick timers on — the way
 * scripts/smoke-start.sh starts one. Stopped with SIGTERM (the server then stops its PostgreSQL) and
 * the folder removed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../common/database/database-target';
import { freePort } from '../common/database/embedded-postgres';
import { sleep } from './http-client';

/**
 * Limits per client address for a server whose every client is this machine (the simulator, the
 * bench): hundreds of "players" share 127.0.0.1, as no real event's phones would.
 */
export const ONE_ADDRESS_LIMITS = { RATE_LIMIT_REGISTRATIONS: '1000000', RATE_LIMIT_HEAVY: '1000000' } as const;

export interface OwnServer {
  baseUrl: string;
  organizerToken: string;
  /** The folder with the database and the server log. */
  dir: string;
  /** Stops the server (SIGTERM, SIGKILL after 20 s) and removes its folder unless `keep`. */
  stop(keep?: boolean): Promise<void>;
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));
}

/**
 * Starts the server and waits until /api/health answers (migrations and shipped sets are done by then).
 * @throws Error with the end of the server log when it exits or does not answer within 2 minutes.
 */
export async function startOwnServer(): Promise<OwnServer> {
  const dir = mkdtempSync(join(tmpdir(), 'podium-simulate-'));
  chmodSync(dir, 0o755); // as root the embedded PostgreSQL runs as user postgres, who must enter it
  const port = await freePort();
  const organizerToken = `simulator-${randomBytes(16).toString('hex')}`;
  const log = join(dir, 'server.log');
  const child = spawn(process.execPath, [join(PROJECT_ROOT, 'dist', 'main.js')], {
    // Every simulated player comes from 127.0.0.1: the per-address limits are lifted (ONE_ADDRESS_LIMITS).
    env: {
      ...process.env,
      ...ONE_ADDRESS_LIMITS,
      EMBEDDED_PG_DIR: join(dir, 'pg'),
      PORT: String(port),
      HOST: '127.0.0.1',
      ORGANIZER_TOKEN: organizerToken,
      PICK_TIMERS: 'true',
      LOG_LEVEL: 'warn',
      BACKUP_INTERVAL_HOURS: '0', // a throwaway database: no backups of it into the project's folder
    },
    stdio: ['ignore', openSync(log, 'a'), openSync(log, 'a')],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async (keep = false) => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await exited(child);
      clearTimeout(killer);
    }
    if (!keep) rmSync(dir, { recursive: true, force: true });
  };
  for (let i = 0; i < 1200; i++) {
    if (child.exitCode !== null) break;
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return { baseUrl, organizerToken, dir, stop };
    } catch {
      // still starting
    }
    await sleep(100);
  }
  await stop(true);
  throw new Error(`the server did not start (log ${log}):\n${readFileSync(log, 'utf8').split('\n').slice(-20).join('\n')}`);
}
