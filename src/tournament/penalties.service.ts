import { Injectable } from '@nestjs/common';
import { Clock } from '../common/clock/clock';
import { EventsRepository } from '../events/events.repository';
import { assertAllowed } from '../events/rules/event-lifecycle';
import type { GivePenaltyDto, PenaltyDto } from './dto/penalty.dto';
import type { PenaltyRow } from './penalties.repository';
import { PenaltiesRepository } from './penalties.repository';
import { assertValidMatchResult, sameResult, type MatchResult } from './rules/match-result';
import { assertPenaltyGivable, assertResultCountsPenalties, matchLossResult } from './rules/penalties';
import { RoundsRepository } from './rounds.repository';

/**
 * Penalties in matches (src/tournament/rules/penalties.ts): the organizer gives and revokes them; a
 * match loss records the opponent's 2-0 win in the match's result history (source "penalty").
 */
@Injectable()
export class PenaltiesService {
  constructor(
    private readonly events: EventsRepository,
    private readonly rounds: RoundsRepository,
    private readonly penalties: PenaltiesRepository,
    private readonly clock: Clock,
  ) {}

  /**
   * Gives a penalty in a match, with its result when one is sent (recorded first, as the organizer's).
   * @returns the penalty as listed.
   * @throws DomainError MATCH_NOT_FOUND, EVENT_STATE_CONFLICT (the event is not playing; a bye; a second
   *   match loss in one match), VALIDATION_FAILED (the player is not in the match; a result that
   *   breaks a rule or does not count the match's penalties, rule gameLossCounted / matchLossStands)
   */
  async give(matchId: string, dto: GivePenaltyDto): Promise<PenaltyDto> {
    return this.events.transaction(async (tx) => {
      const eventId = await this.rounds.eventOfMatch(matchId);
      const event = await this.events.lock(tx, eventId);
      assertAllowed(event.state, 'penalize', event.format);
      const match = await this.rounds.lockMatch(tx, matchId);
      const given = await this.penalties.ofMatch(tx, matchId);
      const penalty = { playerId: dto.playerId, kind: dto.kind };
      assertPenaltyGivable(match, penalty, given);
      const now = this.clock.now();
      let result: MatchResult | null = match.winsA === null ? null : { winsA: match.winsA, winsB: match.winsB!, draws: match.draws! };
      let source = 'organizer';
      if (dto.result) {
        result = { winsA: dto.result.winsA, winsB: dto.result.winsB, draws: dto.result.draws ?? 0 };
        assertValidMatchResult(result);
      }
      if (penalty.kind === 'matchLoss') {
        result = matchLossResult(match, penalty.playerId);
        source = 'penalty';
      }
      if (result) assertResultCountsPenalties(match, [...given, penalty], result);
      const stored = match.winsA === null ? null : { winsA: match.winsA, winsB: match.winsB!, draws: match.draws! };
      if (result && !(stored && sameResult(stored, result))) {
        await this.rounds.storeResult(tx, match.id, result, source, now);
        await this.rounds.setDisputed(tx, match.id, false);
      }
      const row = await this.penalties.create(tx, { eventId, matchId, playerId: dto.playerId, kind: dto.kind, reason: dto.reason.trim(), givenAt: now });
      return this.dto(row, await this.names(eventId));
    });
  }

  /**
   * Revokes a penalty (an appeal, a mistake). The match's result stays as recorded (a match loss's
   * 2-0 too): the organizer corrects it if the penalty decided it.
   * @throws DomainError PENALTY_NOT_FOUND, EVENT_STATE_CONFLICT (the event is not playing)
   */
  async revoke(eventId: string, penaltyId: string): Promise<void> {
    await this.events.transaction(async (tx) => {
      const event = await this.events.lock(tx, eventId);
      assertAllowed(event.state, 'penalize', event.format);
      const row = await this.penalties.get(tx, eventId, penaltyId);
      await this.penalties.delete(tx, row.id);
    });
  }

  /** The event's penalties by round and table. @throws DomainError EVENT_NOT_FOUND */
  async list(eventId: string): Promise<PenaltyDto[]> {
    await this.events.get(eventId);
    const names = await this.names(eventId);
    return (await this.penalties.ofEvent(eventId)).map((p) => this.dto(p, names));
  }

  private async names(eventId: string): Promise<Map<string, string>> {
    const event = await this.events.get(eventId);
    return new Map((await this.rounds.competitors(undefined, event)).map((c) => [c.id, c.name]));
  }

  private dto(p: PenaltyRow, names: Map<string, string>): PenaltyDto {
    return {
      penaltyId: p.id,
      matchId: p.matchId,
      round: p.round,
      table: p.table,
      playerId: p.playerId,
      name: names.get(p.playerId) ?? '',
      kind: p.kind,
      reason: p.reason,
      givenAt: p.givenAt.toISOString(),
    };
  }
}
