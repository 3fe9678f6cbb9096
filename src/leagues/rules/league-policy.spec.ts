import { thrown } from '../../../test/utils/thrown';
import { assertLeagueEvent, assertSeason, countsInStandings, type LeagueEvent, type LeagueSeason } from './league-policy';

const league: LeagueSeason = { game: 'wow-tcg', seasonStart: new Date('2026-03-01T00:00:00Z'), seasonEnd: new Date('2026-05-31T00:00:00Z') };
const event = (over: Partial<LeagueEvent> = {}): LeagueEvent => ({
  state: 'complete',
  game: 'wow-tcg',
  startedAt: new Date('2026-04-10T18:00:00Z'),
  createdAt: new Date('2026-04-01T09:00:00Z'),
  ...over,
});

describe('league policy: seasons', () => {
  it('a season cannot end before it starts', () => {
    expect(thrown(() => assertSeason('2026-06-01', '2026-05-31'))).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'The season ends before it starts',
      details: [{ field: 'seasonEnd', rule: 'afterStart', message: 'seasonEnd must not be before seasonStart' }],
    });
  });

  it('a season may last a single day', () => {
    expect(() => assertSeason('2026-06-01', '2026-06-01')).not.toThrow();
    expect(() => assertSeason('2026-01-01', '2026-12-31')).not.toThrow();
  });
});

describe('league policy: events a league counts', () => {
  it("an event of the league's game held within the season counts", () => {
    expect(() => assertLeagueEvent(league, event())).not.toThrow();
  });

  it('a cancelled event does not count in a league', () => {
    expect(thrown(() => assertLeagueEvent(league, event({ state: 'cancelled' })))).toMatchObject({
      code: 'EVENT_STATE_CONFLICT',
      message: 'A cancelled event does not count in a league',
      details: [{ field: 'eventId', rule: 'notCancelled', message: 'the event was cancelled' }],
    });
  });

  it('a league counts only events of its own game', () => {
    expect(thrown(() => assertLeagueEvent(league, event({ game: 'berserk' })))).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'The event is berserk, the league wow-tcg',
      details: [{ field: 'eventId', rule: 'sameGame', message: 'another game' }],
    });
  });

  it('a league counts only events held within its season', () => {
    for (const day of ['2026-02-28T23:59:59Z', '2026-06-01T00:00:00Z']) {
      expect(thrown(() => assertLeagueEvent(league, event({ startedAt: new Date(day) })))).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: `The event (${day.slice(0, 10)}) is outside the season`,
        details: [{ field: 'eventId', rule: 'inSeason', message: 'outside the season' }],
      });
    }
  });

  it("the season's first and last days are inside it, whatever the hour", () => {
    expect(() => assertLeagueEvent(league, event({ startedAt: new Date('2026-03-01T00:00:00Z') }))).not.toThrow();
    expect(() => assertLeagueEvent(league, event({ startedAt: new Date('2026-05-31T23:59:59Z') }))).not.toThrow();
  });

  it('an event not started yet is held on the day it was created', () => {
    expect(() => assertLeagueEvent(league, event({ state: 'registration', startedAt: null, createdAt: new Date('2026-05-02T10:00:00Z') }))).not.toThrow();
    expect(thrown(() => assertLeagueEvent(league, event({ startedAt: null, createdAt: new Date('2026-07-02T10:00:00Z') }))).message).toBe(
      'The event (2026-07-02) is outside the season',
    );
  });

  it('a cancelled event is said before another game, another game before the season', () => {
    expect(thrown(() => assertLeagueEvent(league, event({ state: 'cancelled', game: 'berserk', startedAt: new Date('2020-01-01') }))).details[0].rule).toBe('notCancelled');
    expect(thrown(() => assertLeagueEvent(league, event({ game: 'berserk', startedAt: new Date('2020-01-01') }))).details[0].rule).toBe('sameGame');
  });
});

describe('league policy: events the standings count', () => {
  it('every event but a cancelled one, also one cancelled after it joined the league', () => {
    for (const state of ['registration', 'drafting', 'building', 'playing', 'complete']) expect(countsInStandings({ state })).toBe(true);
    expect(countsInStandings({ state: 'cancelled' })).toBe(false);
  });
});
