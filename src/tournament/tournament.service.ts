import { Injectable } from '@nestjs/common';
import { Clock } from '../common/clock/clock';
import { LiveNotifier } from '../common/notify/live-notifier';
import { distinctNames } from './rules/distinct-names';
import { EventsRepository, type EventRow, type PlayerRow, type Tx } from '../events/events.repository';
import { FORMATS } from '../events/formats';
import { assertAllowed, nextState } from '../events/rules/event-lifecycle';
import type { TeamMemberRefDto } from '../teams/dto/team.dto';
import type { CorrectionPreviewDto, MatchResultDto, PairingDto, PlayerRefDto, RoundDto, StandingDto } from './dto/tournament.dto';
import { assertValidMatchResult, sameResult, type MatchResult } from './rules/match-result';
import { pairDraftFirstRoundAcross } from './rules/across-the-table';
import { assertDecksReady, splitGuardChoices, type DeckGuardChoice, type DeckGuardFix } from './rules/deck-guard';
import { DecksService } from '../decks/decks.service';
import { assertResultCountsPenalties, penaltyCounts } from './rules/penalties';
import { pairedSince, standingsDiff } from './rules/correction';
import { PenaltiesRepository } from './penalties.repository';
import { pairDraftRound, pairSwissRound } from './rules/swiss-pairing';
import { eventTimeZone } from '../events/events.service';
import { clockOf } from './round-clock.service';
import { readClock } from './rules/round-clock';
import { teamTableSeats } from './rules/team-table-seats';
import { nextPlayoffRound, qualifiedEntrants, topCutBracket, type PlayoffMatch } from './rules/top-cut';
import { assertOneCutCriterion, assertTopCutCanStart, assertTopCutNotOver, topCutSize, type CutRequest } from './rules/top-cut-policy';
import { assertPreviousRoundComplete, assertUndoable } from './rules/round-policy';
import { assertResultEnterable, reportingSide, reportOutcome } from './rules/report-policy';
import { decidedBracket, keyedMatches, placingsOf, recordedMatch, replayKeys, standingsOf, type StoredPlayer, type StoredRound } from './event-results';
import { RoundsRepository, type MatchRow, type NewMatch, type RoundWithMatches } from './rounds.repository';
import { listingLanguage, type ListingLanguage } from './listings';
import { fixedTableOf, numberTables } from './rules/fixed-tables';
import { AuditRepository } from '../audit/audit.repository';
import { playerActor, resultChangeAction, systemActor, type AuditActor } from '../audit/rules/audit-entry';

const BYE: MatchResult = { winsA: 2, winsB: 0, draws: 0 };

/**
 * Swiss rounds of an event (Magic Tournament Rules, the de-facto standard): pairing, results with
 * an audit trail, players' reports and disputes, drops, standings. Loads, calls the pure rules
 * (src/tournament/rules), stores.
 */
@Injectable()
export class TournamentService {
  constructor(
    private readonly events: EventsRepository,
    private readonly rounds: RoundsRepository,
    private readonly penalties: PenaltiesRepository,
    private readonly clock: Clock,
    private readonly live: LiveNotifier,
    private readonly decks: DecksService,
    private readonly audit: AuditRepository,
  ) {}

  /** After a round was paired or undone: players' live streams show the new round's clock. */
  private async announced<T>(eventId: string, work: Promise<T>): Promise<T> {
    const result = await work;
    await this.live.eventChanged(eventId);
    return result;
  }

