import { pairedSince, standingsDiff } from './correction';

const line = (playerId: string, rank: number, matchPoints: number, record: string, omwp = 0.5) => ({
  playerId,
  name: playerId.toUpperCase(),
  rank,
  matchPoints,
  record,
  omwp,
  gwp: 0.5,
  ogwp: 0.5,
});

describe('corrections (docs/rules.md "Corrections")', () => {
  it('rule: a correction shows every standings line that changes — rank, points, record or a tiebreaker — in the new order', () => {
    const before = [line('a', 1, 6, '2-0-0'), line('b', 2, 3, '1-1-0'), line('c', 3, 3, '1-1-0'), line('d', 4, 0, '0-2-0')];
    const after = [line('b', 1, 6, '2-0-0'), line('a', 2, 3, '1-1-0'), line('c', 3, 3, '1-1-0', 0.6), line('d', 4, 0, '0-2-0')];
    const diff = standingsDiff(before, after);
    expect(diff.map((c) => c.playerId)).toEqual(['b', 'a', 'c']);
    expect(diff[0]).toMatchObject({ before: { rank: 2, matchPoints: 3 }, after: { rank: 1, matchPoints: 6 } });
    expect(standingsDiff(before, before)).toEqual([]);
  });

  it('rule: rounds paired since the corrected round stand as paired, and a seeded top cut is named', () => {
    const rounds = [
      { number: 1, kind: 'swiss' },
      { number: 2, kind: 'swiss' },
      { number: 3, kind: 'swiss' },
      { number: 4, kind: 'playoff' },
    ];
    expect(pairedSince(1, rounds)).toEqual({ swissRounds: [2, 3], topCutSeeded: true });
    expect(pairedSince(3, rounds.slice(0, 3))).toEqual({ swissRounds: [], topCutSeeded: false });
  });
});
