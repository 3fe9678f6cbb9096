import { cardFacts, cardStats, printingOf } from './card-info';

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

  it('bug: a Berserk keyword both flagged and listed among the features is shown once', () => {
    expect(cardFacts({ game: 'berserk', cost: 6, elite: true, unique: true, flying: true, features: ['unique', 'flying', 'tokens'] }).keywords).toEqual([
      'elite',
      'flying',
      'unique',
      'tokens',
    ]);
  });

  it('unknown attributes show nothing rather than "undefined"', () => {
    expect(cardFacts(undefined)).toEqual({ cost: null, stats: null, defense: null, traits: [], keywords: [] });
  });
});

describe('card stats in the card view', () => {
  it('WoW TCG ally: cost, ATK and health in printed order', () => {
    expect(cardStats({ game: 'wow-tcg', cost: 3, attack: 2, health: 4, faction: 'Horde' })).toEqual([
      { key: 'cost', value: '3' },
      { key: 'attack', value: '2' },
      { key: 'health', value: '4' },
    ]);
  });

  it('WoW TCG weapon: cost, ATK and strike cost; armor: DEF', () => {
    expect(cardStats({ game: 'wow-tcg', cost: 2, attack: 3, strikeCost: 2 }).map((s) => s.key)).toEqual(['cost', 'attack', 'strikeCost']);
    expect(cardStats({ game: 'wow-tcg', cost: 2, defense: 3 })).toEqual([
      { key: 'cost', value: '2' },
      { key: 'defense', value: '3' },
    ]);
  });

  it('Berserk creature: cost, health, move and strike weak-normal-strong', () => {
    expect(cardStats({ game: 'berserk', cost: 3, move: 2, health: 8, strike: { light: 1, normal: 2, heavy: 3 } })).toEqual([
      { key: 'cost', value: '3' },
      { key: 'health', value: '8' },
      { key: 'move', value: '2' },
      { key: 'strike', value: '1-2-3' },
    ]);
  });

  it('a card with no stats has none (a quest, unknown data)', () => {
    expect(cardStats({ game: 'wow-tcg' })).toEqual([]);
    expect(cardStats(undefined)).toEqual([]);
  });

  it('the printing of a card id, set codes with dashes included', () => {
    expect(printingOf('HOA-218')).toEqual({ setCode: 'HOA', number: '218' });
    expect(printingOf('S1-ext-12')).toEqual({ setCode: 'S1-ext', number: '12' });
    expect(printingOf('nodash')).toBeNull();
  });
});
