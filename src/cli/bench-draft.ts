/**
 * Draft throughput over HTTP (issue "Events", `npm run bench`): N concurrent 8-seat pods drafted by
 * separate HTTP clients against a real server process on a fresh database, next to a baseline
 * measured on the same PostgreSQL in the same run:
 * - baseline: `pgbench -N -c 16 -j 2 -T 10` when pgbench is installed, else the pick transaction
 *   itself (lock the pod row, read its picks, insert one) as raw SQL through `pg`, 16 clients, 10 s;
 * - (a) sustained picks/s with every seat picking as soon as its pack arrives (closed loop);
 * - (b) p50/p99 pick latency under an open-loop load at half of (a): picks are released at a fixed
 *   rate and latency runs from the scheduled release, so a slow server cannot hide its queueing.
 * BENCH_SERVER_NODE_OPTIONS passes node flags to the server process, e.g. "--cpu-prof
 * --cpu-prof-dir=/tmp/prof" to profile it under this load; BENCH_SERVER_LOG_LEVEL=info with
 * BENCH_SERVER_LOG=<file> keeps its request log (response times per route).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { openSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import pino from 'pino';
import { createDatabaseIfMissing, PROJECT_ROOT, withDatabase } from '../common/database/database-target';
import { freePort, startEmbeddedPostgres } from '../common/database/embedded-postgres';
import { migrate } from '../common/database/migrator';

const ORGANIZER = 'bench-organizer-token-0123456789';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface DraftBenchResult extends DraftLoadResult {
  baselineName: string;
  baselineTps: number;
}

interface Seat {
  token: string;
}

class Api {
  constructor(readonly base: string) {}
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON of several routes
  async call(method: string, path: string, token: string, body?: unknown): Promise<{ status: number; json: any }> {
    const res = await fetch(`${this.base}/api${path}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, json: await res.json() };
  }
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function pgbenchBaseline(serverUrl: string): Promise<{ name: string; tps: number } | null> {
  let pgbench: string;
  try {
    pgbench = execFileSync('sh', ['-c', 'command -v pgbench'], { encoding: 'utf8' }).trim();
  } catch {
    return null;
  }
  if (!pgbench) return null;
  await createDatabaseIfMissing(serverUrl, 'podium_bench_pgbench');
  const url = new URL(withDatabase(serverUrl, 'podium_bench_pgbench'));
  const env = { ...process.env, PGPASSWORD: decodeURIComponent(url.password) };
  const args = ['-h', url.hostname, '-p', url.port, '-U', decodeURIComponent(url.username)];
  execFileSync(pgbench, [...args, '-i', '-s', '1', '-q', 'podium_bench_pgbench'], { env, stdio: 'ignore' });
  const out = execFileSync(pgbench, [...args, '-N', '-c', '16', '-j', '2', '-T', '10', 'podium_bench_pgbench'], { env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  const tps = Number(/tps = ([\d.]+)/.exec(out)?.[1]);
  return { name: 'pgbench -N -c 16 -j 2 -T 10', tps };
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
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), ORGANIZER_TOKEN: ORGANIZER, LOG_LEVEL: process.env.BENCH_SERVER_LOG_LEVEL ?? 'error', PICK_TIMERS: 'false' },
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

async function openDraft(api: Api, organizer: string, pods: number, seed: string): Promise<{ id: string; seats: Seat[] }> {
  const event = (await api.call('POST', '/events', organizer, { name: 'Load draft', game: 'wow-tcg', format: 'draft', packs: ['HOA'], seed, pickTimeSeconds: 0 })).json;
  if (!event?.id) throw new Error(`create event: ${JSON.stringify(event)}`);
  const seats: Seat[] = [];
  for (let i = 0; i < pods * 8; i++) seats.push({ token: (await api.call('POST', `/events/${event.id}/players`, organizer, { name: `Seat ${i}` })).json.token });
  const started = await api.call('POST', `/events/${event.id}/start`, organizer);
  if (started.status !== 200) throw new Error(`start: ${JSON.stringify(started.json)}`);
  return { id: event.id, seats };
}

/**
 * One seat's client, as a browser would run it: it listens on its live stream (SSE) and picks
 * (the first card) whenever a `pack` event shows a pack in front of it; it stops at
 * `draft-complete`. `release` (open loop) makes it wait for its scheduled slot; the latency then
 * counts from the slot, not from the send.
 */
