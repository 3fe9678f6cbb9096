import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { Pool } from 'pg';
import { DATABASE_URL } from '../common/database/database.module';
import { randomUUID } from 'node:crypto';
import { Clock } from '../common/clock/clock';
import { PrismaService } from '../common/database/prisma.service';
import { DomainError } from '../common/errors/domain-error';
import { writeCsv } from '../common/csv/csv-writer';
import { placingsOf, standingsOf, type StoredRound } from '../tournament/event-results';
import type { CreateLeagueDto } from './dto/league.dto';
import { eventPoints, leagueStandings, type EventResult, type LeagueScoring, type LeagueStanding } from './rules/league-standings';

const notFound = (what: 'league' | 'profile', id: string) =>
  new DomainError(what === 'league' ? 'LEAGUE_NOT_FOUND' : 'PLAYER_NOT_FOUND', `No ${what} ${id}`, [{ field: what === 'league' ? 'id' : 'profileId', rule: 'exists', message: `unknown ${what}` }]);

/** Leagues: seasons of events whose standings follow player profiles; profile merges. */
@Injectable()
export class LeaguesService implements OnModuleDestroy {
  /** A small pool of its own for bulk reads (see results). */
  private readonly bulk: Pool;

  constructor(
    @Inject(DATABASE_URL) databaseUrl: string,
    private readonly prisma: PrismaService,
    private readonly clock: Clock,
  ) {
    this.bulk = new Pool({ connectionString: databaseUrl, max: 2 });
  }

  async onModuleDestroy(): Promise<void> {
    await this.bulk.end();
  }

  async create(dto: CreateLeagueDto) {
    if (dto.seasonEnd < dto.seasonStart) {
      throw new DomainError('VALIDATION_FAILED', 'The season ends before it starts', [{ field: 'seasonEnd', rule: 'afterStart', message: 'seasonEnd must not be before seasonStart' }]);
    }
    const scoring: LeagueScoring = { mode: dto.scoring.mode, placingPoints: dto.scoring.placingPoints ?? [], participationPoints: dto.scoring.participationPoints ?? 0 };
    const league = await this.prisma.league.create({
      data: { id: randomUUID(), name: dto.name, game: dto.game, seasonStart: new Date(dto.seasonStart), seasonEnd: new Date(dto.seasonEnd), scoring: scoring as never, createdAt: this.clock.now() },
    });
    return this.get(league.id);
  }

  /** Every league, newest season first (the organizer console's list). */
  async list() {
    const leagues = await this.prisma.league.findMany({ orderBy: [{ seasonStart: 'desc' }, { createdAt: 'desc' }], include: LEAGUE_EVENTS });
    return leagues.map(toLeagueView);
  }

  async get(id: string) {
    const league = await this.prisma.league.findUnique({ where: { id }, include: LEAGUE_EVENTS });
    if (!league) throw notFound('league', id);
    return toLeagueView(league);
  }

  /**
   * Adds an event of the league's game held within the season.
   * @throws DomainError EVENT_NOT_FOUND, VALIDATION_FAILED (another game, outside the season)
   */
  async addEvent(id: string, eventId: string) {
    const league = await this.prisma.league.findUnique({ where: { id } });
    if (!league) throw notFound('league', id);
    const event = await this.prisma.event.findUnique({ where: { id: eventId } });
    if (!event) throw new DomainError('EVENT_NOT_FOUND', `No event ${eventId}`, [{ field: 'eventId', rule: 'exists', message: 'unknown event' }]);
    // A cancelled event was never played: it gives nobody league points (participation included).
    if (event.state === 'cancelled') throw new DomainError('EVENT_STATE_CONFLICT', 'A cancelled event does not count in a league', [{ field: 'eventId', rule: 'notCancelled', message: 'the event was cancelled' }]);
    if (event.game !== league.game) throw new DomainError('VALIDATION_FAILED', `The event is ${event.game}, the league ${league.game}`, [{ field: 'eventId', rule: 'sameGame', message: 'another game' }]);
    const day = (event.startedAt ?? event.createdAt).toISOString().slice(0, 10);
    if (day < league.seasonStart.toISOString().slice(0, 10) || day > league.seasonEnd.toISOString().slice(0, 10)) {
      throw new DomainError('VALIDATION_FAILED', `The event (${day}) is outside the season`, [{ field: 'eventId', rule: 'inSeason', message: 'outside the season' }]);
    }
    // Adding an event twice changes nothing, also when both requests arrive at once (an upsert
    // reads first and then inserts: the second insert of a race failed on the key).
    await this.prisma.leagueEvent.createMany({ data: [{ leagueId: id, eventId }], skipDuplicates: true });
    return this.get(id);
  }

