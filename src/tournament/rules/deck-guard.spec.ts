import { assertDecksReady, decksNotReady, splitGuardChoices } from './deck-guard';

const players = [
  { playerId: 'a', name: 'Alice', legal: true },
  { playerId: 'b', name: 'Bob', legal: null },
  { playerId: 'c', name: 'Carol', legal: false },
];

describe('deck guard before a round (docs/rules.md "Decks before a round"; MTR 7.9)', () => {
  it('rule: players without a legal registered deck are listed — none submitted, or an illegal one', () => {
    expect(decksNotReady(players)).toEqual([
      { playerId: 'b', name: 'Bob', reason: 'no-deck' },
      { playerId: 'c', name: 'Carol', reason: 'illegal-deck' },
    ]);
  });

  it('rule: the round is refused with DECKS_NOT_READY naming each player, unless the organizer forces it', () => {
    expect(() => assertDecksReady(players, false)).toThrow(
      expect.objectContaining({
        code: 'DECKS_NOT_READY',
        details: [expect.objectContaining({ rule: 'no-deck', message: 'Bob: no deck registered' }), expect.objectContaining({ rule: 'illegal-deck' })],
      }),
    );
    expect(assertDecksReady(players, true).pairedWithoutDecks.map((p) => [p.playerId, p.choice])).toEqual([
      ['b', 'pairAnyway'],
      ['c', 'pairAnyway'],
    ]);
    expect(assertDecksReady([players[0]], false).pairedWithoutDecks).toEqual([]);
  });

  it('rule: pairing proceeds only with a choice for each player without a deck (game loss, MTR 7.9, or pair anyway)', () => {
    const onlyBob = new Map([['b', 'gameLoss' as const]]);
    expect(() => assertDecksReady(players, false, onlyBob)).toThrow(
      expect.objectContaining({ code: 'DECKS_NOT_READY', details: [expect.objectContaining({ rule: 'illegal-deck', message: expect.stringContaining('Carol') })] }),
    );
    const both = new Map([
      ['b', 'gameLoss' as const],
      ['c', 'pairAnyway' as const],
    ]);
    expect(assertDecksReady(players, false, both).pairedWithoutDecks.map((p) => [p.name, p.choice])).toEqual([
      ['Bob', 'gameLoss'],
      ['Carol', 'pairAnyway'],
    ]);
  });

  it('rule GUARD_FIXES_FIRST: suggest is a fix applied before the guard, not a choice it reads', () => {
    const split = splitGuardChoices([
      { playerId: 'b', choice: 'suggest' },
      { playerId: 'c', choice: 'gameLoss' },
    ]);
    expect(split.suggest).toEqual(['b']);
    expect([...split.choices]).toEqual([['c', 'gameLoss']]);
    // Bob's suggestion did not make him ready: the guard still wants a choice for him.
    expect(() => assertDecksReady(players, false, split.choices)).toThrow(
      expect.objectContaining({ code: 'DECKS_NOT_READY', details: [expect.objectContaining({ playerId: 'b' })] }),
    );
  });
});
