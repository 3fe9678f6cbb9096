import seedrandom from 'seedrandom';
import type { BoosterLayout } from '../catalog/layouts/booster-layout';
import { drawPack, generatePack, generatePacks } from './booster-generator';
import type { CompilableCard } from '../catalog/layouts/compiled-layout';
import { layoutTemplate } from '../catalog/layouts/default-layouts';
import { compileLayout, compareCardIds } from '../catalog/layouts/layout-validation';
import { rngFor } from '../common/random/seeded-rng';
import { syntheticCards, syntheticWowSet } from './synthetic-set';

const SEED = '0123456789abcdef0123456789abcdef';
const WOW = syntheticWowSet('HOA');
const wow15 = compileLayout(layoutTemplate('wow-tcg-15')!, WOW);

/**
 * docs/randomness.md, "Reproducing a pack", written out plainly with nothing but the seedrandom
 * package: if this and generatePack ever disagree, either the code or the document is wrong.
 */
function referencePack(layout: BoosterLayout, cards: CompilableCard[], seed: string, index: number): string[] {
  const prng = seedrandom.tychei(`${seed}/pack/${index}`);
  const below = (n: number) => {
    const limit = 2 ** 32 - (2 ** 32 % n);
    for (;;) {
      const u = prng.int32() >>> 0;
      if (u < limit) return u % n;
    }
  };
  const weighted = <T>(items: { item: T; weight: number }[]): T => {
    let r = below(items.reduce((sum, x) => sum + x.weight, 0));
    for (const { item, weight } of items) {
      if (r < weight) return item;
      r -= weight;
    }
    throw new Error('unreachable');
  };
  const ordered = [...cards].sort((a, b) => compareCardIds(a.cardId, b.cardId));
  const sheetCards = (name: string) => {
    const def = layout.sheets[name];
    if (def.cards) return def.cards.map((c) => ({ item: c.cardId, weight: c.weight }));
    const f = def.filter!;
    return ordered
      .filter((c) => (!f.rarity || f.rarity.includes(c.rarity)) && (!f.type || f.type.includes(c.type)) && !f.excludeType?.includes(c.type))
      .map((c) => ({ item: c.cardId, weight: 1 }));
  };
  const variant = weighted(layout.variants.map((v) => ({ item: v, weight: v.weight })));
  const pack: string[] = [];
  for (const slot of variant.slots) {
    const sheet = sheetCards(slot.sheet);
    const unique = !layout.sheets[slot.sheet].allowDuplicates;
    for (let k = 0; k < slot.count; k++) {
      let card = weighted(sheet);
      for (let attempt = 2; unique && pack.includes(card) && attempt <= 4; attempt++) card = weighted(sheet);
      if (unique && pack.includes(card)) card = weighted(sheet.filter((c) => !pack.includes(c.item)));
      pack.push(card);
    }
  }
  return pack;
}

