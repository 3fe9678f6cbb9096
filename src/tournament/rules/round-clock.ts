/**
 * The round clock an organizer controls: a round runs for its minutes plus every extension, and
 * time spent paused does not
 * count. A judge's time extension for one table moves only that table's end. Which round's clock and
 * which table may change: the policies at the end. Pure: the caller passes `now` (the injected clock).
 */
import { DomainError } from '../../common/errors/domain-error';
import type { EventState } from '../../events/rules/event-lifecycle';

/** At most this many minutes can be added to one round in total, and to one table. */
export const MAX_EXTRA_MINUTES = 120;

/** What a round stores of its clock. */
export interface RoundClock {
  startedAt: Date;
  /** The round's length as paired, in minutes. */
  minutes: number;
  /** Minutes added to the whole round (extend), 0 by default. */
  extraMinutes: number;
  /** When the clock was paused, or null while it runs. */
  pausedAt: Date | null;
  /** Milliseconds spent paused before `pausedAt` (earlier pauses, resumed). */
  pausedMs: number;
}

/** The clock as players and the organizer see it at `now`. */
export interface ClockReading {
  /** When the round ends if nothing changes (while paused: if it were resumed now). */
  endsAt: Date;
  /** Milliseconds left at `now`, never below 0; frozen while paused. */
  remainingMs: number;
  paused: boolean;
}

/** Reads the clock at `now`; `tableExtraMinutes` adds one table's extension. */
export function readClock(clock: RoundClock, now: Date, tableExtraMinutes = 0): ClockReading {
  const paused = clock.pausedAt !== null;
  const pausedSoFar = clock.pausedMs + (paused ? now.getTime() - clock.pausedAt!.getTime() : 0);
  const end = clock.startedAt.getTime() + (clock.minutes + clock.extraMinutes + tableExtraMinutes) * 60_000 + pausedSoFar;
  return { endsAt: new Date(end), remainingMs: Math.max(0, end - now.getTime()), paused };
}

const conflict = (rule: string, message: string) => new DomainError('EVENT_STATE_CONFLICT', message, [{ field: 'round', rule, message }]);

/** @throws DomainError EVENT_STATE_CONFLICT (rule clockRunning) when it is already paused. */
export function pauseClock(clock: RoundClock, now: Date): RoundClock {
  if (clock.pausedAt !== null) throw conflict('clockRunning', 'The round clock is already paused');
  return { ...clock, pausedAt: now };
}

/** @throws DomainError EVENT_STATE_CONFLICT (rule clockPaused) when it is not paused. */
export function resumeClock(clock: RoundClock, now: Date): RoundClock {
  if (clock.pausedAt === null) throw conflict('clockPaused', 'The round clock is not paused');
  return { ...clock, pausedAt: null, pausedMs: clock.pausedMs + Math.max(0, now.getTime() - clock.pausedAt.getTime()) };
}

/**
 * Adds `minutes` to the whole round (paused or not).
 * @throws DomainError VALIDATION_FAILED (rule maxExtraMinutes) past MAX_EXTRA_MINUTES in total.
 */
export function extendClock(clock: RoundClock, minutes: number): RoundClock {
  if (clock.extraMinutes + minutes > MAX_EXTRA_MINUTES) {
    const message = `A round can be extended by at most ${MAX_EXTRA_MINUTES} minutes in total (already ${clock.extraMinutes})`;
    throw new DomainError('VALIDATION_FAILED', message, [{ field: 'minutes', rule: 'maxExtraMinutes', message }]);
  }
  return { ...clock, extraMinutes: clock.extraMinutes + minutes };
}

/*
 * Which clock the organizer may change (Podium's rule): only the current (latest) round's, while the
 * event is in a state where rounds are paired (building or playing, as the lifecycle's pairRound);
 * an earlier round is over. The table of a bye or of a decided match has no time to extend: an
 * extension only helps a match still being played.
 */
const clockConflict = (rule: string, message: string) => new DomainError('EVENT_STATE_CONFLICT', message, [{ field: 'number', rule, message }]);

/**
 * Podium's rule: a round clock changes only while the event's rounds are paired and played.
 * @param state the event's state.
 * @throws DomainError EVENT_STATE_CONFLICT (field number, rule eventPlaying) unless the event is
 *   playing or building.
 */
export function assertClockChangeable(state: EventState): void {
  if (state !== 'playing' && state !== 'building') throw clockConflict('eventPlaying', `The event is ${state}: its round clock cannot change`);
}

/**
 * Podium's rule: only the current (latest) round has a running clock.
 * @param number the round asked for; `latest` the event's latest round number (null: none).
 * @throws DomainError EVENT_STATE_CONFLICT (field number, rule currentRound) when `number` is not the latest round.
 */
export function assertCurrentRound(number: number, latest: number | null): void {
  if (latest !== null && latest !== number) throw clockConflict('currentRound', `Round ${number} is over: only the current round ${latest} has a running clock`);
}

/**
 * Podium's rule: a judge extends only a table whose match is still being played.
 * @param match the match as stored: `playerBId` null for a bye, `winsA` null while it has no result.
 * @throws DomainError EVENT_STATE_CONFLICT (field matchId) — rule notBye for a bye, then rule
 *   matchOpen for a match with its result.
 */
export function assertTableExtendable(match: { playerBId: string | null; winsA: number | null }): void {
  if (match.playerBId === null) {
    throw new DomainError('EVENT_STATE_CONFLICT', 'A bye is not played: it has no time to extend', [{ field: 'matchId', rule: 'notBye', message: 'a bye' }]);
  }
  if (match.winsA !== null) {
    throw new DomainError('EVENT_STATE_CONFLICT', 'The match has its result: no time to extend', [{ field: 'matchId', rule: 'matchOpen', message: 'match decided' }]);
  }
}