  /** League standings over every event of the league, by profile. */
  async standings(id: string): Promise<LeagueStanding[]> {
    const { scoring, results } = await this.results(id);
    return leagueStandings(results, scoring);
  }

  standingsCsv(rows: LeagueStanding[]): string {
    return writeCsv(['rank', 'player', 'points', 'events', 'match points', 'OMW%'], rows.map((r) => [r.rank, r.name, r.points, r.events, r.matchPoints, (r.omwp * 100).toFixed(2)]));
  }

  /** A profile's history across the league's events. */
  async history(id: string, profileId: string) {
    const { scoring, results } = await this.results(id);
    const own = results.filter((r) => r.profileId === profileId);
    const profile = await this.prisma.playerProfile.findUnique({ where: { id: profileId } });
    if (!profile) throw notFound('profile', profileId);
    const names = new Map((await this.prisma.event.findMany({ where: { id: { in: own.map((r) => r.eventId) } }, select: { id: true, name: true } })).map((e) => [e.id, e.name]));
    return {
      profileId,
      name: profile.name,
      events: own.map((r) => ({ eventId: r.eventId, event: names.get(r.eventId) ?? '', place: r.place, record: r.record, matchPoints: r.matchPoints, points: eventPoints(r, scoring) })),
    };
  }

  /**
   * Organizer: merges two profiles of one person: every event entry of `from` moves to `into`, then
   * `from` is deleted. @throws DomainError ALREADY_REGISTERED when both played the same event.
   */
  async merge(from: string, into: string) {
    if (from === into) throw new DomainError('VALIDATION_FAILED', 'A profile cannot be merged into itself', [{ field: 'into', rule: 'different', message: 'same profile' }]);
    return this.prisma.$transaction(async (tx) => {
      // Both rows locked, in one order: concurrent merges of the same profiles run one after the
      // other, and the later ones find `from` gone (404, as a repeated merge does) instead of
      // failing on the delete.
      await tx.$queryRaw`SELECT id FROM player_profile WHERE id IN (${from}::uuid, ${into}::uuid) ORDER BY id FOR UPDATE`;
      const [a, b] = await Promise.all([tx.playerProfile.findUnique({ where: { id: from } }), tx.playerProfile.findUnique({ where: { id: into } })]);
      if (!a) throw notFound('profile', from);
      if (!b) throw notFound('profile', into);
      const clash = await tx.eventPlayer.findFirst({ where: { profileId: from, event: { players: { some: { profileId: into } } } } });
      if (clash) throw new DomainError('ALREADY_REGISTERED', 'Both profiles played the same event: they are two people', [{ field: 'into', rule: 'noSharedEvent', message: `both in event ${clash.eventId}` }]);
      const moved = await tx.eventPlayer.updateMany({ where: { profileId: from }, data: { profileId: into } });
      await tx.playerProfile.delete({ where: { id: from } });
      return { profileId: into, movedEntries: moved.count };
    });
  }

