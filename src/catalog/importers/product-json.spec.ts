import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DomainError } from '../../common/errors/domain-error';
import type { SetData } from '../card.types';
import { parseBerserkJson } from '../games/berserk/berserk-json';
import { parseOctgnXml } from './octgn-xml';
import { parseProductJson, productSetFromValue } from './product-json';
import { serializeProductSet } from './product-json-writer';
import { parseWowtcgJson } from '../games/wow-tcg/wowtcg-json';
import { MAX_SLOT_COUNT, MAX_VARIANTS } from '../layouts/layout-structure';

const fixture = (name: string): string => readFileSync(join(__dirname, '__fixtures__', name), 'utf8');

function thrown(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a DomainError');
}

/** JSON blocks of docs/set-format.md (the repository's own doc, not a copy kept outside it). */
function docExamples(): string[] {
  const doc = readFileSync(join(__dirname, '..', '..', '..', 'docs', 'set-format.md'), 'utf8');
  return [...doc.matchAll(/```json\n([\s\S]*?)```/g)].map((m) => m[1]);
}

const wowCard = (over: Record<string, unknown> = {}): Record<string, unknown> => ({
  number: 1,
  name: 'Boris Brightbeard',
  rarity: 'uncommon',
  type: 'hero',
  attributes: { faction: 'Alliance', heroClass: 'Priest' },
  ...over,
});
const wowFile = (over: Record<string, unknown> = {}): Record<string, unknown> => ({
  format: 'podium-set',
  formatVersion: 1,
  game: 'wow-tcg',
  code: 'TST',
  name: 'Test Set',
  cards: [wowCard()],
  ...over,
});

