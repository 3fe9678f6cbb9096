/**
 * League standings at season scale (`npm run bench`, or only this with `--league-only`): 10,000
 * player profiles, 1,000 events of 50 players, 8 Swiss rounds each = 200,000 matches, written with
 * bulk SQL into a fresh database; then the league standings route (a real server process, over
 * HTTP) is timed against its yardstick, the committed one-statement SQL of the same standings
 * (src/leagues/sql/league-standings-baseline.sql), run by this process on the same database.
 * Runs alternate — baseline, a corrected result, the route — and the ratios are per pair, median
 * of the pairs:
 * - cold: the first request after a change (a round-1 result of one event corrected by SQL, so
 *   the triggers mark it): that event computed again, the standings combined from the kept results;
 * - warm: the same request again (the standings kept in memory; one row read);
 * - 304: the same request with If-None-Match.
 * Also: the very first request (every event computed and kept), the pure computation alone, and
 * whether the route and the baseline agree on every row. Target: cold within 1.0 × the baseline.
 */
import { readFileSync } from 'node:fs';
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { Client } from 'pg';
import pino from 'pino';
import { createDatabaseIfMissing, PROJECT_ROOT, withDatabase } from '../common/database/database-target';
import { freePort, startEmbeddedPostgres } from '../common/database/embedded-postgres';
import { migrate } from '../common/database/migrator';
import { leagueStandings, type EventResult } from '../leagues/rules/league-standings';
import { exactStandingsOf, placingsOf, type StoredPlayer, type StoredRound } from '../tournament/event-results';

const EVENTS = 1000;
const PLAYERS_PER_EVENT = 50;
const ROUNDS = 8;
const PROFILES = 10_000;
const LEAGUE = '00000000-0000-4000-8000-00000000000a';

/** Bulk SQL: deterministic ids and results (md5 of the position), so every run measures the same data. */
const SEED_SQL = `
INSERT INTO league (id, name, game, season_start, season_end, scoring, created_at, store_id)
  VALUES ('${LEAGUE}', 'Bench league', 'wow-tcg', '2026-01-01', '2026-12-31', '{"mode":"match-points","placingPoints":[],"participationPoints":1}', now(), (SELECT id FROM store ORDER BY created_at, id LIMIT 1));
INSERT INTO player_profile (id, name, created_at)
  SELECT md5('profile' || p)::uuid, 'Player ' || p, now() FROM generate_series(0, ${PROFILES - 1}) p;
INSERT INTO event (id, code, name, game, format, state, packs, seed, seed_commitment, pick_time_seconds, fill_with_bots, keep_hero_slot, created_at, updated_at, store_id)
  SELECT md5('event' || e)::uuid, 'B' || lpad(e::text, 5, '0'), 'Event ' || e, 'wow-tcg', 'sealed', 'complete', '[]', 'seed-' || e, md5('seed' || e), 0, false, false, now() + e * interval '1 second', now(), (SELECT id FROM store ORDER BY created_at, id LIMIT 1) FROM generate_series(0, ${EVENTS - 1}) e;
INSERT INTO league_event (league_id, event_id) SELECT '${LEAGUE}', md5('event' || e)::uuid FROM generate_series(0, ${EVENTS - 1}) e;
INSERT INTO event_player (id, event_id, profile_id, name, number, token_hash, registered_at)
  SELECT md5('player' || e || '-' || k)::uuid, md5('event' || e)::uuid, md5('profile' || ((e * ${PLAYERS_PER_EVENT} + k) % ${PROFILES}))::uuid,
         'Player ' || ((e * ${PLAYERS_PER_EVENT} + k) % ${PROFILES}), k + 1, md5('token' || e || '-' || k), now()
  FROM generate_series(0, ${EVENTS - 1}) e, generate_series(0, ${PLAYERS_PER_EVENT - 1}) k;
INSERT INTO round (id, event_id, number, kind, started_at, minutes)
  SELECT md5('round' || e || '-' || r)::uuid, md5('event' || e)::uuid, r, 'swiss', now(), 50 FROM generate_series(0, ${EVENTS - 1}) e, generate_series(1, ${ROUNDS}) r;
INSERT INTO match (id, round_id, "table", player_a_id, player_b_id, wins_a, wins_b, draws)
  SELECT md5('match' || e || '-' || r || '-' || k)::uuid, md5('round' || e || '-' || r)::uuid, k + 1,
         md5('player' || e || '-' || k)::uuid, md5('player' || e || '-' || ((k + r * 3) % ${PLAYERS_PER_EVENT / 2} + ${PLAYERS_PER_EVENT / 2}))::uuid,
         (ARRAY[2,2,1,0,1])[1 + get_byte(decode(md5('w' || e || r || k), 'hex'), 0) % 5],
         (ARRAY[0,1,2,2,1])[1 + get_byte(decode(md5('w' || e || r || k), 'hex'), 0) % 5],
         (ARRAY[0,0,0,0,1])[1 + get_byte(decode(md5('w' || e || r || k), 'hex'), 0) % 5]
  FROM generate_series(0, ${EVENTS - 1}) e, generate_series(1, ${ROUNDS}) r, generate_series(0, ${PLAYERS_PER_EVENT / 2 - 1}) k;
`;

