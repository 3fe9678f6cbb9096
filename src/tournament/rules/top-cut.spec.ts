import { DomainError } from '../../common/errors/domain-error';
import type { MatchResult } from './match-result';
import {
  assertValidPlayoffResult,
  bracketSeedOrder,
  checkPlayoffResult,
  cutSizeByMatchPoints,
  finalPlacings,
  nextPlayoffRound,
  qualifiedEntrants,
  topCutBracket,
  type CutEntrant,
  type DecidedPlayoffMatch,
  type PlayoffMatch,
} from './top-cut';

const standings = (n: number, dropped: number[] = []): CutEntrant[] => Array.from({ length: n }, (_, i) => ({ playerId: `s${i + 1}`, dropped: dropped.includes(i + 1) }));
const A: MatchResult = { winsA: 2, winsB: 1, draws: 0 };
const B: MatchResult = { winsA: 0, winsB: 2, draws: 0 };
/** Decides every match of a round: `winners` by table order says 'A' or 'B' for each real match. */
function decide(round: PlayoffMatch[], pick: (m: PlayoffMatch) => MatchResult | null): DecidedPlayoffMatch[] {
  return round.map((m) => ({ ...m, result: m.playerA !== null && m.playerB !== null ? pick(m) : null }));
}
const lines = (round: PlayoffMatch[]) => [...round].sort((x, y) => (x.table ?? 99) - (y.table ?? 99)).map((m) => `${m.seedA}v${m.seedB}`);

