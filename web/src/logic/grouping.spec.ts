import { groupCards } from './grouping';

const card = (cardId: string, name: string, type: string, cost?: number) => ({ cardId, name, type, rarity: 'common', attributes: cost === undefined ? {} : { cost } });

describe('grouping picks', () => {
  const picks = [
    card('A-1', 'Zeal', 'ability', 2),
    card('A-2', 'Axe', 'weapon', 3),
    card('A-1', 'Zeal', 'ability', 2),
    card('A-3', 'Bolt', 'ability', 1),
    card('A-4', 'Quest', 'quest'),
  ];

  it('groups by type in the game order, counting copies once', () => {
    const groups = groupCards(picks, 'type', ['ally', 'ability', 'weapon']);
    expect(groups.map((g) => [g.key, g.total])).toEqual([
      ['ability', 3],
      ['weapon', 1],
      ['quest', 1],
    ]);
    expect(groups[0].cards.map((e) => [e.card.name, e.count])).toEqual([
      ['Bolt', 1],
      ['Zeal', 2],
    ]);
  });

  it('groups by cost ascending with cost-less cards last', () => {
    expect(groupCards(picks, 'cost').map((g) => g.key)).toEqual(['1', '2', '3', '–']);
  });

  it('an empty list has no groups', () => {
    expect(groupCards([], 'type')).toEqual([]);
  });
});
