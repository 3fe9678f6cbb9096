import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { Pool, PoolClient } from 'pg';
import { DatabaseGate } from '../common/database/database-gate';
import { DATABASE_TIMEOUTS, DATABASE_URL } from '../common/database/database.module';
import { guardedPool, type DatabaseTimeouts } from '../common/database/guarded-pg';
import { Metrics } from '../common/metrics/metrics';
import { PrismaService } from '../common/database/prisma.service';
import type { Prisma } from '../generated/prisma/client';
import type { StoredRound } from '../tournament/event-results';
import type { PlayoffMatch } from '../tournament/rules/top-cut';
import type { LeagueScoring } from './rules/league-standings';

export type Tx = Prisma.TransactionClient;

const LEAGUE_EVENTS = {
  events: { include: { event: { select: { id: true, name: true, state: true, createdAt: true } } } },
  members: { include: { store: { select: { id: true, name: true } } } },
} as const;

/** A league row with its scoring decoded. */
export type LeagueRow = Omit<Prisma.LeagueGetPayload<object>, 'scoring'> & { scoring: LeagueScoring };
/** A league with its events (id, name, state, createdAt) and member stores (id, name), as the API shows it. */
export type LeagueWithEventsRow = Omit<Prisma.LeagueGetPayload<{ include: typeof LEAGUE_EVENTS }>, 'scoring'> & { scoring: LeagueScoring };
export type LeagueEventRow = Prisma.EventGetPayload<object>;
export type ProfileRow = Prisma.PlayerProfileGetPayload<object>;

/** A new league's columns. */
export interface NewLeague {
  id: string;
  name: string;
  game: string;
  seasonStart: Date;
  seasonEnd: Date;
  scoring: LeagueScoring;
  /** The owning store. */
  storeId: string;
  createdAt: Date;
}

/** An event as its league results read it. */
export interface ResultEventRow {
  id: string;
  /** A cancelled event counts in no league. */
  state: string;
  /** Team events: the teams compete and each member is credited. */
  teamSize: number | null;
}

/** What the standings start from: the league's scoring and its events, oldest first (created_at, then id). */
export interface LeagueSeason {
  scoring: LeagueScoring;
  events: (ResultEventRow & { createdAt: Date })[];
}

/** One credited entry's result in one event, as kept in league_event_result. */
export interface KeptResult {
  eventId: string;
  /** The entry credited (event_player.id). */
  playerId: string;
  profileId: string;
  name: string;
  /** Final placing, 1-based. */
  place: number;
  matchPoints: number;
  /** 0–1. */
  omwp: number;
  /** The same exactly, "num/den" (Fraction#toString). */
  omwpExact: string;
  record: string;
}

/**
 * Where a league's kept results stand: `version` hashes the league's scoring, `format` and each
 * league event with the token of its kept results (a new token at every computation), so it
 * changes whenever anything the standings show may have changed; `stale` lists the league's events
 * whose results must be computed (first), with no kept results, results of another format, or a
 * staleness mark written by the triggers since.
 */
export interface LeagueResultsState {
  scoring: LeagueScoring;
  version: string;
  stale: string[];
}

/** An event entry as the standings read it. */
export interface EntryRow {
  id: string;
  eventId: string;
  profileId: string;
  name: string;
  number: number;
  droppedAfterRound: number | null;
  /** Late entry after round 1: the first Swiss round they were paired in (earlier rounds are losses); null = round 1. */
  firstRound: number | null;
  teamId: string | null;
}

/** A team of a team event as the standings read it. */
export interface TeamRow {
  id: string;
  eventId: string;
  name: string;
  number: number;
  droppedAfterRound: number | null;
}

/** Every entry, round (with its matches) and, when asked, team of a set of events. */
export interface PlayedEvents {
  players: EntryRow[];
  rounds: (StoredRound & { eventId: string })[];
  teams: TeamRow[];
}

interface MatchRowSql {
  eventId: string;
  number: number;
  kind: string;
  bracket: PlayoffMatch[] | null;
  playerAId: string | null;
  playerBId: string | null;
  slot: number | null;
  winsA: number | null;
  winsB: number | null;
  draws: number | null;
}

