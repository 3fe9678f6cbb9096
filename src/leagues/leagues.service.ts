import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { Clock } from '../common/clock/clock';
import { AuditRepository } from '../audit/audit.repository';
import { systemActor, type AuditActor } from '../audit/rules/audit-entry';
import { DomainError } from '../common/errors/domain-error';
import { writeCsv } from '../common/csv/csv-writer';
import { exactStandingsOf, placingsOf } from '../tournament/event-results';
import type { CreateLeagueDto } from './dto/league.dto';
import { LeaguesRepository, type KeptResult, type LeagueResultsState, type LeagueWithEventsRow, type PlayedEvents, type ResultEventRow } from './leagues.repository';
import { assertMemberStoreEvent, assertMemberStores } from './rules/league-members';
import { assertLeagueEvent, assertSeason, countsInStandings } from './rules/league-policy';
import { eventPoints, leagueStandings, type LeagueScoring, type LeagueStanding } from './rules/league-standings';
import { assertDistinctProfiles, assertNoSharedEvent } from './rules/profile-merge';

const notFound = (what: 'league' | 'profile', id: string) =>
  new DomainError(what === 'league' ? 'LEAGUE_NOT_FOUND' : 'PLAYER_NOT_FOUND', `No ${what} ${id}`, [
    { field: what === 'league' ? 'id' : 'profileId', rule: 'exists', message: `unknown ${what}` },
  ]);

/**
 * The version of the kept event results and of the standings computed from them: part of every
 * kept event's row and of the standings' ETag. Raise it when event-results.ts, the rule of league
 * standings or their JSON/CSV change: every event is then computed again, and no client keeps a
 * document of the old computation.
 */
export const LEAGUE_RESULTS_FORMAT = 1;

/** How many leagues' standings each instance keeps in memory (the latest asked for). */
const KEPT_LEAGUES = 16;

/**
 * How many event results (one per credited entry) each instance keeps in memory, the latest used
 * last: a national season of 1,000 events of 50 is 50,000 (about 10 MB).
 */
const KEPT_RESULTS = 250_000;

/** How often a request computes stale events again when another computation of them wins the race. */
const COMPUTE_ATTEMPTS = 5;

/** A league's standings at one version (null: computed without the kept results), with their documents once asked for. */
interface KeptStandings {
  version: string | null;
  rows: LeagueStanding[];
  json?: string;
  csv?: string;
}

/**
 * Where a league's standings stand: `version` (their ETag; null when they must be computed without
 * the kept results, see LeaguesService.standingsVersion) and the league's scoring.
 */
export interface StandingsVersion {
  leagueId: string;
  version: string | null;
  scoring: LeagueScoring;
}

/** Leagues: seasons of events whose standings follow player profiles; profile merges (the policies: rules/league-policy.ts, rules/profile-merge.ts). */
@Injectable()
export class LeaguesService {
  /** Standings by league id, the most recently used last (a small LRU). */
  private readonly kept = new Map<string, KeptStandings>();
  /** Computations in flight on this instance: one at a time per league, later requests wait for it. */
  private readonly computing = new Map<string, Promise<boolean>>();
  private readonly building = new Map<string, Promise<KeptStandings>>();
  /** Each event's kept results by the token they were computed under (LRU by use, KEPT_RESULTS in all). */
  private readonly eventResults = new Map<string, { token: string; results: KeptResult[] }>();
  private keptResultCount = 0;

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

  /**
   * Takes an event out of a league (an event added by mistake): its results leave the standings.
   * Taking out an event that is not in the league changes nothing (and records nothing).
   * @throws DomainError LEAGUE_NOT_FOUND
   */
  async removeEvent(id: string, eventId: string, actor: AuditActor = systemActor()) {
    const league = await this.leagues.league(id);
    if (!league) throw notFound('league', id);
    await this.leagues.transaction(async (tx) => {
      if (!(await this.leagues.removeEvent(id, eventId, tx))) return;
      await this.audit.record(tx, { eventId, leagueId: id, action: 'league.eventRemoved', actor, at: this.clock.now(), subject: { leagueId: id, league: league.name } });
    });
    return this.get(id);
  }

  /**
   * League standings over every event of the league, by profile (rules/league-standings.ts), as
   * of this call: every change committed before it is in them.
   * @throws DomainError LEAGUE_NOT_FOUND
   */
  async standings(id: string): Promise<LeagueStanding[]> {
    return (await this.standingsAt(await this.standingsVersion(id))).rows;
  }

