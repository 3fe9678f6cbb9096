/**
 * The round clock an organizer controls: a round runs for its minutes plus every extension, and
 * time spent paused does not
 * count. A judge's time extension for one table moves only that table's end. Pure: the caller passes
 * `now` (the injected clock).
 */
import { DomainError } from '../../common/errors/domain-error';

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