  /**
   * Every profile's result in every league event, from a few bulk queries whatever the number of
   * events (league standings must answer in under a second for a season of 10,000 players).
   */
  private async results(id: string): Promise<{ scoring: LeagueScoring; results: EventResult[] }> {
    const league = await this.prisma.league.findUnique({ where: { id }, include: { events: { include: { event: { select: { id: true, createdAt: true, teamSize: true } } } } } });
    if (!league) throw notFound('league', id);
    const events = league.events.map((e) => e.event).sort((x, y) => x.createdAt.getTime() - y.createdAt.getTime());
    const eventIds = events.map((e) => e.id);
    // Plain `pg` for the two bulk reads: 200,000 match rows decode several times faster than through
    // the ORM (nested selects or its raw-query mapping), and the route must answer in under a second.
    const [{ rows: players }, { rows: matchRows }, { rows: teams }] = await Promise.all([
      this.bulk.query<{ id: string; eventId: string; profileId: string; name: string; number: number; droppedAfterRound: number | null; teamId: string | null }>(
        `SELECT id, event_id AS "eventId", profile_id AS "profileId", name, number, dropped_after_round AS "droppedAfterRound", team_id AS "teamId"
         FROM event_player WHERE event_id = ANY($1::uuid[])`,
        [eventIds],
      ),
      this.bulk.query<MatchRowSql>(
        `SELECT r.event_id AS "eventId", r.number, r.kind, r.bracket, m.player_a_id AS "playerAId", m.player_b_id AS "playerBId",
                m.slot, m.wins_a AS "winsA", m.wins_b AS "winsB", m.draws
         FROM round r LEFT JOIN match m ON m.round_id = r.id WHERE r.event_id = ANY($1::uuid[])`,
        [eventIds],
      ),
      // Teams only when the league has team events: no third round trip for the common case.
      events.some((e) => e.teamSize !== null)
        ? this.bulk.query<{ id: string; eventId: string; name: string; number: number; droppedAfterRound: number | null }>(
            `SELECT id, event_id AS "eventId", name, number, dropped_after_round AS "droppedAfterRound" FROM team WHERE event_id = ANY($1::uuid[])`,
            [eventIds],
          )
        : { rows: [] },
    ]);
    const rounds = roundsFrom(matchRows);
    const playersOf = groupBy(players, (p) => p.eventId);
    const teamsOf = groupBy(teams, (t) => t.eventId);
    const membersOf = groupBy(players.filter((p) => p.teamId !== null), (p) => p.teamId!);
    const roundsOf = groupBy(rounds, (r) => r.eventId);
    const profileOf = new Map(players.map((p) => [p.id, p]));
    const scoring = league.scoring as unknown as LeagueScoring;
    const results: EventResult[] = [];
    for (const event of events) {
      const eventRounds = roundsOf.get(event.id) ?? [];
      // Team events: the teams compete, and each member is credited with the team's result.
      const eventTeams = teamsOf.get(event.id);
      const standings = standingsOf(eventTeams ?? playersOf.get(event.id) ?? [], eventRounds);
      // Placings (playoffs first) only matter for placing scoring and player histories; without a top cut they equal the ranks.
      const hasPlayoff = eventRounds.some((r) => r.kind === 'playoff');
      const place = hasPlayoff ? new Map(placingsOf(standings, eventRounds).map((p) => [p.playerId, p.place])) : null;
      for (const s of standings) {
        const credited = eventTeams ? (membersOf.get(s.playerId) ?? []) : [profileOf.get(s.playerId)!];
        for (const player of credited) {
          results.push({ eventId: event.id, profileId: player.profileId, name: player.name, place: place?.get(s.playerId) ?? s.rank, matchPoints: s.matchPoints, omwp: s.omwp, record: s.record });
        }
      }
    }
    return { scoring, results };
  }
}

interface MatchRowSql {
  eventId: string;
  number: number;
  kind: string;
  bracket: unknown;
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

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = out.get(k);
    if (list) list.push(item);
    else out.set(k, [item]);
  }
  return out;
}

const LEAGUE_EVENTS = { events: { include: { event: { select: { id: true, name: true, state: true, createdAt: true } } } } } as const;

function toLeagueView(league: { id: string; name: string; game: string; seasonStart: Date; seasonEnd: Date; scoring: unknown; events: { event: { id: string; name: string; state: string } }[] }) {
  return {
    id: league.id,
    name: league.name,
    game: league.game,
    seasonStart: league.seasonStart.toISOString().slice(0, 10),
    seasonEnd: league.seasonEnd.toISOString().slice(0, 10),
    scoring: league.scoring as unknown as LeagueScoring,
    events: league.events.map((e) => ({ eventId: e.event.id, name: e.event.name, state: e.event.state })),
  };
}