  /**
   * Pairs the next Swiss round: round 1 at random from the seed, later rounds by match points with no
   * rematch (unless nothing else exists, then reported), at most one bye (odd active count) to the
   * fewest byes, then the fewest points; draft events pair inside the pod first, the odd pods'
   * leftovers and pods out of new opponents across pods (pairDraftRound). Pairing round 1 locks registered decks (event → playing).
   * The guard's fixes come first (GUARD_FIXES_FIRST): `suggest` choices register the deck
   * suggestion for those players (all or none: SUGGESTION_SHORT stores nothing) before the round is
   * paired; a registered suggestion stays registered when the guard then refuses the round for others.
   * @throws DomainError EVENT_STATE_CONFLICT (wrong state, or the previous round still has open matches);
   *   DECKS_NOT_READY; SUGGESTION_SHORT
   */
  async pairNextRound(
    eventId: string,
    minutes = 50,
    firstRound: 'across-the-table' | 'random' = 'across-the-table',
    force = false,
    asked: ReadonlyMap<string, DeckGuardChoice | DeckGuardFix> = new Map(),
    actor: AuditActor = systemActor(),
  ): Promise<RoundDto> {
    const { suggest, choices } = splitGuardChoices([...asked].map(([playerId, choice]) => ({ playerId, choice })));
    if (suggest.length > 0) await this.decks.registerSuggestions(eventId, suggest, actor);
    return this.announced(
      eventId,
      this.events.transaction(async (tx) => {
        const event = await this.events.lock(tx, eventId);
        assertAllowed(event.state, 'pairRound', event.format);
        const rounds = await this.rounds.roundsWithMatches(eventId, tx);
        const last = rounds.at(-1);
        assertPreviousRoundComplete(last);
        const number = (last?.number ?? 0) + 1;
        if (last?.kind === 'playoff') {
          const playoff = await this.pairNextPlayoffRound(tx, event, last, number, minutes);
          await this.audit.record(tx, { eventId, action: 'round.paired', actor, at: this.clock.now(), subject: { round: number, kind: 'playoff' }, after: pairingLines(playoff) });
          return playoff;
        }
        // Nobody is paired without a legal registered deck unless the organizer chose for each (or forced).
        const withoutDecks = assertDecksReady(await this.rounds.deckStandings(tx, eventId), force, choices).pairedWithoutDecks;
        const now = this.clock.now();
        await this.rounds.createRound(tx, { eventId, number, kind: 'swiss', startedAt: now, minutes }, await this.swissPairings(tx, event, rounds, number, firstRound));
        if (event.state === 'building') await this.events.moveTo(tx, eventId, nextState(event.state, 'pairFirstRound', event.format), now);
        await this.deckGameLosses(tx, eventId, number, withoutDecks, now, actor);
        const dto = await this.roundDto(tx, eventId, number);
        await this.audit.record(tx, {
          eventId,
          action: 'round.paired',
          actor,
          at: now,
          subject: { round: number, kind: 'swiss', ...(number === 1 ? { firstRound } : {}), ...(force ? { force } : {}) },
          ...(event.state === 'building' ? { before: { state: event.state } } : {}),
          after: pairingLines(dto),
        });
        for (const p of withoutDecks) {
          await this.audit.record(tx, {
            eventId,
            action: 'deck.guardChoice',
            actor,
            at: now,
            subject: { round: number, playerId: p.playerId, name: p.name, problem: p.reason },
            after: { choice: p.choice },
          });
        }
        return withoutDecks.length > 0 ? { ...dto, pairedWithoutDecks: withoutDecks } : dto;
      }),
    );
  }

  /**
   * The matches of Swiss round `number` paired from `earlier` rounds (pairNextRound's rule), with
   * fixed tables kept (rules/fixed-tables.ts) and byes opening 2-0. `repair` (k ≥ 1: the organizer's
   * k-th re-pair) picks the random stream `pairing/round-<r>/repair-<k>`.
   */
  async swissPairings(tx: Tx, event: EventRow, earlier: readonly RoundWithMatches[], number: number, firstRound: 'across-the-table' | 'random', repair = 0): Promise<NewMatch[]> {
    const stored = await this.competitors(tx, event);
    const { toKey, toId } = replayKeys(stored);
    const players = stored.map((p) => ({
      id: toKey.get(p.id)!,
      droppedAfterRound: p.droppedAfterRound,
      pod: p.pod ?? null,
      seat: p.seat ?? null,
      firstRound: p.firstRound ?? null,
    }));
    const matches = keyedMatches(
      earlier.flatMap((r) => r.matches.map((m) => recordedMatch(r.number, m))),
      toKey,
    );
    const options = { seed: event.seed, round: number, repair };
    // The format's pairing scope: a draft pairs inside its pods first (pairDraftRound), its round 1
    // across the table unless asked otherwise (a team event's competitors are teams, not seats).
    const podFirst = FORMATS[event.format].pairingScope === 'pod-first';
    const across = podFirst && number === 1 && firstRound === 'across-the-table' && event.teamSize === null;
    const keyed = across ? pairDraftFirstRoundAcross(players, options) : podFirst ? pairDraftRound(players, matches, options) : pairSwissRound(players, matches, options);
    const pairings = keyed.pairings.map((p) => ({ ...p, playerA: toId.get(p.playerA)!, playerB: p.playerB === null ? null : toId.get(p.playerB)! }));
    const tables = numberTables(pairings, fixedTablesOf(stored));
    return pairings.map((p, i) => ({
      table: tables[i],
      playerAId: p.playerA,
      playerBId: p.playerB,
      rematch: p.rematch,
      ...(p.playerB === null ? { opening: { result: BYE, source: 'bye' as const } } : {}),
    }));
  }