/** The one-statement SQL of the league standings: the yardstick ($1: the league id). */
export const BASELINE_SQL_FILE = join(PROJECT_ROOT, 'src', 'leagues', 'sql', 'league-standings-baseline.sql');

/** Alternating runs (baseline, change, route) measured; the first is a warm-up. */
const PAIRS = 5;

export interface LeagueBenchResult {
  matches: number;
  /** The very first request: every event computed from its rounds and kept (ms). */
  firstMs: number;
  /** Medians over the pairs (ms). */
  baselineMs: number;
  coldMs: number;
  warmMs: number;
  notModifiedMs: number;
  /** Medians of the per-pair ratios route / baseline. */
  coldRatio: number;
  warmRatio: number;
  notModifiedRatio: number;
  /** Rows where the route and the baseline differ (rank, profile, name, points, events, match points, OMW% to 1e-9): 0 expected. */
  disagreements: number;
  pureMs: number;
  /** GET /api/events on the same 1,000 events, 50 a page: the first page and the last (median of 3 each). */
  eventPages: { pages: number; firstMs: number; lastMs: number; firstBytes: number };
}

interface StandingRow {
  rank: number;
  profileId: string;
  name: string;
  points: number;
  events: number;
  matchPoints: number;
  omwp: number;
}

/** Rows of the route and of the baseline that differ (by position). */
function disagreements(route: StandingRow[], baseline: StandingRow[]): number {
  let n = Math.abs(route.length - baseline.length);
  for (let i = 0; i < Math.min(route.length, baseline.length); i++) {
    const [a, b] = [route[i], baseline[i]];
    const same =
      a.rank === b.rank &&
      a.profileId === b.profileId &&
      a.name === b.name &&
      a.points === b.points &&
      a.events === b.events &&
      a.matchPoints === b.matchPoints &&
      Math.abs(a.omwp - b.omwp) < 1e-9;
    if (!same) n++;
  }
  return n;
}

const median = (times: number[]) => times.sort((a, b) => a - b)[Math.floor(times.length / 2)];

