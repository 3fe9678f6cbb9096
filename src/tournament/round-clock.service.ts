import { Injectable } from '@nestjs/common';
import { Clock } from '../common/clock/clock';
import { LiveNotifier } from '../common/notify/live-notifier';
import { EventsRepository, type Tx } from '../events/events.repository';
import { AuditRepository } from '../audit/audit.repository';
import { systemActor, type AuditActor } from '../audit/rules/audit-entry';
import { matchNotFound, RoundsRepository } from './rounds.repository';
import {
  assertClockChangeable,
  assertCurrentRound,
  assertTableExtendable,
  extendClock,
  MAX_EXTRA_MINUTES,
  pauseClock,
  readClock,
  resumeClock,
  type RoundClock,
} from './rules/round-clock';

/**
 * The clock of a player's current round as their live stream shows it (the `clock` event): the
 * round, their table and its end (the round's end plus the table's extension).
 */
export interface PlayerClock {
  round: number;
  kind: string;
  /** The player's table this round; null when not paired in it (dropped, or late). */
  table: number | null;
  /** ISO 8601: when the player's table must finish (while paused: if resumed now). */
  endsAt: string;
  paused: boolean;
  /** Seconds left, frozen while paused; null while the clock runs (count down to endsAt). */
  remainingSeconds: number | null;
  /** Minutes added to the whole round. */
  extraMinutes: number;
  /** A judge's extension of the player's table, in minutes. */
  tableExtraMinutes: number;
}

/** A change of a round's clock: pause, resume, or minutes added to the whole round. */
export type ClockChange = { kind: 'pause' } | { kind: 'resume' } | { kind: 'extend'; minutes: number };

/**
 * The round clock an organizer controls (rules/round-clock.ts): pause, resume and extend the current
 * round, and a judge's time extension for one table. Loads the round with its event locked, applies
 * the rule, stores the result.
 */
@Injectable()
export class RoundClockService {
  constructor(
    private readonly events: EventsRepository,
    private readonly rounds: RoundsRepository,
    private readonly clock: Clock,
    private readonly live: LiveNotifier,
    private readonly audit: AuditRepository,
  ) {}

  /**
   * The clock of the player's current round (the event's latest round while it is played), with
   * their table's extension; null when no round is being played. Team events: the team's table.
   */
  async playerClock(eventId: string, player: { id: string; teamId: string | null }): Promise<PlayerClock | null> {
    const event = await this.events.get(eventId);
    if (event.state !== 'playing') return null;
    const round = await this.rounds.latest(eventId);
    if (!round) return null;
    const match = await this.rounds.tableOf(round.id, player.teamId ?? player.id);
    const tableExtraMinutes = match?.extraMinutes ?? 0;
    const reading = readClock(clockOf(round), this.clock.now(), tableExtraMinutes);
    return {
      round: round.number,
      kind: round.kind,
      table: match?.table ?? null,
      endsAt: reading.endsAt.toISOString(),
      paused: reading.paused,
      remainingSeconds: reading.paused ? Math.ceil(reading.remainingMs / 1000) : null,
      extraMinutes: round.extraMinutes,
      tableExtraMinutes,
    };
  }

  /**
   * Changes the clock of round `number` of the event; only the event's latest round, while the event
   * is being played.
   * @throws DomainError ROUND_NOT_FOUND, EVENT_NOT_FOUND, EVENT_STATE_CONFLICT (not the latest round,
   *   the event is not being played, pausing a paused clock / resuming a running one),
   *   VALIDATION_FAILED (extensions past MAX_EXTRA_MINUTES in total)
   */
  async change(eventId: string, number: number, change: ClockChange, actor: AuditActor = systemActor()): Promise<void> {
    await this.events.transaction(async (tx) => {
      const round = await this.currentRound(tx, eventId, number);
      const now = this.clock.now();
      const clock = clockOf(round);
      const next = change.kind === 'pause' ? pauseClock(clock, now) : change.kind === 'resume' ? resumeClock(clock, now) : extendClock(clock, change.minutes);
      await this.rounds.storeClock(tx, round.id, next);
      const action = change.kind === 'pause' ? 'round.clockPaused' : change.kind === 'resume' ? 'round.clockResumed' : 'round.extended';
      await this.audit.record(tx, { eventId, action, actor, at: now, subject: { round: number }, after: change.kind === 'extend' ? { minutes: change.minutes } : undefined });
    });
    // Every player's live stream shows the clock: every instance recomputes its streams of the event.
    await this.live.eventChanged(eventId);
  }

  /**
   * Sets a judge's time extension for one table (minutes on top of the round's clock; 0 removes it).
   * @returns the event id and round number of the match.
   * @throws DomainError MATCH_NOT_FOUND, EVENT_STATE_CONFLICT (not a match of the latest round, the
   *   event is not being played, a bye (rule notBye), a match with its result (rule matchOpen))
   */
  async extendTable(matchId: string, extraMinutes: number, actor: AuditActor = systemActor()): Promise<{ eventId: string; number: number }> {
    if (extraMinutes > MAX_EXTRA_MINUTES) throw new RangeError('extraMinutes beyond MAX_EXTRA_MINUTES (validated by the DTO)');
    const changed = await this.events.transaction(async (tx) => {
      const match = await this.rounds.matchForExtension(tx, matchId);
      if (!match) throw matchNotFound();
      await this.currentRound(tx, match.eventId, match.number);
      assertTableExtendable(match);
      await this.rounds.setTableExtension(tx, matchId, extraMinutes);
      await this.audit.record(tx, {
        eventId: match.eventId,
        matchId,
        action: 'table.extended',
        actor,
        at: this.clock.now(),
        subject: { round: match.number },
        after: { extraMinutes },
      });
      return { eventId: match.eventId, number: match.number };
    });
    await this.live.eventChanged(changed.eventId);
    return changed;
  }

  /** The round, with its event locked: it must be the latest round of an event being played. */
  private async currentRound(tx: Tx, eventId: string, number: number) {
    const event = await this.events.lock(tx, eventId);
    assertClockChangeable(event.state);
    const round = await this.rounds.round(tx, eventId, number);
    assertCurrentRound(number, await this.rounds.latestNumber(tx, eventId));
    return round;
  }
}

/** The clock as the round row stores it. */
export function clockOf(round: { startedAt: Date; minutes: number; extraMinutes: number; pausedAt: Date | null; pausedMs: bigint }): RoundClock {
  return { startedAt: round.startedAt, minutes: round.minutes, extraMinutes: round.extraMinutes, pausedAt: round.pausedAt, pausedMs: Number(round.pausedMs) };
}
