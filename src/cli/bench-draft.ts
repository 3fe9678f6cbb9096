/**
 * Draft throughput over HTTP (`npm run bench`): N concurrent 8-seat pods
 * drafted by separate HTTP clients (draft-load.ts) against a real server process on a fresh
 * database, next to a baseline measured on the same PostgreSQL in the same run:
 * - baseline: `pgbench -N -c 16 -j 2 -T 10` when pgbench is installed, else the pick transaction
 *   itself (lock the pod row, read its picks, insert one) as raw SQL through `pg`, 16 clients, 10 s;
 * - (a) sustained picks/s with every seat picking as soon as its pack arrives (closed loop);
 * - (b) p50/p99 pick latency under an open-loop load at half of (a);
 * - (c) the load generator's own CPU per pick;
 * - (d) timer burst: 400 seats whose first deadlines fall in the same second, nobody picking: how
 *   late each timeout pick is made after its deadline (p50/p99/max);
 * - (f) the event-loop stall of the heaviest requests (huge arrays in a JSON body, deck lists of
 *   unknown names, a one-line .o8d file, a 20,000-line deck list, a 9 MB set file): worst
 *   GET /api/health latency while each runs, next to its worst with nothing else running;
 * - (e) statements per pick during (a), from pg_stat_statements (everything the server sent:
 *   picks, stream tickets, first views).
 * BENCH_SERVER_NODE_OPTIONS passes node flags to the server process, e.g. "--cpu-prof
 * --cpu-prof-dir=/tmp/prof" to profile it under this load; BENCH_SERVER_LOG_LEVEL=info with
 * BENCH_SERVER_LOG=<file> keeps its request log (response times per route).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { openSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, open, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import pino from 'pino';
import { createDatabaseIfMissing, PROJECT_ROOT, withDatabase } from '../common/database/database-target';
import { freePort, startEmbeddedPostgres } from '../common/database/embedded-postgres';
import { migrate } from '../common/database/migrator';
import { ONE_ADDRESS_LIMITS } from '../simulator/own-server';
import { draftLoad, LoadClient, openDraft, percentile, type DraftLoadResult } from './draft-load';

const ORGANIZER = 'bench-organizer-token-0123456789';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * CPU time (user + system) of processes, in ms, from /proc (Linux); null elsewhere. With
 * `withChildren`, the first pid's ended children count too (cutime/cstime: PostgreSQL backends
 * that exited).
 */
function cpuMsOf(pids: number[], withChildren = false): number | null {
  try {
    const tick = 1000 / 100; // USER_HZ is 100 on Linux
    if (pids.length === 0) return null;
    return pids.reduce((sum, pid) => {
      let stat: string;
      try {
        stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      } catch {
        return sum; // a backend that ended meanwhile
      }
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const children = withChildren && pid === pids[0] ? Number(fields[13]) + Number(fields[14]) : 0;
      return sum + (Number(fields[11]) + Number(fields[12]) + children) * tick;
    }, 0);
  } catch {
    return null;
  }
}

/** The embedded PostgreSQL's processes: its postmaster and every child of it. */
function postgresPids(dataDir: string): number[] {
  try {
    const postmaster = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    const children = readdirSync('/proc')
      .filter((d) => /^\d+$/.test(d))
      .filter((d) => {
        try {
          const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
          return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster;
        } catch {
          return false;
        }
      })
      .map(Number);
    return [postmaster, ...children];
  } catch {
    return [];
  }
}

export interface DraftBenchResult extends DraftLoadResult {
  /** CPU per pick of (a), in ms: the server process and PostgreSQL (null where /proc is not there). */
  serverCpuMsPerPick: number | null;
  postgresCpuMsPerPick: number | null;
  baselineName: string;
  baselineTps: number;
  /** (e) statements the server sent per pick of (a); null without pg_stat_statements. */
  statementsPerPick: number | null;
  burst: TimerBurst;
  /** fdatasync latency of the database's disk during (b), in ms: what a commit waits for at least. */
  diskSync: { p50: number; p99: number; max: number } | null;
  /** PostgreSQL alone (pgbench) at (b)'s rate: transaction latency p50/p99 in ms; null without pgbench. */
  pgbenchAtRate: { p50: number; p99: number } | null;
  /** (f) event-loop stalls of the heaviest requests. */
  stalls: StallReport;
}

