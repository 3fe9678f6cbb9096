import { GAMES } from '../../catalog/games';
import { checkDeck } from './deck-check';
import { card, fill, playableBy } from './testing/shipped-cards';
import type { DeckEntry } from './types';

const wow = GAMES['wow-tcg'];
const boris = card('HOA', 'Boris Brightbeard');
const main = fill('HOA', 60, 2, playableBy(boris));
// Side deck cards drawn from another set, so the by-name copy limit never mixes in.
const sides = fill('MOL', 10, 1, playableBy(boris));
const constructed = (sideboard: DeckEntry[] | undefined) =>
  checkDeck({ game: 'wow-tcg', format: 'constructed', hero: boris, main, ...(sideboard ? { sideboard } : {}), profile: wow });

describe('side deck size rule (SIDE_DECK_SIZE)', () => {
  it('Constructed: no side deck (omitted or empty) is legal', () => {
    expect(constructed(undefined).legal).toBe(true);
    expect(constructed([]).legal).toBe(true);
  });

  it('Constructed: exactly 10 side deck cards are legal', () => {
    expect(constructed(sides)).toEqual({ legal: true, violations: [] });
  });

  it('Constructed: 7 side deck cards are illegal', () => {
    expect(constructed(sides.slice(0, 7)).violations).toEqual([
      { code: 'SIDE_DECK_SIZE', message: 'Your side deck has 7 cards; a Constructed side deck has exactly 0 or 10 cards.', cards: [] },
    ]);
  });

  it('Limited: the sideboard may have any size (it is every unused pool card)', () => {
    const limitedMain = main.slice(0, 15); // 30 cards
    expect(checkDeck({ game: 'wow-tcg', format: 'limited', hero: boris, main: limitedMain, sideboard: sides.slice(0, 7), profile: wow }).legal).toBe(true);
  });
});
