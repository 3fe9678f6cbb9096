import { Injectable } from '@nestjs/common';
import { Clock } from '../common/clock/clock';
import { LiveNotifier } from '../common/notify/live-notifier';
import { EventsRepository, type Tx } from '../events/events.repository';
import { assertAllowed } from '../events/rules/event-lifecycle';
import type { FixedTableAnswerDto, PairingEditDto, PairingEditRecordDto, PairingLineDto } from './dto/pairing-edit.dto';
import { assertFixedTableFree, numberTables } from './rules/fixed-tables';
import { assertPairingEditable, pairingLines, swapSides, type PairingHistory } from './rules/pairing-edits';
import { RoundsRepository, type RoundRow, type RoundWithMatches } from './rounds.repository';
import { fixedTablesOf, TournamentService } from './tournament.service';
import { AuditRepository } from '../audit/audit.repository';
import { systemActor, type AuditActor } from '../audit/rules/audit-entry';

/**
 * The organizer's repairs of a round's pairings before results (docs/rules.md "Pairing
 * corrections"): swap two sides, re-pair the round, and fixed tables ("Fixed tables"). Loads under
 * the event lock and every match of the round locked, calls the rules (rules/pairing-edits.ts,
 * rules/fixed-tables.ts), stores the new pairings and the record of the edit.
 */
@Injectable()
export class PairingEditsService {
  constructor(
    private readonly events: EventsRepository,
    private readonly rounds: RoundsRepository,
    private readonly tournament: TournamentService,
    private readonly clock: Clock,
    private readonly live: LiveNotifier,
    private readonly audit: AuditRepository,
  ) {}

  /**
   * Swaps two sides of the latest round between their matches (or one with the bye's receiver); a
   * fixed side keeps its table (the two matches trade numbers when needed).
   * @param playerId / withPlayerId players (team events: a team id or a member's player id).
   * @throws DomainError EVENT_NOT_FOUND, EVENT_STATE_CONFLICT (not playing, not the latest or a top-cut
   *   round), PLAYER_NOT_FOUND, VALIDATION_FAILED (not paired in the round, same match),
   *   PAIRING_LOCKED (either match has a result, report, penalty or sideboarded deck), PAIRING_REMATCH.
   */
  async swap(eventId: string, number: number, playerId: string, withPlayerId: string, allowRematch: boolean, actor: AuditActor = systemActor()): Promise<PairingEditDto> {
    const answer = await this.events.transaction(async (tx) => {
      const event = await this.events.lock(tx, eventId);
      assertAllowed(event.state, 'editPairings', event.format);
      const x = await this.side(tx, eventId, playerId);
      const y = await this.side(tx, eventId, withPlayerId);
      const latest = await this.rounds.lockLatestForEdit(tx, eventId);
      const involved = latest?.matches.filter((m) => [m.playerAId, m.playerBId].some((s) => s === x || s === y)) ?? [];
      assertPairingEditable(latest, number, involved);
      const rounds = await this.rounds.roundsWithMatches(eventId, tx);
      const { changed } = swapSides(latest.matches, x, y, historyBefore(rounds, number), allowRematch);
      // A fixed side moved into the other match takes its table with it.
      const fixed = fixedTablesOf(await this.rounds.competitors(tx, event));
      const tables = numberTables(
        changed.map((m) => ({ playerA: m.playerAId, playerB: m.playerBId })),
        fixed,
        changed.map((m) => m.table),
      );
      const after = changed.map((m, i) => ({ ...m, table: tables[i] }));
      const before = pairingLines(latest.matches);
      await this.rounds.updateSides(tx, after);
      const byId = new Map(after.map((m) => [m.id, m]));
      return this.recorded(tx, eventId, latest, 'swap', before, pairingLines(latest.matches.map((m) => byId.get(m.id) ?? m)), actor, allowRematch ? { allowRematch } : {});
    });
    await this.live.eventChanged(eventId);
    return answer;
  }

  /**
   * Re-pairs the latest round from scratch with the rule that paired it (TournamentService.swissPairings),
   * from the random stream of its k-th re-pair (`pairing/round-<r>/repair-<k>`). Drops recorded
   * during the round count as drops before it (as an undo does), so a player who left is not paired.
   * @throws DomainError EVENT_NOT_FOUND, EVENT_STATE_CONFLICT, PAIRING_LOCKED (any match of the round has
   *   a result, report, penalty or sideboarded deck; the bye's result aside).
   */
  async repair(eventId: string, number: number, firstRound: 'across-the-table' | 'random' = 'across-the-table', actor: AuditActor = systemActor()): Promise<PairingEditDto> {
    const answer = await this.events.transaction(async (tx) => {
      const event = await this.events.lock(tx, eventId);
      assertAllowed(event.state, 'editPairings', event.format);
      const latest = await this.rounds.lockLatestForEdit(tx, eventId);
      assertPairingEditable(latest, number);
      const before = pairingLines(latest.matches);
      const repair = (await this.rounds.repairCount(tx, latest.id)) + 1;
      await this.rounds.dropsBefore(tx, eventId, number);
      const earlier = (await this.rounds.roundsWithMatches(eventId, tx)).filter((r) => r.number < number);
      const matches = await this.tournament.swissPairings(tx, event, earlier, number, firstRound, repair);
      await this.rounds.deleteMatches(tx, latest.id);
      await this.rounds.createMatches(tx, latest.id, matches, this.clock.now());
      return this.recorded(tx, eventId, latest, 'repair', before, pairingLines(matches), actor, { repair });
    });
    await this.live.eventChanged(eventId);
    return answer;
  }