describe('top cut brackets (docs/rules.md: top 8 1v8, 2v7, 3v6, 4v5; top 4 1v4, 2v3)', () => {
  it('orders seeds so that the two best seeds meet only in the final', () => {
    expect(bracketSeedOrder(8)).toEqual([1, 8, 4, 5, 2, 7, 3, 6]);
    expect(bracketSeedOrder(4)).toEqual([1, 4, 2, 3]);
    expect(bracketSeedOrder(2)).toEqual([1, 2]);
    expect(() => bracketSeedOrder(6 as never)).toThrow(RangeError);
  });

  it('rule: top 2 is a final, 1v2; top 16 and top 32 fold the same way (1v16, 8v9 … ; the best two meet only in the final)', () => {
    const final = topCutBracket(standings(5), 2);
    expect(lines(final)).toEqual(['1v2']);
    expect(nextPlayoffRound(decide(final, () => A))).toEqual([]);
    expect(bracketSeedOrder(16)).toEqual([1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11]);
    for (const size of [16, 32] as const) {
      let round = topCutBracket(standings(40), size);
      expect(lines(round)).toEqual(Array.from({ length: size / 2 }, (_, i) => `${i + 1}v${size - i}`));
      // Favourites win every match: the final is seed 1 against seed 2, after log2(size) − 1 rounds.
      for (let r = 1; r < Math.log2(size); r++) round = nextPlayoffRound(decide(round, () => A));
      expect(round.map((m) => [m.seedA, m.seedB])).toEqual([[1, 2]]);
    }
  });

  it('rule: cut by match points — everyone with at least X points, padded by standings to the next power of two, at most 32', () => {
    expect(cutSizeByMatchPoints([9, 9, 6, 6, 6, 3], 6)).toBe(8);
    expect(cutSizeByMatchPoints([9, 9, 6, 6, 6, 3], 9)).toBe(2);
    expect(cutSizeByMatchPoints([9, 6, 6, 6, 3], 10)).toBe(2); // nobody: still a final
    expect(cutSizeByMatchPoints([12, 9, 9, 9, 6], 9)).toBe(4);
    expect(
      cutSizeByMatchPoints(
        Array.from({ length: 40 }, () => 9),
        9,
      ),
    ).toBe(32);
    expect(
      cutSizeByMatchPoints(
        Array.from({ length: 17 }, () => 9),
        9,
      ),
    ).toBe(32);
    expect(
      cutSizeByMatchPoints(
        Array.from({ length: 16 }, () => 9),
        9,
      ),
    ).toBe(16);
  });

  it('top 8: tables 1v8, 2v7, 3v6, 4v5; the 1v8 winner meets the 4v5 winner, 2v7 meets 3v6', () => {
    const r1 = topCutBracket(standings(12), 8);
    expect(lines(r1)).toEqual(['1v8', '2v7', '3v6', '4v5']);
    expect(r1.map((m) => m.playerA)).toEqual(['s1', 's4', 's2', 's3']); // bracket (slot) order
    // Underdogs win 4v5 and 3v6; favourites the others.
    const r2 = nextPlayoffRound(decide(r1, (m) => (m.seedA === 4 || m.seedA === 3 ? B : A)));
    expect(r2.map((m) => [m.round, m.slot, m.playerA, m.playerB, m.table])).toEqual([
      [2, 0, 's1', 's5', 1],
      [2, 1, 's2', 's6', 2],
    ]);
    const r3 = nextPlayoffRound(decide(r2, () => B));
    expect(r3.map((m) => [m.playerA, m.playerB])).toEqual([['s5', 's6']]);
    expect(nextPlayoffRound(decide(r3, () => A))).toEqual([]);
  });

  it('top 4: 1v4 and 2v3, winners meet in the final', () => {
    const r1 = topCutBracket(standings(8), 4);
    expect(lines(r1)).toEqual(['1v4', '2v3']);
    const final = nextPlayoffRound(decide(r1, () => A));
    expect(final.map((m) => [m.playerA, m.playerB])).toEqual([['s1', 's2']]);
  });

  it('nobody is promoted: a dropped seed leaves an empty seat and the opponent advances by walkover', () => {
    const r1 = topCutBracket(standings(10, [2]), 8);
    const walkover = r1.find((m) => m.playerB === null)!;
    expect(walkover).toMatchObject({ playerA: 's7', seedA: 7, playerB: null, table: null });
    expect(r1.flatMap((m) => [m.playerA, m.playerB])).not.toContain('s9'); // 9th is not promoted
    expect(lines(r1)).toEqual(['1v8', '3v6', '4v5', '7vnull']);
    const r2 = nextPlayoffRound(decide(r1, () => A));
    expect(r2.map((m) => [m.playerA, m.playerB])).toEqual([
      ['s1', 's4'],
      ['s3', 's7'],
    ]);
  });

  it('a cut larger than the field gives the best seeds walkovers; two empty seats give no winner', () => {
    const r1 = topCutBracket(standings(6), 8);
    expect(r1.filter((m) => m.playerB === null).map((m) => m.playerA)).toEqual(['s1', 's2']);
    const both = topCutBracket(standings(8, [4, 5]), 8);
    expect(both[1]).toMatchObject({ playerA: null, playerB: null, table: null });
    const r2 = nextPlayoffRound(decide(both, () => A));
    expect(r2[0]).toMatchObject({ playerA: 's1', playerB: null }); // 1 advances again by walkover
  });

  it('a winner who drops after the round leaves the next seat empty', () => {
    const r1 = topCutBracket(standings(8), 4);
    const final = nextPlayoffRound(
      decide(r1, () => A),
      new Set(['s1']),
    );
    expect(final[0]).toMatchObject({ playerA: 's2', playerB: null });
  });

  it('needs a decisive result of every played match before the next round', () => {
    const r1 = topCutBracket(standings(8), 4);
    expect(() => nextPlayoffRound(decide(r1, () => null))).toThrow(DomainError);
    expect(() => nextPlayoffRound(decide(r1, () => ({ winsA: 1, winsB: 1, draws: 1 })))).toThrow(/draw/);
    expect(() => nextPlayoffRound(decide(r1, () => A).slice(1))).toThrow(RangeError);
  });
});

