import { eventPoints, leagueStandings, type EventResult, type LeagueScoring } from './league-standings';

const byMatchPoints: LeagueScoring = { mode: 'match-points', placingPoints: [], participationPoints: 1 };
const byPlacing: LeagueScoring = { mode: 'placing', placingPoints: [10, 7, 5, 3], participationPoints: 2 };
const r = (eventId: string, profileId: string, place: number, matchPoints: number, omwp = 0.5, name = profileId): EventResult => ({
  eventId,
  profileId,
  name,
  place,
  matchPoints,
  omwp,
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
});
