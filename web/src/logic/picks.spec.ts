import { groupByPack, type PickRecord } from './picks';

const card = (cardId: string) => ({ cardId, name: cardId, type: 'ally', rarity: 'common' });
const rec = (packNumber: number, pickNumber: number, cardId: string): PickRecord => ({ packNumber, pickNumber, cardId, auto: false });

describe('picks by pack', () => {
  it('rule: picks are grouped by the pack they came from, pack 1 first, each in pick order', () => {
    const history = [rec(2, 2, 'c'), rec(1, 1, 'a'), rec(2, 1, 'b'), rec(1, 2, 'a')];
    const groups = groupByPack(
      history.map((h) => card(h.cardId)),
      history,
    );
    expect(groups.map((g) => g.key)).toEqual(['1', '2']);
    expect(groups[0].cards.map((c) => c.card.cardId)).toEqual(['a', 'a']);
    expect(groups[1].cards.map((c) => c.card.cardId)).toEqual(['b', 'c']);
    expect(groups.map((g) => g.total)).toEqual([2, 2]);
  });

  it('groups only the picks both lists have (an answer caught mid-update)', () => {
    expect(groupByPack([card('a')], [rec(1, 1, 'a'), rec(1, 2, 'b')])[0].total).toBe(1);
    expect(groupByPack([], [])).toEqual([]);
  });
});
