import { DomainError } from '../../common/errors/domain-error';
import { assertDeckMinimum, deckMinimumFloor, mainDeckMinimum } from './deck-minimum';

describe('DECK_MINIMUM_RANGE (a lower minimum for one player)', () => {
  it('the floor is two thirds of the game minimum, rounded up', () => {
    expect(deckMinimumFloor(30)).toBe(20);
    expect(deckMinimumFloor(40)).toBe(27);
  });

  it('accepts the floor to one below the game minimum, and null', () => {
    for (const n of [20, 25, 29, null]) expect(() => assertDeckMinimum(n, 30)).not.toThrow();
  });

  it('refuses below the floor, the game minimum or more, and fractions', () => {
    for (const n of [19, 30, 31, 25.5, 0]) {
      let error: unknown;
      try {
        assertDeckMinimum(n, 30);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(DomainError);
      expect(error).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: 'minMainDeck', rule: 'range' }] });
    }
  });

  it("the player's minimum applies, never above the game's", () => {
    expect(mainDeckMinimum(30, null)).toBe(30);
    expect(mainDeckMinimum(30, undefined)).toBe(30);
    expect(mainDeckMinimum(30, 24)).toBe(24);
    expect(mainDeckMinimum(30, 40)).toBe(30);
  });
});
