import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { Pool } from 'pg';
import { DatabaseGate } from '../common/database/database-gate';
import { DATABASE_TIMEOUTS, DATABASE_URL } from '../common/database/database.module';
import { guardedPool, type DatabaseTimeouts } from '../common/database/guarded-pg';
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

/** What the standings start from: the league's scoring and its events (in no particular order). */
export interface LeagueSeason {
  scoring: LeagueScoring;
  events: { id: string; state: string; createdAt: Date; teamSize: number | null }[];
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
  ) {
    this.bulk = guardedPool(gate, timeouts, { connectionString: databaseUrl, max: 2, application_name: 'podium-bulk' });
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

  /** A league's scoring and its events (id, state, createdAt, teamSize); null when there is no such league. */
  async season(id: string): Promise<LeagueSeason | null> {
    const league = await this.prisma.league.findUnique({
      where: { id },
      include: { events: { include: { event: { select: { id: true, state: true, createdAt: true, teamSize: true } } } } },
    });
    if (!league) return null;
    return { scoring: league.scoring as unknown as LeagueScoring, events: league.events.map((e) => e.event) };
  }

  /**
   * Entries, rounds with their matches and (when `withTeams`) teams of the given events, from a few
   * bulk queries whatever the number of events. Rows come in no particular order.
   */
  async playedEvents(eventIds: string[], withTeams: boolean): Promise<PlayedEvents> {
    // Plain `pg` for the two bulk reads: 200,000 match rows decode several times faster than through
    // the ORM (nested selects or its raw-query mapping), and the route must answer in under a second.
    const [{ rows: players }, { rows: matchRows }, { rows: teams }] = await Promise.all([
      this.bulk.query<EntryRow>(
        `SELECT id, event_id AS "eventId", profile_id AS "profileId", name, number, dropped_after_round AS "droppedAfterRound", first_round AS "firstRound", team_id AS "teamId"
         FROM event_player WHERE event_id = ANY($1::uuid[]) AND status = 'registered'`,
        [eventIds],
      ),
      this.bulk.query<MatchRowSql>(
        `SELECT r.event_id AS "eventId", r.number, r.kind, r.bracket, m.player_a_id AS "playerAId", m.player_b_id AS "playerBId",
                m.slot, m.wins_a AS "winsA", m.wins_b AS "winsB", m.draws
         FROM round r LEFT JOIN match m ON m.round_id = r.id WHERE r.event_id = ANY($1::uuid[])`,
        [eventIds],
      ),
      // Teams only when asked (the league has team events): no third round trip for the common case.
      withTeams
        ? this.bulk.query<TeamRow>(`SELECT id, event_id AS "eventId", name, number, dropped_after_round AS "droppedAfterRound" FROM team WHERE event_id = ANY($1::uuid[])`, [
            eventIds,
          ])
        : { rows: [] as TeamRow[] },
    ]);
    return { players, rounds: roundsFrom(matchRows), teams };
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