  /**
   * The deck guard's game losses (MTR 7.9): one in each such player's match of the new round. A
   * player given the bye has no opponent to lose a game to and gets none.
   */
  private async deckGameLosses(
    tx: Tx,
    eventId: string,
    number: number,
    withoutDecks: readonly { playerId: string; name: string; reason: string; choice: DeckGuardChoice }[],
    now: Date,
    actor: AuditActor,
  ): Promise<void> {
    const losing = withoutDecks.filter((p) => p.choice === 'gameLoss');
    if (losing.length === 0) return;
    const round = await this.rounds.roundByTable(tx, eventId, number);
    for (const p of losing) {
      // Team events pair teams: the member's game loss is their team's, in the team's match.
      const side = (await this.events.player(eventId, p.playerId, tx)).teamId ?? p.playerId;
      const match = round.matches.find((m) => m.playerBId !== null && (m.playerAId === side || m.playerBId === side));
      if (!match) continue; // the bye: no opponent to lose a game to
      const reason = p.reason === 'no-deck' ? 'No deck registered (MTR 7.9)' : 'Registered deck not legal (MTR 7.9)';
      const given = { eventId, matchId: match.id, playerId: side, kind: 'gameLoss' as const, reason: side === p.playerId ? reason : `${p.name}: ${reason}`, givenAt: now };
      await this.penalties.create(tx, given);
      await this.audit.record(tx, {
        eventId,
        matchId: match.id,
        action: 'penalty.given',
        actor,
        at: now,
        subject: { round: number, table: match.table, playerId: side, name: p.name },
        after: { kind: given.kind },
        reason: given.reason,
      });
    }
  }

  /**
   * Undoes the latest round while it has no results (byes aside). A drop recorded after that round
   * now counts as a drop before it, so the repaired round leaves the dropped player (team) out.
   * @throws EVENT_STATE_CONFLICT
   */
  async undoRound(eventId: string, number: number, actor: AuditActor = systemActor()): Promise<void> {
    await this.announced(
      eventId,
      this.events.transaction(async (tx) => {
        const event = await this.events.lock(tx, eventId);
        const last = await this.rounds.latestWithMatches(tx, eventId);
        assertUndoable(last, number);
        const undone = await this.roundDto(tx, eventId, number);
        await this.audit.record(tx, { eventId, action: 'round.undone', actor, at: this.clock.now(), subject: { round: number }, before: pairingLines(undone) });
        // Whoever dropped after the undone round dropped before it is played again: they must not be paired in it.
        await this.rounds.deleteRound(tx, eventId, last);
        if (number === 1 && event.state === 'playing') await this.events.moveTo(tx, eventId, nextState(event.state, 'undoFirstRound', event.format), this.clock.now());
      }),
    );
  }

  /**
   * The language of an event's printed and exported listings: the one asked for (`?lang=`), else
   * its game's (listingLanguage: Russian for Berserk). Throws EVENT_NOT_FOUND.
   */
  async listingLanguage(eventId: string, asked?: ListingLanguage): Promise<ListingLanguage> {
    if (asked) return asked;
    return listingLanguage((await this.events.get(eventId)).game, asked);
  }

  async round(eventId: string, number: number): Promise<RoundDto> {
    await this.events.get(eventId);
    return this.roundDto(undefined, eventId, number);
  }