  /**
   * Where the league's standings stand (their version, the ETag), after computing the events whose
   * results moved since they were last computed: any change committed before this call gives a new
   * version. Reads one row when nothing moved. The version is null in the rare case where
   * computations racing this one (other instances) won every attempt: the standings are then
   * computed afresh from the rounds, without a version.
   * @throws DomainError LEAGUE_NOT_FOUND
   */
  async standingsVersion(id: string): Promise<StandingsVersion> {
    const state = await this.freshState(id);
    if (state) return { leagueId: id, version: state.version, scoring: state.scoring };
    const league = await this.leagues.season(id);
    if (!league) throw notFound('league', id);
    return { leagueId: id, version: null, scoring: league.scoring };
  }

  /**
   * The standings as a document: JSON text (LeagueStandingDto[], by rank) or CSV (standingsCsv),
   * of `at`'s version (or later results, never earlier ones). Kept in memory per version: the next request for an unchanged
   * league costs one row read and no computation.
   * @param at from standingsVersion.
   */
  async standingsDocument(at: StandingsVersion, format: 'json' | 'csv'): Promise<string> {
    const kept = await this.standingsAt(at);
    return format === 'csv' ? (kept.csv ??= this.standingsCsv(kept.rows)) : (kept.json ??= JSON.stringify(kept.rows));
  }

  standingsCsv(rows: LeagueStanding[]): string {
    return writeCsv(
      ['rank', 'player', 'points', 'events', 'match points', 'OMW%'],
      rows.map((r) => [r.rank, r.name, r.points, r.events, r.matchPoints, (r.omwp * 100).toFixed(2)]),
    );
  }

  /** A profile's history across the league's events, oldest first. @throws DomainError LEAGUE_NOT_FOUND, PLAYER_NOT_FOUND */
  async history(id: string, profileId: string) {
    const at = await this.standingsVersion(id);
    const own = at.version !== null ? await this.leagues.keptHistory(id, profileId) : await this.computedHistory(id, profileId);
    const profile = await this.leagues.profile(profileId);
    if (!profile) throw notFound('profile', profileId);
    return {
      profileId,
      name: profile.name,
      events: own.map((r) => ({
        eventId: r.eventId,
        event: r.event,
        place: r.place,
        record: r.record,
        matchPoints: r.matchPoints,
        points: eventPoints(r, at.scoring),
      })),
    };
  }

  /**
   * The league's results state with no stale event left (as of this call): computes the stale
   * events and keeps their results. One computation per league at a time on this instance; a
   * request that finds one running waits for it and looks again (the running one may have started
   * before this request's changes were committed). Null when racing computations (other instances)
   * won every attempt.
   */
  private async freshState(id: string): Promise<LeagueResultsState | null> {
    for (let attempt = 0; attempt < COMPUTE_ATTEMPTS; attempt++) {
      const running = this.computing.get(id);
      if (running) await running.catch(() => undefined);
      const state = await this.leagues.resultsState(id, LEAGUE_RESULTS_FORMAT);
      if (!state) throw notFound('league', id);
      if (state.stale.length === 0) return state;
      if (this.computing.has(id)) continue; // another request of this instance started one meanwhile
      const run = this.leagues.keepResults(state.stale, LEAGUE_RESULTS_FORMAT, this.clock.now(), (events, played) => resultsOf(events, played));
      this.computing.set(id, run);
      try {
        // Computed from a snapshot taken after this request began: every change committed before
        // it is in. Marks that arrived since are later changes, for the next request.
        if (await run) {
          const after = await this.leagues.resultsState(id, LEAGUE_RESULTS_FORMAT);
          if (!after) throw notFound('league', id);
          return after;
        }
      } finally {
        this.computing.delete(id);
      }
    }
    return null;
  }

  /**
   * The standings of `at`'s version or a later one: from memory when kept, else computed once from
   * the kept results for every request waiting on that version. Without a version: computed from
   * the rounds, not kept.
   */
  private async standingsAt(at: StandingsVersion): Promise<KeptStandings> {
    const { leagueId: id, version } = at;
    if (version === null) return { version: null, rows: await this.computedStandings(id) };
    const kept = this.kept.get(id);
    if (kept?.version === version) {
      this.kept.delete(id); // most recently used last
      this.kept.set(id, kept);
      return kept;
    }
    const key = `${id}:${version}`;
    let build = this.building.get(key);
    if (!build) {
      build = (async () => {
        // Read after `version` was: the same results or later ones (kept results only move
        // forward), never older. Later ones carry a newer version, which the next request sees.
        const entry: KeptStandings = { version, rows: leagueStandings(await this.seasonResults(id), at.scoring) };
        this.kept.delete(id);
        this.kept.set(id, entry);
        while (this.kept.size > KEPT_LEAGUES) this.kept.delete(this.kept.keys().next().value!);
        return entry;
      })().finally(() => this.building.delete(key));
      this.building.set(key, build);
    }
    return build;
  }