/**
 * Writes and fdatasyncs a small file next to the database every 20 ms until stopped (async fs: the
 * load generator's event loop is not held). Every acknowledged pick waits for such a flush of the
 * WAL, so this disk's own latency spikes are the floor under the pick latency's tail.
 */
function diskSyncProbe(dir: string): { stop(): Promise<{ p50: number; p99: number; max: number } | null> } {
  const samples: number[] = [];
  let running = true;
  const loop = (async () => {
    const file = join(dir, 'bench-sync-probe');
    const handle = await open(file, 'w');
    const block = Buffer.alloc(8192, 1);
    try {
      for (let i = 0; running; i++) {
        const t = performance.now();
        await handle.write(block, 0, block.length, (i % 64) * block.length);
        await handle.datasync();
        samples.push(performance.now() - t);
        await sleep(20);
      }
    } finally {
      await handle.close();
      await rm(file, { force: true });
    }
  })();
  return {
    async stop() {
      running = false;
      await loop.catch(() => undefined);
      if (samples.length === 0) return null;
      samples.sort((x, y) => x - y);
      return { p50: percentile(samples, 50), p99: percentile(samples, 99), max: samples[samples.length - 1] };
    },
  };
}

/** (d) timeout picks of one burst: seats, and lateness after the deadline in ms. */
export interface TimerBurst {
  seats: number;
  p50: number;
  p99: number;
  max: number;
}

/** pgbench on the bench's own database (its path, connection arguments and environment), or null when it is not installed. */
function pgbenchOn(serverUrl: string): { pgbench: string; args: string[]; env: NodeJS.ProcessEnv } | null {
  let pgbench: string;
  try {
    pgbench = execFileSync('sh', ['-c', 'command -v pgbench'], { encoding: 'utf8' }).trim();
  } catch {
    return null;
  }
  if (!pgbench) return null;
  const url = new URL(withDatabase(serverUrl, 'podium_bench_pgbench'));
  return { pgbench, args: ['-h', url.hostname, '-p', url.port, '-U', decodeURIComponent(url.username)], env: { ...process.env, PGPASSWORD: decodeURIComponent(url.password) } };
}

