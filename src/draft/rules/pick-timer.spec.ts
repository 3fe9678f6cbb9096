import { pickTimeLimitSeconds } from './pick-timer';

describe('pickTimeLimitSeconds', () => {
  it('a full pack gets the base time', () => {
    expect(pickTimeLimitSeconds(60, 15, 15)).toBe(60);
    expect(pickTimeLimitSeconds(75, 19, 19)).toBe(75);
  });

  it('shrinks in proportion to the cards left, rounded up: ceil(base × cards / packSize)', () => {
    expect(pickTimeLimitSeconds(60, 8, 15)).toBe(32);
    expect(pickTimeLimitSeconds(60, 10, 15)).toBe(40);
    expect(pickTimeLimitSeconds(75, 7, 19)).toBe(28); // 27.6 → 28
  });

  it('never goes below minSeconds (default 5), nor above the base', () => {
    expect(pickTimeLimitSeconds(60, 1, 15)).toBe(5);
    expect(pickTimeLimitSeconds(60, 1, 15, 10)).toBe(10);
    expect(pickTimeLimitSeconds(3, 1, 15)).toBe(3);
  });

  it('never grows as the pack shrinks', () => {
    for (let cards = 15; cards > 1; cards--) {
      expect(pickTimeLimitSeconds(45, cards - 1, 15)!).toBeLessThanOrEqual(pickTimeLimitSeconds(45, cards, 15)!);
    }
  });

  it('base 0 means no timer (null)', () => {
    expect(pickTimeLimitSeconds(0, 15, 15)).toBeNull();
  });

  it('rejects cardsInPack outside 1..packSize and negative or fractional seconds', () => {
    expect(() => pickTimeLimitSeconds(60, 0, 15)).toThrow(RangeError);
    expect(() => pickTimeLimitSeconds(60, 16, 15)).toThrow(RangeError);
    expect(() => pickTimeLimitSeconds(-1, 5, 15)).toThrow(RangeError);
    expect(() => pickTimeLimitSeconds(60.5, 5, 15)).toThrow(RangeError);
  });
});
