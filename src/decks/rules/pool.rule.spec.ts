import { GAMES } from '../../catalog/games';
import { checkDeck } from './deck-check';
import { card, entry, fill, playableBy } from './testing/shipped-cards';
import type { CardCount, DeckEntry } from './types';

const wow = GAMES['wow-tcg'];
const boris = card('HOA', 'Boris Brightbeard');
const main = fill('HOA', 30, 2, playableBy(boris)); // 15 cards × 2
const poolOf = (entries: DeckEntry[]): CardCount[] => entries.map((e) => ({ cardId: e.card.cardId, count: e.count }));
const limited = (deck: DeckEntry[], pool: CardCount[]) => checkDeck({ game: 'wow-tcg', format: 'limited', hero: boris, main: deck, pool, profile: wow });

describe('pool rule (CARD_NOT_IN_POOL, TOO_MANY_COPIES)', () => {
  it('legal: every card from the pool, no more copies than owned; the hero need not be in the pool', () => {
    expect(limited(main, poolOf(main))).toEqual({ legal: true, violations: [] });
  });

  it('legal: a pool card may be split over several entries as long as the total is owned', () => {
    const [first, ...rest] = main;
    expect(limited([entry(first.card, 1), ...rest, entry(first.card, 1)], poolOf(main)).legal).toBe(true);
  });

  it("illegal: a card from someone else's pool is CARD_NOT_IN_POOL", () => {
    const holyNova = card('MOL', 'Holy Nova'); // Priest (Holy) card, playable by Boris, in another player's MOL pool
    const { violations } = limited([...main, entry(holyNova, 1)], poolOf(main));
    expect(violations).toEqual([
      {
        code: 'CARD_NOT_IN_POOL',
        message: 'Holy Nova is not in your pool: a Limited deck uses only the cards you opened or drafted (any hero excepted).',
        cards: ['MOL-70'],
      },
    ]);
  });

  it('illegal: an extra copy of an owned card is TOO_MANY_COPIES', () => {
    const pool = poolOf(main).map((p, i) => (i === 0 ? { ...p, count: 1 } : p));
    const { violations } = limited(main, pool);
    expect(violations).toEqual([{ code: 'TOO_MANY_COPIES', message: `Your deck uses 2 copies of ${main[0].card.name} but your pool has only 1.`, cards: [main[0].card.cardId] }]);
  });

  it('no copy limit in Limited: 6 copies of a pool card are legal when owned', () => {
    const deck = [entry(main[0].card, 6), ...main.slice(1)];
    expect(limited(deck, poolOf(deck)).legal).toBe(true);
  });

  it('not checked in Constructed, nor in Limited without a pool (stand-alone check)', () => {
    expect(checkDeck({ game: 'wow-tcg', format: 'limited', hero: boris, main, profile: wow }).legal).toBe(true);
    const sixty = fill('HOA', 60, 4, playableBy(boris));
    expect(checkDeck({ game: 'wow-tcg', format: 'constructed', hero: boris, main: sixty, pool: [], profile: wow }).legal).toBe(true);
  });
});