async function pgbenchBaseline(serverUrl: string): Promise<{ name: string; tps: number } | null> {
  const on = pgbenchOn(serverUrl);
  if (!on) return null;
  const { pgbench, args, env } = on;
  await createDatabaseIfMissing(serverUrl, 'podium_bench_pgbench');
  execFileSync(pgbench, [...args, '-i', '-s', '1', '-q', 'podium_bench_pgbench'], { env, stdio: 'ignore' });
  const out = execFileSync(pgbench, [...args, '-N', '-c', '16', '-j', '2', '-T', '10', 'podium_bench_pgbench'], { env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  const tps = Number(/tps = ([\d.]+)/.exec(out)?.[1]);
  return { name: 'pgbench -N -c 16 -j 2 -T 10', tps };
}

/**
 * PostgreSQL alone at (b)'s rate: `pgbench -N -R <rate>` (same clients, same database, same disk),
 * latency of each transaction from its scheduled start, p50/p99 in ms — the ceiling of any
 * design that answers after a synchronous COMMIT on this machine. Null without pgbench.
 */
async function pgbenchAtRate(serverUrl: string, rate: number): Promise<{ p50: number; p99: number } | null> {
  const on = pgbenchOn(serverUrl);
  if (!on) return null;
  const { pgbench, env } = on;
  const dir = await mkdtemp(join(tmpdir(), 'podium-pgbench-'));
  try {
    const args = [...on.args, '-N', '-c', '16', '-j', '2', '-T', '10', '-R', String(Math.round(rate)), '-l', `--log-prefix=${join(dir, 'tx')}`, 'podium_bench_pgbench'];
    execFileSync(pgbench, args, { env, stdio: 'ignore', cwd: dir });
    // Per transaction: client, number, time (µs), script, epoch s, epoch µs, schedule lag (µs).
    const latencies = (await readdir(dir))
      .flatMap((f) => readFileSync(join(dir, f), 'utf8').split('\n'))
      .filter(Boolean)
      .map((line) => line.split(' ').map(Number))
      .map((f) => (f[2] + (f[6] ?? 0)) / 1000)
      .sort((x, y) => x - y);
    if (latencies.length === 0) return null;
    return { p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The pick transaction without HTTP or Nest: lock a pod row, read its picks, insert one. */
async function rawSqlBaseline(url: string): Promise<{ name: string; tps: number }> {
  const setup = new Client({ connectionString: url });
  await setup.connect();
  await setup.query('CREATE TABLE IF NOT EXISTS bench_pod (id int PRIMARY KEY); CREATE TABLE IF NOT EXISTS bench_pick (pod int, n int, card text, PRIMARY KEY (pod, n))');
  await setup.query('TRUNCATE bench_pick; TRUNCATE bench_pod; INSERT INTO bench_pod SELECT generate_series(1, 50)');
  await setup.end();
  let done = 0;
  const until = Date.now() + 10_000;
  await Promise.all(
    Array.from({ length: 16 }, async (_, i) => {
      const c = new Client({ connectionString: url });
      await c.connect();
      for (let k = 0; Date.now() < until; k++) {
        const pod = ((i * 7 + k) % 50) + 1;
        await c.query('BEGIN');
        await c.query('SELECT id FROM bench_pod WHERE id = $1 FOR UPDATE', [pod]);
        const { rows } = await c.query('SELECT count(*)::int AS n FROM bench_pick WHERE pod = $1', [pod]);
        await c.query('INSERT INTO bench_pick (pod, n, card) VALUES ($1, $2, $3)', [pod, rows[0].n + 1, 'HOA-1']);
        await c.query('COMMIT');
        done++;
      }
      await c.end();
    }),
  );
  return { name: 'raw SQL pick transaction, 16 clients, 10 s', tps: done / 10 };
}

async function startServer(databaseUrl: string, port: number): Promise<ChildProcess> {
  const server = spawn(process.execPath, [...(process.env.BENCH_SERVER_NODE_OPTIONS?.split(' ').filter(Boolean) ?? []), join(PROJECT_ROOT, 'dist', 'main.js')], {
    env: {
      ...process.env,
      ...ONE_ADDRESS_LIMITS,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      ORGANIZER_TOKEN: ORGANIZER,
      LOG_LEVEL: process.env.BENCH_SERVER_LOG_LEVEL ?? 'error',
      PICK_TIMERS: 'true',
      LOAD_SHIPPED_SETS: 'true',
    },
    stdio: ['ignore', process.env.BENCH_SERVER_LOG ? openSync(process.env.BENCH_SERVER_LOG, 'w') : 'ignore', 'inherit'],
  });
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return server;
    } catch {
      // starting
    }
    await sleep(100);
  }
  server.kill('SIGKILL');
  throw new Error('bench server did not start');
}

/**
 * (d) 50 pods × 8 seats with a pick timer and nobody picking: every first deadline falls in the
 * same second. Lateness = when the server made the timeout pick − the pick's deadline.
 */
async function timerBurst(base: string, url: string, pods: number): Promise<TimerBurst> {
  const api = new LoadClient(base);
  const seconds = 3;
  try {
    const event = await openDraft(api, ORGANIZER, pods, 'bench-timer-burst', seconds);
    const db = new Client({ connectionString: url });
    await db.connect();
    try {
      const seats = pods * 8;
      let rows: { late_ms: number }[] = [];
      for (let i = 0; i < 200; i++) {
        await sleep(100);
        // Pick 1 of pack 1 has the full time: its deadline is when the pod's clocks started (once the
        // start committed: resumed_at) + the pick time.
        rows = (
          await db.query<{ late_ms: number }>(
            `SELECT (extract(epoch FROM (k.made_at - (coalesce(p.resumed_at, p.created_at) + make_interval(secs => $2)))) * 1000)::float8 AS late_ms
               FROM pick k JOIN pod p ON p.id = k.pod_id
              WHERE p.event_id = $1 AND k.source = 'timeout' AND k.pack_number = 1 AND k.pick_number = 1`,
            [event.id, seconds],
          )
        ).rows;
        if (rows.length >= seats) break;
      }
      await api.call('DELETE', `/events/${event.id}`, ORGANIZER);
      const late = rows.map((r) => r.late_ms).sort((x, y) => x - y);
      if (late.length < seats) throw new Error(`timer burst: only ${late.length} of ${seats} timeout picks made within 20 s`);
      return { seats: late.length, p50: percentile(late, 50), p99: percentile(late, 99), max: late[late.length - 1] };
    } finally {
      await db.end();
    }
  } finally {
    api.close();
  }
}

/** How long GET /api/health took at worst while heavy requests ran (nothing may stall the others). */
export interface Stall {
  label: string;
  /** The heavy requests' answers: the statuses seen, how many were sent, and their mean time, in ms. */
  status: string;
  requests: number;
  requestMs: number;
  /** Worst and median /api/health latency meanwhile, in ms, and how many probes were sent. */
  healthMaxMs: number;
  healthP50Ms: number;
  probes: number;
}

/** The stalls (f): the probe's worst latency with nothing else running (the baseline), then during each heavy request. */
export interface StallReport {
  baseline: Stall;
  stalls: Stall[];
}

/** A heavy request may add at most this much to the worst latency of the others (the product's goal), in ms. */
export const STALL_TARGET_MS = 20;

/** Probes GET /api/health every 5 ms (keep-alive) while `heavy` runs `repeat` times back to back. */
async function stallDuring(base: string, label: string, heavy: () => Promise<Response>, repeat = 1): Promise<Stall> {
  const api = new LoadClient(base);
  let running = true;
  const latencies: number[] = [];
  const probe = (async () => {
    while (running) {
      const t = performance.now();
      await api.call('GET', '/health', '');
      latencies.push(performance.now() - t);
      await sleep(5);
    }
  })();
  try {
    await sleep(50);
    const statuses = new Set<number>();
    const t = performance.now();
    for (let i = 0; i < repeat; i++) {
      const res = await heavy();
      await res.arrayBuffer();
      statuses.add(res.status);
    }
    const requestMs = (performance.now() - t) / repeat;
    running = false;
    await probe;
    const sorted = latencies.sort((a, b) => a - b);
    return { label, status: [...statuses].join('/'), requests: repeat, requestMs, healthMaxMs: sorted.at(-1) ?? 0, healthP50Ms: percentile(sorted, 50), probes: sorted.length };
  } finally {
    running = false;
    api.close();
  }
}

/** A valid product set file of the largest allowed set (5,000 cards, HOA's cards repeated), padded with JSON whitespace to `bytes`. */
function largeSetFile(bytes: number): string {
  const hoa = JSON.parse(readFileSync(join(PROJECT_ROOT, 'data', 'sets', 'wow-tcg-hoa.json'), 'utf8')) as { cards: { number: number; name: string }[] } & Record<string, unknown>;
  const cards = Array.from({ length: 5000 }, (_, i) => ({ ...hoa.cards[i % hoa.cards.length], number: i + 1, name: `${hoa.cards[i % hoa.cards.length].name} ${i + 1}` }));
  const body = JSON.stringify({ ...hoa, code: 'BIG', name: 'Bench large set', cards, boosterLayout: undefined }, null, 1);
  const pad = Math.max(0, bytes - Buffer.byteLength(body));
  const newlines = body.split('\n').length - 1;
  return body.replace(/\n/g, () => '\n' + ' '.repeat(Math.floor(pad / newlines)));
}

/**
 * (f) The event-loop stall of the heaviest requests, each while /api/health is probed, next to the
 * probe alone: deck checks with a 100,000-element array (the largest that fits the JSON limit;
 * refused by its size) and with 200,000 (the 400 KB body once answered with 200,002 details, now
 * over the limit), deck lists of 500 unknown names (the closest-name search) and a 256 KB .o8d
 * file of cards on one line, each sent 20 times back to back (the first deck list of the server
 * alone, as it loads the game's catalog); a 20,000-line deck list; a 9 MB set file.
 */
async function stalls(base: string): Promise<StallReport> {
  const post = (path: string, type: string, body: string, auth?: string) =>
    fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': type, ...(auth ? { authorization: auth } : {}) }, body });
  const bigArray = (n: number) => JSON.stringify({ game: 'wow-tcg', format: 'constructed', main: new Array(n).fill(0) });
  const unknownNames = Array.from({ length: 500 }, (_, i) => `1 Unknown Card Name Number ${i}`).join('\n');
  const typos = Array.from({ length: 500 }, (_, i) => `1 Ironforge Gaurds ${String.fromCharCode(97 + (i % 26))}`).join('\n');
  let o8d = '<deck><section name="Main">';
  for (let i = 0; o8d.length < 255 * 1024; i++) o8d += `<card qty="1" id="x">Unknown ${i}</card>`;
  o8d += '</section></deck>';
  const deckList = Array.from({ length: 20_000 }, (_, i) => `1 Unknown Card Name Number ${i}`).join('\n');
  const setFile = largeSetFile(9 * 1024 * 1024);
  const baseline = await stallDuring(base, 'nothing else (baseline)', () => sleep(1000).then(() => new Response('')));
  return {
    baseline,
    stalls: [
      await stallDuring(base, 'POST /api/decks/check, main = 100,000 numbers (200 KB)', () => post('/api/decks/check', 'application/json', bigArray(100_000)), 20),
      await stallDuring(base, 'POST /api/decks/check, main = 200,000 numbers (400 KB)', () => post('/api/decks/check', 'application/json', bigArray(200_000)), 20),
      // The first list after the start loads the game's catalog (once per catalog version), the others find it loaded.
      await stallDuring(base, 'the first deck list after the start (500 unknown names)', () => post('/api/decks/import?format=text&game=wow-tcg', 'text/plain', unknownNames)),
      await stallDuring(base, 'a deck list of 500 unknown names', () => post('/api/decks/import?format=text&game=wow-tcg', 'text/plain', unknownNames), 20),
      await stallDuring(base, 'a deck list of 500 misspelt names ("did you mean")', () => post('/api/decks/import?format=text&game=wow-tcg', 'text/plain', typos), 20),
      await stallDuring(
        base,
        `a ${Math.round(o8d.length / 1024)} KB .o8d file, its cards on one line`,
        () => post('/api/decks/import?format=o8d&game=wow-tcg', 'application/xml', o8d),
        20,
      ),
      await stallDuring(base, `a ${Math.round(deckList.length / 1024)} KB deck list of 20,000 unknown names`, () =>
        post('/api/decks/import?format=text&game=wow-tcg', 'text/plain', deckList),
      ),
      await stallDuring(base, `a ${(Buffer.byteLength(setFile) / 1024 / 1024).toFixed(1)} MB set file (5,000 cards)`, () =>
        post('/api/sets/import?format=product&layout=wow-tcg-15', 'application/json', setFile, `Bearer ${ORGANIZER}`),
      ),
    ],
  };
}

/** One line per stall of the report, with the baseline first. */
export function stallLines(report: StallReport): string[] {
  const { baseline } = report;
  return [
    `(f) GET /api/health every 5 ms, alone: max ${baseline.healthMaxMs.toFixed(1)} ms, p50 ${baseline.healthP50Ms.toFixed(1)} ms over ${baseline.probes} probes (baseline)`,
    ...report.stalls.map((s) => {
      const added = s.healthMaxMs - baseline.healthMaxMs;
      return `(f) while ${s.label}${s.requests > 1 ? ` ×${s.requests}` : ''}: max ${s.healthMaxMs.toFixed(1)} ms, p50 ${s.healthP50Ms.toFixed(1)} ms over ${s.probes} probes, +${Math.max(0, added).toFixed(1)} ms over the baseline (target < ${STALL_TARGET_MS} ms): ${added < STALL_TARGET_MS ? 'PASS' : 'FAIL'}; answered ${s.status} in ${s.requestMs.toFixed(0)} ms each`;
    }),
  ];
}

export async function draftBench(pods: number): Promise<DraftBenchResult> {
  const logger = pino({ level: 'warn' });
  const pg = await startEmbeddedPostgres({
    dataDir: join(PROJECT_ROOT, '.data', 'bench-postgres'),
    port: 0,
    logger,
    postgresFlags: ['-c', 'shared_preload_libraries=pg_stat_statements'],
  });
  let server: ChildProcess | undefined;
  try {
    const dbName = `podium_bench_${process.pid}`;
    const admin = new Client({ connectionString: pg.url });
    await admin.connect();
    // Earlier runs' databases too: they only fill the disk the measurement runs on.
    const { rows: old } = await admin.query<{ datname: string }>("SELECT datname FROM pg_database WHERE datname LIKE 'podium\\_bench\\_%'");
    for (const { datname } of old) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    await admin.end();
    await createDatabaseIfMissing(pg.url, dbName);
    const url = withDatabase(pg.url, dbName);
    await migrate(url);

    const baseline = (await pgbenchBaseline(pg.url)) ?? (await rawSqlBaseline(url));
    const port = await freePort();
    server = await startServer(url, port);
    const base = `http://127.0.0.1:${port}`;

    const stats = new Client({ connectionString: url });
    await stats.connect();
    let statementsPerPick: number | null = null;
    try {
      const statements = await stats
        .query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements')
        .then(() => true)
        .catch(() => false);
      const count = async () =>
        Number(
          (
            await stats.query<{ n: string }>(
              "SELECT coalesce(sum(calls), 0) AS n FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database()) AND query NOT ILIKE '%pg_stat_statements%'",
            )
          ).rows[0].n,
        );
      // Only the stalls (f): for work on the heavy requests.
      if (process.argv.includes('--stalls-only')) {
        for (const line of stallLines(await stalls(base))) console.log(line);
        server.kill('SIGTERM');
        await stats.end(); // before PostgreSQL stops: its goodbye would be an unhandled error of this client
        await pg.stop();
        process.exit(0);
      }
      // Only the timer burst (d), three times: for work on the pick timers.
      if (process.argv.includes('--burst-only')) {
        for (let i = 0; i < 3; i++) {
          const b = await timerBurst(base, url, pods);
          console.log(`(d) timer burst: ${b.seats} seats, auto-pick lateness p50 ${b.p50.toFixed(0)} ms, p99 ${b.p99.toFixed(0)} ms, max ${b.max.toFixed(0)} ms`);
        }
        server.kill('SIGTERM');
        await pg.stop();
        process.exit(0);
      }
      let before = 0;
      let cpu: { server: number | null; postgres: number | null } = { server: null, postgres: null };
      let serverCpuMsPerPick: number | null = null;
      let postgresCpuMsPerPick: number | null = null;
      let probe: ReturnType<typeof diskSyncProbe> | null = null;
      let diskSync: DraftBenchResult['diskSync'] = null;
      const load = await draftLoad(base, ORGANIZER, pods, 'bench', {
        settle: async () => {
          await stats.query('CHECKPOINT');
        },
        before: async () => {
          if (statements) before = await count();
          cpu = { server: cpuMsOf([server!.pid!]), postgres: cpuMsOf(postgresPids(pg.dataDir), true) };
        },
        after: async (picks) => {
          const serverNow = cpuMsOf([server!.pid!]);
          const postgresNow = cpuMsOf(postgresPids(pg.dataDir), true);
          if (serverNow !== null && cpu.server !== null) serverCpuMsPerPick = (serverNow - cpu.server) / picks;
          if (postgresNow !== null && cpu.postgres !== null) postgresCpuMsPerPick = (postgresNow - cpu.postgres) / picks;
          if (statements) statementsPerPick = ((await count()) - before) / picks;
        },
        openLoop: async (phase) => {
          if (phase === 'start') probe = diskSyncProbe(pg.dataDir);
          else diskSync = (await probe?.stop()) ?? null;
        },
      });
      const burst = await timerBurst(base, url, pods);
      const atRate = await pgbenchAtRate(pg.url, load.openLoopRate);
      const heavy = await stalls(base);
      return {
        baselineName: baseline.name,
        baselineTps: baseline.tps,
        ...load,
        statementsPerPick,
        burst,
        serverCpuMsPerPick,
        postgresCpuMsPerPick,
        diskSync,
        pgbenchAtRate: atRate,
        stalls: heavy,
      };
    } finally {
      await stats.end();
    }
  } finally {
    server?.kill('SIGTERM');
    await pg.stop();
  }
}
