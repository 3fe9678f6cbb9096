import { rngFor } from '../../common/random/seeded-rng';
import { shuffle } from '../../draft/rules/seating';
import { Fraction } from './fraction';
import { compareStandings, computeStandings, gamePointsOf, matchPointsByPlayer, matchPointsOf, type Standing } from './standings';
import type { RecordedMatch, TournamentPlayer } from './types';

const player = (id: string, droppedAfterRound: number | null = null): TournamentPlayer => ({ id, droppedAfterRound });
const m = (round: number, playerA: string, playerB: string | null, winsA = 2, winsB = 0, draws = 0, playoff = false): RecordedMatch => ({
  round,
  playerA,
  playerB,
  winsA,
  winsB,
  draws,
  playoff,
});
const byId = (rows: Standing[]) => new Map(rows.map((r) => [r.playerId, r]));
const F = (n: number, d: number) => Fraction.of(n, d);

/**
 * One player's record against a fresh opponent each round: 'W' 2-0, 'L' 0-2, 'D' 1-1, 'B' a bye.
 * Returns the players and matches of that player's event.
 */
function recordOf(id: string, results: string, droppedAfterRound: number | null = null) {
  const players: TournamentPlayer[] = [player(id, droppedAfterRound)];
  const matches: RecordedMatch[] = [];
  [...results].forEach((res, i) => {
    const round = i + 1;
    if (res === 'B') {
      matches.push(m(round, id, null));
      return;
    }
    const opp = `${id}-opp${round}`;
    players.push(player(opp));
    if (res === 'W') matches.push(m(round, id, opp, 2, 0));
    else if (res === 'L') matches.push(m(round, id, opp, 0, 2));
    else matches.push(m(round, id, opp, 1, 1));
  });
  return { players, matches };
}

describe('standings: MTR Appendix C oracles', () => {
  it('MW%: a 5-2-1 record in 8 rounds is 16/24 = 0.667 (MTR App. C)', () => {
    const { players, matches } = recordOf('p', 'WWWWWLLD');
    const p = byId(computeStandings(players, matches)).get('p')!;
    expect(p.matchPoints).toBe(16);
    expect(p.record).toBe('5-2-1');
    expect(p.roundsPlayed).toBe(8);
    expect(p.mwp.equals(F(16, 24))).toBe(true);
    expect(p.mwp.toFixed(3)).toBe('0.667');
  });

  it('MW%: 1-3-0 then drop is 3/12 = 0.25, floored to 0.33 (MTR App. C)', () => {
    const { players, matches } = recordOf('p', 'WLLL', 4);
    const p = byId(computeStandings(players, matches)).get('p')!;
    expect(p.matchPoints).toBe(3);
    expect(p.roundsPlayed).toBe(4);
    expect(p.mwp.equals(F(33, 100))).toBe(true);
    expect(p.dropped).toBe(true);
  });

  it('MW%: 3-2-0 including a round-1 bye, then drop, is 9/15 = 0.60 (MTR App. C; byes count by default)', () => {
    const { players, matches } = recordOf('p', 'BWWLL', 5);
    const p = byId(computeStandings(players, matches)).get('p')!;
    expect(p.record).toBe('3-2-0');
    expect(p.byes).toBe(1);
    expect(p.matchPoints).toBe(9);
    expect(p.mwp.equals(F(9, 15))).toBe(true);
    expect(p.mwp.toFixed(2)).toBe('0.60');
  });

  it('setting: byes left out of the own MW% (and GW%) turn that 3-2-0 into 6/12 = 0.50, match points unchanged', () => {
    const { players, matches } = recordOf('p', 'BWWLL', 5);
    const p = byId(computeStandings(players, matches, { byesInOwnMatchWinPercentage: false })).get('p')!;
    expect(p.matchPoints).toBe(9);
    expect(p.mwp.equals(F(1, 2))).toBe(true);
    expect(p.gwp.equals(F(12, 24))).toBe(true); // 4 games won of 8 played, the bye's 2-0 left out
    const q = byId(computeStandings(players, matches, { byesInOwnMatchWinPercentage: false, byesInOwnGameWinPercentage: true })).get('p')!;
    expect(q.gwp.equals(F(18, 30))).toBe(true); // with the bye's 6 game points of 2 games
  });

  it('game points: a 2-1-0 match gives 6 and 3; 2-0-1 gives 7 and 1 (MTR App. C)', () => {
    expect(gamePointsOf({ winsA: 2, winsB: 1, draws: 0 })).toEqual({ a: 6, b: 3 });
    expect(gamePointsOf({ winsA: 2, winsB: 0, draws: 1 })).toEqual({ a: 7, b: 1 });
    const rows = byId(computeStandings([player('a'), player('b'), player('c'), player('d')], [m(1, 'a', 'b', 2, 1, 0), m(1, 'c', 'd', 2, 0, 1)]));
    expect([rows.get('a')!.gamePoints, rows.get('b')!.gamePoints, rows.get('c')!.gamePoints, rows.get('d')!.gamePoints]).toEqual([6, 3, 7, 1]);
  });

  it('match points: win 3, draw 1, loss 0; a bye is a 2-0 win: 3 match points and 6 game points (MTR App. C)', () => {
    expect(matchPointsOf({ winsA: 2, winsB: 1, draws: 0 })).toEqual({ a: 3, b: 0 });
    expect(matchPointsOf({ winsA: 1, winsB: 1, draws: 1 })).toEqual({ a: 1, b: 1 });
    expect(matchPointsOf({ winsA: 0, winsB: 1, draws: 0 })).toEqual({ a: 0, b: 3 });
    const p = computeStandings([player('p')], [m(1, 'p', null, 0, 0, 0)])[0];
    expect([p.matchPoints, p.gamePoints, p.gamesPlayed, p.record]).toEqual([3, 6, 2, '1-0-0']);
  });
});

