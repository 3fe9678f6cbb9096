import { GAMES } from '../../catalog/games';
import { checkDeck } from './deck-check';
import { sideboardOf } from './sideboard.rule';
import { card, entry, fill, playableBy } from './testing/shipped-cards';
import type { CardCount, DeckEntry } from './types';

const wow = GAMES['wow-tcg'];
const boris = card('HOA', 'Boris Brightbeard');
const gorebelly = card('HOA', 'Gorebelly');
const main = fill('HOA', 30, 2, playableBy(boris)); // 15 × 2
const unused = fill(
  'HOA',
  6,
  1,
  playableBy(gorebelly),
  main.map((e) => e.card.name),
); // off-faction cards stay in the sideboard
const grunts = card('HOA', 'Orgrimmar Grunts');
const countsOf = (entries: DeckEntry[]): CardCount[] => entries.map((e) => ({ cardId: e.card.cardId, count: e.count }));
// Pool: the main deck, one extra copy of its first card, the unused cards and Boris himself (opened in a booster).
const pool: CardCount[] = [...countsOf(main), { cardId: main[0].card.cardId, count: 1 }, ...countsOf(unused), { cardId: boris.cardId, count: 1 }];
const expected: DeckEntry[] = [entry(main[0].card, 1), ...unused, entry(boris, 1)];
const limited = (sideboard?: DeckEntry[]) => checkDeck({ game: 'wow-tcg', format: 'limited', hero: boris, main, ...(sideboard ? { sideboard } : {}), pool, profile: wow });

describe('sideboard rule (SIDEBOARD_MISMATCH)', () => {
  it('sideboardOf: every pool card not in the main deck, in pool order (the hero card opened stays in it)', () => {
    expect(sideboardOf(pool, countsOf(main))).toEqual(countsOf(expected));
  });

  it('sideboardOf keeps pool names and drops cards the deck over-uses', () => {
    expect(
      sideboardOf(
        [
          { cardId: 'HOA-1', count: 1, name: 'Boris Brightbeard' },
          { cardId: 'HOA-2', count: 1 },
        ],
        [{ cardId: 'HOA-2', count: 3 }],
      ),
    ).toEqual([{ cardId: 'HOA-1', count: 1, name: 'Boris Brightbeard' }]);
  });

  it('legal: the given sideboard is exactly the pool minus the main deck (off-faction cards included)', () => {
    expect(limited(expected)).toEqual({ legal: true, violations: [] });
  });

  it('legal: an omitted sideboard is not compared (the caller computes it with sideboardOf)', () => {
    expect(limited().legal).toBe(true);
  });

  it('illegal: a sideboard lacking pool cards and holding a card from outside the pool', () => {
    const given = [...expected.slice(1), entry(grunts, 2)];
    const { violations } = limited(given);
    expect(violations).toEqual([
      {
        code: 'SIDEBOARD_MISMATCH',
        message: `Your sideboard must be every card of your pool that is not in your main deck, but it lacks 1× ${main[0].card.name}, and it holds 2× Orgrimmar Grunts that your pool has no more of outside the main deck.`,
        cards: [main[0].card.cardId, grunts.cardId],
      },
    ]);
  });

  it('pool names are used in the message for pool cards the submission does not name', () => {
    const named = pool.map((p) => (p.cardId === unused[0].card.cardId ? { ...p, name: unused[0].card.name } : p));
    const { violations } = checkDeck({ game: 'wow-tcg', format: 'limited', hero: boris, main, sideboard: [], pool: named, profile: wow });
    expect(violations[0].message).toContain(`1× ${unused[0].card.name}`);
    expect(violations[0].message).toContain(`1× ${unused[1].card.cardId}`);
  });
});