  /**
   * Organizer: enters or corrects a result at any time; every change is kept in the match's history.
   * The same result again changes nothing.
   * @throws DomainError VALIDATION_FAILED (not a valid best-of-three result, a draw in a playoff match),
   *   MATCH_NOT_FOUND, EVENT_STATE_CONFLICT (a bye: rules/report-policy.ts)
   */
  async setResult(matchId: string, dto: MatchResultDto, actor: AuditActor = systemActor()): Promise<PairingDto> {
    const result = normalize(dto);
    return this.events.transaction(async (tx) => {
      const match = await this.rounds.lockMatch(tx, matchId);
      assertResultEnterable(match, result);
      assertResultCountsPenalties(match, await this.penalties.ofMatch(tx, match.id), result);
      const before = resultOf(match);
      if (!(before && sameResult(before, result))) {
        // CORRECTION_NEEDS_REASON before anything is written.
        const action = resultChangeAction(before, result, dto.reason);
        const reason = action === 'result.corrected' ? dto.reason!.trim() : dto.reason?.trim() || null;
        await this.rounds.storeResult(tx, match.id, result, 'organizer', this.clock.now(), { name: actor.name, role: actor.kind === 'staff' ? actor.role : null, reason });
        await this.recordResult(tx, match.id, action, actor, before, result, reason);
      }
      await this.rounds.setDisputed(tx, match.id, false);
      return this.pairingOf(tx, match.id);
    });
  }

  /**
   * What entering `dto` on the match would change, without changing anything (docs/rules.md
   * "Corrections"): every standings line that differs, and the rounds already paired since the
   * match's round (they stand as paired; the next round is paired from the new standings).
   * @throws DomainError as setResult: VALIDATION_FAILED, MATCH_NOT_FOUND, EVENT_STATE_CONFLICT
   */
  async previewResult(matchId: string, dto: MatchResultDto): Promise<CorrectionPreviewDto> {
    const result = normalize(dto);
    return this.events.transaction(async (tx) => {
      const match = await this.rounds.matchWithEvent(tx, matchId);
      assertResultEnterable(match, result);
      assertResultCountsPenalties(match, await this.penalties.ofMatch(tx, match.id), result);
      const players = await this.competitors(tx, await this.events.get(match.eventId, tx));
      const rounds = await this.rounds.roundsWithMatches(match.eventId, tx);
      const corrected = rounds.map((r) => ({ ...r, matches: r.matches.map((m) => (m.id === match.id ? { ...m, ...result } : m)) }));
      const round = rounds.find((r) => r.matches.some((m) => m.id === match.id))!;
      const since = pairedSince(round.number, rounds);
      return {
        matchId,
        round: round.number,
        before: match.winsA === null ? null : { winsA: match.winsA, winsB: match.winsB!, draws: match.draws! },
        after: result,
        changes: standingsDiff(standingsOf(players, rounds), standingsOf(players, corrected)),
        pairedSince: since.swissRounds,
        topCutSeeded: since.topCutSeeded,
      };
    });
  }

  /**
   * Player: reports their own match. Two identical reports decide the result; differing reports mark
   * the match disputed for the organizer. A single report waits for the opponent (rules/report-policy.ts).
   * @throws DomainError VALIDATION_FAILED, MATCH_NOT_FOUND, FORBIDDEN (not the player's or their team's match)
   */
  async report(matchId: string, player: PlayerRow, dto: MatchResultDto): Promise<PairingDto> {
    const result = normalize(dto);
    return this.events.transaction(async (tx) => {
      const match = await this.rounds.lockMatch(tx, matchId);
      const side = reportingSide(match, player, result);
      assertResultCountsPenalties(match, await this.penalties.ofMatch(tx, match.id), result);
      const outcome = reportOutcome(match, side, result);
      await this.rounds.storeReport(tx, match.id, side, result);
      const actor = playerActor(player);
      await this.recordResult(tx, match.id, 'result.reported', actor, null, result, null, { side });
      if (outcome.kind === 'agreed') {
        const before = resultOf(match);
        if (!(before && sameResult(before, outcome.result))) {
          await this.rounds.storeResult(tx, match.id, outcome.result, 'players', this.clock.now(), { name: player.name, role: null });
          await this.recordResult(tx, match.id, 'result.confirmed', actor, before, outcome.result, null);
        }
        await this.rounds.setDisputed(tx, match.id, false);
      } else if (outcome.kind === 'disputed') {
        await this.rounds.setDisputed(tx, match.id, true);
        await this.recordResult(tx, match.id, 'result.disputed', actor, null, null, null, {
          reportA: match.reportA ?? (side === 'A' ? result : null),
          reportB: match.reportB ?? (side === 'B' ? result : null),
        });
      }
      return this.pairingOf(tx, match.id);
    });
  }

  /** @throws DomainError MATCH_NOT_FOUND */
  async eventOfMatch(matchId: string): Promise<string> {
    return this.rounds.eventOfMatch(matchId);
  }

