import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { freePort } from '../../src/common/database/embedded-postgres';
import { createDatabase, databaseUrl, dropDatabase, SERVER_URL_ENV, TEMPLATE_DATABASE } from '../setup/test-database';
import { findPgBouncer, startPgBouncer, type RunningPgBouncer } from '../utils/pgbouncer';
import { startServerProcess } from '../utils/server-process';

const pgbouncer = findPgBouncer();
if (!pgbouncer && process.env.CI) {
  throw new Error('PgBouncer is missing, and CI must run the PgBouncer test: install it with `apt-get install -y pgbouncer` (.ci/run does), or set PGBOUNCER to its binary.');
}
// Skipped only off CI when Debian's pgbouncer is not installed (apt-get install -y pgbouncer); CI fails above instead.
const describeWithPgBouncer = pgbouncer ? describe : describe.skip;
if (!pgbouncer) process.stderr.write('PgBouncer test skipped: pgbouncer is not installed (apt-get install -y pgbouncer)\n');

const WAIT_MS = 20_000;

/** The server-sent events of one live stream (heartbeats left out), as they arrive. */
class LiveStream {
  readonly events: { event: string; data: any }[] = [];
  private buffer = '';
  private wake: (() => void) | null = null;
  private cursor = 0;
  ended = false;

  constructor(private readonly req: http.ClientRequest) {}

  attach(res: http.IncomingMessage): void {
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => {
      this.buffer += chunk;
      for (let i = this.buffer.indexOf('\n\n'); i >= 0; i = this.buffer.indexOf('\n\n')) {
        const block = this.buffer.slice(0, i);
        this.buffer = this.buffer.slice(i + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
        const data = block
          .split('\n')
          .filter((line) => line.startsWith('data: '))
          .map((line) => line.slice(6));
        // Heartbeats keep the connection open; they are no update.
        if (data.length && event !== 'heartbeat') this.events.push({ event, data: JSON.parse(data.join('\n')) });
      }
      this.wake?.();
    });
    res.on('close', () => {
      this.ended = true;
      this.wake?.();
    });
  }

  /** The next event not taken yet. @throws Error when none comes within WAIT_MS (the live update did not arrive). */
  async next(): Promise<{ event: string; data: any }> {
    const deadline = Date.now() + WAIT_MS;
    while (this.cursor >= this.events.length) {
      if (this.ended) throw new Error(`stream ended; got ${JSON.stringify(this.events.map((e) => e.event))}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no live update within ${WAIT_MS} ms; got ${JSON.stringify(this.events.map((e) => e.event))}`);
      await new Promise<void>((ok) => {
        const timer = setTimeout(ok, left);
        this.wake = () => {
          clearTimeout(timer);
          this.wake = null;
          ok();
        };
      });
    }
    return this.events[this.cursor++];
  }

  close(): void {
    this.req.destroy();
  }
}

/**
 * Two real server processes (dist/main.js) behind a transaction-pooling PgBouncer (Debian's
 * package): DATABASE_URL goes through PgBouncer, DATABASE_DIRECT_URL straight to PostgreSQL for
 * LISTEN, the session advisory locks, the migrations and the presence connection. PgBouncer has
 * fewer server connections than the instances have clients, so the instances' transactions take
 * turns on the same server sessions. A draft runs across both: half the players on each instance,
 * each player picking only what its own instance's live stream shows — so every pack passed to a
 * player of the other instance must reach it through NOTIFY → LISTEN — until the draft completes.
 * Then a per-client limit, counted through PgBouncer, holds across both.
 */
