import { dataVersionOf } from './data-version';
import type { SetData } from './card.types';
import type { BoosterLayout } from './layouts/booster-layout';

const layout = { sheets: { c: { filter: { rarity: ['common'] } } }, slots: [{ sheet: 'c', count: 1 }] } as unknown as BoosterLayout;
const set = (cards: Record<string, unknown>[]): SetData =>
  ({
    game: 'wow-tcg',
    code: 'XX',
    name: 'X',
    cards: cards.map((c, i) => ({ number: i + 1, name: `Card ${i + 1}`, rarity: 'common', type: 'ally', attributes: { cost: 1 }, printings: [], ...c })),
    boosterLayout: layout,
  }) as unknown as SetData;

describe('dataVersionOf', () => {
  it('rule: rules text, image and OCTGN GUID leave the data version as it is (they are merged into a version)', () => {
    const plain = dataVersionOf(set([{}, {}]), layout);
    expect(dataVersionOf(set([{ text: 'Draw a card.', image: 'https://img.example.org/1.png', octgnId: 'c49f1fed-a1a1-46b1-8d47-8c711550bdf1' }, {}]), layout)).toBe(plain);
  });

  it('any fact packs, pools or deck checks read gives a new version; card order and key order do not', () => {
    const plain = dataVersionOf(set([{}, {}]), layout);
    for (const change of [{ name: 'Other' }, { rarity: 'rare' }, { type: 'ability' }, { attributes: { cost: 2 } }, { printings: [{ set: 'YY', number: 1 }] }]) {
      expect([change, dataVersionOf(set([change, {}]), layout)]).not.toEqual([change, plain]);
    }
    const reversed = set([{}, {}]);
    reversed.cards.reverse();
    expect(dataVersionOf(reversed, layout)).toBe(plain);
  });
});
