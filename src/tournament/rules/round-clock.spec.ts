import { DomainError } from '../../common/errors/domain-error';
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
} from './round-clock';

const at = (min: number) => new Date(Date.UTC(2026, 11, 3, 19, 0) + min * 60_000);
const fresh: RoundClock = { startedAt: at(0), minutes: 50, extraMinutes: 0, pausedAt: null, pausedMs: 0 };

describe('round clock (pause, resume, extend, table extensions)', () => {
  it('a round ends its minutes after it started; the remaining time counts down and stops at 0', () => {
    expect(readClock(fresh, at(10))).toEqual({ endsAt: at(50), remainingMs: 40 * 60_000, paused: false });
    expect(readClock(fresh, at(70)).remainingMs).toBe(0);
  });

  it('rule: time spent paused does not count — the remaining time is frozen while paused and the end moves by the pause', () => {
    const paused = pauseClock(fresh, at(20));
    expect(readClock(paused, at(20)).remainingMs).toBe(30 * 60_000);
    expect(readClock(paused, at(27))).toEqual({ endsAt: at(57), remainingMs: 30 * 60_000, paused: true });
    const resumed = resumeClock(paused, at(27));
    expect(readClock(resumed, at(30))).toEqual({ endsAt: at(57), remainingMs: 27 * 60_000, paused: false });
    // A second pause adds to the first.
    const again = resumeClock(pauseClock(resumed, at(40)), at(43));
    expect(readClock(again, at(43)).endsAt).toEqual(at(60));
  });

  it('rule: extend adds minutes to the whole round, at most MAX_EXTRA_MINUTES in total; a table extension moves only that table', () => {
    const extended = extendClock(extendClock(fresh, 5), 3);
    expect(readClock(extended, at(0)).endsAt).toEqual(at(58));
    expect(readClock(extended, at(0), 4).endsAt).toEqual(at(62));
    expect(() => extendClock(extended, MAX_EXTRA_MINUTES)).toThrow(DomainError);
  });

  it('pausing a paused clock or resuming a running one is a clear conflict', () => {
    expect(() => resumeClock(fresh, at(1))).toThrow(expect.objectContaining({ code: 'EVENT_STATE_CONFLICT', details: [expect.objectContaining({ rule: 'clockPaused' })] }));
    expect(() => pauseClock(pauseClock(fresh, at(1)), at(2))).toThrow(expect.objectContaining({ details: [expect.objectContaining({ rule: 'clockRunning' })] }));
  });
});

describe('round clock policy (which clock and which table may change)', () => {
  /** The conflict thrown: its message, and the detail's (the same unless given). */
  const conflict = (field: string, rule: string, message: string, detail = message) =>
    expect.objectContaining({ code: 'EVENT_STATE_CONFLICT', message, details: [{ field, rule, message: detail }] });

  it('the round clock changes only while the event pairs and plays rounds', () => {
    expect(() => assertClockChangeable('playing')).not.toThrow();
    expect(() => assertClockChangeable('building')).not.toThrow();
    for (const state of ['registration', 'drafting', 'complete', 'cancelled'] as const) {
      expect(() => assertClockChangeable(state)).toThrow(conflict('number', 'eventPlaying', `The event is ${state}: its round clock cannot change`));
    }
  });

  it('only the current round has a running clock', () => {
    expect(() => assertCurrentRound(3, 3)).not.toThrow();
    expect(() => assertCurrentRound(2, 3)).toThrow(conflict('number', 'currentRound', 'Round 2 is over: only the current round 3 has a running clock'));
  });

  it('without any round, no round is over', () => {
    expect(() => assertCurrentRound(1, null)).not.toThrow();
  });

  it('a bye is not played: its table has no time to extend', () => {
    expect(() => assertTableExtendable({ playerBId: null, winsA: 2 })).toThrow(conflict('matchId', 'notBye', 'A bye is not played: it has no time to extend', 'a bye'));
  });

  it('a match with its result has no time to extend', () => {
    expect(() => assertTableExtendable({ playerBId: 'b', winsA: 0 })).toThrow(conflict('matchId', 'matchOpen', 'The match has its result: no time to extend', 'match decided'));
  });

  it('a table whose match is still being played can be extended', () => {
    expect(() => assertTableExtendable({ playerBId: 'b', winsA: null })).not.toThrow();
  });
});
