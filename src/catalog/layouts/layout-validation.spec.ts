import { DomainError, type ErrorDetail } from '../../common/errors/domain-error';
import type { BoosterLayout } from './booster-layout';
import { MAX_PACK_SIZE, MAX_SHEET_CARDS, MAX_SHEETS, MAX_SLOT_COUNT, MAX_VARIANTS } from './layout-structure';
import { compileLayout, compareCardIds } from './layout-validation';
import { syntheticCards, syntheticWowSet } from '../../boosters/synthetic-set';
import { layoutTemplate } from './default-layouts';

/** 10 commons (T-1..10), 3 uncommons (T-11..13), 1 rare (T-14). */
const CARDS = syntheticCards('T', [
  { rarity: 'common', type: 'ally', count: 10 },
  { rarity: 'uncommon', type: 'ally', count: 3 },
  { rarity: 'rare', type: 'ally', count: 1 },
]);

/** The details of the BOOSTER_LAYOUT_INVALID error compileLayout throws (fails the test if it does not). */
function errorsOf(layout: unknown, cards = CARDS): ErrorDetail[] {
  try {
    compileLayout(layout as BoosterLayout, cards);
  } catch (e) {
    expect(e).toBeInstanceOf(DomainError);
    expect((e as DomainError).code).toBe('BOOSTER_LAYOUT_INVALID');
    return (e as DomainError).details;
  }
  throw new Error('expected BOOSTER_LAYOUT_INVALID');
}

const simple = (count: number, sheet = 'common'): BoosterLayout => ({
  sheets: { common: { filter: { rarity: ['common'] } } },
  variants: [{ weight: 1, slots: [{ sheet, count }] }],
});

