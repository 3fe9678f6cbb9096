import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { Clock } from '../common/clock/clock';
import { AuditRepository } from '../audit/audit.repository';
import { systemActor, type AuditActor } from '../audit/rules/audit-entry';
import { DomainError } from '../common/errors/domain-error';
import { writeCsv } from '../common/csv/csv-writer';
import { exactStandingsOf, placingsOf } from '../tournament/event-results';
import type { CreateLeagueDto } from './dto/league.dto';
import { LeaguesRepository, type LeagueWithEventsRow } from './leagues.repository';
import { assertMemberStoreEvent, assertMemberStores } from './rules/league-members';
import { assertLeagueEvent, assertSeason, countsInStandings } from './rules/league-policy';
import { eventPoints, leagueStandings, type EventResult, type LeagueScoring, type LeagueStanding } from './rules/league-standings';
import { assertDistinctProfiles, assertNoSharedEvent } from './rules/profile-merge';

const notFound = (what: 'league' | 'profile', id: string) =>
  new DomainError(what === 'league' ? 'LEAGUE_NOT_FOUND' : 'PLAYER_NOT_FOUND', `No ${what} ${id}`, [
    { field: what === 'league' ? 'id' : 'profileId', rule: 'exists', message: `unknown ${what}` },
  ]);

/** Leagues: seasons of events whose standings follow player profiles; profile merges (the policies: rules/league-policy.ts, rules/profile-merge.ts). */
@Injectable()
export class LeaguesService {
  constructor(
    private readonly leagues: LeaguesRepository,
    private readonly clock: Clock,
    private readonly audit: AuditRepository,
  ) {}

  /** Creates a league owned by `storeId` (the creating staff's store). @throws DomainError VALIDATION_FAILED (season) */
  async create(dto: CreateLeagueDto, storeId: string) {
    assertSeason(dto.seasonStart, dto.seasonEnd);
    const scoring: LeagueScoring = { mode: dto.scoring.mode, placingPoints: dto.scoring.placingPoints ?? [], participationPoints: dto.scoring.participationPoints ?? 0 };
    const id = randomUUID();
    await this.leagues.create({
      id,
      name: dto.name,
      game: dto.game,
      seasonStart: new Date(dto.seasonStart),
      seasonEnd: new Date(dto.seasonEnd),
      scoring,
      storeId,
      createdAt: this.clock.now(),
    });
    return this.get(id);
  }

  /** Every league, newest season first (the organizer console's list). */
  async list() {
    const leagues = await this.leagues.listWithEvents();
    return leagues.map(toLeagueView);
  }

  async get(id: string) {
    const league = await this.leagues.withEvents(id);
    if (!league) throw notFound('league', id);
    return toLeagueView(league);
  }

  /**
   * Adds an event of the league's game held within the season, run by the league's store or a
   * member store (rules/league-members.ts).
   * @throws DomainError EVENT_NOT_FOUND, FORBIDDEN (rule memberStore: another store's event),
   *   VALIDATION_FAILED (another game, outside the season)
   */
  async addEvent(id: string, eventId: string, actor: AuditActor = systemActor()) {
    const league = await this.leagues.league(id);
    if (!league) throw notFound('league', id);
    const event = await this.leagues.event(eventId);
    if (!event) throw new DomainError('EVENT_NOT_FOUND', `No event ${eventId}`, [{ field: 'eventId', rule: 'exists', message: 'unknown event' }]);
    assertMemberStoreEvent(league.storeId, await this.leagues.memberStoreIds(id), event.storeId);
    assertLeagueEvent(league, event);
    // Adding an event twice changes nothing (and records nothing), also when both requests arrive at once.
    await this.leagues.transaction(async (tx) => {
      if (!(await this.leagues.addEvent(id, eventId, tx))) return;
      await this.audit.record(tx, { eventId, leagueId: id, action: 'league.eventAdded', actor, at: this.clock.now(), subject: { leagueId: id, league: league.name } });
    });
    return this.get(id);
  }

  /**
   * Replaces the league's member stores (stores whose events it may take in). Events already in the
   * league stay when their store stops being a member: past standings do not change behind the
   * players' backs.
   * @throws DomainError LEAGUE_NOT_FOUND, VALIDATION_FAILED (notOwnStore, unique), STORE_NOT_FOUND
   */
  async setMembers(id: string, requested: readonly string[]) {
    const league = await this.leagues.league(id);
    if (!league) throw notFound('league', id);
    const storeIds = requested.map((storeId) => storeId.toLowerCase());
    assertMemberStores(league.storeId, storeIds);
    const existing = await this.leagues.existingStores(storeIds);
    const unknown = storeIds.find((storeId) => !existing.has(storeId));
    if (unknown !== undefined) throw new DomainError('STORE_NOT_FOUND', `No store ${unknown}`, [{ field: 'storeIds', rule: 'exists', message: `unknown store ${unknown}` }]);
    await this.leagues.setMembers(id, storeIds);
    return this.get(id);
  }

  /** League standings over every event of the league, by profile. */
  async standings(id: string): Promise<LeagueStanding[]> {
    const { scoring, results } = await this.results(id);
    return leagueStandings(results, scoring);
  }