  /**
   * Every change of the match's result, oldest first. Staff of the event's store see who made
   * each change; anyone else sees the role only (staff names are not public data).
   * @throws DomainError MATCH_NOT_FOUND
   */
  async history(matchId: string, staffNames = false) {
    const history = await this.rounds.resultHistory(matchId);
    return history.map((h) => ({
      winsA: h.winsA,
      winsB: h.winsB,
      draws: h.draws,
      source: h.source,
      at: h.at.toISOString(),
      by: h.actorName === null ? null : { name: staffNames || h.actorRole === null ? h.actorName : null, role: h.actorRole },
      reason: h.reason,
    }));
  }

  /**
   * Drops a player: no longer paired, stays in opponents' tiebreakers; before round 1, leaves the
   * standings. Team events: drops the player's whole team.
   */
  async drop(eventId: string, playerId: string, actor: AuditActor = systemActor()): Promise<{ playerId: string; droppedAfterRound: number }> {
    return this.events.transaction(async (tx) => {
      const event = await this.events.lock(tx, eventId);
      assertAllowed(event.state, 'drop', event.format);
      const player = await this.events.player(eventId, playerId, tx);
      if (player.droppedAfterRound !== null) return { playerId, droppedAfterRound: player.droppedAfterRound };
      const droppedAfterRound = (await this.rounds.latestNumber(tx, eventId)) ?? 0;
      // A team plays as a whole: one member dropping drops the team (and marks every member).
      if (player.teamId) await this.rounds.dropTeam(tx, player.teamId, droppedAfterRound);
      else await this.rounds.dropPlayer(tx, player.id, droppedAfterRound);
      await this.audit.record(tx, {
        eventId,
        action: 'player.dropped',
        actor,
        at: this.clock.now(),
        subject: { playerId, name: player.name, ...(player.teamId ? { teamId: player.teamId } : {}) },
        after: { droppedAfterRound },
      });
      return { playerId, droppedAfterRound };
    });
  }

  /** Standings: match points, then OMW%, GW%, OGW% (MTR Appendix C), exact until shown. */
  async standings(eventId: string, tx?: Tx): Promise<StandingDto[]> {
    const { players, rounds } = await this.load(tx, eventId);
    const counts = penaltyCounts(await this.penalties.ofEvent(eventId, tx));
    const none = { warning: 0, gameLoss: 0, matchLoss: 0 };
    return withTeams(standingsOf(players, rounds), players).map((s) => ({ ...s, penalties: counts.get(s.playerId) ?? none }));
  }

  /**
   * Starts the top cut: single elimination of the top 2, 4, 8 (1v8, 2v7, 3v6, 4v5; the 1v8 winner meets
   * the 4v5 winner), 16 or 32 of the Swiss standings, or of everyone with at least `minMatchPoints`
   * (top-cut.ts cutSizeByMatchPoints: padded by standings to the next power of two, at most 32; with
   * `fill: "byes"` the seats beyond the qualifiers stay empty — byes for the top seeds). A dropped player's seat stays empty and
   * the opponent advances (walkover); nobody is promoted in their place. Later playoff rounds are
   * paired by the same rounds route from the winners.
   * @throws DomainError EVENT_STATE_CONFLICT (no Swiss round yet, an open match, or a cut already started),
   *   NOT_ENOUGH_PLAYERS (fewer entrants in the standings than the cut; dropped ones count, their seat stays empty),
   *   VALIDATION_FAILED (both a size and minMatchPoints, or neither)
   */
  async startTopCut(eventId: string, cut: CutRequest, minutes = 50, actor: AuditActor = systemActor()): Promise<RoundDto> {
    assertOneCutCriterion(cut);
    return this.announced(
      eventId,
      this.events.transaction(async (tx) => {
        const event = await this.events.lock(tx, eventId);
        assertAllowed(event.state, 'pairRound', event.format);
        const rounds = await this.rounds.roundsWithMatches(eventId, tx);
        assertTopCutCanStart(rounds);
        const standings = await this.standings(eventId, tx);
        const size = topCutSize(
          cut,
          standings.map((s) => s.matchPoints),
          event.teamSize !== null,
        );
        // Byes for the top seeds: only the qualifiers are seated; the seats they leave stay empty.
        const seated = cut.fill === 'byes' ? qualifiedEntrants(standings, cut.minMatchPoints!) : standings;
        const bracket = topCutBracket(
          seated.map((s) => ({ playerId: s.playerId, dropped: s.dropped })),
          size,
        );
        const round = await this.createPlayoffRound(tx, eventId, rounds.at(-1)!.number + 1, bracket, minutes);
        await this.audit.record(tx, { eventId, action: 'round.topCut', actor, at: this.clock.now(), subject: { round: round.number, size, ...cut }, after: pairingLines(round) });
        return round;
      }),
    );
  }

