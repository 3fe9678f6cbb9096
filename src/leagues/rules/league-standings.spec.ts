import { Fraction } from '../../tournament/rules/fraction';
import { eventPoints, leagueStandings, type EventResult, type LeagueScoring } from './league-standings';

const byMatchPoints: LeagueScoring = { mode: 'match-points', placingPoints: [], participationPoints: 1 };
const byPlacing: LeagueScoring = { mode: 'placing', placingPoints: [10, 7, 5, 3], participationPoints: 2 };
const r = (eventId: string, profileId: string, place: number, matchPoints: number, omwp = 0.5, name = profileId, omwpExact = Fraction.parse(omwp).toString()): EventResult => ({
  eventId,
  profileId,
  name,
  place,
  matchPoints,
  omwp,
  omwpExact,
  record: '',
});

describe('league standings follow profiles across events', () => {
  it('match-points scoring: match points plus participation points per event', () => {
    expect(eventPoints(r('e1', 'p', 1, 9), byMatchPoints)).toBe(10);
  });

  it('placing scoring: the points table by final placing, 0 beyond it, plus participation', () => {
    expect(eventPoints(r('e1', 'p', 2, 6), byPlacing)).toBe(9);
    expect(eventPoints(r('e1', 'p', 7, 0), byPlacing)).toBe(2);
  });

  it('a profile accumulates across events, whatever name it used (the latest name is shown)', () => {
    const rows = leagueStandings([r('e1', 'alice', 1, 9, 0.5, 'Alice'), r('e1', 'bob', 2, 6), r('e2', 'alice', 2, 6, 0.5, 'Alice K.'), r('e2', 'bob', 1, 9)], byMatchPoints);
    expect(rows.find((x) => x.profileId === 'alice')).toMatchObject({ name: 'Alice K.', points: 17, events: 2, matchPoints: 15 });
  });

  it('ties: more events attended, then match points, then mean OMW%, then profile id', () => {
    const rows = leagueStandings([r('e1', 'a', 1, 3, 0.4), r('e1', 'b', 2, 3, 0.6), r('e1', 'c', 3, 3, 0.6)], byMatchPoints);
    expect(rows.map((x) => x.profileId)).toEqual(['b', 'c', 'a']);
    const attendance = leagueStandings([r('e1', 'x', 1, 2), r('e1', 'y', 2, 1), r('e2', 'y', 2, 1)], { mode: 'match-points', placingPoints: [], participationPoints: 0 });
    expect(attendance.map((x) => x.profileId)).toEqual(['y', 'x']); // equal points: two events beat one
  });

  it('equal mean OMW% is a tie whatever the order of the events (exact, not a sum of doubles): the profile id decides', () => {
    // 0.1 + 0.2 + 0.3 sums to 0.6000000000000001 in that order and to 0.6 in the other.
    const events = [
      ['e1', 0.1, '1/10'],
      ['e2', 0.2, '1/5'],
      ['e3', 0.3, '3/10'],
    ] as const;
    const results = [
      ...events.map(([e, omwp, exact]) => r(e, 'b-profile', 1, 3, omwp, 'B', exact)),
      ...[...events].reverse().map(([e, omwp, exact]) => r(e, 'a-profile', 2, 3, omwp, 'A', exact)),
    ];
    const rows = leagueStandings(results, byMatchPoints);
    expect(rows.map((x) => x.profileId)).toEqual(['a-profile', 'b-profile']);
    // A real difference far below a percent still counts.
    const close = leagueStandings([r('e1', 'a', 1, 3, 0.5, 'A', '1/2'), r('e1', 'b', 2, 3, 0.5000001, 'B', '5000001/10000000')], byMatchPoints);
    expect(close.map((x) => x.profileId)).toEqual(['b', 'a']);
  });
});