describeWithPgBouncer('two instances through a transaction-pooling PgBouncer (real processes)', () => {
  const serverUrl = process.env[SERVER_URL_ENV]!;
  const dbName = `podium_test_pgbouncer_${randomUUID().slice(0, 8)}`;
  const organizer = 'pgbouncer-test-organizer-token';
  let bouncer: RunningPgBouncer | undefined;
  const servers: ChildProcess[] = [];
  const streams: LiveStream[] = [];
  let ports: number[] = [];

  beforeAll(async () => {
    await createDatabase(serverUrl, dbName, TEMPLATE_DATABASE);
    bouncer = await startPgBouncer(pgbouncer!, { serverUrl, port: await freePort(), poolSize: 4 });
    ports = [await freePort(), await freePort()];
    const env = {
      DATABASE_URL: bouncer.url(dbName),
      DATABASE_DIRECT_URL: databaseUrl(serverUrl, dbName),
      ORGANIZER_TOKEN: organizer,
      LOAD_SHIPPED_SETS: 'false',
      RATE_LIMIT_HEAVY: '3',
    };
    // Both at once: their migrations meet on the advisory lock (over the direct URL).
    servers.push(...(await Promise.all(ports.map((port) => startServerProcess(port, env, 30_000)))));
  }, 60_000);
  afterAll(async () => {
    for (const s of streams) s.close();
    for (const server of servers) server.kill('SIGKILL');
    await bouncer?.stop();
    await dropDatabase(serverUrl, dbName);
  });

  /** A call as the organizer, as a player (`token`), or anonymous (null). @throws Error with the answer (and PgBouncer's log) unless 2xx. */
  async function api(port: number, method: string, path: string, body?: unknown, token: string | null = organizer): Promise<any> {
    const res = await fetch(`http://127.0.0.1:${port}/api${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(WAIT_MS),
    }).catch((error: Error) => {
      throw new Error(`${method} ${path} on :${port}: ${error.message}\nPgBouncer:\n${bouncer?.log()}`);
    });
    const json = await res.json();
    if (!res.ok) throw new Error(`${method} ${path} on :${port}: ${res.status} ${JSON.stringify(json)}\nPgBouncer:\n${bouncer?.log()}`);
    return json;
  }

  function openStream(port: number, eventId: string, ticket: string): Promise<LiveStream> {
    return new Promise((resolve, reject) => {
      const path = `/api/events/${eventId}/stream?ticket=${encodeURIComponent(ticket)}`;
      const req = http.get({ host: '127.0.0.1', port, path, headers: { accept: 'text/event-stream' }, agent: false }, (res) => {
        if (res.statusCode !== 200) return reject(new Error(`stream on :${port}: ${res.statusCode}`));
        stream.attach(res);
        resolve(stream);
      });
      const stream = new LiveStream(req);
      streams.push(stream);
      req.on('error', reject);
      setTimeout(() => reject(new Error(`stream on :${port}: no answer within ${WAIT_MS} ms`)), WAIT_MS).unref();
    });
  }

  it('a draft with players on both instances: picks land, live updates reach both, the draft completes', async () => {
    const [a, b] = ports;
    const event = await api(a, 'POST', '/events', {
      name: 'Behind PgBouncer',
      game: 'wow-tcg',
      format: 'draft',
      packs: ['HOA'],
      seed: 'pgbouncer-draft-seed-01',
      pickTimeSeconds: 0,
    });
    // Seats 1 and 3 join through A, 2 and 4 through B; each player stays on the instance it joined.
    const players: { port: number; token: string; playerId: string }[] = [];
    for (let i = 0; i < 4; i++) {
      const port = ports[i % 2];
      const joined = await api(port, 'POST', `/events/${event.id}/players`, { name: `Player ${i + 1}` }, null);
      players.push({ port, token: joined.token, playerId: joined.playerId });
    }
    await api(b, 'POST', `/events/${event.id}/start`);

    const picked = await Promise.all(
      players.map(async (p) => {
        const { ticket } = await api(p.port, 'POST', `/events/${event.id}/stream-ticket`, {}, p.token);
        const stream = await openStream(p.port, event.id, ticket);
        const done = new Set<string>();
        for (;;) {
          const e = await stream.next();
          if (e.event === 'draft-complete' && e.data.state === 'building') return done.size;
          if (e.event !== 'pack' || !e.data.currentPack) continue;
          const at = `${e.data.packNumber}.${e.data.pickNumber}`;
          if (done.has(at)) continue;
          done.add(at);
          await api(
            p.port,
            'POST',
            `/events/${event.id}/picks`,
            { packNumber: e.data.packNumber, pickNumber: e.data.pickNumber, cardId: e.data.currentPack.cards[0].cardId },
            p.token,
          );
        }
      }),
    );

    // Every pick landed: each player's pool, read back on the other instance, holds what it picked.
    for (const [i, p] of players.entries()) {
      const me = await api(ports[1 - (i % 2)], 'GET', `/events/${event.id}/me`, undefined, p.token);
      expect(me.currentPack).toBeNull();
      expect(me.picks).toHaveLength(picked[i]);
    }
    expect(new Set(picked).size).toBe(1);
    expect(picked[0]).toBeGreaterThan(10);
    for (const port of ports) expect((await api(port, 'GET', `/events/${event.id}`)).state).toBe('building');
  });

  it('a per-client limit counted through PgBouncer holds across both instances', async () => {
    const [a, b] = ports;
    const check = (port: number) =>
      fetch(`http://127.0.0.1:${port}/api/decks/check`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ format: 'limited', game: 'wow-tcg', main: [{ cardId: 'HOA-1', count: 1 }] }),
      });
    for (const port of [a, b, a]) expect((await check(port)).status).not.toBe(429);
    const refused = await check(b);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect((await check(a)).status).toBe(429);
  });
});