async function runSeat(api: Api, eventId: string, seat: Seat, latencies: number[], release?: () => Promise<number>): Promise<number> {
  const { json: ticket } = await api.call('POST', `/events/${eventId}/stream-ticket`, seat.token);
  const controller = new AbortController();
  const res = await fetch(`${api.base}/api/events/${eventId}/stream?ticket=${encodeURIComponent(ticket.ticket)}`, { signal: controller.signal });
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let picks = 0;
  let lastPick = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return picks;
      buffer += decoder.decode(value, { stream: true });
      let cut: number;
      while ((cut = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (event === 'draft-complete') return picks;
        if (event !== 'pack' || !data) continue;
        const view = JSON.parse(data);
        const key = `${view.packNumber}/${view.pickNumber}`;
        if (!view.currentPack || key === lastPick) continue;
        lastPick = key;
        const scheduled = release ? await release() : performance.now();
        const pick = await api.call('POST', `/events/${eventId}/picks`, seat.token, { packNumber: view.packNumber, pickNumber: view.pickNumber, cardId: view.currentPack.cards[0].cardId });
        if (pick.status !== 200) throw new Error(`pick: ${pick.status} ${JSON.stringify(pick.json)}`);
        latencies.push(performance.now() - scheduled);
        picks++;
      }
    }
  } finally {
    controller.abort();
  }
}

/** A fixed-rate release schedule: slot k is at start + k / rate. */
function releaser(rate: number): () => Promise<number> {
  const start = performance.now();
  let k = 0;
  return async () => {
    const slot = start + (k++ * 1000) / rate;
    const wait = slot - performance.now();
    if (wait > 0) await sleep(wait);
    return slot;
  };
}

/** Figures of a draft load run. */
export interface DraftLoadResult {
  picks: number;
  picksPerSecond: number;
  openLoopRate: number;
  p50: number;
  p99: number;
}

/**
 * Draft load against any server (the bench's, or `npm run simulate -- --pods N --url …`): (a) N
 * concurrent 8-seat pods, every seat a separate client picking as soon as its pack arrives
 * (closed loop); (b) the same again at half of (a)'s rate, open loop, for pick latency percentiles.
 */
export async function draftLoad(baseUrl: string, organizer: string, pods: number, seed: string): Promise<DraftLoadResult> {
  const api = new Api(baseUrl);
  const a = await openDraft(api, organizer, pods, `${seed}-closed-loop-draft`);
  const closedLatencies: number[] = [];
  const t0 = performance.now();
  const picks = (await Promise.all(a.seats.map((s) => runSeat(api, a.id, s, closedLatencies)))).reduce((x, y) => x + y, 0);
  const picksPerSecond = (picks * 1000) / (performance.now() - t0);
  const rate = picksPerSecond / 2;
  const b = await openDraft(api, organizer, pods, `${seed}-open-loop-draft-01`);
  const latencies: number[] = [];
  const release = releaser(rate);
  await Promise.all(b.seats.map((s) => runSeat(api, b.id, s, latencies, release)));
  latencies.sort((x, y) => x - y);
  return { picks, picksPerSecond, openLoopRate: rate, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}

export async function draftBench(pods: number): Promise<DraftBenchResult> {
  const logger = pino({ level: 'warn' });
  const pg = await startEmbeddedPostgres({ dataDir: join(PROJECT_ROOT, '.data', 'bench-postgres'), port: 0, logger });
  let server: ChildProcess | undefined;
  try {
    const dbName = `podium_bench_${process.pid}`;
    const admin = new Client({ connectionString: pg.url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
    await createDatabaseIfMissing(pg.url, dbName);
    const url = withDatabase(pg.url, dbName);
    await migrate(url);

    const baseline = (await pgbenchBaseline(pg.url)) ?? (await rawSqlBaseline(url));
    const port = await freePort();
    server = await startServer(url, port);
    const api = new Api(`http://127.0.0.1:${port}`);

    const load = await draftLoad(`http://127.0.0.1:${port}`, ORGANIZER, pods, 'bench');
    return { baselineName: baseline.name, baselineTps: baseline.tps, ...load };
  } finally {
    server?.kill('SIGTERM');
    await pg.stop();
  }
}