/** Rounds with their matches from the flat join (a round without matches has one row of nulls). */
function roundsFrom(rows: MatchRowSql[]): (StoredRound & { eventId: string })[] {
  const rounds = new Map<string, StoredRound & { eventId: string }>();
  for (const r of rows) {
    const key = `${r.eventId}:${r.number}`;
    let round = rounds.get(key);
    if (!round) rounds.set(key, (round = { eventId: r.eventId, number: r.number, kind: r.kind, bracket: r.bracket, matches: [] }));
    if (r.playerAId) round.matches.push({ playerAId: r.playerAId, playerBId: r.playerBId, slot: r.slot, winsA: r.winsA, winsB: r.winsB, draws: r.draws });
  }
  return [...rounds.values()];
}

/**
 * Errors of a computation that raced another one of the same events (two requests, two instances):
 * a serialization failure, its rows in the way, a deadlock. The loser writes nothing.
 */
const CONCURRENT_COMPUTATION = new Set(['40001', '23505', '40P01']);

function decoded<T extends { scoring: Prisma.JsonValue }>(league: T): Omit<T, 'scoring'> & { scoring: LeagueScoring } {
  return { ...league, scoring: league.scoring as unknown as LeagueScoring };
}

/**
 * Prisma access for leagues, their events and player profiles, plus a small `pg` pool of its own
 * for the standings' bulk reads. No rules here: callers decide, this stores.
 */
@Injectable()
export class LeaguesRepository implements OnModuleDestroy {
  /** A small pool of its own for bulk reads (see playedEvents). */
  private readonly bulk: Pool;

  constructor(
    @Inject(DATABASE_URL) databaseUrl: string,
    @Inject(DATABASE_TIMEOUTS) timeouts: DatabaseTimeouts,
    gate: DatabaseGate,
    private readonly prisma: PrismaService,
    metrics: Metrics,
  ) {
    this.bulk = guardedPool(gate, timeouts, { connectionString: databaseUrl, max: 2, application_name: 'podium-bulk' });
    metrics.watchPool('league', this.bulk);
  }

  /** Closes the bulk pool with the app. */
  async onModuleDestroy(): Promise<void> {
    await this.bulk.end();
  }

  /** Stores a new league (no events yet). */
  async create(league: NewLeague): Promise<void> {
    await this.prisma.league.create({ data: { ...league, scoring: league.scoring as never } });
  }

  /** Every league with its events, newest season first (then newest created). */
  async listWithEvents(): Promise<LeagueWithEventsRow[]> {
    const leagues = await this.prisma.league.findMany({ orderBy: [{ seasonStart: 'desc' }, { createdAt: 'desc' }], include: LEAGUE_EVENTS });
    return leagues.map(decoded);
  }

  /** A league with its events; null when there is none with this id. */
  async withEvents(id: string): Promise<LeagueWithEventsRow | null> {
    const league = await this.prisma.league.findUnique({ where: { id }, include: LEAGUE_EVENTS });
    return league && decoded(league);
  }

  /** A league alone; null when there is none with this id. */
  async league(id: string): Promise<LeagueRow | null> {
    const league = await this.prisma.league.findUnique({ where: { id } });
    return league && decoded(league);
  }

  /** The ids of a league's member stores. */
  async memberStoreIds(leagueId: string): Promise<string[]> {
    const rows = await this.prisma.leagueMemberStore.findMany({ where: { leagueId }, select: { storeId: true } });
    return rows.map((r) => r.storeId);
  }

  /** Which of these store ids exist. */
  async existingStores(storeIds: readonly string[]): Promise<Set<string>> {
    const rows = await this.prisma.store.findMany({ where: { id: { in: [...storeIds] } }, select: { id: true } });
    return new Set(rows.map((r) => r.id));
  }

  /** Replaces a league's member stores with `storeIds`, in one transaction (no half-written set). */
  async setMembers(leagueId: string, storeIds: readonly string[]): Promise<void> {
    await this.prisma.$transaction([
      this.prisma.leagueMemberStore.deleteMany({ where: { leagueId } }),
      this.prisma.leagueMemberStore.createMany({ data: storeIds.map((storeId) => ({ leagueId, storeId })) }),
    ]);
  }