describe('standings: tiebreakers (MTR 3.1, App. C)', () => {
  // A round robin of four, computed by hand:
  // R1 a–b 2-0, c–d 2-1; R2 a–c 2-1, b–d 1-1-1; R3 a–d 2-0-1, b–c 2-0.
  const players = ['a', 'b', 'c', 'd'].map((id) => player(id));
  const matches = [m(1, 'a', 'b', 2, 0), m(1, 'c', 'd', 2, 1), m(2, 'a', 'c', 2, 1), m(2, 'b', 'd', 1, 1, 1), m(3, 'a', 'd', 2, 0, 1), m(3, 'b', 'c', 2, 0)];

  it('OMW% and OGW% are the means of opponents’ floored MW% / GW%, exactly', () => {
    const rows = computeStandings(players, matches);
    expect(rows.map((r) => [r.playerId, r.record, r.matchPoints])).toEqual([
      ['a', '3-0-0', 9],
      ['b', '1-1-1', 4],
      ['c', '1-2-0', 3],
      ['d', '0-2-1', 1],
    ]);
    const s = byId(rows);
    // MW%: a 9/9, b 4/9, c 3/9 = 1/3 (not below 0.33, kept), d 1/9 → 0.33.
    expect(s.get('c')!.mwp.equals(F(1, 3))).toBe(true);
    expect(s.get('d')!.mwp.equals(F(33, 100))).toBe(true);
    // GW%: a 19/24, b 10/21, c 9/24, d 8/27 → 0.33.
    expect(s.get('a')!.gwp.equals(F(19, 24))).toBe(true);
    expect(s.get('b')!.gwp.equals(F(10, 21))).toBe(true);
    expect(s.get('c')!.gwp.equals(F(9, 24))).toBe(true);
    expect(s.get('d')!.gwp.equals(F(33, 100))).toBe(true);
    expect(s.get('a')!.omwp.equals(F(4, 9).add(F(1, 3)).add(F(33, 100)).div(F(3, 1)))).toBe(true);
    expect(s.get('a')!.omwp.toString()).toBe('997/2700');
    expect(s.get('a')!.ogwp.equals(F(10, 21).add(F(9, 24)).add(F(33, 100)).div(F(3, 1)))).toBe(true);
  });

  it('order: match points first, then OMW% before GW%', () => {
    // R1 a–b 2-0, c–d 2-1; R2 a–c 2-0, d–b 2-0. c and d have 3 points; c has the better OMW%
    // (opponents d 3/6 and a 1 vs c 3/6 and b 0.33) but d the better GW% (9/15 vs 6/15).
    const rows = computeStandings(
      ['a', 'b', 'c', 'd'].map((id) => player(id)),
      [m(1, 'a', 'b'), m(1, 'c', 'd', 2, 1), m(2, 'a', 'c'), m(2, 'd', 'b')],
    );
    expect(rows.map((r) => r.playerId)).toEqual(['a', 'c', 'd', 'b']);
    const s = byId(rows);
    expect(s.get('d')!.gwp.compare(s.get('c')!.gwp)).toBe(1);
    expect(s.get('c')!.omwp.compare(s.get('d')!.omwp)).toBe(1);
  });

  it('order: GW% decides equal OMW%, then OGW%, then player id (documented, never random)', () => {
    // One round: a–b 2-0, c–d 2-1, e–f 2-0. Winners: OMW% all 0.33; GW% a = e = 1 > c = 6/9; OGW% a = e.
    const rows = computeStandings(
      ['f', 'e', 'd', 'c', 'b', 'a'].map((id) => player(id)),
      [m(1, 'a', 'b'), m(1, 'c', 'd', 2, 1), m(1, 'e', 'f')],
    );
    expect(rows.map((r) => r.playerId)).toEqual(['a', 'e', 'c', 'd', 'b', 'f']);
    expect(rows.map((r) => r.rank)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('OGW% decides when match points, OMW% and GW% are equal', () => {
    // x and y: a 2-0 win then a 0-2 loss each (GW% 6/12), against opponents of equal MW%;
    // x's first opponent p won 2-1 later (GW% 6/15), y's q won 2-0 (6/12): y's OGW% is higher.
    const players = ['x', 'y', 'p', 'q', 's', 't', 'e', 'f', 'u', 'w'].map((id) => player(id));
    const matches = [m(1, 'x', 'p'), m(1, 'y', 'q'), m(1, 's', 'e'), m(1, 't', 'f'), m(2, 's', 'x'), m(2, 't', 'y'), m(2, 'p', 'u', 2, 1), m(2, 'q', 'w', 2, 0)];
    const s = byId(computeStandings(players, matches));
    const x = s.get('x')!;
    const y = s.get('y')!;
    expect(x.matchPoints).toBe(y.matchPoints);
    expect(x.omwp.equals(y.omwp)).toBe(true);
    expect(x.gwp.equals(y.gwp)).toBe(true);
    expect(x.ogwp.equals(F(7, 10))).toBe(true);
    expect(y.ogwp.equals(F(3, 4))).toBe(true);
    expect(y.rank).toBe(x.rank - 1); // OGW% beats the id order (x < y)
  });

  it('a dropped player stays in opponents’ tiebreakers; one dropped before round 1 leaves the standings', () => {
    const players = [player('a'), player('b', 1), player('c'), player('d'), player('z', 0)];
    const matches = [m(1, 'a', 'b', 2, 0), m(1, 'c', 'd', 2, 0), m(2, 'a', 'c', 2, 0), m(2, 'd', null)];
    const rows = computeStandings(players, matches);
    expect(rows.map((r) => r.playerId)).not.toContain('z');
    const s = byId(rows);
    expect(s.get('b')!.dropped).toBe(true);
    expect(s.get('b')!.droppedAfterRound).toBe(1);
    // a's opponents: b (0/3 → 0.33) and c (3/6); the bye of d is no opponent for d.
    expect(s.get('a')!.omwp.equals(F(33, 100).add(F(1, 2)).div(F(2, 1)))).toBe(true);
    expect(s.get('d')!.omwp.equals(F(1, 2))).toBe(true); // only c (1-1: 3/6); the bye is no opponent
  });

  it('byes are not opponents; a player with no opponent gets the floor as OMW% and OGW%', () => {
    const rows = computeStandings([player('p')], [m(1, 'p', null), m(2, 'p', null)]);
    expect(rows[0].omwp.equals(F(33, 100))).toBe(true);
    expect(rows[0].ogwp.equals(F(33, 100))).toBe(true);
    expect(rows[0].mwp.equals(Fraction.ONE)).toBe(true);
  });

  it('leaves playoff matches out of Swiss standings', () => {
    const players = [player('a'), player('b')];
    const swiss = [m(1, 'a', 'b', 2, 0)];
    const withPlayoff = [...swiss, m(2, 'b', 'a', 2, 0, 0, true)];
    expect(computeStandings(players, withPlayoff)).toEqual(computeStandings(players, swiss));
    expect(matchPointsByPlayer(withPlayoff)).toEqual(
      new Map([
        ['a', 3],
        ['b', 0],
      ]),
    );
  });

  it('takes the floor as a setting', () => {
    const { players, matches } = recordOf('p', 'WLLL', 4);
    const p = byId(computeStandings(players, matches, { percentageFloor: Fraction.parse('0.2') })).get('p')!;
    expect(p.mwp.equals(F(1, 4))).toBe(true);
  });

  it('players without results yet stand at 0 points with floors, ordered by id', () => {
    const rows = computeStandings([player('b'), player('a')], []);
    expect(rows.map((r) => [r.playerId, r.matchPoints, r.record, r.mwp.toString()])).toEqual([
      ['a', 0, '0-0-0', '33/100'],
      ['b', 0, '0-0-0', '33/100'],
    ]);
  });

  it('rejects inconsistent input', () => {
    expect(() => computeStandings([player('a'), player('a')], [])).toThrow(/Duplicate/);
    expect(() => computeStandings([player('a')], [m(1, 'a', 'x')])).toThrow(/unknown player x/);
    expect(() => computeStandings([player('a')], [m(1, 'a', 'a')])).toThrow(/themselves/);
    expect(() => computeStandings([player('a'), player('b'), player('c')], [m(1, 'a', 'b'), m(1, 'a', 'c')])).toThrow(/two Swiss matches/);
    expect(() => computeStandings([player('a'), player('b')], [m(1, 'a', 'b', -1, 0)])).toThrow(/non-negative/);
  });

  it('computes 4,096 players over 12 rounds in strict standings order', () => {
    const n = 4096;
    const ids = Array.from({ length: n }, (_, i) => `p${i}`);
    const players = ids.map((id) => player(id));
    const matches: RecordedMatch[] = [];
    const rng = rngFor('00112233445566778899aabbccddeeff', 'test/standings');
    for (let r = 1; r <= 12; r++) {
      const order = shuffle(ids, rng);
      for (let i = 0; i < n; i += 2) {
        const k = rng.below(4);
        matches.push(m(r, order[i], order[i + 1], [2, 2, 1, 0][k], [0, 1, 1, 2][k], k === 2 ? 1 : 0));
      }
    }
    // Its speed is measured by npm run bench (league section), not asserted here.
    const rows = computeStandings(players, matches);
    expect(rows).toHaveLength(n);
    for (let i = 1; i < rows.length; i++) expect(compareStandings(rows[i - 1], rows[i])).toBeLessThan(0);
  });
});
