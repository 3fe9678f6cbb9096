import type { BerserkCardAttributes, SetCard, SetData, WowCardAttributes } from './card.types';
import { checkSetLimits, checkText, MAX_ATTRIBUTE_MAGNITUDE, MAX_CARDS_PER_SET, MAX_COLLECTOR_NUMBER, MAX_LIST_ITEM_LENGTH, MAX_LIST_ITEMS, MAX_NAME_LENGTH } from './set-limits';

const wowAttributes = (over: Partial<WowCardAttributes> = {}): WowCardAttributes => ({
  game: 'wow-tcg',
  faction: 'Alliance',
  classes: null,
  talent: null,
  heroClass: null,
  heroTalent: null,
  race: null,
  professions: [],
  unique: false,
  unlimited: false,
  cost: 3,
  attack: null,
  health: null,
  strikeCost: null,
  defense: null,
  subtypes: [],
  ...over,
});

const berserkAttributes = (over: Partial<BerserkCardAttributes> = {}): BerserkCardAttributes => ({
  game: 'berserk',
  element: 'steppes',
  cost: 4,
  elite: false,
  unique: false,
  horde: false,
  flying: false,
  health: 5,
  move: 1,
  strike: { light: 1, normal: 2, heavy: 3 },
  features: ['armor'],
  ...over,
});

const card = (number: number, over: Partial<SetCard> = {}): SetCard => ({
  number,
  name: `Card ${number}`,
  rarity: 'common',
  type: 'ally',
  attributes: wowAttributes(),
  printings: [],
  ...over,
});

const set = (over: Partial<SetData> = {}): SetData => ({
  game: 'wow-tcg',
  code: 'TST',
  name: 'Test Set',
  cards: [card(1), card(2)],
  boosterLayout: null,
  ...over,
});

const rules = (s: SetData) => checkSetLimits(s).map((d) => [d.field, d.rule]);

describe('checkText', () => {
  it('accepts well-formed text of any script, astral characters counted once', () => {
    expect(checkText('Война стихий — 𝔄𝔅', MAX_NAME_LENGTH)).toBeNull();
    expect(checkText('😀'.repeat(MAX_NAME_LENGTH), MAX_NAME_LENGTH)).toBeNull();
  });

  it('wellFormedText: a lone surrogate (high or low) is refused, with its position', () => {
    expect(checkText('ab\ud800', 10)).toEqual({ rule: 'wellFormedText', message: expect.stringContaining('\\uD800 at character 3') });
    expect(checkText('\udc00b', 10)?.rule).toBe('wellFormedText');
    expect(checkText('\ud800\ud800\udc00', 10)?.rule).toBe('wellFormedText');
  });

  it('controlCharacter: every C0 control is refused (NUL, tab and line breaks included)', () => {
    for (const c of ['\u0000', '\t', '\n', '\r', '\u001f']) expect(checkText(`a${c}b`, 10)?.rule).toBe('controlCharacter');
    expect(checkText('a\u0000b', 10)?.message).toContain('U+0000 at character 2');
  });

  it('maxLength: counts characters and never quotes the text', () => {
    const problem = checkText('x'.repeat(100_000), MAX_NAME_LENGTH);
    expect(problem).toEqual({ rule: 'maxLength', message: 'is 100000 characters long; at most 200 allowed' });
  });
});