  standingsCsv(rows: LeagueStanding[]): string {
    return writeCsv(
      ['rank', 'player', 'points', 'events', 'match points', 'OMW%'],
      rows.map((r) => [r.rank, r.name, r.points, r.events, r.matchPoints, (r.omwp * 100).toFixed(2)]),
    );
  }

  /** A profile's history across the league's events. */
  async history(id: string, profileId: string) {
    const { scoring, results } = await this.results(id);
    const own = results.filter((r) => r.profileId === profileId);
    const profile = await this.leagues.profile(profileId);
    if (!profile) throw notFound('profile', profileId);
    const names = await this.leagues.eventNames(own.map((r) => r.eventId));
    return {
      profileId,
      name: profile.name,
      events: own.map((r) => ({
        eventId: r.eventId,
        event: names.get(r.eventId) ?? '',
        place: r.place,
        record: r.record,
        matchPoints: r.matchPoints,
        points: eventPoints(r, scoring),
      })),
    };
  }

  /**
   * Organizer: merges two profiles of one person: every event entry of `from` moves to `into`, then
   * `from` is deleted. @throws DomainError ALREADY_REGISTERED when both played the same event.
   */
  async merge(from: string, into: string) {
    assertDistinctProfiles(from, into);
    return this.leagues.transaction(async (tx) => {
      // Both rows locked, in one order: concurrent merges of the same profiles run one after the
      // other, and the later ones find `from` gone (404, as a repeated merge does) instead of
      // failing on the delete.
      await this.leagues.lockProfiles(tx, from, into);
      const [a, b] = await Promise.all([this.leagues.profile(from, tx), this.leagues.profile(into, tx)]);
      if (!a) throw notFound('profile', from);
      if (!b) throw notFound('profile', into);
      assertNoSharedEvent(await this.leagues.sharedEntry(tx, from, into));
      const movedEntries = await this.leagues.moveEntries(tx, from, into);
      await this.leagues.deleteProfile(tx, from);
      return { profileId: into, movedEntries };
    });
  }

  /**
   * Every profile's result in every league event, from a few bulk queries whatever the number of
   * events (league standings must answer in under a second for a season of 10,000 players).
   */
  private async results(id: string): Promise<{ scoring: LeagueScoring; results: EventResult[] }> {
    const league = await this.leagues.season(id);
    if (!league) throw notFound('league', id);
    const events = league.events.filter(countsInStandings).sort((x, y) => x.createdAt.getTime() - y.createdAt.getTime());
    const eventIds = events.map((e) => e.id);
    // Teams only when the league has team events: no third round trip for the common case.
    const { players, rounds, teams } = await this.leagues.playedEvents(
      eventIds,
      events.some((e) => e.teamSize !== null),
    );
    const playersOf = groupBy(players, (p) => p.eventId);
    const teamsOf = groupBy(teams, (t) => t.eventId);
    const membersOf = groupBy(
      players.filter((p) => p.teamId !== null),
      (p) => p.teamId!,
    );
    const roundsOf = groupBy(rounds, (r) => r.eventId);
    const profileOf = new Map(players.map((p) => [p.id, p]));
    const scoring = league.scoring;
    const results: EventResult[] = [];
    for (const event of events) {
      const eventRounds = roundsOf.get(event.id) ?? [];
      // Team events: the teams compete, and each member is credited with the team's result.
      const eventTeams = teamsOf.get(event.id);
      const standings = exactStandingsOf(eventTeams ?? playersOf.get(event.id) ?? [], eventRounds);
      // Placings (playoffs first) only matter for placing scoring and player histories; without a top cut they equal the ranks.
      const hasPlayoff = eventRounds.some((r) => r.kind === 'playoff');
      const place = hasPlayoff ? new Map(placingsOf(standings, eventRounds).map((p) => [p.playerId, p.place])) : null;
      for (const s of standings) {
        const credited = eventTeams ? (membersOf.get(s.playerId) ?? []) : [profileOf.get(s.playerId)!];
        for (const player of credited) {
          results.push({
            eventId: event.id,
            profileId: player.profileId,
            name: player.name,
            place: place?.get(s.playerId) ?? s.rank,
            matchPoints: s.matchPoints,
            omwp: s.omwp,
            omwpExact: s.omwpExact.toString(),
            record: s.record,
          });
        }
      }
    }
    return { scoring, results };
  }
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

function toLeagueView(league: LeagueWithEventsRow) {
  return {
    id: league.id,
    storeId: league.storeId,
    members: league.members.map((m) => ({ storeId: m.store.id, name: m.store.name })).sort((a, b) => a.name.localeCompare(b.name) || a.storeId.localeCompare(b.storeId)),
    name: league.name,
    game: league.game,
    seasonStart: league.seasonStart.toISOString().slice(0, 10),
    seasonEnd: league.seasonEnd.toISOString().slice(0, 10),
    scoring: league.scoring,
    events: league.events.map((e) => ({ eventId: e.event.id, name: e.event.name, state: e.event.state })),
  };
}