  /** Final placings: playoff results first, then the Swiss standings. */
  async placings(eventId: string) {
    const { players, rounds } = await this.load(undefined, eventId);
    return placingsOf(standingsOf(players, rounds), rounds);
  }

  /** The event's players and rounds, as event-results.ts computes from. @throws EVENT_NOT_FOUND */
  private async load(tx: Tx | undefined, eventId: string): Promise<{ players: Competitor[]; rounds: StoredRound[] }> {
    const players = await this.competitors(tx, await this.events.get(eventId, tx));
    const rounds = await this.rounds.roundsWithMatches(eventId, tx);
    return { players, rounds };
  }

  /**
   * Who plays the matches: the players, or in a team event the teams (WoW TCG team play: a round
   * pairs team against team). A team's number is its replay key and its pod is its members' pod.
   */
  private async competitors(tx: Tx | undefined, event: EventRow): Promise<Competitor[]> {
    // Two players of one name are told apart by their number (pairings, standings, their CSV/text).
    return distinctNames(await this.rounds.competitors(tx, event));
  }

  private async pairNextPlayoffRound(tx: Tx, event: EventRow, last: RoundWithMatches, number: number, minutes: number): Promise<RoundDto> {
    const eventId = event.id;
    const first = await this.rounds.firstPlayoffNumber(tx, eventId);
    const dropped = new Set((await this.competitors(tx, event)).filter((p) => p.droppedAfterRound !== null).map((p) => p.id));
    const next = nextPlayoffRound(decidedBracket(last, first), dropped);
    assertTopCutNotOver(next);
    return this.createPlayoffRound(tx, eventId, number, next, minutes);
  }

  private async createPlayoffRound(tx: Tx, eventId: string, number: number, bracket: PlayoffMatch[], minutes: number): Promise<RoundDto> {
    let extraTable = bracket.filter((m) => m.table !== null).length;
    const matches: NewMatch[] = [];
    for (const m of bracket) {
      if (m.playerA === null) continue; // an empty seat on both sides: nobody advances from it
      const walkover = m.playerB === null;
      matches.push({
        table: m.table ?? ++extraTable,
        slot: m.slot,
        playerAId: m.playerA,
        playerBId: m.playerB,
        ...(walkover ? { opening: { result: BYE, source: 'walkover' as const } } : {}),
      });
    }
    await this.rounds.createRound(tx, { eventId, number, kind: 'playoff', startedAt: this.clock.now(), minutes, bracket }, matches);
    return this.roundDto(tx, eventId, number);
  }

  /** Records a result's change in the audit trail (in the transaction that makes it), with where the match is played and who plays it. */
  private async recordResult(
    tx: Tx,
    matchId: string,
    action: 'result.entered' | 'result.corrected' | 'result.reported' | 'result.confirmed' | 'result.disputed',
    actor: AuditActor,
    before: MatchResult | null,
    after: MatchResult | null,
    reason: string | null,
    extra: Record<string, unknown> = {},
  ): Promise<void> {
    const place = await this.rounds.matchPlace(tx, matchId);
    const pairing = await this.pairingOf(tx, matchId);
    await this.audit.record(tx, {
      eventId: place.eventId,
      matchId,
      action,
      actor,
      at: this.clock.now(),
      subject: { round: place.round, table: place.table, playerA: pairing.playerA.name, playerB: pairing.playerB?.name ?? null, ...extra },
      before,
      after,
      reason,
    });
  }

