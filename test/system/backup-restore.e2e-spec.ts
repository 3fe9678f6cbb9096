import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { freePort } from '../../src/common/database/embedded-postgres';
import { createDatabase, databaseUrl, dropDatabase, SERVER_URL_ENV } from '../setup/test-database';

const ROOT = join(__dirname, '..', '..');
const ORGANIZER = 'backup-test-organizer-token';

/** Runs a CLI of dist/ (`npm run backup` / `npm run restore` without the build check) with `env` on top of this one. */
function cli(name: 'backup' | 'restore', args: string[], env: Record<string, string>): { status: number | null; stdout: string; stderr: string } {
  const run = spawnSync(process.execPath, [join(ROOT, 'dist', 'cli', `${name}.js`), ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, DATABASE_URL: '', LOG_LEVEL: '', ...env },
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** The server of dist/ on its own embedded PostgreSQL in `pgDir`; resolves once /api/health answers. */
async function startServer(pgDir: string): Promise<{ child: ChildProcess; port: number; api: Api }> {
  const port = await freePort();
  let pgPort = await freePort();
  while (pgPort === port) pgPort = await freePort();
  const child = spawn(process.execPath, [join(ROOT, 'dist', 'main.js')], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      EMBEDDED_PG_DIR: pgDir,
      EMBEDDED_PG_PORT: String(pgPort),
      PORT: String(port),
      ORGANIZER_TOKEN: ORGANIZER,
      PICK_TIMERS: 'false',
      BACKUP_INTERVAL_HOURS: '0',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return { child, port, api: api(port) };
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error('server did not start');
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}

type Api = (method: string, path: string, body?: unknown, token?: string) => Promise<any>;

function api(port: number): Api {
  return async (method, path, body, token = ORGANIZER) => {
    const res = await fetch(`http://127.0.0.1:${port}/api${path}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text;
  };
}

/** A superuser connection to the embedded cluster of `pgDir` while a server runs on it (port from postmaster.pid, password from its file). */
async function connectEmbedded(pgDir: string): Promise<Client> {
  const port = Number(readFileSync(join(pgDir, 'postmaster.pid'), 'utf8').split('\n')[3]);
  const password = readFileSync(`${pgDir}.password`, 'utf8').trim();
  const client = new Client({ host: '127.0.0.1', port, user: 'postgres', password, database: 'podium' });
  await client.connect();
  return client;
}

/** Every table of schema public with an order-independent digest of its rows (text form of every column). */
async function tableContents(client: Client): Promise<Record<string, { rows: number; digest: string }>> {
  const { rows: tables } = await client.query<{ name: string }>(
    "SELECT relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND relkind = 'r' ORDER BY 1",
  );
  const out: Record<string, { rows: number; digest: string }> = {};
  for (const { name } of tables) {
    // Until setup, every start replaces the setup link (its token is printed once, kept as a hash):
    // the restored server's start makes its own, so the pending setup invite is not compared.
    const where = name === 'staff_invite' ? ' WHERE NOT (t.server_owner AND t.used_at IS NULL)' : '';
    const { rows } = await client.query<{ n: number; digest: string }>(
      `SELECT count(*)::int AS n, md5(coalesce(string_agg(t::text, E'\\n' ORDER BY t::text), '')) AS digest FROM "${name}" t${where}`,
    );
    out[name] = { rows: rows[0].n, digest: rows[0].digest };
  }
  return out;
}

/** Each seat with a pack takes its first card until nobody has one (or `limit` picks were made). */
async function draft(call: Api, eventId: string, tokens: string[], limit = Infinity): Promise<number> {
  let made = 0;
  for (let progressed = true; progressed && made < limit;) {
    progressed = false;
    for (const token of tokens) {
      if (made >= limit) break;
      const me = await call('GET', `/events/${eventId}/me`, undefined, token);
      if (!me.currentPack) continue;
      await call('POST', `/events/${eventId}/picks`, { packNumber: me.packNumber, pickNumber: me.pickNumber, cardId: me.currentPack.cards[0].cardId }, token);
      made++;
      progressed = true;
    }
  }
  return made;
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/**
 * `npm run backup` on a live event night (a finished draft with decks, a round with results and a
 * league; a second draft half-way), restored by `npm run restore` into a new embedded cluster and
 * into an empty DATABASE_URL database: every table's rows come back, the restored server answers as
 * the original, and what must be refused is refused with nothing written.
 */
describe('backup and restore of a live event night (real processes, the CLIs from dist/)', () => {
  const serverUrl = process.env[SERVER_URL_ENV]!;
  const emptyDb = `podium_test_restore_${Date.now().toString(36)}`;
  let dir: string;
  let a: Awaited<ReturnType<typeof startServer>>;
  let b: Awaited<ReturnType<typeof startServer>> | undefined;
  let backupFile: string;
  let night: { finished: string; halfway: string; league: string; tokens: string[]; halfwayTokens: string[] };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'podium-backup-'));
    chmodSync(dir, 0o755); // as root the embedded PostgreSQL runs as user postgres, who must enter it
    a = await startServer(join(dir, 'pg-a'));
    const call = a.api;

    // A draft of 3 players with 5 bots, to the end; every player registers a deck; round 1 with results.
    const finished = (
      await call('POST', '/events', { name: 'Friday Draft', game: 'wow-tcg', format: 'draft', packs: ['HOA'], fillWithBots: true, seed: 'backup-friday-draft-seed' })
    ).id;
    const tokens: string[] = [];
    for (const name of ['Alice', 'Bob', 'Carol']) tokens.push((await call('POST', `/events/${finished}/players`, { name, memberNumber: `M-${name}` })).token);
    await call('POST', `/events/${finished}/start`);
    expect(await draft(call, finished, tokens)).toBe(3 * 4 * 14);
    for (const token of tokens) {
      // A pool drafted by always taking the first card may not make a legal deck: a deck kept as illegal is data too.
      const suggestion = await call('GET', `/events/${finished}/deck/suggestion`, undefined, token);
      const res = await fetch(`http://127.0.0.1:${a.port}/api/events/${finished}/deck`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ hero: suggestion.hero, main: suggestion.main }),
      });
      expect([200, 422]).toContain(res.status);
    }
    const round = await call('POST', `/events/${finished}/rounds`, { force: true });
    const played = round.pairings.find((p: { playerB: unknown }) => p.playerB);
    await call('PUT', `/matches/${played.matchId}/result`, { winsA: 2, winsB: 1 });
    const league = (await call('POST', '/leagues', { name: 'Winter Season', game: 'wow-tcg', seasonStart: day(-30), seasonEnd: day(30), scoring: { mode: 'match-points' } })).id;
    await call('POST', `/leagues/${league}/events`, { eventId: finished });

    // A second draft, half-way, with a card preselected: the night is not over.
    const halfway = (await call('POST', '/events', { name: 'Late Draft', game: 'wow-tcg', format: 'draft', packs: ['HOA'], fillWithBots: true, seed: 'backup-late-draft-seed-1' }))
      .id;
    const halfwayTokens: string[] = [];
    for (const name of ['Dan', 'Eve']) halfwayTokens.push((await call('POST', `/events/${halfway}/players`, { name })).token);
    await call('POST', `/events/${halfway}/start`);
    await draft(call, halfway, halfwayTokens, 9);
    const me = await call('GET', `/events/${halfway}/me`, undefined, halfwayTokens[0]);
    await call('PUT', `/events/${halfway}/preselect`, { cardId: me.currentPack.cards[1].cardId }, halfwayTokens[0]);
    night = { finished, halfway, league, tokens, halfwayTokens };
  });

  afterAll(async () => {
    if (b) await stopServer(b.child);
    if (a) await stopServer(a.child);
    await dropDatabase(serverUrl, emptyDb).catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  });

  it('npm run backup finds the running server’s embedded PostgreSQL and writes one owner-only file', () => {
    const run = cli('backup', ['--out', join(dir, 'backups')], { EMBEDDED_PG_DIR: join(dir, 'pg-a') });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/Backup written: .*podium-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.tar\.gz/);
    expect(run.stdout).toContain("from the running server's embedded PostgreSQL");
    const files = readdirSync(join(dir, 'backups'));
    expect(files).toHaveLength(1); // no staging folder or .partial left behind
    backupFile = join(dir, 'backups', files[0]);
    expect(spawnSync('stat', ['-c', '%a', backupFile], { encoding: 'utf8' }).stdout.trim()).toBe('600');
  });

  it('npm run restore into a new embedded cluster brings back every row of every table; the restored server answers as the original', async () => {
    const run = cli('restore', [backupFile], { EMBEDDED_PG_DIR: join(dir, 'pg-b') });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/Restored: [\s\S]*every count checked/);

    b = await startServer(join(dir, 'pg-b'));
    const [source, restored] = [await connectEmbedded(join(dir, 'pg-a')), await connectEmbedded(join(dir, 'pg-b'))];
    try {
      const [before, after] = [await tableContents(source), await tableContents(restored)];
      expect(Object.keys(after)).toEqual(Object.keys(before));
      expect(after).toEqual(before);
      for (const table of ['pick', 'deck', 'result_change', 'league_event', 'preselect', '_prisma_migrations']) expect(after[table].rows).toBeGreaterThan(0);
    } finally {
      await source.end();
      await restored.end();
    }

    // Through the API, with the players' own tokens: picks, pools, decks, results, league standings.
    for (const [path, token] of [
      ...night.tokens.flatMap((t) => [
        [`/events/${night.finished}/me`, t],
        [`/events/${night.finished}/deck`, t],
      ]),
      ...night.halfwayTokens.map((t) => [`/events/${night.halfway}/me`, t]),
      [`/events/${night.finished}/rounds/1`, ORGANIZER],
      [`/events/${night.finished}/standings`, ORGANIZER],
      [`/leagues/${night.league}/standings`, ORGANIZER],
      [`/events/${night.finished}/export`, ORGANIZER],
    ]) {
      const read = async (server: Api) => {
        const body = await server('GET', path, undefined, token);
        if (path.endsWith('/export')) delete body.exportedAt; // the time of the request, not of the event
        // A round clock's remainingSeconds is counted at the request (the two servers answer a second
        // apart); its startedAt and length, compared, are what the restore must bring back.
        return JSON.parse(JSON.stringify(body, (key, value) => (key === 'remainingSeconds' ? undefined : value)));
      };
      expect([path, await read(b.api)]).toEqual([path, await read(a.api)]);
    }
    // The half-way draft goes on on the restored server.
    expect(await draft(b.api, night.halfway, night.halfwayTokens, 2)).toBe(2);
  });

  it('refuses, writing nothing, a target with data, a running server and a backup of a newer schema', async () => {
    const running = cli('restore', [backupFile], { EMBEDDED_PG_DIR: join(dir, 'pg-b') });
    expect(running.status).toBe(1);
    expect(running.stderr).toMatch(/a server is running on the embedded PostgreSQL/);

    await stopServer(b!.child);
    b = undefined;
    const filled = cli('restore', [backupFile], { EMBEDDED_PG_DIR: join(dir, 'pg-b') });
    expect(filled.status).toBe(1);
    expect(filled.stderr).toMatch(/the target database is not empty: .*event \(2\)/);

    // The same backup as if taken by a newer Podium: one more migration than this code has.
    const unpacked = join(dir, 'newer');
    mkdirSync(unpacked);
    expect(spawnSync('tar', ['-xzf', backupFile, '-C', unpacked]).status).toBe(0);
    const manifest = JSON.parse(readFileSync(join(unpacked, 'manifest.json'), 'utf8'));
    manifest.migrations.push({ name: '29991231000000_from_the_future', checksum: 'f'.repeat(64) });
    writeFileSync(join(unpacked, 'manifest.json'), JSON.stringify(manifest));
    const newer = join(dir, 'newer.tar.gz');
    expect(spawnSync('tar', ['-czf', newer, '-C', unpacked, 'manifest.json', 'tables']).status).toBe(0);
    await createDatabase(serverUrl, emptyDb);
    const refused = cli('restore', [newer], { DATABASE_URL: databaseUrl(serverUrl, emptyDb) });
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/newer Podium .*29991231000000_from_the_future/);
    const target = new Client({ connectionString: databaseUrl(serverUrl, emptyDb) });
    await target.connect();
    try {
      expect((await target.query("SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'")).rows[0].n).toBe(0);
    } finally {
      await target.end();
    }
  });

  it('a backup taken while players pick restores to a consistent state into an empty DATABASE_URL database', async () => {
    const counting = await connectEmbedded(join(dir, 'pg-a'));
    try {
      const picks = async () => (await counting.query<{ n: number }>('SELECT count(*)::int AS n FROM pick')).rows[0].n;
      const before = await picks();
      const picking = draft(a.api, night.halfway, night.halfwayTokens, 30);
      const run = cli('backup', ['--out', join(dir, 'during.tar.gz')], { EMBEDDED_PG_DIR: join(dir, 'pg-a') });
      expect(run.status).toBe(0);
      await picking;
      const after = await picks();
      const restored = cli('restore', [join(dir, 'during.tar.gz')], { DATABASE_URL: databaseUrl(serverUrl, emptyDb) });
      expect(restored.stderr).toBe('');
      expect(restored.status).toBe(0);
      const target = new Client({ connectionString: databaseUrl(serverUrl, emptyDb) });
      await target.connect();
      try {
        const n = (await target.query<{ n: number }>('SELECT count(*)::int AS n FROM pick')).rows[0].n;
        expect(n).toBeGreaterThanOrEqual(before);
        expect(n).toBeLessThanOrEqual(after);
        // One snapshot: no pick is newer than its pod row (pick is dumped before pod: without one snapshot a pick could be).
        const { rows } = await target.query('SELECT k.pod_id FROM pick k JOIN pod p ON p.id = k.pod_id WHERE k.seq > p.seq');
        expect(rows).toEqual([]);
      } finally {
        await target.end();
      }
    } finally {
      await counting.end();
    }
  });
});