  /** Every edit of round `number`'s pairings, oldest first. @throws DomainError EVENT_NOT_FOUND, ROUND_NOT_FOUND */
  async edits(eventId: string, number: number): Promise<PairingEditRecordDto[]> {
    await this.events.get(eventId);
    const round = await this.rounds.roundByTable(undefined, eventId, number);
    return (await this.rounds.edits(round.id)).map((e) => ({
      ...e,
      kind: e.kind as 'swap' | 'repair',
      at: e.at.toISOString(),
      before: e.before as PairingLineDto[],
      after: e.after as PairingLineDto[],
    }));
  }

  /**
   * Sets (1..999) or clears (null) the player's fixed table; rounds paired afterwards keep their
   * match there (rules/fixed-tables.ts). Team events: members of one team may share a table; two
   * teams may not.
   * @throws DomainError EVENT_NOT_FOUND, PLAYER_NOT_FOUND, EVENT_STATE_CONFLICT (complete or cancelled),
   *   FIXED_TABLE_TAKEN
   */
  async setFixedTable(eventId: string, playerId: string, table: number | null, actor: AuditActor = systemActor()): Promise<FixedTableAnswerDto> {
    return this.events.transaction(async (tx) => {
      const event = await this.events.lock(tx, eventId);
      assertAllowed(event.state, 'fixTable', event.format);
      const player = await this.events.player(eventId, playerId, tx);
      const others = (await this.rounds.fixedTables(tx, eventId)).filter((p) => p.playerId !== playerId && (player.teamId === null || p.teamId !== player.teamId));
      assertFixedTableFree(table, new Map(others.map((p) => [p.playerId, p.table])), new Map(others.map((p) => [p.playerId, p.name])));
      await this.rounds.setFixedTable(tx, playerId, table);
      if (player.fixedTable !== table) {
        await this.audit.record(tx, {
          eventId,
          action: 'table.fixed',
          actor,
          at: this.clock.now(),
          subject: { playerId, name: player.name },
          before: { fixedTable: player.fixedTable },
          after: { fixedTable: table },
        });
      }
      return { playerId, fixedTable: table };
    });
  }

  /** The side a player plays as in the event: the player, or in a team event their team (a team id is taken as is). */
  private async side(tx: Tx, eventId: string, id: string): Promise<string> {
    const competitors = await this.rounds.competitors(tx, await this.events.get(eventId, tx));
    if (competitors.some((c) => c.id === id)) return id;
    const team = competitors.find((c) => c.members?.some((m) => m.playerId === id));
    if (team) return team.id;
    return (await this.events.player(eventId, id, tx)).id;
  }

  private async recorded(
    tx: Tx,
    eventId: string,
    round: RoundRow,
    kind: 'swap' | 'repair',
    before: PairingLineDto[],
    after: PairingLineDto[],
    actor: AuditActor,
    details: Record<string, unknown>,
  ): Promise<PairingEditDto> {
    const at = this.clock.now();
    await this.rounds.recordEdit(tx, { roundId: round.id, kind, source: 'organizer', at, before, after });
    await this.audit.record(tx, {
      eventId,
      action: kind === 'swap' ? 'pairing.swapped' : 'pairing.repaired',
      actor,
      at,
      subject: { round: round.number, ...details },
      before,
      after,
    });
    return { round: await this.tournament.roundDto(tx, eventId, round.number), edit: { kind, source: 'organizer', at: at.toISOString(), before, after } };
  }
}

/** Pairs and byes of the Swiss rounds before `number` (a swap's rematch guard). */
function historyBefore(rounds: readonly RoundWithMatches[], number: number): PairingHistory {
  const swiss = rounds.filter((r) => r.kind === 'swiss' && r.number < number).flatMap((r) => r.matches);
  return {
    met: swiss.filter((m) => m.playerBId !== null).map((m) => [m.playerAId, m.playerBId!] as const),
    hadBye: swiss.filter((m) => m.playerBId === null).map((m) => m.playerAId),
  };
}
