import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';

/**
 * Faults done to a PostgreSQL cluster on purpose, for the fault tests and the faults bench: freeze
 * it (SIGSTOP of the postmaster and every backend: it accepts TCP connections in the kernel but
 * answers nothing, as a hung server or a VM paused by its host does) and cut connections as an
 * administrator's pg_terminate_backend, the OOM killer or a failover would.
 */

/** The postmaster's pid (first line of `postmaster.pid` in the data folder). */
export function postmasterPid(dataDir: string): number {
  return Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
}

/** The postmaster and its children (backends, checkpointer, WAL writer…), from /proc. */
export function clusterProcesses(dataDir: string): number[] {
  const postmaster = postmasterPid(dataDir);
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === postmaster) children.push(Number(entry));
    } catch {
      // the process ended meanwhile
    }
  }
  return [postmaster, ...children];
}

/**
 * Stops every process of the cluster (SIGSTOP), postmaster first so it starts no new backend.
 * @returns thaw(): SIGCONT to the same processes (and any child started in between).
 */
export function freezePostgres(dataDir: string): () => void {
  const postmaster = postmasterPid(dataDir);
  process.kill(postmaster, 'SIGSTOP');
  const stopped = clusterProcesses(dataDir);
  for (const pid of stopped) signal(pid, 'SIGSTOP');
  return () => {
    let now: number[] = [];
    try {
      now = clusterProcesses(dataDir);
    } catch {
      // the cluster was stopped meanwhile
    }
    for (const pid of new Set([...now, ...stopped])) signal(pid, 'SIGCONT');
  };
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // already gone
  }
}

/**
 * `pg_terminate_backend` of every connection to `database` except the caller's own.
 * @returns how many connections were cut.
 */
export async function terminateConnections(serverUrl: string, database: string): Promise<number> {
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ cut: boolean }>('SELECT pg_terminate_backend(pid) AS cut FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [
      database,
    ]);
    return rows.filter((r) => r.cut).length;
  } finally {
    await client.end();
  }
}
