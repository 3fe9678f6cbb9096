import { Injectable } from '@nestjs/common';
import { Clock } from '../common/clock/clock';
import { EventsRepository, type Tx } from '../events/events.repository';
import { assertAllowed } from '../events/rules/event-lifecycle';
import type { GivePenaltyDto, PenaltyDto } from './dto/penalty.dto';
import type { PenaltyRow } from './penalties.repository';
import { PenaltiesRepository } from './penalties.repository';
import { assertValidMatchResult, sameResult, type MatchResult } from './rules/match-result';
import { assertPenaltyGivable, assertResultCountsPenalties, matchLossResult } from './rules/penalties';
import { RoundsRepository } from './rounds.repository';
import { AuditRepository } from '../audit/audit.repository';
import { systemActor, type AuditActor } from '../audit/rules/audit-entry';

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
    private readonly audit: AuditRepository,
  ) {}

  /**
   * Gives a penalty in a match, with its result when one is sent (recorded first, as the organizer's).
   * @returns the penalty as listed.
   * @throws DomainError MATCH_NOT_FOUND, EVENT_STATE_CONFLICT (the event is not playing; a bye; a second
   *   match loss in one match), VALIDATION_FAILED (the player is not in the match; a result that
   *   breaks a rule or does not count the match's penalties, rule gameLossCounted / matchLossStands)
   */
  async give(matchId: string, dto: GivePenaltyDto, actor: AuditActor = systemActor()): Promise<PenaltyDto> {
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
      const reason = dto.reason.trim();
      const by = { name: actor.name, role: actor.kind === 'staff' ? actor.role : null, reason };
      const resultChanged = result !== null && !(stored && sameResult(stored, result));
      if (resultChanged) {
        await this.rounds.storeResult(tx, match.id, result!, source, now, by);
        await this.rounds.setDisputed(tx, match.id, false);
      }
      const row = await this.penalties.create(tx, { eventId, matchId, playerId: dto.playerId, kind: dto.kind, reason, givenAt: now });
      const answer = this.dto(row, await this.names(eventId, tx));
      const subject = { round: answer.round, table: answer.table, playerId: answer.playerId, name: answer.name };
      await this.audit.record(tx, { eventId, matchId, action: 'penalty.given', actor, at: now, subject: { ...subject, penaltyId: row.id }, after: { kind: dto.kind }, reason });
      // A penalty's result (sent with it, or a match loss's) is the penalty's: its reason is the penalty's.
      if (resultChanged)
        await this.audit.record(tx, { eventId, matchId, action: stored ? 'result.corrected' : 'result.entered', actor, at: now, subject, before: stored, after: result, reason });
      return answer;
    });
  }

  /**
   * Revokes a penalty (an appeal, a mistake). The match's result stays as recorded (a match loss's
   * 2-0 too): the organizer corrects it if the penalty decided it.
   * @throws DomainError PENALTY_NOT_FOUND, EVENT_STATE_CONFLICT (the event is not playing)
   */
  async revoke(eventId: string, penaltyId: string, actor: AuditActor = systemActor()): Promise<void> {
    await this.events.transaction(async (tx) => {
      const event = await this.events.lock(tx, eventId);
      assertAllowed(event.state, 'penalize', event.format);
      const row = await this.penalties.get(tx, eventId, penaltyId);
      await this.penalties.delete(tx, row.id);
      const name = (await this.names(eventId, tx)).get(row.playerId) ?? '';
      await this.audit.record(tx, {
        eventId,
        matchId: row.matchId,
        action: 'penalty.revoked',
        actor,
        at: this.clock.now(),
        subject: { round: row.round, table: row.table, playerId: row.playerId, name, penaltyId: row.id },
        before: { kind: row.kind, reason: row.reason },
      });
    });
  }

  /** The event's penalties by round and table. @throws DomainError EVENT_NOT_FOUND */
  async list(eventId: string): Promise<PenaltyDto[]> {
    await this.events.get(eventId);
    const names = await this.names(eventId);
    return (await this.penalties.ofEvent(eventId)).map((p) => this.dto(p, names));
  }

  private async names(eventId: string, tx?: Tx): Promise<Map<string, string>> {
    const event = await this.events.get(eventId, tx);
    return new Map((await this.rounds.competitors(tx, event)).map((c) => [c.id, c.name]));
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
