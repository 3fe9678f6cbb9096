import { GAMES } from '../../catalog/games';
import { checkDeck, DECK_RULES } from './deck-check';
import { sideboardOf } from './sideboard.rule';
import { card, entry, fill, playableBy } from './testing/shipped-cards';
import type { CardCount, DeckEntry } from './types';

const wow = GAMES['wow-tcg'];
const boris = card('HOA', 'Boris Brightbeard'); // Alliance Priest (Holy)
const countsOf = (entries: DeckEntry[]): CardCount[] => entries.map((e) => ({ cardId: e.card.cardId, count: e.count }));

describe('checkDeck', () => {
  it('runs one rule per file, in the documented order', () => {
    expect(DECK_RULES.map((r) => r.name)).toEqual([
      'unknown-card',
      'hero',
      'deck-size',
      'side-deck-size',
      'pool',
      'copy-limit',
      'sideboard',
      'faction',
      'class-restriction',
      'talent',
    ]);
  });

  it('a legal WoW TCG Constructed deck: hero, 60 cards, 10-card side deck', () => {
    const main = fill('HOA', 60, 4, playableBy(boris));
    const sideboard = fill('MOL', 10, 2, playableBy(boris));
    expect(checkDeck({ game: 'wow-tcg', format: 'constructed', hero: boris, main, sideboard, profile: wow })).toEqual({ legal: true, violations: [] });
  });

  it('a legal WoW TCG sealed deck built from a real pool, with the computed sideboard', () => {
    const main = fill('HOA', 30, 1, playableBy(boris));
    const rest = fill(
      'HOA',
      20,
      1,
      () => true,
      main.map((e) => e.card.name),
    );
    const pool = [...countsOf(main), ...countsOf(rest)];
    const byId = new Map([...main, ...rest].map((e) => [e.card.cardId, e.card]));
    const sideboard = sideboardOf(pool, countsOf(main)).map((c) => entry(byId.get(c.cardId)!, c.count));
    expect(sideboard).toHaveLength(20);
    expect(checkDeck({ game: 'wow-tcg', format: 'limited', hero: boris, main, sideboard, pool, profile: wow }).legal).toBe(true);
  });

  it('returns every violation together, not the first only', () => {
    const main = fill('HOA', 25, 1, playableBy(boris));
    const pool = countsOf(main);
    const deck = [
      ...main,
      entry(main[0].card, 1), // one copy more than owned
      entry(card('HOA', 'Orgrimmar Grunts'), 1), // Horde, and not in the pool
      entry(card('HOA', 'Mortal Strike'), 1), // Warrior, Arms, not in the pool
    ];
    const { legal, violations } = checkDeck({ game: 'wow-tcg', format: 'limited', hero: boris, main: deck, sideboard: [], pool, unknownCards: ['HOA-999'], profile: wow });
    expect(legal).toBe(false);
    expect(violations.map((v) => v.code)).toEqual([
      'UNKNOWN_CARD',
      'DECK_TOO_SMALL',
      'TOO_MANY_COPIES',
      'CARD_NOT_IN_POOL',
      'CARD_NOT_IN_POOL',
      'FACTION_MISMATCH',
      'CLASS_RESTRICTED',
      'TALENT_REQUIRED',
    ]);
    for (const v of violations) expect(v.message).toMatch(/^[A-ZЁА-Я].*\.$/u);
  });

  it('refuses a profile of another game and counts that are not positive integers (programming errors)', () => {
    expect(() => checkDeck({ game: 'berserk', format: 'limited', hero: null, main: [], profile: wow })).toThrow(/rules profile/);
    expect(() => checkDeck({ game: 'wow-tcg', format: 'limited', hero: boris, main: [entry(boris, 0)], profile: wow })).toThrow(RangeError);
    expect(() => checkDeck({ game: 'wow-tcg', format: 'limited', hero: boris, main: [], pool: [{ cardId: 'HOA-1', count: 1.5 }], profile: wow })).toThrow(RangeError);
  });

  it('the constructed rules can be overridden per check (e.g. an event allowing a 15-card side deck)', () => {
    const main = fill('HOA', 60, 4, playableBy(boris));
    const sideboard = fill('MOL', 15, 1, playableBy(boris));
    const input = { game: 'wow-tcg' as const, format: 'constructed' as const, hero: boris, main, sideboard, profile: wow };
    expect(checkDeck(input).violations.map((v) => v.code)).toEqual(['SIDE_DECK_SIZE']);
    expect(checkDeck({ ...input, constructed: { minDeckSize: 60, sideDeckSizes: [0, 15] } }).legal).toBe(true);
  });

  // Its speed (under 1 ms) is measured by `npm run bench` (src/cli/bench.ts), never by a test's clock.
  it('checks a 60-card Constructed deck with a sideboard the same way every time', () => {
    const input = {
      game: 'wow-tcg' as const,
      format: 'constructed' as const,
      hero: boris,
      main: fill('HOA', 60, 4, playableBy(boris)),
      sideboard: fill('MOL', 10, 1, playableBy(boris)),
      profile: wow,
    };
    const first = checkDeck(input);
    expect(first).toMatchObject({ legal: true, violations: [] });
    for (let i = 0; i < 200; i++) expect(checkDeck(input)).toEqual(first);
  });
});
