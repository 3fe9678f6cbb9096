import { deckFrom, emptyDeck, mainCount, moveAll, moveCard, poolCounts, sameDeck, sideboardCount, toSubmission } from './deck-builder';

describe('deck builder counts', () => {
  const pool = poolCounts([{ cardId: 'HOA-1' }, { cardId: 'HOA-2' }, { cardId: 'HOA-2' }, { cardId: 'HOA-3' }]);

  it('counts each copy of the pool', () => {
    expect(pool).toEqual({ 'HOA-1': 1, 'HOA-2': 2, 'HOA-3': 1 });
  });

  it('sideboard = the rest of the pool (Limited)', () => {
    let deck = moveCard(emptyDeck(), pool, 'HOA-2', 'main');
    expect(deck.main).toEqual({ 'HOA-2': 1 });
    expect(sideboardCount(deck, pool, 'HOA-2')).toBe(1);
    deck = moveCard(deck, pool, 'HOA-2', 'main');
    expect(sideboardCount(deck, pool, 'HOA-2')).toBe(0);
    expect(mainCount(deck)).toBe(2);
  });

  it('never moves more copies than the pool has, nor below zero', () => {
    let deck = moveCard(emptyDeck(), pool, 'HOA-1', 'main', 5);
    expect(deck.main['HOA-1']).toBe(1);
    deck = moveCard(deck, pool, 'HOA-1', 'sideboard', 3);
    expect(deck.main).toEqual({});
    expect(moveCard(deck, pool, 'HOA-1', 'sideboard')).toBe(deck);
    expect(moveCard(deck, pool, 'NOT-IN-POOL', 'main').main).toEqual({});
  });

  it('moves everything at once', () => {
    expect(mainCount(moveAll(emptyDeck(), pool, 'main'))).toBe(4);
    expect(mainCount(moveAll(moveAll(emptyDeck(), pool, 'main'), pool, 'sideboard'))).toBe(0);
  });

  it('a suggested deck is cut to the pool', () => {
    const deck = deckFrom(
      'HOA-9',
      [
        { cardId: 'HOA-2', count: 3 },
        { cardId: 'X-1', count: 1 },
      ],
      pool,
    );
    expect(deck).toEqual({ hero: 'HOA-9', main: { 'HOA-2': 2 } });
  });

  it('submits the main deck and the rest of the pool as sideboard', () => {
    const deck = { hero: 'HOA-9', main: { 'HOA-2': 1, 'HOA-3': 1 } };
    expect(toSubmission(deck, pool)).toEqual({
      hero: 'HOA-9',
      main: [
        { cardId: 'HOA-2', count: 1 },
        { cardId: 'HOA-3', count: 1 },
      ],
      sideboard: [
        { cardId: 'HOA-1', count: 1 },
        { cardId: 'HOA-2', count: 1 },
      ],
    });
    expect(toSubmission(emptyDeck(), pool).hero).toBeUndefined();
  });
});

describe('sameDeck (the builder holds the working copy as the server has it)', () => {
  it('compares hero and copies per card, not the order cards were added in; zero copies count as none', () => {
    expect(sameDeck({ hero: 'HOA-1', main: { 'HOA-2': 1, 'HOA-3': 2 } }, { hero: 'HOA-1', main: { 'HOA-3': 2, 'HOA-2': 1, 'HOA-4': 0 } })).toBe(true);
    expect(sameDeck({ hero: 'HOA-1', main: { 'HOA-2': 1 } }, { hero: 'HOA-5', main: { 'HOA-2': 1 } })).toBe(false);
    expect(sameDeck({ hero: null, main: { 'HOA-2': 1 } }, { hero: null, main: { 'HOA-2': 2 } })).toBe(false);
    expect(sameDeck({ hero: null, main: {}, sideboard: { 'HOA-2': 1 } }, { hero: null, main: {} })).toBe(false);
  });
});