  /**
   * The kept results of every league event, oldest event first: from memory for each event whose
   * token is unchanged, read for the others (after one corrected result: one event's rows).
   */
  private async seasonResults(id: string): Promise<KeptResult[]> {
    const tokens = await this.leagues.resultTokens(id);
    const missing = tokens.filter((t) => t.token !== null && this.eventResults.get(t.eventId)?.token !== t.token).map((t) => t.eventId);
    const read = missing.length ? await this.leagues.keptResultsOf(missing) : new Map<string, { token: string; results: KeptResult[] }>();
    const results: KeptResult[] = [];
    for (const { eventId, token } of tokens) {
      if (token === null) continue; // added after the version was read: not in it
      // An event read just now may carry a newer token than listed (computed meanwhile): newer, never older.
      const kept = read.get(eventId) ?? this.eventResults.get(eventId);
      if (!kept) continue;
      this.keepEventResults(eventId, kept);
      for (const r of kept.results) results.push(r);
    }
    return results;
  }

  private keepEventResults(eventId: string, kept: { token: string; results: KeptResult[] }): void {
    const before = this.eventResults.get(eventId);
    if (before) {
      this.keptResultCount -= before.results.length;
      this.eventResults.delete(eventId);
    }
    this.eventResults.set(eventId, kept);
    this.keptResultCount += kept.results.length;
    for (const [oldest, evicted] of this.eventResults) {
      if (this.keptResultCount <= KEPT_RESULTS || oldest === eventId) break;
      this.eventResults.delete(oldest);
      this.keptResultCount -= evicted.results.length;
    }
  }

  /** Standings computed from the rounds of every league event, nothing kept (see standingsVersion). */
  private async computedStandings(id: string): Promise<LeagueStanding[]> {
    const { scoring, results } = await this.computedResults(id);
    return leagueStandings(results, scoring);
  }

  private async computedHistory(id: string, profileId: string) {
    const { results, names } = await this.computedResults(id);
    return results.filter((r) => r.profileId === profileId).map((r) => ({ ...r, event: names.get(r.eventId) ?? '' }));
  }

  /** Every profile's result in every league event, computed from the rounds (oldest event first). */
  private async computedResults(id: string): Promise<{ scoring: LeagueScoring; results: KeptResult[]; names: Map<string, string> }> {
    const league = await this.leagues.season(id);
    if (!league) throw notFound('league', id);
    const eventIds = league.events.map((e) => e.id);
    const played = await this.leagues.playedEvents(
      eventIds,
      league.events.some((e) => e.teamSize !== null),
    );
    return { scoring: league.scoring, results: resultsOf(league.events, played), names: await this.leagues.eventNames(eventIds) };
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
}

/**
 * Each event's results, per credited entry, in the order of `events`: the event's Swiss standings
 * (event-results.ts) with the final placing (the top cut first when one was played, else the
 * Swiss rank); team events credit each member with the team's result. A cancelled event has none
 * (rules/league-policy.ts, countsInStandings).
 */
function resultsOf(events: readonly ResultEventRow[], played: PlayedEvents): KeptResult[] {
  const { players, rounds, teams } = played;
  const playersOf = groupBy(players, (p) => p.eventId);
  const teamsOf = groupBy(teams, (t) => t.eventId);
  const membersOf = groupBy(
    players.filter((p) => p.teamId !== null),
    (p) => p.teamId!,
  );
  const roundsOf = groupBy(rounds, (r) => r.eventId);
  const entryOf = new Map(players.map((p) => [p.id, p]));
  const results: KeptResult[] = [];
  for (const event of events) {
    if (!countsInStandings(event)) continue;
    const eventRounds = roundsOf.get(event.id) ?? [];
    // Team events: the teams compete, and each member is credited with the team's result.
    const eventTeams = teamsOf.get(event.id);
    const standings = exactStandingsOf(eventTeams ?? playersOf.get(event.id) ?? [], eventRounds);
    // Placings (playoffs first) only matter for placing scoring and player histories; without a top cut they equal the ranks.
    const hasPlayoff = eventRounds.some((r) => r.kind === 'playoff');
    const place = hasPlayoff ? new Map(placingsOf(standings, eventRounds).map((p) => [p.playerId, p.place])) : null;
    for (const s of standings) {
      const credited = eventTeams ? (membersOf.get(s.playerId) ?? []) : [entryOf.get(s.playerId)!];
      for (const entry of credited) {
        results.push({
          eventId: event.id,
          playerId: entry.id,
          profileId: entry.profileId,
          name: entry.name,
          place: place?.get(s.playerId) ?? s.rank,
          matchPoints: s.matchPoints,
          omwp: s.omwp,
          omwpExact: s.omwpExact.toString(),
          record: s.record,
        });
      }
    }
  }
  return results;
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
