import { recommendedRounds } from './rounds';

describe('recommendedRounds', () => {
  it('store practice (default): 4–8 players play 3 Swiss rounds with no cut (docs/rules.md)', () => {
    for (let n = 4; n <= 8; n++) expect(recommendedRounds(n)).toEqual({ swissRounds: 3, topCut: 0 });
  });

  it('MTR policy for small events: single elimination from the start (docs/rules.md, "the MTR way an option")', () => {
    expect(recommendedRounds(4, { policy: 'mtr' })).toEqual({ swissRounds: 0, topCut: 4 });
    for (let n = 5; n <= 8; n++) expect(recommendedRounds(n, { policy: 'mtr' })).toEqual({ swissRounds: 0, topCut: 8 });
  });

  it('MTR Appendix E: 9–16 players → 4 rounds and a top 8, or 5 rounds and a top 4', () => {
    for (const n of [9, 12, 16]) {
      expect(recommendedRounds(n)).toEqual({ swissRounds: 4, topCut: 8 });
      expect(recommendedRounds(n, { cutFor9To16: 4 })).toEqual({ swissRounds: 5, topCut: 4 });
      expect(recommendedRounds(n, { policy: 'mtr' })).toEqual({ swissRounds: 4, topCut: 8 });
    }
  });

  it.each([
    [17, 5],
    [32, 5],
    [33, 6],
    [64, 6],
    [65, 7],
    [128, 7],
    [129, 8],
    [226, 8],
    [227, 9],
    [409, 9],
    [410, 10],
    [5000, 10],
  ])('MTR Appendix E: %i players → %i Swiss rounds and a top 8', (players, swissRounds) => {
    expect(recommendedRounds(players)).toEqual({ swissRounds, topCut: 8 });
    expect(recommendedRounds(players, { policy: 'mtr' })).toEqual({ swissRounds, topCut: 8 });
  });

  it('fewer than 4 players: ceil(log2 n) rounds, no cut; fewer than 2 is an error', () => {
    expect(recommendedRounds(2)).toEqual({ swissRounds: 1, topCut: 0 });
    expect(recommendedRounds(3)).toEqual({ swissRounds: 2, topCut: 0 });
    expect(() => recommendedRounds(1)).toThrow(RangeError);
    expect(() => recommendedRounds(8.5)).toThrow(RangeError);
  });
});