/** The event list a page at a time: keyset pages cost the same at any depth. */
async function eventPagesBench(base: string): Promise<LeagueBenchResult['eventPages']> {
  const timed = async (url: string) => {
    const start = performance.now();
    const res = await fetch(url);
    const text = await res.text();
    if (!res.ok) throw new Error(`GET ${url}: ${res.status}`);
    return { ms: performance.now() - start, bytes: Buffer.byteLength(text), page: JSON.parse(text) as { items: unknown[]; nextCursor: string | null } };
  };
  const first = `${base}/api/events?limit=50`;
  await timed(first); // warm-up
  const urls = [first];
  for (let cursor = (await timed(first)).page.nextCursor; cursor; cursor = (await timed(urls.at(-1)!)).page.nextCursor) urls.push(`${first}&cursor=${cursor}`);
  const firsts = [];
  const lasts = [];
  for (let i = 0; i < 3; i++) {
    firsts.push(await timed(first));
    lasts.push((await timed(urls.at(-1)!)).ms);
  }
  return { pages: urls.length, firstMs: median(firsts.map((f) => f.ms)), lastMs: median(lasts), firstBytes: firsts[0].bytes };
}

async function pureMs(url: string): Promise<number> {
  const c = new Client({ connectionString: url });
  await c.connect();
  try {
    const players = (await c.query('SELECT id, event_id, profile_id, name, number, dropped_after_round FROM event_player')).rows;
    const matches = (await c.query('SELECT r.event_id, r.number, m.player_a_id, m.player_b_id, m.wins_a, m.wins_b, m.draws FROM match m JOIN round r ON r.id = m.round_id')).rows;
    const byEvent = new Map<string, { players: StoredPlayer[]; rounds: Map<number, StoredRound> }>();
    const entry = (e: string) => byEvent.get(e) ?? byEvent.set(e, { players: [], rounds: new Map() }).get(e)!;
    const profileOf = new Map<string, { profile: string; name: string }>();
    for (const p of players) {
      entry(p.event_id).players.push({ id: p.id, name: p.name, number: p.number, droppedAfterRound: p.dropped_after_round });
      profileOf.set(p.id, { profile: p.profile_id, name: p.name });
    }
    for (const m of matches) {
      const rounds = entry(m.event_id).rounds;
      const round = rounds.get(m.number) ?? rounds.set(m.number, { number: m.number, kind: 'swiss', bracket: null, matches: [] }).get(m.number)!;
      round.matches.push({ playerAId: m.player_a_id, playerBId: m.player_b_id, slot: null, winsA: m.wins_a, winsB: m.wins_b, draws: m.draws });
    }
    const start = process.hrtime.bigint();
    const results: EventResult[] = [];
    for (const [eventId, { players: ps, rounds }] of byEvent) {
      const rs = [...rounds.values()];
      const standings = exactStandingsOf(ps, rs);
      // As the route: placings only where a top cut was played (none here: they equal the ranks).
      const place = rs.some((r) => r.kind === 'playoff') ? new Map(placingsOf(standings, rs).map((p) => [p.playerId, p.place])) : null;
      for (const s of standings)
        results.push({
          eventId,
          profileId: profileOf.get(s.playerId)!.profile,
          name: s.name,
          place: place?.get(s.playerId) ?? s.rank,
          matchPoints: s.matchPoints,
          omwp: s.omwp,
          omwpExact: s.omwpExact.toString(),
          record: s.record,
        });
    }
    leagueStandings(results, { mode: 'match-points', placingPoints: [], participationPoints: 1 });
    return Number(process.hrtime.bigint() - start) / 1e6;
  } finally {
    await c.end();
  }
}