  /** The event row a league would count; null when there is none with this id. */
  async event(eventId: string): Promise<LeagueEventRow | null> {
    return this.prisma.event.findUnique({ where: { id: eventId } });
  }

  /**
   * Adds an event to a league; adding it again changes nothing, also when two requests arrive at
   * once (an upsert reads first and then inserts: the second insert of a race failed on the key).
   * @returns whether it was added now (false: it was in the league already).
   */
  async addEvent(leagueId: string, eventId: string, tx: Tx = this.prisma): Promise<boolean> {
    return (await tx.leagueEvent.createMany({ data: [{ leagueId, eventId }], skipDuplicates: true })).count > 0;
  }

  /** Takes an event out of a league. @returns whether it was in it (false: nothing changed). */
  async removeEvent(leagueId: string, eventId: string, tx: Tx = this.prisma): Promise<boolean> {
    return (await tx.leagueEvent.deleteMany({ where: { leagueId, eventId } })).count > 0;
  }

  /** A league's scoring and its events, oldest first; null when there is no such league. */
  async season(id: string): Promise<LeagueSeason | null> {
    const [league] = await this.prisma.$queryRaw<{ scoring: LeagueScoring }[]>`SELECT scoring FROM league WHERE id = ${id}::uuid`;
    if (!league) return null;
    const events = await this.prisma.$queryRaw<LeagueSeason['events']>`
      SELECT e.id, e.state, e.team_size AS "teamSize", e.created_at AS "createdAt"
        FROM league_event le JOIN event e ON e.id = le.event_id
       WHERE le.league_id = ${id}::uuid ORDER BY e.created_at, e.id`;
    return { scoring: league.scoring, events };
  }

  /**
   * Entries, rounds with their matches and (when `withTeams`) teams of the given events, from a few
   * bulk queries whatever the number of events. Rows come in no particular order.
   * @param on the connection to read on (a transaction's), else the bulk pool.
   */
  async playedEvents(eventIds: string[], withTeams: boolean, on: Pool | PoolClient = this.bulk): Promise<PlayedEvents> {
    // Plain `pg` for the two bulk reads: 200,000 match rows decode several times faster than through
    // the ORM (nested selects or its raw-query mapping). One after the other: a transaction's
    // connection takes one query at a time anyway.
    const { rows: players } = await on.query<EntryRow>(
      `SELECT id, event_id AS "eventId", profile_id AS "profileId", name, number, dropped_after_round AS "droppedAfterRound", first_round AS "firstRound", team_id AS "teamId"
         FROM event_player WHERE event_id = ANY($1::uuid[]) AND status = 'registered'`,
      [eventIds],
    );
    const { rows: matchRows } = await on.query<MatchRowSql>(
      `SELECT r.event_id AS "eventId", r.number, r.kind, r.bracket, m.player_a_id AS "playerAId", m.player_b_id AS "playerBId",
              m.slot, m.wins_a AS "winsA", m.wins_b AS "winsB", m.draws
         FROM round r LEFT JOIN match m ON m.round_id = r.id WHERE r.event_id = ANY($1::uuid[])`,
      [eventIds],
    );
    // Teams only when asked (team events among them): no third round trip for the common case.
    const teams = withTeams
      ? (
          await on.query<TeamRow>(`SELECT id, event_id AS "eventId", name, number, dropped_after_round AS "droppedAfterRound" FROM team WHERE event_id = ANY($1::uuid[])`, [
            eventIds,
          ])
        ).rows
      : [];
    return { players, rounds: roundsFrom(matchRows), teams };
  }