describe('playoff results: no draws (docs/rules.md)', () => {
  it('accepts decisive results and rejects draws with a clear reason', () => {
    expect(checkPlayoffResult(A)).toMatchObject({ valid: true, outcome: 'A' });
    expect(checkPlayoffResult({ winsA: 1, winsB: 0, draws: 2 })).toMatchObject({ valid: true, outcome: 'A' });
    for (const draw of [
      { winsA: 1, winsB: 1, draws: 1 },
      { winsA: 0, winsB: 0, draws: 3 },
      { winsA: 1, winsB: 1, draws: 0 },
    ]) {
      expect(checkPlayoffResult(draw)).toMatchObject({ valid: false, rule: 'noDraw', reason: expect.stringMatching(/cannot end in a draw/) });
    }
    expect(checkPlayoffResult({ winsA: 3, winsB: 0, draws: 0 })).toMatchObject({ valid: false, rule: 'max' });
    expect(assertValidPlayoffResult(B)).toBe('B');
    expect(() => assertValidPlayoffResult({ winsA: 0, winsB: 0, draws: 3 })).toThrow(DomainError);
  });
});

describe('final placings: playoff results first, then Swiss standings', () => {
  it('ranks champion, finalist, semifinal and quarterfinal losers (each by Swiss rank), then the rest', () => {
    const swiss = standings(10);
    const r1 = decide(topCutBracket(swiss, 8), (m) => (m.seedA === 4 ? B : A)); // 5 beats 4
    const r2 = decide(nextPlayoffRound(r1), (m) => (m.seedA === 1 ? B : A)); // 5 beats 1, 2 beats 3
    const r3 = decide(nextPlayoffRound(r2), () => A); // 2 beats 5
    const placings = finalPlacings(swiss, [...r1, ...r2, ...r3]);
    expect(placings.map((p) => p.playerId)).toEqual(['s2', 's5', 's1', 's3', 's4', 's6', 's7', 's8', 's9', 's10']);
    expect(placings[0]).toMatchObject({ place: 1, champion: true, swissRank: 2, playoffRound: 3 });
    expect(placings[2]).toMatchObject({ place: 3, champion: false, playoffRound: 2 });
    expect(placings[8]).toMatchObject({ place: 9, playoffRound: null });
  });

  it('places a dropped seed among the first-round losers; an unfinished playoff ranks by round reached', () => {
    const swiss = standings(9, [3]);
    const r1 = decide(topCutBracket(swiss, 8), () => A);
    const placings = finalPlacings(swiss, r1); // semifinals not played yet
    expect(placings.slice(0, 3).map((p) => p.playerId)).toEqual(['s1', 's2', 's4']); // 3 dropped: s6 advanced by walkover
    expect(placings.map((p) => p.playerId)).toEqual(['s1', 's2', 's4', 's6', 's3', 's5', 's7', 's8', 's9']);
    expect(placings.some((p) => p.champion)).toBe(false);
  });

  it('without a playoff, placings are the Swiss standings', () => {
    expect(finalPlacings(standings(4), []).map((p) => [p.place, p.playerId])).toEqual([
      [1, 's1'],
      [2, 's2'],
      [3, 's3'],
      [4, 's4'],
    ]);
  });
});

describe('byes for the top seeds (a cut by match points, fill: byes)', () => {
  it('rule: five qualifiers of a top 8 — seeds 1, 2 and 3 advance by walkover, 4 plays 5; nobody below the threshold is seated', () => {
    const standings = [9, 9, 9, 6, 6, 3, 3, 3].map((matchPoints, i) => ({ playerId: `p${i + 1}`, dropped: false, matchPoints }));
    const seated = qualifiedEntrants(standings, 6);
    const bracket = topCutBracket(
      seated,
      cutSizeByMatchPoints(
        standings.map((s) => s.matchPoints),
        6,
      ),
    );
    expect(bracket.map((m) => [m.seedA, m.seedB])).toEqual([
      [1, null],
      [4, 5],
      [2, null],
      [3, null],
    ]);
    expect(bracket.filter((m) => m.table !== null)).toHaveLength(1);
  });
});
