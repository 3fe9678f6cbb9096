import { assertDecksReady, decksNotReady } from './deck-guard';

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
    expect(assertDecksReady(players, true).map((p) => p.playerId)).toEqual(['b', 'c']);
    expect(assertDecksReady([players[0]], false)).toEqual([]);
  });
});