  /**
   * Where the league's kept results stand (LeagueResultsState), in one statement; null when there
   * is no such league.
   * @param format the computation's version the kept results must have.
   */
  async resultsState(leagueId: string, format: number): Promise<LeagueResultsState | null> {
    const { rows } = await this.bulk.query<LeagueResultsState>(
      `SELECT l.scoring,
              md5(l.scoring::text || '|' || $2::int || '|' ||
                  coalesce(string_agg(le.event_id::text || ':' || coalesce(h.token::text, '-'), ',' ORDER BY le.event_id), '')) AS version,
              coalesce(array_agg(le.event_id) FILTER (
                WHERE le.event_id IS NOT NULL
                  AND (h.event_id IS NULL OR h.format <> $2::int OR EXISTS (SELECT 1 FROM league_event_stale s WHERE s.event_id = le.event_id))), '{}') AS stale
         FROM league l
         LEFT JOIN league_event le ON le.league_id = l.id
         LEFT JOIN league_event_result_head h ON h.event_id = le.event_id
        WHERE l.id = $1
        GROUP BY l.id`,
      [leagueId, format],
    );
    return rows[0] ?? null;
  }

  /**
   * Computes and keeps the results of `eventIds`, in one REPEATABLE READ transaction: the
   * staleness marks, the events' rows and `compute`'s input are read from one snapshot; the kept
   * results are replaced, each event gets a new token, and exactly the marks that snapshot saw are
   * deleted (a change committed meanwhile keeps its mark: the next request computes again).
   * @param compute the results of the events from their rows (events that no longer exist are absent).
   * @returns false when another computation of the same events got there first (a serialization
   *   failure, or its rows in the way): nothing is written; look at the state again.
   */
  async keepResults(eventIds: string[], format: number, computedAt: Date, compute: (events: ResultEventRow[], played: PlayedEvents) => KeptResult[]): Promise<boolean> {
    const client = await this.bulk.connect();
    let broken: Error | undefined;
    try {
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ');
      const { rows: marks } = await client.query<{ id: string }>('SELECT id FROM league_event_stale WHERE event_id = ANY($1::uuid[])', [eventIds]);
      const { rows: events } = await client.query<ResultEventRow>('SELECT id, state, team_size AS "teamSize" FROM event WHERE id = ANY($1::uuid[])', [eventIds]);
      const played = await this.playedEvents(
        events.map((e) => e.id),
        events.some((e) => e.teamSize !== null),
        client,
      );
      const results = compute(events, played);
      const kept = events.map((e) => e.id);
      await client.query('DELETE FROM league_event_result WHERE event_id = ANY($1::uuid[])', [eventIds]);
      await client.query(
        `INSERT INTO league_event_result (event_id, player_id, profile_id, name, place, match_points, omwp, omwp_exact, record)
         SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[], $5::int[], $6::int[], $7::float8[], $8::text[], $9::text[])`,
        [
          results.map((r) => r.eventId),
          results.map((r) => r.playerId),
          results.map((r) => r.profileId),
          results.map((r) => r.name),
          results.map((r) => r.place),
          results.map((r) => r.matchPoints),
          results.map((r) => r.omwp),
          results.map((r) => r.omwpExact),
          results.map((r) => r.record),
        ],
      );
      await client.query(
        `INSERT INTO league_event_result_head (event_id, token, format, computed_at)
         SELECT e, gen_random_uuid(), $2, $3 FROM unnest($1::uuid[]) AS e
         ON CONFLICT (event_id) DO UPDATE SET token = EXCLUDED.token, format = EXCLUDED.format, computed_at = EXCLUDED.computed_at`,
        [kept, format, computedAt],
      );
      await client.query('DELETE FROM league_event_stale WHERE id = ANY($1::bigint[])', [marks.map((m) => m.id)]);
      await client.query('COMMIT');
      return true;
    } catch (error) {
      await client.query('ROLLBACK').catch((rollbackError: Error) => (broken = rollbackError));
      if (CONCURRENT_COMPUTATION.has((error as { code?: string }).code ?? '')) return false;
      throw error;
    } finally {
      client.release(broken);
    }
  }

  /** The league's events, oldest first (created_at, then id), with the token of their kept results (null: none kept). */
  async resultTokens(leagueId: string): Promise<{ eventId: string; token: string | null }[]> {
    const { rows } = await this.bulk.query<{ eventId: string; token: string | null }>(
      `SELECT le.event_id AS "eventId", h.token
         FROM league_event le JOIN event e ON e.id = le.event_id LEFT JOIN league_event_result_head h ON h.event_id = le.event_id
        WHERE le.league_id = $1
        ORDER BY e.created_at, e.id`,
      [leagueId],
    );
    return rows;
  }

