import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { createDatabaseIfMissing, withDatabase } from '../../src/common/database/database-target';
import { freePort } from '../../src/common/database/embedded-postgres';
import { driveDraft, statusCounts, type FaultLoadPlayer } from '../../src/cli/fault-load';
import { freezePostgres, terminateConnections } from '../../src/cli/postgres-faults';
import { startServerProcess } from '../utils/server-process';

/**
 * Database faults against real server processes (dist/main.js) on a PostgreSQL of this test's own,
 * which it cuts (pg_terminate_backend), freezes (SIGSTOP of every PostgreSQL process) and thaws:
 * the servers stay up, requests get answers or 503 DATABASE_UNAVAILABLE (never a hang until the
 * database comes back, never a 500), they recover by themselves, and no acknowledged pick is lost
 * or doubled. The figures (how long a request waits before its 503) are `npm run bench`'s.
 */
describe('database faults (real server processes, a PostgreSQL the test cuts and freezes)', () => {
  const organizer = 'database-faults-organizer-token';
  const DATABASE = 'podium';
  let pg: { process: ChildProcess; url: string; dataDir: string };
  let url: string;
  const servers: { process: ChildProcess; base: string }[] = [];
  let thaw: (() => void) | null = null;

  beforeAll(async () => {
    const root = mkdtempSync(join(tmpdir(), 'podium-faults-'));
    chmodSync(root, 0o755); // as root, the postgres user must be able to enter it
    pg = await startCluster(join(root, 'pg'));
    await createDatabaseIfMissing(pg.url, DATABASE);
    url = withDatabase(pg.url, DATABASE);
    // The first instance migrates and loads the shipped sets; the others find them there.
    for (let i = 0; i < 3; i++) {
      const port = await freePort();
      const env = { DATABASE_URL: url, ORGANIZER_TOKEN: organizer, DB_QUERY_TIMEOUT_MS: '1000', DB_CONNECT_TIMEOUT_MS: '1000', LOAD_SHIPPED_SETS: i === 0 ? 'true' : 'false' };
      servers.push({ process: await startServerProcess(port, env, 60_000), base: `http://127.0.0.1:${port}` });
    }
  }, 120_000);

  afterAll(async () => {
    thaw?.();
    for (const s of servers) s.process.kill('SIGKILL');
    if (pg) {
      pg.process.kill('SIGTERM');
      await new Promise((r) => pg.process.once('exit', r));
    }
  });

  /** The product's embedded PostgreSQL in a process of its own (jest cannot load the ESM-only package). */
  async function startCluster(dataDir: string): Promise<{ process: ChildProcess; url: string; dataDir: string }> {
    // Three instances hold up to ~35 connections each: more than PostgreSQL's default 100 in all.
    const flags = ['-c', 'max_connections=300'];
    const child = spawn(process.execPath, [join(__dirname, '..', 'support', 'start-embedded-pg.js'), dataDir, ...flags], { stdio: ['ignore', 'pipe', 'inherit'] });
    const line = await new Promise<string>((ok) => {
      let out = '';
      child.stdout!.on('data', (d: Buffer) => {
        out += d.toString();
        if (out.includes('\n')) ok(out.split('\n')[0]);
      });
      child.on('exit', (code) => ok(out.split('\n')[0] || `exit ${code}`));
    });
    const match = /^ready \d+ (\S+)$/.exec(line);
    if (!match) throw new Error(`embedded PostgreSQL did not start: ${line}`);
    return { process: child, url: match[1], dataDir };
  }

  async function api(base: string, method: string, path: string, body?: unknown, token = organizer): Promise<any> {
    const res = await fetch(`${base}/api${path}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = await res.json();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  }

  const alive = () => servers.every((s) => s.process.exitCode === null && s.process.signalCode === null);

  /** A started draft with `players` registered on the first instance, spread over the instances. */
  async function openDraft(seed: string, players: number, extra: Record<string, unknown> = {}): Promise<{ id: string; players: FaultLoadPlayer[] }> {
    const base = servers[0].base;
    const event = await api(base, 'POST', '/events', { name: seed, game: 'wow-tcg', format: 'draft', packs: ['HOA'], seed, pickTimeSeconds: 0, ...extra });
    const out: FaultLoadPlayer[] = [];
    for (let i = 0; i < players; i++) {
      const p = await api(base, 'POST', `/events/${event.id}/players`, { name: `Player ${i + 1}` });
      out.push({ eventId: event.id, playerId: p.playerId, token: p.token, base: servers[i % servers.length].base });
    }
    await api(base, 'POST', `/events/${event.id}/start`);
    return { id: event.id, players: out };
  }

  async function onDatabase<T>(work: (c: Client) => Promise<T>): Promise<T> {
    const client = new Client({ connectionString: url });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  }

  async function waitUntil(check: () => Promise<boolean>, what: string, tries = 200): Promise<void> {
    for (let i = 0; i < tries; i++) {
      if (await check().catch(() => false)) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`gave up waiting: ${what}`);
  }

  it('bug: a connection cut while a request holds it kills no server (400 concurrent preselects while every connection is terminated)', async () => {
    const { id, players } = await openDraft('faults-preselect-cut-01', 1, { fillWithBots: true });
    const [player] = players;
    const me = await api(servers[0].base, 'GET', `/events/${id}/me`, undefined, player.token);
    const cardId = me.currentPack.cards[1].cardId as string;
    const statuses: number[] = [];
    const requests = Array.from({ length: 400 }, async () => {
      const res = await fetch(`${servers[0].base}/api/events/${id}/preselect`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${player.token}` },
        body: JSON.stringify({ cardId }),
      }).catch(() => null);
      statuses.push(res?.status ?? 0);
    });
    let cut = 0;
    for (let i = 0; i < 4; i++) {
      await new Promise((r) => setTimeout(r, 20));
      cut += await terminateConnections(pg.url, DATABASE);
    }
    await Promise.all(requests);
    expect(cut).toBeGreaterThan(0);
    expect(alive()).toBe(true);
    // Answers only: done, or 503 for those whose connection was cut under them. No 500, no dropped connection.
    expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
    // And the server serves again, with no restart.
    await waitUntil(async () => (await fetch(`${servers[0].base}/api/health`)).ok, 'health after the cut');
    expect((await api(servers[0].base, 'PUT', `/events/${id}/preselect`, { cardId }, player.token)).cardId).toBe(cardId);
  });

  it('a hung database: requests give up with 503 DATABASE_UNAVAILABLE instead of waiting for it, and recover by themselves', async () => {
    const { id } = await openDraft('faults-frozen-db-0001', 4);
    thaw = freezePostgres(pg.dataDir);
    let answers: { status: number; code: string }[];
    try {
      answers = await Promise.all(
        [`/events/${id}`, `/events/${id}/pods`, '/sets', `/events/${id}/standings`].map(async (path) => {
          const res = await fetch(`${servers[1].base}/api${path}`, { headers: { authorization: `Bearer ${organizer}` } });
          return { status: res.status, code: ((await res.json()) as { code: string }).code };
        }),
      );
      // Still frozen: the server answered without the database.
      expect(answers.map((a) => `${a.status} ${a.code}`)).toEqual(Array(4).fill('503 DATABASE_UNAVAILABLE'));
      const health = await fetch(`${servers[1].base}/api/health`);
      expect(health.status).toBe(503);
      expect(alive()).toBe(true);
    } finally {
      thaw();
      thaw = null;
    }
    await waitUntil(async () => (await fetch(`${servers[1].base}/api/events/${id}`)).ok, 'answers after the thaw');
    expect((await api(servers[1].base, 'GET', `/events/${id}`)).state).toBe('drafting');
  });

  it('three instances, 20 pods of 8 drafting through two rounds of cut connections and a 5 s freeze: every instance up, answers or 503s only, no acknowledged pick lost or doubled, every event reaches deck building', async () => {
    const events: { id: string; players: FaultLoadPlayer[] }[] = [];
    for (let i = 0; i < 5; i++) events.push(await openDraft(`faults-night-${i}-seed-0001`, 32));
    const players = events.flatMap((e) => e.players);
    // Every card of every pack opened is picked once.
    const total = await onDatabase(async (c) => {
      const { rows } = await c.query<{ n: string }>('SELECT count(*) AS n FROM pack_card pc JOIN pack p ON p.id = pc.pack_id WHERE p.event_id = ANY($1::uuid[])', [
        events.map((e) => e.id),
      ]);
      return Number(rows[0].n);
    });
    const faults: Promise<unknown>[] = [];
    let step = 0;
    const onAck = (acked: number) => {
      if (step === 0 && acked >= total * 0.15) {
        step = 1;
        faults.push(terminateConnections(pg.url, DATABASE));
      } else if (step === 1 && acked >= total * 0.35) {
        step = 2;
        faults.push(terminateConnections(pg.url, DATABASE));
      } else if (step === 2 && acked >= total * 0.55) {
        step = 3;
        thaw = freezePostgres(pg.dataDir);
        faults.push(
          new Promise<void>((r) =>
            setTimeout(() => {
              thaw?.();
              thaw = null;
              r();
            }, 5_000),
          ),
        );
      }
    };
    const result = await driveDraft(players, Date.now() + 240_000, onAck);
    await Promise.all(faults);
    const counts = statusCounts(result.answers);
    const slowest503 = Math.max(0, ...result.answers.filter((a) => a.status === 503).map((a) => a.ms));
    process.stderr.write(`database faults: ${JSON.stringify(counts)}; slowest 503 after ${Math.round(slowest503)} ms (query timeout 1000 ms)\n`);

    expect(step).toBe(3); // every fault happened during the draft
    expect(alive()).toBe(true);
    for (const s of servers) expect((await fetch(`${s.base}/api/health`)).ok).toBe(true);
    expect(result.unfinished).toBe(0);
    // Answers or 503s only: no 500, no dropped connection, no refusal of a pick that was right.
    expect(Object.keys(counts).filter((k) => k !== '200' && k !== '503 DATABASE_UNAVAILABLE')).toEqual([]);
    expect(counts['503 DATABASE_UNAVAILABLE']).toBeGreaterThan(0); // the freeze was answered, not waited out

    const stored = await onDatabase(async (c) => {
      const { rows } = await c.query<{ player_id: string; pack_number: number; pick_number: number; card_id: string }>(
        `SELECT s.player_id, p.pack_number, p.pick_number, p.card_id FROM pick p JOIN seat s ON s.pod_id = p.pod_id AND s.seat = p.seat
          WHERE s.player_id = ANY($1::uuid[])`,
        [players.map((p) => p.playerId)],
      );
      return rows;
    });
    const key = (playerId: string, packNumber: number, pickNumber: number) => `${playerId}/${packNumber}/${pickNumber}`;
    const storedCards = new Map(stored.map((r) => [key(r.player_id, r.pack_number, r.pick_number), r.card_id]));
    expect(storedCards.size).toBe(stored.length); // one pick per seat and pick number
    // Every acknowledged pick is stored with the card the player was told; none is missing.
    const lost = result.acked.filter((a) => storedCards.get(key(a.playerId, a.packNumber, a.pickNumber)) !== a.cardId);
    expect(lost).toEqual([]);
    expect(stored.length).toBe(total);
    const states = await onDatabase(async (c) => (await c.query<{ state: string }>('SELECT state FROM event WHERE id = ANY($1::uuid[])', [events.map((e) => e.id)])).rows);
    expect(states.map((s) => s.state)).toEqual(Array(events.length).fill('building'));
  }, 300_000);
});
