import { Injectable } from '@nestjs/common';
import { Clock } from '../common/clock/clock';
import { DomainError } from '../common/errors/domain-error';
import { EventsRepository, type Tx } from '../events/events.repository';
import { extendClock, MAX_EXTRA_MINUTES, pauseClock, resumeClock, type RoundClock } from './rules/round-clock';

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
    private readonly clock: Clock,
  ) {}

  /**
   * Changes the clock of round `number` of the event; only the event's latest round, while the event
   * is being played.
   * @throws DomainError ROUND_NOT_FOUND, EVENT_NOT_FOUND, EVENT_STATE_CONFLICT (not the latest round,
   *   the event is not being played, pausing a paused clock / resuming a running one),
   *   VALIDATION_FAILED (extensions past MAX_EXTRA_MINUTES in total)
   */
  async change(eventId: string, number: number, change: ClockChange): Promise<void> {
    await this.events.transaction(async (tx) => {
      const round = await this.currentRound(tx, eventId, number);
      const now = this.clock.now();
      const clock = clockOf(round);
      const next = change.kind === 'pause' ? pauseClock(clock, now) : change.kind === 'resume' ? resumeClock(clock, now) : extendClock(clock, change.minutes);
      await tx.round.update({ where: { id: round.id }, data: { extraMinutes: next.extraMinutes, pausedAt: next.pausedAt, pausedMs: BigInt(next.pausedMs) } });
    });
  }

  /**
   * Sets a judge's time extension for one table (minutes on top of the round's clock; 0 removes it).
   * @returns the event id and round number of the match.
   * @throws DomainError MATCH_NOT_FOUND, EVENT_STATE_CONFLICT (not a match of the latest round, the event is not being played)
   */
  async extendTable(matchId: string, extraMinutes: number): Promise<{ eventId: string; number: number }> {
    if (extraMinutes > MAX_EXTRA_MINUTES) throw new RangeError('extraMinutes beyond MAX_EXTRA_MINUTES (validated by the DTO)');
    return this.events.transaction(async (tx) => {
      const match = await tx.match.findUnique({ where: { id: matchId }, select: { id: true, round: { select: { eventId: true, number: true } } } });
      if (!match) throw new DomainError('MATCH_NOT_FOUND', 'No such match', [{ field: 'matchId', rule: 'exists', message: 'unknown match' }]);
      await this.currentRound(tx, match.round.eventId, match.round.number);
      await tx.match.update({ where: { id: matchId }, data: { extraMinutes } });
      return { eventId: match.round.eventId, number: match.round.number };
    });
  }

  /** The round, with its event locked: it must be the latest round of an event being played. */
  private async currentRound(tx: Tx, eventId: string, number: number) {
    const event = await this.events.lock(tx, eventId);
    const conflict = (rule: string, message: string) => new DomainError('EVENT_STATE_CONFLICT', message, [{ field: 'number', rule, message }]);
    if (event.state !== 'playing' && event.state !== 'building') throw conflict('eventPlaying', `The event is ${event.state}: its round clock cannot change`);
    const round = await tx.round.findUnique({ where: { eventId_number: { eventId, number } } });
    if (!round) throw new DomainError('ROUND_NOT_FOUND', `No round ${number}`, [{ field: 'number', rule: 'exists', message: 'unknown round' }]);
    const latest = await tx.round.findFirst({ where: { eventId }, orderBy: { number: 'desc' }, select: { number: true } });
    if (latest && latest.number !== number) throw conflict('currentRound', `Round ${number} is over: only the current round ${latest.number} has a running clock`);
    return round;
  }
}

/** The clock as the round row stores it. */
export function clockOf(round: { startedAt: Date; minutes: number; extraMinutes: number; pausedAt: Date | null; pausedMs: bigint }): RoundClock {
  return { startedAt: round.startedAt, minutes: round.minutes, extraMinutes: round.extraMinutes, pausedAt: round.pausedAt, pausedMs: Number(round.pausedMs) };
}