  /**
   * The kept results of the given events with the token they were kept under (one snapshot: the
   * results are those of that token), by event; events with none kept are absent.
   */
  async keptResultsOf(eventIds: string[]): Promise<Map<string, { token: string; results: KeptResult[] }>> {
    const { rows } = await this.bulk.query<KeptResult & { token: string; hasResult: boolean }>(
      `SELECT h.event_id AS "eventId", h.token, r.player_id IS NOT NULL AS "hasResult", r.player_id AS "playerId", r.profile_id AS "profileId", r.name, r.place,
              r.match_points AS "matchPoints", r.omwp, r.omwp_exact AS "omwpExact", r.record
         FROM league_event_result_head h LEFT JOIN league_event_result r ON r.event_id = h.event_id
        WHERE h.event_id = ANY($1::uuid[])`,
      [eventIds],
    );
    const out = new Map<string, { token: string; results: KeptResult[] }>();
    for (const { token, hasResult, ...result } of rows) {
      let kept = out.get(result.eventId);
      if (!kept) out.set(result.eventId, (kept = { token, results: [] }));
      if (hasResult) kept.results.push(result);
    }
    return out;
  }

  /** One profile's kept results in the league's events, oldest event first, with each event's name. */
  async keptHistory(leagueId: string, profileId: string): Promise<(KeptResult & { event: string })[]> {
    const { rows } = await this.bulk.query<KeptResult & { event: string }>(
      `SELECT r.event_id AS "eventId", r.player_id AS "playerId", r.profile_id AS "profileId", r.name, r.place, r.match_points AS "matchPoints", r.omwp, r.omwp_exact AS "omwpExact", r.record, e.name AS event
         FROM league_event le JOIN event e ON e.id = le.event_id JOIN league_event_result r ON r.event_id = le.event_id
        WHERE le.league_id = $1 AND r.profile_id = $2
        ORDER BY e.created_at, e.id`,
      [leagueId, profileId],
    );
    return rows;
  }

  /** A player profile; null when there is none with this id. */
  async profile(id: string, tx: Tx = this.prisma): Promise<ProfileRow | null> {
    return tx.playerProfile.findUnique({ where: { id } });
  }

  /** Names of the given events by id (ids with no event are left out). */
  async eventNames(eventIds: string[]): Promise<Map<string, string>> {
    const events = await this.prisma.event.findMany({ where: { id: { in: eventIds } }, select: { id: true, name: true } });
    return new Map(events.map((e) => [e.id, e.name]));
  }

  /**
   * Locks both profile rows for the rest of the transaction (SELECT … FOR UPDATE), in id order:
   * concurrent merges of the same profiles run one after the other.
   */
  async lockProfiles(tx: Tx, a: string, b: string): Promise<void> {
    await tx.$queryRaw`SELECT id FROM player_profile WHERE id IN (${a}::uuid, ${b}::uuid) ORDER BY id FOR UPDATE`;
  }

  /** An entry of profile `from` in an event that profile `into` also played; null when they share none. */
  async sharedEntry(tx: Tx, from: string, into: string): Promise<{ eventId: string } | null> {
    return tx.eventPlayer.findFirst({ where: { profileId: from, event: { players: { some: { profileId: into } } } } });
  }

  /** Moves every event entry of profile `from` to `into`; returns how many moved. */
  async moveEntries(tx: Tx, from: string, into: string): Promise<number> {
    const moved = await tx.eventPlayer.updateMany({ where: { profileId: from }, data: { profileId: into } });
    return moved.count;
  }

  /** Deletes a profile (its entries moved first). */
  async deleteProfile(tx: Tx, id: string): Promise<void> {
    await tx.playerProfile.delete({ where: { id } });
  }

  /** Runs `work` in one Prisma transaction (default options). */
  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return this.prisma.$transaction(work);
  }
}
