/**
 * Bench section (g), database faults, against real server processes on a PostgreSQL of its own:
 * (g1) a frozen database (SIGSTOP of every PostgreSQL process): how long requests take to get
 *      their 503 next to DB_QUERY_TIMEOUT_MS (the baseline), by how much the slowest outlives it,
 *      and how soon the server answers again after the thaw;
 * (g2) pick timer lateness: a timer fired normally (the baseline) next to one whose claim was held
 *      by an instance that died (its claim names a backend that is gone).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import pino from 'pino';
import { createDatabaseIfMissing, PROJECT_ROOT, withDatabase } from '../common/database/database-target';
import { freePort, startEmbeddedPostgres } from '../common/database/embedded-postgres';
import { freezePostgres } from './postgres-faults';

const ORGANIZER = 'bench-faults-organizer-token';
const QUERY_TIMEOUT_MS = 1000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface FaultsBench {
  queryTimeoutMs: number;
  frozen: { requests: number; answered503: number; other: Record<string, number>; p50Ms: number; maxMs: number };
  recoveryMs: number;
  timerLateness: { normalMs: number; deadClaimerMs: number; claimSeconds: number };
}

async function startServer(url: string, port: number, env: Record<string, string>): Promise<ChildProcess> {
  const server = spawn(process.execPath, [join(PROJECT_ROOT, 'dist', 'main.js')], {
    env: { ...process.env, DATABASE_URL: url, PORT: String(port), ORGANIZER_TOKEN: ORGANIZER, LOG_LEVEL: 'error', BACKUP_INTERVAL_HOURS: '0', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 600; i++) {
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

// Answers of several routes, read loosely: the bench only passes ids and cards along.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function api(base: string, method: string, path: string, body?: unknown, token = ORGANIZER): Promise<any> {
  const res = await fetch(`${base}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

async function openDraft(base: string, seed: string, pickTimeSeconds: number): Promise<{ id: string; tokens: string[] }> {
  const event = await api(base, 'POST', '/events', { name: seed, game: 'wow-tcg', format: 'draft', packs: ['HOA'], seed, pickTimeSeconds, minPickSeconds: 1 });
  const tokens: string[] = [];
  for (let i = 0; i < 4; i++) tokens.push((await api(base, 'POST', `/events/${event.id}/players`, { name: `P${i}` })).token);
  await api(base, 'POST', `/events/${event.id}/start`);
  return { id: event.id, tokens };
}

/** (g1): requests sent while PostgreSQL is frozen, then the first answer after the thaw. */
async function frozenDatabase(base: string, dataDir: string): Promise<Pick<FaultsBench, 'frozen' | 'recoveryMs'>> {
  const { id, tokens } = await openDraft(base, 'bench-faults-frozen', 0);
  const me = await api(base, 'GET', `/events/${id}/me`, undefined, tokens[0]);
  const thaw = freezePostgres(dataDir);
  const results: { status: number; ms: number }[] = [];
  try {
    const sent: Promise<void>[] = [];
    // 3 s of a store's traffic while it hangs: reads, a pick, the organizer's pages.
    for (let wave = 0; wave < 10; wave++) {
      for (const [method, path, body, token] of [
        ['GET', `/events/${id}`, undefined, ORGANIZER],
        ['GET', `/events/${id}/me`, undefined, tokens[1]],
        ['GET', `/events/${id}/pods`, undefined, ORGANIZER],
        ['POST', `/events/${id}/picks`, { packNumber: me.packNumber, pickNumber: me.pickNumber, cardId: me.currentPack.cards[0].cardId }, tokens[0]],
      ] as const) {
        sent.push(
          (async () => {
            const started = performance.now();
            const res = await fetch(`${base}/api${path}`, {
              method,
              headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
              body: body ? JSON.stringify(body) : undefined,
            }).catch(() => null);
            results.push({ status: res?.status ?? 0, ms: performance.now() - started });
          })(),
        );
      }
      await sleep(300);
    }
    await Promise.all(sent);
  } finally {
    thaw();
  }
  const thawed = performance.now();
  for (;;) {
    const res = await fetch(`${base}/api/events/${id}`).catch(() => null);
    if (res?.ok) break;
    await sleep(20);
  }
  const recoveryMs = performance.now() - thawed;
  const times = results.map((r) => r.ms).sort((a, b) => a - b);
  const other: Record<string, number> = {};
  for (const r of results) if (r.status !== 503) other[String(r.status)] = (other[String(r.status)] ?? 0) + 1;
  return {
    frozen: {
      requests: results.length,
      answered503: results.filter((r) => r.status === 503).length,
      other,
      p50Ms: times[Math.floor(times.length / 2)],
      maxMs: times[times.length - 1],
    },
    recoveryMs,
  };
}