describe('compileLayout', () => {
  it('compiles a valid layout into card indexes of the used sheets', () => {
    const compiled = compileLayout(simple(5), CARDS);
    expect(compiled.sheets.map((s) => s.name)).toEqual(['common']);
    expect(compiled.sheets[0].cards.length).toBe(10);
    expect(compiled.variants[0].draws).toEqual(Int32Array.from([0, 0, 0, 0, 0]));
    expect(compiled.maxPackSize).toBe(5);
  });

  it('sheetTooSmall: a sheet with fewer cards than a variant draws is refused at compile, naming the sheet', () => {
    const details = errorsOf(simple(11));
    expect(details).toEqual([expect.objectContaining({ field: 'sheets.common', rule: 'sheetTooSmall' })]);
    expect(details[0].message).toContain('"common"');
    expect(details[0].message).toContain('variants[0]');
  });

  it('sheetTooSmall: draws of one sheet in several slots add up', () => {
    const layout: BoosterLayout = {
      sheets: { common: { filter: { rarity: ['common'] } }, rare: { filter: { rarity: ['rare'] } } },
      variants: [
        {
          weight: 1,
          slots: [
            { sheet: 'common', count: 6 },
            { sheet: 'rare', count: 1 },
            { sheet: 'common', count: 5 },
          ],
        },
      ],
    };
    expect(errorsOf(layout)).toEqual([expect.objectContaining({ field: 'sheets.common', rule: 'sheetTooSmall' })]);
  });

  it('sheetTooSmall: counted per variant, so the worst variant is named', () => {
    const layout: BoosterLayout = {
      sheets: { common: { filter: { rarity: ['common'] } } },
      variants: [
        { weight: 3, slots: [{ sheet: 'common', count: 4 }] },
        { weight: 1, slots: [{ sheet: 'common', count: 12 }] },
      ],
    };
    const [detail] = errorsOf(layout);
    expect(detail.rule).toBe('sheetTooSmall');
    expect(detail.message).toContain('variants[1]');
  });

  it('sheetTooSmall: overlapping sheets must together supply the pack without duplicates', () => {
    // "any" = all 14 cards; 10 commons first, then 5 from "any": only 4 cards remain for those 5 draws.
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
    const details = errorsOf(layout);
    expect(details).toEqual([expect.objectContaining({ field: 'sheets.any', rule: 'sheetTooSmall' })]);
    expect(details[0].message).toContain('"common"');
  });

  it('sheetTooSmall: a later small sheet can be emptied by an earlier overlapping one', () => {
    // "first" draws 3 of the commons; "last" is only 3 of those commons and draws 1 → may find none left.
    const layout: BoosterLayout = {
      sheets: {
        first: { filter: { rarity: ['common'] } },
        last: {
          cards: [
            { cardId: 'T-1', weight: 1 },
            { cardId: 'T-2', weight: 1 },
            { cardId: 'T-3', weight: 1 },
          ],
        },
      },
      variants: [
        {
          weight: 1,
          slots: [
            { sheet: 'first', count: 3 },
            { sheet: 'last', count: 1 },
          ],
        },
      ],
    };
    expect(errorsOf(layout)).toEqual([expect.objectContaining({ field: 'sheets.last', rule: 'sheetTooSmall' })]);
  });

  it('allowDuplicates: a one-card sheet may fill a 5-card slot', () => {
    const layout: BoosterLayout = {
      sheets: { rare: { filter: { rarity: ['rare'] }, allowDuplicates: true } },
      variants: [{ weight: 1, slots: [{ sheet: 'rare', count: 5 }] }],
    };
    expect(() => compileLayout(layout, CARDS)).not.toThrow();
  });

  it('emptySheet: a used sheet that selects no card', () => {
    const layout: BoosterLayout = {
      sheets: { epic: { filter: { rarity: ['epic'] } } },
      variants: [{ weight: 1, slots: [{ sheet: 'epic', count: 1 }] }],
    };
    expect(errorsOf(layout)).toEqual([expect.objectContaining({ field: 'sheets.epic', rule: 'emptySheet' })]);
  });

  it('an unused empty sheet is not an error (a layout may carry spare sheets)', () => {
    const layout: BoosterLayout = { ...simple(2), sheets: { ...simple(2).sheets, epic: { filter: { rarity: ['epic'] } } } };
    expect(() => compileLayout(layout, CARDS)).not.toThrow();
  });

  it('unknownSheet: a slot naming no sheet', () => {
    expect(errorsOf(simple(2, 'comon'))).toEqual([expect.objectContaining({ field: 'variants[0].slots[0].sheet', rule: 'unknownSheet' })]);
  });

  it('badWeight: variant and card weights must be integers 1..1,000,000', () => {
    const layout = {
      sheets: {
        list: {
          cards: [
            { cardId: 'T-1', weight: 0 },
            { cardId: 'T-2', weight: 2.5 },
            { cardId: 'T-3', weight: 1 },
          ],
        },
      },
      variants: [
        { weight: -1, slots: [{ sheet: 'list', count: 1 }] },
        { weight: '2', slots: [{ sheet: 'list', count: 1 }] },
        { weight: 1_000_001, slots: [{ sheet: 'list', count: 1 }] },
      ],
    };
    const fields = errorsOf(layout)
      .filter((d) => d.rule === 'badWeight')
      .map((d) => d.field);
    expect(fields).toEqual(['sheets.list.cards[0].weight', 'sheets.list.cards[1].weight', 'variants[0].weight', 'variants[1].weight', 'variants[2].weight']);
  });

  it('slotCount: slot counts are integers 1..40', () => {
    const layout = {
      sheets: { common: { filter: { rarity: ['common'] }, allowDuplicates: true } },
      variants: [
        {
          weight: 1,
          slots: [
            { sheet: 'common', count: 0 },
            { sheet: 'common', count: 41 },
            { sheet: 'common', count: 1.5 },
          ],
        },
      ],
    };
    expect(errorsOf(layout).map((d) => [d.field, d.rule])).toEqual([
      ['variants[0].slots[0].count', 'slotCount'],
      ['variants[0].slots[1].count', 'slotCount'],
      ['variants[0].slots[2].count', 'slotCount'],
    ]);
  });

  it('minItems: at least one variant, and at least one slot per variant', () => {
    expect(errorsOf({ sheets: simple(1).sheets, variants: [] })).toEqual([expect.objectContaining({ field: 'variants', rule: 'minItems' })]);
    expect(errorsOf({ sheets: simple(1).sheets, variants: [{ weight: 1, slots: [] }] })).toEqual([expect.objectContaining({ field: 'variants[0].slots', rule: 'minItems' })]);
  });

  it('bothFilterAndCards / filterOrCards: a sheet has exactly one of filter and cards', () => {
    const layout = {
      sheets: { both: { filter: { rarity: ['common'] }, cards: [{ cardId: 'T-1', weight: 1 }] }, neither: {} },
      variants: [
        {
          weight: 1,
          slots: [
            { sheet: 'both', count: 1 },
            { sheet: 'neither', count: 1 },
          ],
        },
      ],
    };
    expect(errorsOf(layout).map((d) => [d.field, d.rule])).toEqual([
      ['sheets.both', 'bothFilterAndCards'],
      ['sheets.neither', 'filterOrCards'],
    ]);
  });

  it('unknownCard: explicit card ids must exist in the set', () => {
    const layout: BoosterLayout = {
      sheets: {
        list: {
          cards: [
            { cardId: 'T-1', weight: 1 },
            { cardId: 'T-99', weight: 1 },
          ],
        },
      },
      variants: [{ weight: 1, slots: [{ sheet: 'list', count: 1 }] }],
    };
    expect(errorsOf(layout)).toEqual([expect.objectContaining({ field: 'sheets.list.cards[1].cardId', rule: 'unknownCard', card: 'T-99' })]);
  });

  it('duplicateCard: an explicit list names each card once (weights say "more often")', () => {
    const layout: BoosterLayout = {
      sheets: {
        list: {
          cards: [
            { cardId: 'T-1', weight: 1 },
            { cardId: 'T-1', weight: 2 },
          ],
        },
      },
      variants: [{ weight: 1, slots: [{ sheet: 'list', count: 1 }] }],
    };
    expect(errorsOf(layout)).toEqual([expect.objectContaining({ field: 'sheets.list.cards[1].cardId', rule: 'duplicateCard' })]);
  });

  it('unknownRarity / unknownType / unknownField: typos are errors, not silently empty sheets', () => {
    const layout = {
      sheets: { c: { filter: { rarity: ['Common'], excludeTypes: ['hero'], type: ['hero', 'heroes'] } } },
      variants: [{ weight: 1, slots: [{ sheet: 'c', count: 1 }] }],
    };
    expect(errorsOf(layout).map((d) => [d.field, d.rule])).toEqual([
      ['sheets.c.filter.excludeTypes', 'unknownField'],
      ['sheets.c.filter.rarity[0]', 'unknownRarity'],
      ['sheets.c.filter.type[1]', 'unknownType'],
    ]);
  });

  it('reports every problem at once (structure and unknown cards together)', () => {
    const layout = {
      sheets: { list: { cards: [{ cardId: 'NOPE-1', weight: 1 }] } },
      variants: [{ weight: 0, slots: [{ sheet: 'missing', count: 1 }] }],
    };
    expect(
      errorsOf(layout)
        .map((d) => d.rule)
        .sort(),
    ).toEqual(['badWeight', 'unknownCard', 'unknownSheet']);
  });

  it('rejects input that is not a layout object', () => {
    expect(errorsOf(null)).toEqual([expect.objectContaining({ rule: 'isObject' })]);
    expect(errorsOf({ sheets: [], variants: {} }).map((d) => [d.field, d.rule])).toEqual([
      ['sheets', 'isObject'],
      ['variants', 'isArray'],
    ]);
  });

  it('the set must not repeat a card id (IMPORT_INVALID)', () => {
    const cards = [...CARDS, CARDS[0]];
    expect(() => compileLayout(simple(1), cards)).toThrow(expect.objectContaining({ code: 'IMPORT_INVALID' }));
  });

  it('sheet order is canonical (set code, then number), whatever order the cards come in', () => {
    const shuffled = [...syntheticWowSet('HOA')].reverse();
    const a = compileLayout(layoutTemplate('wow-tcg-15')!, syntheticWowSet('HOA'));
    const b = compileLayout(layoutTemplate('wow-tcg-15')!, shuffled);
    expect(b.cardIds).toEqual(a.cardIds);
    expect(b.sheets).toEqual(a.sheets);
    expect(['HOA-10', 'HOA-2', 'ABC-5'].sort(compareCardIds)).toEqual(['ABC-5', 'HOA-2', 'HOA-10']);
  });

  describe('size limits (the same wherever a layout is accepted: import, templates, generation)', () => {
    const duplicates = { any: { filter: { rarity: ['common'] }, allowDuplicates: true } };

    it(`maxVariants: a layout has at most ${MAX_VARIANTS} variants`, () => {
      const variants = (n: number) => Array.from({ length: n }, () => ({ weight: 1, slots: [{ sheet: 'any', count: 1 }] }));
      expect(() => compileLayout({ sheets: duplicates, variants: variants(MAX_VARIANTS) }, CARDS)).not.toThrow();
      expect(errorsOf({ sheets: duplicates, variants: variants(MAX_VARIANTS + 1) })).toEqual([
        expect.objectContaining({ field: 'variants', rule: 'maxVariants', message: expect.stringContaining('101') }),
      ]);
    });

    it('maxVariants: 65,536 variants are one clear error, not a stack overflow', () => {
      const variants = Array.from({ length: 65_536 }, () => ({ weight: 1, slots: [{ sheet: 'any', count: 1 }] }));
      expect(errorsOf({ sheets: duplicates, variants })).toEqual([expect.objectContaining({ field: 'variants', rule: 'maxVariants' })]);
    });

    it(`packSize: a pack holds at most ${MAX_PACK_SIZE} cards (the sum of a variant's slot counts), named by its variant`, () => {
      const layout = (counts: number[]): BoosterLayout => ({
        sheets: duplicates,
        variants: [
          { weight: 1, slots: [{ sheet: 'any', count: 15 }] },
          { weight: 1, slots: counts.map((count) => ({ sheet: 'any', count })) },
        ],
      });
      expect(compileLayout(layout([20, 20]), CARDS).maxPackSize).toBe(40);
      const details = errorsOf(layout([20, 20, 1]));
      expect(details).toEqual([expect.objectContaining({ field: 'variants[1]', rule: 'packSize', message: expect.stringContaining('41 cards') })]);
    });

    it('packSize: 100 slots of 100 cards are refused without looking at each slot', () => {
      const slots = Array.from({ length: 100 }, () => ({ sheet: 'any', count: 100 }));
      expect(errorsOf({ sheets: duplicates, variants: [{ weight: 1, slots }] })).toEqual([
        expect.objectContaining({ field: 'variants[0]', rule: 'packSize', message: expect.stringContaining('100 slots') }),
      ]);
    });

    it(`slotCount: a slot draws 1 to ${MAX_SLOT_COUNT} cards`, () => {
      const one = (count: number): BoosterLayout => ({ sheets: duplicates, variants: [{ weight: 1, slots: [{ sheet: 'any', count }] }] });
      expect(() => compileLayout(one(MAX_SLOT_COUNT), CARDS)).not.toThrow();
      expect(errorsOf(one(MAX_SLOT_COUNT + 1))).toEqual([expect.objectContaining({ field: 'variants[0].slots[0].count', rule: 'slotCount' })]);
      expect(errorsOf(one(0))).toEqual([expect.objectContaining({ field: 'variants[0].slots[0].count', rule: 'slotCount' })]);
    });

    it(`maxSheets: a layout has at most ${MAX_SHEETS} sheets (the capacity check compares every pair)`, () => {
      const sheets = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`s${i}`, { filter: { rarity: ['common'] }, allowDuplicates: true }]));
      const slots = Array.from({ length: MAX_PACK_SIZE }, (_, i) => ({ sheet: `s${i}`, count: 1 }));
      expect(() => compileLayout({ sheets: sheets(MAX_SHEETS), variants: [{ weight: 1, slots }] }, CARDS)).not.toThrow();
      expect(errorsOf({ sheets: sheets(MAX_SHEETS + 1), variants: [{ weight: 1, slots }] })).toEqual([expect.objectContaining({ field: 'sheets', rule: 'maxSheets' })]);
    });

    it(`maxItems: an explicit card list names at most ${MAX_SHEET_CARDS} cards (a set's most)`, () => {
      const cards = Array.from({ length: MAX_SHEET_CARDS + 1 }, (_, i) => ({ cardId: `T-${i + 1}`, weight: 1 }));
      expect(errorsOf({ sheets: { list: { cards } }, variants: [{ weight: 1, slots: [{ sheet: 'list', count: 1 }] }] })).toEqual([
        expect.objectContaining({ field: 'sheets.list.cards', rule: 'maxItems' }),
      ]);
    });

    it('sheetName: sheet names are 1–100 characters of well-formed text without control characters', () => {
      const named = (name: string): BoosterLayout => ({
        sheets: { [name]: { filter: { rarity: ['common'] } } },
        variants: [{ weight: 1, slots: [{ sheet: name, count: 1 }] }],
      });
      expect(() => compileLayout(named('Common cards é'), CARDS)).not.toThrow();
      for (const bad of ['nul\u0000', 'lone \ud800', 'x'.repeat(101)]) {
        expect(errorsOf(named(bad))).toEqual([expect.objectContaining({ rule: 'sheetName' })]);
      }
    });
  });
});