describe('checkSetLimits', () => {
  it('a normal set (WoW TCG or Berserk) has no problem', () => {
    expect(checkSetLimits(set())).toEqual([]);
    const berserk = set({ game: 'berserk', cards: [card(1, { rarity: 'ultra-rare', type: 'creature', attributes: berserkAttributes(), printings: [{ kind: 'foil' }] })] });
    expect(checkSetLimits(berserk)).toEqual([]);
  });

  it('NUL or another control character in a set or card name is refused, naming the card by its id', () => {
    const details = checkSetLimits(set({ name: 'Test\u0000Set', cards: [card(1), card(2, { name: 'Bad\u0000Name' })] }));
    expect(details).toEqual([
      expect.objectContaining({ field: 'name', rule: 'controlCharacter' }),
      expect.objectContaining({ field: 'cards[1].name', rule: 'controlCharacter', card: 'TST-2' }),
    ]);
  });

  it('a lone surrogate anywhere is refused (PostgreSQL would store U+FFFD and the data version would change)', () => {
    const bad = card(1, { name: 'Lone \ud800', attributes: wowAttributes({ race: 'Orc\udfff', subtypes: ['ok', '\ud83d'] }) });
    expect(rules(set({ cards: [bad] }))).toEqual([
      ['cards[0].name', 'wellFormedText'],
      ['cards[0].attributes.race', 'wellFormedText'],
      ['cards[0].attributes.subtypes[1]', 'wellFormedText'],
    ]);
  });

  it(`maxLength: set and card names at most ${MAX_NAME_LENGTH} characters`, () => {
    const at = 'n'.repeat(MAX_NAME_LENGTH);
    expect(checkSetLimits(set({ name: at, cards: [card(1, { name: at })] }))).toEqual([]);
    expect(rules(set({ name: `${at}n`, cards: [card(1, { name: 'x'.repeat(100_000) })] }))).toEqual([
      ['name', 'maxLength'],
      ['cards[0].name', 'maxLength'],
    ]);
  });

  it('required: blank names are refused', () => {
    expect(rules(set({ name: '  ', cards: [card(1, { name: '' })] }))).toEqual([
      ['name', 'required'],
      ['cards[0].name', 'required'],
    ]);
  });

  it(`collectorNumber: an integer from 1 to ${MAX_COLLECTOR_NUMBER}; duplicateNumber: unique`, () => {
    expect(checkSetLimits(set({ cards: [card(MAX_COLLECTOR_NUMBER)] }))).toEqual([]);
    const details = checkSetLimits(set({ cards: [card(0), card(10_000_000), card(1.5), card(Number.NaN), card(7), card(7, { name: 'Twin' })] }));
    expect(details.map((d) => [d.field, d.rule])).toEqual([
      ['cards[0].number', 'collectorNumber'],
      ['cards[1].number', 'collectorNumber'],
      ['cards[2].number', 'collectorNumber'],
      ['cards[3].number', 'collectorNumber'],
      ['cards[5].number', 'duplicateNumber'],
    ]);
    expect(details[1]).toMatchObject({ card: 'Card 10000000' });
  });

  it(`attributeNumber: numbers in attributes are finite and within ±${MAX_ATTRIBUTE_MAGNITUDE}`, () => {
    expect(checkSetLimits(set({ cards: [card(1, { attributes: wowAttributes({ cost: MAX_ATTRIBUTE_MAGNITUDE, attack: -MAX_ATTRIBUTE_MAGNITUDE }) })] }))).toEqual([]);
    const wow = card(1, { attributes: wowAttributes({ cost: 1e308, health: 10_000_000, attack: Number.POSITIVE_INFINITY }) });
    const berserk = card(2, { type: 'creature', attributes: berserkAttributes({ strike: { light: 1, normal: Number.NaN, heavy: -2_000_000 } }) });
    expect(rules(set({ cards: [wow, berserk] }))).toEqual([
      ['cards[0].attributes.cost', 'attributeNumber'],
      ['cards[0].attributes.attack', 'attributeNumber'],
      ['cards[0].attributes.health', 'attributeNumber'],
      ['cards[1].attributes.strike.normal', 'attributeNumber'],
      ['cards[1].attributes.strike.heavy', 'attributeNumber'],
    ]);
  });

  it(`maxItems / maxLength: lists hold at most ${MAX_LIST_ITEMS} items of at most ${MAX_LIST_ITEM_LENGTH} characters`, () => {
    const fine = berserkAttributes({ features: Array.from({ length: MAX_LIST_ITEMS }, () => 'f'.repeat(MAX_LIST_ITEM_LENGTH)) });
    expect(checkSetLimits(set({ cards: [card(1, { attributes: fine })] }))).toEqual([]);
    const tooMany = berserkAttributes({ features: Array.from({ length: MAX_LIST_ITEMS + 1 }, () => 'f') });
    const tooLong = wowAttributes({ professions: ['Alchemy', 'p'.repeat(100_000)], classes: ['Mage'], subtypes: ['s\u0007'] });
    expect(rules(set({ cards: [card(1, { attributes: tooMany }), card(2, { attributes: tooLong })] }))).toEqual([
      ['cards[0].attributes.features', 'maxItems'],
      ['cards[1].attributes.professions[1]', 'maxLength'],
      ['cards[1].attributes.subtypes[0]', 'controlCharacter'],
    ]);
  });

  it('printings are checked like attributes', () => {
    const odd = card(1, { printings: [{ kind: 'foil\u0000' as 'foil' }] });
    expect(rules(set({ cards: [odd] }))).toEqual([['cards[0].printings[0].kind', 'controlCharacter']]);
  });

  it(`maxCards: at most ${MAX_CARDS_PER_SET} cards; minItems: at least one`, () => {
    const many = Array.from({ length: MAX_CARDS_PER_SET + 1 }, (_, i) => card(i + 1));
    expect(rules(set({ cards: many }))).toEqual([['cards', 'maxCards']]);
    expect(checkSetLimits(set({ cards: many.slice(0, MAX_CARDS_PER_SET) }))).toEqual([]);
    expect(rules(set({ cards: [] }))).toEqual([['cards', 'minItems']]);
  });

  it('setCode: the code is 1–16 upper-case letters or digits', () => {
    expect(rules(set({ code: 'A-B' }))).toEqual([['code', 'setCode']]);
  });

  it('each detail names the card and its field path, in a message that does not repeat a huge value', () => {
    const [detail] = checkSetLimits(set({ cards: [card(1, { attributes: wowAttributes({ race: 'r'.repeat(50_000) }) })] }));
    expect(detail).toEqual({
      field: 'cards[0].attributes.race',
      rule: 'maxLength',
      card: 'Card 1',
      message: 'Card 1: cards[0].attributes.race is 50000 characters long; at most 200 allowed',
    });
  });
});