describe('generatePack', () => {
  it('same seed ⇒ identical packs', () => {
    expect(generatePacks(wow15, SEED, 50)).toEqual(generatePacks(wow15, SEED, 50));
  });

  it('different seeds ⇒ different packs', () => {
    const a = generatePacks(wow15, SEED, 20);
    const b = generatePacks(wow15, 'fedcba9876543210fedcba9876543210', 20);
    const same = a.filter((pack, i) => pack.join() === b[i].join()).length;
    expect(same).toBe(0);
  });

  it('pack N does not depend on the packs before it (pack 17 alone = 17th of a batch)', () => {
    const batch = generatePacks(wow15, SEED, 20);
    expect(generatePack(wow15, SEED, 17)).toEqual(batch[17]);
    expect(generatePacks(wow15, SEED, 3, 17)).toEqual(batch.slice(17, 20));
  });

  it('different pack indexes of one seed give different packs', () => {
    const packs = generatePacks(wow15, SEED, 100).map((p) => p.join());
    expect(new Set(packs).size).toBe(100);
  });

  it('is pack "pack/<index>" of drawPack on rngFor(seed, …)', () => {
    expect(drawPack(wow15, rngFor(SEED, 'pack/5'))).toEqual(generatePack(wow15, SEED, 5));
  });

  it('keeps a fixed pack for a fixed seed (byte-for-byte the same on any machine; a change breaks published seeds)', () => {
    expect(generatePack(wow15, SEED, 0)).toEqual([
      'HOA-284', // rare (HOA-230..339 in the synthetic set)
      'HOA-191',
      'HOA-175',
      'HOA-131', // uncommons (115..213)
      'HOA-92',
      'HOA-43',
      'HOA-103',
      'HOA-22',
      'HOA-8',
      'HOA-58',
      'HOA-33',
      'HOA-68',
      'HOA-56',
      'HOA-55', // commons (1..114)
      'HOA-223', // hero (214..229)
    ]);
  });

  it('follows the documented recipe exactly (reference implementation with seedrandom only)', () => {
    const small = syntheticCards('R', [
      { rarity: 'common', type: 'ally', count: 6 },
      { rarity: 'uncommon', type: 'ally', count: 3 },
      { rarity: 'rare', type: 'ally', count: 2 },
    ]);
    const layouts: [BoosterLayout, CompilableCard[]][] = [
      [layoutTemplate('wow-tcg-15')!, WOW],
      [layoutTemplate('wow-tcg-19')!, WOW],
      [
        {
          // Weighted explicit list, overlapping sheets, a nearly exhausted sheet (fallback path), and duplicates.
          sheets: {
            weighted: {
              cards: [
                { cardId: 'R-10', weight: 5 },
                { cardId: 'R-1', weight: 1 },
                { cardId: 'R-7', weight: 3 },
              ],
            },
            common: { filter: { rarity: ['common'] } },
            any: { filter: {} },
            dup: { filter: { rarity: ['rare'] }, allowDuplicates: true },
          },
          variants: [
            {
              weight: 2,
              slots: [
                { sheet: 'weighted', count: 2 },
                { sheet: 'common', count: 4 },
                { sheet: 'any', count: 4 },
              ],
            },
            {
              weight: 1,
              slots: [
                { sheet: 'dup', count: 3 },
                { sheet: 'any', count: 8 },
              ],
            },
          ],
        },
        small,
      ],
    ];
    for (const [layout, cards] of layouts) {
      const compiled = compileLayout(layout, cards);
      for (let i = 0; i < 300; i++) expect(generatePack(compiled, SEED, i)).toEqual(referencePack(layout, cards, SEED, i));
    }
  });

  it('no card twice in one pack, also across sheets that share cards', () => {
    const layout: BoosterLayout = {
      sheets: { common: { filter: { rarity: ['common'] } }, any: { filter: {} } },
      variants: [
        {
          weight: 1,
          slots: [
            { sheet: 'common', count: 10 },
            { sheet: 'any', count: 5 },
          ],
        },
      ],
    };
    const cards = syntheticCards('D', [
      { rarity: 'common', type: 'ally', count: 12 },
      { rarity: 'rare', type: 'ally', count: 3 },
    ]);
    const compiled = compileLayout(layout, cards);
    for (const pack of [...generatePacks(compiled, SEED, 2000), ...generatePacks(wow15, SEED, 2000)]) {
      expect(new Set(pack).size).toBe(pack.length);
    }
  });

  it('a sheet exactly as large as its draws is used up completely, never short and never hanging', () => {
    const cards = syntheticCards('E', [{ rarity: 'common', type: 'ally', count: 10 }]);
    const compiled = compileLayout({ sheets: { common: { filter: { rarity: ['common'] } } }, variants: [{ weight: 1, slots: [{ sheet: 'common', count: 10 }] }] }, cards);
    for (const pack of generatePacks(compiled, SEED, 500)) expect([...pack].sort()).toEqual(cards.map((c) => c.cardId).sort());
  });

  it('allowDuplicates lets a sheet repeat a card within a pack', () => {
    const cards = syntheticCards('A', [{ rarity: 'rare', type: 'ally', count: 2 }]);
    const compiled = compileLayout(
      { sheets: { rare: { filter: { rarity: ['rare'] }, allowDuplicates: true } }, variants: [{ weight: 1, slots: [{ sheet: 'rare', count: 5 }] }] },
      cards,
    );
    const packs = generatePacks(compiled, SEED, 50);
    expect(packs.every((p) => p.length === 5)).toBe(true);
    expect(packs.some((p) => new Set(p).size < p.length)).toBe(true);
    expect(
      generatePack(
        compileLayout({ sheets: { one: { cards: [{ cardId: 'A-1', weight: 1 }], allowDuplicates: true } }, variants: [{ weight: 1, slots: [{ sheet: 'one', count: 3 }] }] }, cards),
        SEED,
        0,
      ),
    ).toEqual(['A-1', 'A-1', 'A-1']);
  });

  it('a card drawn by an allowDuplicates sheet is not repeated by a no-duplicate sheet', () => {
    const cards = syntheticCards('B', [{ rarity: 'rare', type: 'ally', count: 3 }]);
    const compiled = compileLayout(
      {
        sheets: { dup: { cards: [{ cardId: 'B-1', weight: 1 }], allowDuplicates: true }, rare: { filter: { rarity: ['rare'] } } },
        variants: [
          {
            weight: 1,
            slots: [
              { sheet: 'dup', count: 2 },
              { sheet: 'rare', count: 2 },
            ],
          },
        ],
      },
      cards,
    );
    for (const pack of generatePacks(compiled, SEED, 200)) {
      expect(pack.slice(0, 2)).toEqual(['B-1', 'B-1']);
      expect([...pack.slice(2)].sort()).toEqual(['B-2', 'B-3']);
    }
  });

  it('explicit weights are honoured (a weight-0-like rarity never crowds out, a heavy card dominates)', () => {
    const cards = syntheticCards('W', [{ rarity: 'rare', type: 'ally', count: 2 }]);
    const compiled = compileLayout(
      {
        sheets: {
          w: {
            cards: [
              { cardId: 'W-1', weight: 99 },
              { cardId: 'W-2', weight: 1 },
            ],
          },
        },
        variants: [{ weight: 1, slots: [{ sheet: 'w', count: 1 }] }],
      },
      cards,
    );
    const heavy = generatePacks(compiled, SEED, 2000).filter((p) => p[0] === 'W-1').length;
    expect(heavy).toBeGreaterThan(1940); // expected 1980, σ ≈ 4.5
  });

  it('rejects a malformed index, count or seed', () => {
    expect(() => generatePack(wow15, SEED, -1)).toThrow(RangeError);
    expect(() => generatePack(wow15, SEED, 1.5)).toThrow(RangeError);
    expect(() => generatePack(wow15, 'a/b', 0)).toThrow(RangeError);
    expect(() => generatePacks(wow15, SEED, -2)).toThrow(RangeError);
    expect(generatePacks(wow15, SEED, 0)).toEqual([]);
  });
});