export async function leagueBench(): Promise<LeagueBenchResult> {
  const logger = pino({ level: 'warn' });
  const pg = await startEmbeddedPostgres({ dataDir: join(PROJECT_ROOT, '.data', 'bench-postgres'), port: 0, logger });
  let server: ChildProcess | undefined;
  try {
    const dbName = `podium_bench_league_${process.pid}`;
    await createDatabaseIfMissing(pg.url, dbName);
    const url = withDatabase(pg.url, dbName);
    await migrate(url);
    const c = new Client({ connectionString: url });
    await c.connect();
    let rows: { n: number }[];
    try {
      await c.query(SEED_SQL);
      ({ rows } = await c.query<{ n: number }>('SELECT count(*)::int AS n FROM match'));
      await c.query('ANALYZE');
    } finally {
      await c.end();
    }
    const port = await freePort();
    server = spawn(process.execPath, [join(PROJECT_ROOT, 'dist', 'main.js')], {
      env: {
        ...process.env,
        DATABASE_URL: url,
        PORT: String(port),
        ORGANIZER_TOKEN: 'bench-organizer-token-0123456789',
        LOG_LEVEL: 'error',
        PICK_TIMERS: 'false',
        LOAD_SHIPPED_SETS: 'false',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    for (let i = 0; i < 300; i++) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) break;
      } catch {
        // starting
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    const route = `http://127.0.0.1:${port}/api/leagues/${LEAGUE}/standings`;
    const timedRoute = async (etag?: string) => {
      const start = performance.now();
      const res = await fetch(route, etag ? { headers: { 'if-none-match': etag } } : {});
      const text = await res.text();
      const ms = performance.now() - start;
      if (res.status !== (etag ? 304 : 200)) throw new Error(`league standings: ${res.status}`);
      return { ms, text, etag: res.headers.get('etag') ?? '' };
    };
    const first = await timedRoute();
    const baselineSql = readFileSync(BASELINE_SQL_FILE, 'utf8');
    const db = new Client({ connectionString: url });
    await db.connect();
    const runs: { baseline: number; cold: number; warm: number; notModified: number }[] = [];
    let disagree = 0;
    try {
      for (let i = 0; i <= PAIRS; i++) {
        const start = performance.now();
        await db.query(baselineSql, [LEAGUE]);
        const baselineMs = performance.now() - start;
        // A correction of an earlier round: one round-1 result of one event flips (2-0 ↔ 0-2).
        const event = (i * 397) % EVENTS;
        await db.query(`UPDATE match SET wins_a = wins_b, wins_b = wins_a WHERE id = md5('match' || $1::text || '-1-0')::uuid`, [event]);
        const cold = await timedRoute();
        const warm = await timedRoute();
        const notModified = await timedRoute(warm.etag);
        if (i === 0) continue; // warm-up pair
        runs.push({ baseline: baselineMs, cold: cold.ms, warm: warm.ms, notModified: notModified.ms });
        if (i === PAIRS) {
          // The last pair's answers compared row by row (the baseline again, after the change).
          const { rows: after } = await db.query<{ rank: number; profile_id: string; name: string; points: number; events: number; match_points: number; omwp: number }>(
            baselineSql,
            [LEAGUE],
          );
          const routeRows = JSON.parse(warm.text) as StandingRow[];
          if (routeRows.length !== PROFILES) throw new Error(`league standings: ${routeRows.length} rows`);
          disagree = disagreements(
            routeRows,
            after.map((r) => ({ rank: r.rank, profileId: r.profile_id, name: r.name, points: r.points, events: r.events, matchPoints: r.match_points, omwp: r.omwp })),
          );
        }
      }
    } finally {
      await db.end();
    }
    const med = (pick: (r: (typeof runs)[number]) => number) => median(runs.map(pick));
    const eventPages = await eventPagesBench(`http://127.0.0.1:${port}`);
    return {
      matches: rows[0].n,
      firstMs: first.ms,
      baselineMs: med((r) => r.baseline),
      coldMs: med((r) => r.cold),
      warmMs: med((r) => r.warm),
      notModifiedMs: med((r) => r.notModified),
      coldRatio: med((r) => r.cold / r.baseline),
      warmRatio: med((r) => r.warm / r.baseline),
      notModifiedRatio: med((r) => r.notModified / r.baseline),
      disagreements: disagree,
      pureMs: await pureMs(url),
      eventPages,
    };
  } finally {
    server?.kill('SIGTERM');
    const admin = new Client({ connectionString: pg.url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS podium_bench_league_${process.pid} WITH (FORCE)`).catch(() => undefined);
    await admin.end();
    await pg.stop();
  }
}
