import { directionName, mod, openerOfPackAt, passDirection, seatHolding } from './pass-direction';

describe('pass direction', () => {
  it('packs 1, 3, 5 pass left (+1, to the next seat number); packs 2, 4 pass right (−1)', () => {
    expect([1, 2, 3, 4, 5].map(passDirection)).toEqual([1, -1, 1, -1, 1]);
    expect([1, 2, 3, 4].map(directionName)).toEqual(['left', 'right', 'left', 'right']);
  });

  it('rejects pack numbers that are not positive integers', () => {
    expect(() => passDirection(0)).toThrow(RangeError);
    expect(() => passDirection(1.5)).toThrow(RangeError);
  });

  it('mod is non-negative for negative numbers', () => {
    expect(mod(-1, 8)).toBe(7);
    expect(mod(-9, 8)).toBe(7);
    expect(mod(8, 8)).toBe(0);
  });
});

describe('seatHolding / openerOfPackAt', () => {
  it('pick 1 of every pack is made by its opener', () => {
    for (let o = 0; o < 8; o++) expect(seatHolding(o, 1, 1, 8)).toBe(o);
  });

  it('in pack 1 a pack moves to the next seat each pick, wrapping around (seat 7 → seat 0)', () => {
    expect([1, 2, 3].map((p) => seatHolding(6, 1, p, 8))).toEqual([6, 7, 0]);
  });

  it('in pack 2 a pack moves to the previous seat each pick, wrapping around (seat 0 → seat 7)', () => {
    expect([1, 2, 3].map((p) => seatHolding(1, 2, p, 8))).toEqual([1, 0, 7]);
  });

  it('openerOfPackAt inverts seatHolding for every seat, pick and pack of 4..8-seat pods', () => {
    for (let n = 4; n <= 8; n++) {
      for (let r = 1; r <= 4; r++) {
        for (let p = 1; p <= 19; p++) {
          for (let o = 0; o < n; o++) expect(openerOfPackAt(seatHolding(o, r, p, n), r, p, n)).toBe(o);
        }
      }
    }
  });

  it('rejects seats outside 0..n-1 and pick numbers below 1', () => {
    expect(() => seatHolding(8, 1, 1, 8)).toThrow(RangeError);
    expect(() => openerOfPackAt(-1, 1, 1, 8)).toThrow(RangeError);
    expect(() => openerOfPackAt(0, 1, 0, 8)).toThrow(RangeError);
  });
});