  /** The round as the API answers it. @throws DomainError ROUND_NOT_FOUND */
  async roundDto(tx: Tx | undefined, eventId: string, number: number): Promise<RoundDto> {
    const round = await this.rounds.roundByTable(tx, eventId, number);
    const names = await this.sides(tx, eventId);
    const fixed = fixedTablesOf(await this.competitors(tx, await this.events.get(eventId, tx)));
    const clock = clockOf(round);
    const now = this.clock.now();
    const reading = readClock(clock, now);
    const event = await this.events.get(eventId, tx);
    return {
      number: round.number,
      kind: round.kind,
      startedAt: round.startedAt.toISOString(),
      minutes: round.minutes,
      extraMinutes: round.extraMinutes,
      endsAt: reading.endsAt.toISOString(),
      paused: reading.paused,
      remainingSeconds: Math.ceil(reading.remainingMs / 1000),
      timeZone: eventTimeZone(event),
      sideboarding: event.sideboarding,
      pairings: round.matches.map((m) => ({
        ...pairing(m, names),
        endsAt: readClock(clock, now, m.extraMinutes).endsAt.toISOString(),
        ...(fixedTableOf({ playerA: m.playerAId, playerB: m.playerBId }, fixed) === m.table ? { fixedTable: true } : {}),
      })),
    };
  }

  /** Each competitor as a pairing side, by id. */
  private async sides(tx: Tx | undefined, eventId: string): Promise<Map<string, PlayerRefDto>> {
    const competitors = await this.competitors(tx, await this.events.get(eventId, tx));
    return new Map(competitors.map((c) => [c.id, c.members ? { playerId: c.id, name: c.name, teamId: c.id, members: c.members } : { playerId: c.id, name: c.name }]));
  }

  private async pairingOf(tx: Tx, matchId: string): Promise<PairingDto> {
    const match = await this.rounds.matchWithEvent(tx, matchId);
    return pairing(match, await this.sides(tx, match.eventId));
  }
}

/** The match's stored result; null before one is entered. */
function resultOf(match: MatchRow): MatchResult | null {
  return match.winsA === null ? null : { winsA: match.winsA, winsB: match.winsB!, draws: match.draws! };
}

/** A round's pairings as the audit shows them: table, the two sides' names, a result already set (byes). */
function pairingLines(round: RoundDto): { table: number; playerA: string; playerB: string | null }[] {
  return round.pairings.map((p) => ({ table: p.table, playerA: p.playerA.name, playerB: p.playerB?.name ?? null }));
}

function normalize(dto: MatchResultDto): MatchResult {
  const result = { winsA: dto.winsA, winsB: dto.winsB, draws: dto.draws ?? 0 };
  assertValidMatchResult(result);
  return result;
}

/** A competitor of the event: a player, or a team (with its members) in a team event. */
type Competitor = StoredPlayer & { members?: TeamMemberRefDto[]; seat?: number | null; fixedTable?: number | null };

/** Each side's fixed table (side id → table), for rules/fixed-tables.ts. */
export function fixedTablesOf(competitors: readonly { id: string; fixedTable?: number | null }[]): Map<string, number> {
  return new Map(competitors.filter((c) => c.fixedTable != null).map((c) => [c.id, c.fixedTable!]));
}

/** Team events: each standing names the team and its members. */
function withTeams(standings: StandingDto[], competitors: readonly Competitor[]): StandingDto[] {
  const members = new Map(competitors.filter((c) => c.members).map((c) => [c.id, c.members!]));
  if (members.size === 0) return standings;
  return standings.map((s) => ({ ...s, teamId: s.playerId, members: members.get(s.playerId) ?? [] }));
}

function pairing(m: MatchRow, sides: Map<string, PlayerRefDto>): PairingDto {
  const side = (id: string) => sides.get(id) ?? { playerId: id, name: '' };
  let playerA = side(m.playerAId);
  let playerB = m.playerBId ? side(m.playerBId) : null;
  // Team events: each member's seat letter at the team table (TEAM_TABLE_SEATS).
  if (playerA.members) {
    const seats = teamTableSeats(
      playerA.members.map((x) => x.playerId),
      playerB?.members?.map((x) => x.playerId) ?? null,
    );
    const seated = (ref: PlayerRefDto): PlayerRefDto => ({ ...ref, members: ref.members?.map((x) => ({ ...x, ...seats.get(x.playerId) })) });
    playerA = seated(playerA);
    playerB = playerB ? seated(playerB) : null;
  }
  return {
    matchId: m.id,
    table: m.table,
    playerA,
    playerB,
    rematch: m.rematch,
    result: m.winsA === null ? null : { winsA: m.winsA, winsB: m.winsB!, draws: m.draws! },
    disputed: m.disputed,
    extraMinutes: m.extraMinutes,
  };
}