/** The first deadline of the event's pod, and when its timeout picks were made (waits for them). */
async function timeoutLateness(db: Client, eventId: string, before: (deadline: Date) => Promise<void>): Promise<number> {
  const { rows } = await db.query<{ next_deadline: Date }>('SELECT next_deadline FROM pod WHERE event_id = $1', [eventId]);
  const deadline = rows[0].next_deadline;
  await before(deadline);
  for (;;) {
    const made = await db.query<{ made_at: Date }>("SELECT min(k.made_at) AS made_at FROM pick k JOIN pod p ON p.id = k.pod_id WHERE p.event_id = $1 AND k.source = 'timeout'", [
      eventId,
    ]);
    if (made.rows[0].made_at) return made.rows[0].made_at.getTime() - deadline.getTime();
    await sleep(20);
  }
}

/** (g2): a timer that fires normally, and one whose claim is held by an instance that dies at the deadline. */
async function timerLateness(base: string, url: string, claimSeconds: number): Promise<FaultsBench['timerLateness']> {
  const db = new Client({ connectionString: url });
  await db.connect();
  try {
    const normal = await openDraft(base, 'bench-faults-timer-normal', 2);
    const normalMs = await timeoutLateness(db, normal.id, async () => undefined);
    const dead = await openDraft(base, 'bench-faults-timer-dead', 2);
    const deadClaimerMs = await timeoutLateness(db, dead.id, async (deadline) => {
      // Another instance "claimed" the pod at its deadline (as claimDue does) and dies then.
      const claimer = new Client({ connectionString: url });
      await claimer.connect();
      const until = new Date(deadline.getTime() + claimSeconds * 1000);
      await claimer.query('UPDATE pod SET next_deadline = $2, claimed_until = $2, claimed_by = pg_backend_pid() WHERE event_id = $1', [dead.id, until]);
      await sleep(Math.max(0, deadline.getTime() - Date.now()));
      await claimer.end();
    });
    return { normalMs, deadClaimerMs, claimSeconds };
  } finally {
    await db.end();
  }
}

export async function faultsBench(claimSeconds: number): Promise<FaultsBench> {
  const root = mkdtempSync(join(tmpdir(), 'podium-bench-faults-'));
  chmodSync(root, 0o755);
  const pg = await startEmbeddedPostgres({ dataDir: join(root, 'pg'), port: 0, logger: pino({ level: 'warn' }) });
  const servers: ChildProcess[] = [];
  try {
    await createDatabaseIfMissing(pg.url, 'podium');
    const url = withDatabase(pg.url, 'podium');
    const port = await freePort();
    const env = { DB_QUERY_TIMEOUT_MS: String(QUERY_TIMEOUT_MS), DB_CONNECT_TIMEOUT_MS: String(QUERY_TIMEOUT_MS), PICK_TIMERS: 'true' };
    servers.push(await startServer(url, port, { ...env, LOAD_SHIPPED_SETS: 'true' }));
    const base = `http://127.0.0.1:${port}`;
    const frozen = await frozenDatabase(base, pg.dataDir);
    const timers = await timerLateness(base, url, claimSeconds);
    return { queryTimeoutMs: QUERY_TIMEOUT_MS, ...frozen, timerLateness: timers };
  } finally {
    for (const s of servers) s.kill('SIGKILL');
    await pg.stop();
    rmSync(root, { recursive: true, force: true });
  }
}

/** The section's lines. */
export function faultLines(r: FaultsBench): string[] {
  const over = r.frozen.maxMs / r.queryTimeoutMs;
  const others = Object.entries(r.frozen.other)
    .map(([s, n]) => `${n} × ${s}`)
    .join(', ');
  return [
    `baseline  DB_QUERY_TIMEOUT_MS = ${r.queryTimeoutMs} ms`,
    `(g1) PostgreSQL frozen (SIGSTOP) for ~3 s: ${r.frozen.requests} requests, ${r.frozen.answered503} answered 503${others ? ` (others: ${others})` : ''}; answered after p50 ${r.frozen.p50Ms.toFixed(0)} ms, max ${r.frozen.maxMs.toFixed(0)} ms = ${over.toFixed(2)} × the timeout (outlived it by ${Math.max(0, r.frozen.maxMs - r.queryTimeoutMs).toFixed(0)} ms)`,
    `     after the thaw: answered again in ${r.recoveryMs.toFixed(0)} ms, without a restart`,
    `(g2) pick timer lateness: fired normally ${r.timerLateness.normalMs} ms; claimed by an instance that died at the deadline ${r.timerLateness.deadClaimerMs} ms (the claim alone would lapse after ${r.timerLateness.claimSeconds * 1000} ms; target < 1,000 ms): ${r.timerLateness.deadClaimerMs < 1000 ? 'PASS' : 'FAIL'}`,
  ];
}
