import { cardFacts } from './card-info';

describe('card facts on a tile', () => {
  it('WoW TCG ally: cost, attack/health, faction and class', () => {
    expect(cardFacts({ game: 'wow-tcg', cost: 3, attack: 2, health: 4, faction: 'Horde', classes: ['Shaman'], talent: null, race: 'Orc', unique: true, subtypes: [] })).toEqual({
      cost: 3,
      stats: '2/4',
      defense: null,
      traits: ['Horde', 'Shaman', 'Orc'],
      keywords: ['unique'],
    });
  });

  it('WoW TCG armor shows its defense', () => {
    expect(cardFacts({ game: 'wow-tcg', cost: 2, defense: 3 })).toMatchObject({ stats: null, defense: 3 });
  });

  it('Berserk creature: element, health, move, strike and features', () => {
    expect(
      cardFacts({ game: 'berserk', cost: 3, move: 2, health: 8, strike: { light: 1, normal: 2, heavy: 3 }, element: 'steppes', flying: true, features: ['regeneration'] }),
    ).toEqual({
      cost: 3,
      stats: '♥8 ⇢2 1-2-3',
      defense: null,
      traits: ['steppes'],
      keywords: ['flying', 'regeneration'],
    });
  });

  it('unknown attributes show nothing rather than "undefined"', () => {
    expect(cardFacts(undefined)).toEqual({ cost: null, stats: null, defense: null, traits: [], keywords: [] });
  });
});