describe('product set format importer', () => {
  it('reads the example of docs/set-format.md, filling defaults', () => {
    const [example] = docExamples();
    const [set] = parseProductJson(example);
    expect(set).toMatchObject({ game: 'wow-tcg', code: 'HOA', name: 'Heroes of Azeroth' });
    expect(set.cards).toHaveLength(6);
    expect(set.cards[0]).toEqual({
      number: 1,
      name: 'Boris Brightbeard',
      rarity: 'uncommon',
      type: 'hero',
      attributes: {
        game: 'wow-tcg',
        faction: 'Alliance',
        classes: null,
        talent: null,
        heroClass: 'Priest',
        heroTalent: 'Holy',
        race: 'Dwarf',
        professions: ['Enchanting', 'Tailoring'],
        unique: false,
        unlimited: false,
        cost: null,
        attack: null,
        health: 26,
        strikeCost: null,
        defense: null,
        subtypes: [],
      },
      printings: [],
    });
    expect(set.boosterLayout?.variants.map((v) => v.weight)).toEqual([7, 1]);
    expect(set.boosterLayout?.sheets.hero).toEqual({ filter: { type: ['hero'] } });
  });

  it("the doc's Berserk card line is a valid Berserk card", () => {
    const card = JSON.parse(docExamples()[1]) as unknown;
    const set = productSetFromValue({ format: 'podium-set', formatVersion: 1, game: 'berserk', code: 's1', name: 'Война стихий', cards: [card] });
    expect(set.code).toBe('S1');
    expect(set.cards[0].attributes).toMatchObject({ game: 'berserk', flying: true, elite: false, strike: { light: 2, normal: 3, heavy: 3 } });
  });

  it.each<[string, () => SetData]>([
    ['WoW TCG JSON', () => parseWowtcgJson(fixture('wowtcg-hoa-excerpt.json'))[0]],
    ['OCTGN with booster layout', () => parseOctgnXml(fixture('octgn-hoa-excerpt.xml'))[0]],
    ['Berserk', () => parseBerserkJson(fixture('berserk-sets-excerpt.json'), { set: 's2' })[0]],
  ])('what the writer writes reads back identical (%s)', (_, load) => {
    const set = load();
    expect(parseProductJson(serializeProductSet(set))).toEqual([set]);
  });

  it('the writer puts one card per line and can leave the layout out', () => {
    const set = parseOctgnXml(fixture('octgn-hoa-excerpt.xml'))[0];
    const text = serializeProductSet(set, { withLayout: false });
    expect(text).not.toContain('boosterLayout');
    expect(text.split('\n').filter((l) => l.trimStart().startsWith('{"number":'))).toHaveLength(set.cards.length);
  });

  it('unknown fields are errors at every depth, with their path', () => {
    const error = thrown(() => productSetFromValue(wowFile({ colour: 'red', cards: [wowCard({ artist: 'x', attributes: { faction: 'Horde', mana: 3 } })] })));
    expect(error.code).toBe('IMPORT_INVALID');
    expect(error.details.map((d) => [d.field, d.rule])).toEqual(
      expect.arrayContaining([
        ['colour', 'unknownField'],
        ['cards[0].artist', 'unknownField'],
        ['cards[0].attributes.mana', 'unknownField'],
      ]),
    );
  });

  it('a bad attribute names the card and the full field path', () => {
    const error = thrown(() => productSetFromValue(wowFile({ cards: [wowCard(), wowCard({ number: 2, name: 'Gorebelly', attributes: { faction: 'Undead' } })] })));
    expect(error.details).toEqual([
      expect.objectContaining({
        field: 'cards[1].attributes.faction',
        rule: 'isIn',
        card: 'Gorebelly',
        message: expect.stringContaining('cards[1].attributes.faction must be one of'),
      }),
    ]);
  });

  it("rarity and type must be valid for the file's game", () => {
    const berserk = { ...wowFile({ game: 'berserk' }), cards: [{ number: 1, name: 'Орк', rarity: 'epic', type: 'hero', attributes: { element: 'steppes' } }] };
    const error = thrown(() => productSetFromValue(berserk));
    expect(error.details.map((d) => d.field)).toEqual(['cards[0].rarity', 'cards[0].type']);
    const mixed = thrown(() => productSetFromValue(wowFile({ cards: [wowCard({ attributes: { game: 'berserk', faction: 'Horde' } })] })));
    expect(mixed.details.map((d) => d.field)).toEqual(['cards[0].attributes.game']);
  });

  it('collector numbers are unique within the set', () => {
    const error = thrown(() => productSetFromValue(wowFile({ cards: [wowCard(), wowCard({ name: 'Dizdemona' })] })));
    expect(error.details).toEqual([expect.objectContaining({ field: 'cards[1].number', rule: 'duplicateNumber', card: 'Dizdemona' })]);
  });

  it('the format marker and version are checked; an unknown game is reported', () => {
    const error = thrown(() => productSetFromValue(wowFile({ format: 'mtgjson', formatVersion: 2, game: 'magic' })));
    expect(error.details.map((d) => d.field)).toEqual(['format', 'formatVersion', 'game']);
  });

  it('booster layouts are checked in shape, sheets included, with their paths', () => {
    const boosterLayout = {
      sheets: { common: { filter: { rarity: ['mythic'] } }, hero: { filter: { type: ['hero'] }, extra: 1 } },
      variants: [{ weight: 0.5, slots: [{ sheet: 'common', count: 0 }] }],
    };
    const error = thrown(() => productSetFromValue(wowFile({ boosterLayout })));
    expect([...new Set(error.details.map((d) => d.field))]).toEqual([
      'boosterLayout.sheets.common.filter.rarity',
      'boosterLayout.sheets.hero.extra',
      'boosterLayout.variants[0].weight',
      'boosterLayout.variants[0].slots[0].count',
    ]);
  });

  it(`booster layouts share the layout limits: at most ${MAX_VARIANTS} variants, slots of 1 to ${MAX_SLOT_COUNT} cards`, () => {
    const sheets = { common: { filter: { rarity: ['common'] } } };
    const variant = (count: number) => ({ weight: 1, slots: [{ sheet: 'common', count }] });
    expect(productSetFromValue(wowFile({ boosterLayout: { sheets, variants: Array.from({ length: MAX_VARIANTS }, () => variant(1)) } })).boosterLayout?.variants).toHaveLength(
      MAX_VARIANTS,
    );
    const tooMany = thrown(() => productSetFromValue(wowFile({ boosterLayout: { sheets, variants: Array.from({ length: MAX_VARIANTS + 1 }, () => variant(1)) } })));
    expect(tooMany.details).toEqual([expect.objectContaining({ field: 'boosterLayout.variants', rule: 'arrayMaxSize' })]);
    const tooBig = thrown(() => productSetFromValue(wowFile({ boosterLayout: { sheets, variants: [variant(MAX_SLOT_COUNT + 1)] } })));
    expect(tooBig.details).toEqual([expect.objectContaining({ field: 'boosterLayout.variants[0].slots[0].count', rule: 'max' })]);
  });

  it('collects every problem and lists at most 50, then counts the rest', () => {
    const cards = Array.from({ length: 60 }, (_, i) => wowCard({ number: i + 1, name: `Card ${i + 1}`, rarity: 'mythic' }));
    const error = thrown(() => productSetFromValue(wowFile({ cards })));
    expect(error.details).toHaveLength(51);
    expect(error.details[49]).toMatchObject({ card: 'Card 50', field: 'cards[49].rarity' });
    expect(error.details[50]).toMatchObject({ rule: 'tooManyProblems', message: '10 more problems not listed' });
    expect(error.message).toContain('60 problems');
  });

  it('malformed JSON is MALFORMED_BODY with the line; a non-object is IMPORT_INVALID', () => {
    const error = thrown(() => parseProductJson('{\n  "format": "podium-set",\n  "cards": [\n    {"number": 1,}\n  ]\n}'));
    expect(error.code).toBe('MALFORMED_BODY');
    expect(error.details[0].line).toBe(4);
    expect(error.message).toContain('line 4');
    expect(thrown(() => parseProductJson('[1, 2]')).code).toBe('IMPORT_INVALID');
  });
});
