import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DomainError } from '../../common/errors/domain-error';
import type { SetCard, SetData, WowCardAttributes } from '../card.types';
import { WOW_CLASSES } from '../games/wow-tcg/profile';
import { MAX_VARIANTS } from '../layouts/layout-structure';
import { parseOctgnXml } from './octgn-xml';
import { MAX_ENTITY_EXPANSION, MAX_XML_DEPTH } from './xml-nodes';
import { deriveSetCode } from '../games/wow-tcg/wow-sets';

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

const card = (set: SetData, name: string): SetCard => {
  const found = set.cards.find((c) => c.name === name);
  if (!found) throw new Error(`no card ${name}`);
  return found;
};
const attrs = (c: SetCard): WowCardAttributes => c.attributes as WowCardAttributes;

/** A small OCTGN set around the given packaging and cards. */
function octgn(setName: string, packaging: string, cards = ''): string {
  const defaultCard = `<card id="1" name="Test Ally">
      <property name="Card Number" value="Test - 1/1" /><property name="Type" value="Ally" />
      <property name="Faction" value="Neutral" /><property name="Rarity" value="C" /></card>`;
  return `<?xml version="1.0" encoding="utf-8"?>\n<set name="${setName}" id="x">${packaging}<cards>${cards || defaultCard}</cards></set>`;
}

describe('OCTGN set XML importer', () => {
  const [hoa] = parseOctgnXml(fixture('octgn-hoa-excerpt.xml'));

  it('reads a Heroes of Azeroth excerpt: code HOA from the known-name table, cards by Card Number', () => {
    expect(hoa).toMatchObject({ game: 'wow-tcg', code: 'HOA', name: 'Heroes of Azeroth' });
    expect(card(hoa, 'Boris Brightbeard').number).toBe(1);
    expect(card(hoa, 'Chromie')).toMatchObject({ number: 277, type: 'ally', rarity: 'epic' });
  });

  it('rule: an Icecrown-era file imports — Scourge heroes and allies keep their faction, the Master Hero its type, class and cost', () => {
    const [icc] = parseOctgnXml(fixture('octgn-icc-excerpt.xml'));
    expect(icc).toMatchObject({ code: 'ICC', name: 'Icecrown' });
    expect(icc.boosterLayout?.variants.map((v) => v.slots.reduce((n, x) => n + x.count, 0))).toEqual([5, 5]);
    expect(icc.cards).toHaveLength(9);
    expect(attrs(card(icc, 'Vexa the Risen'))).toMatchObject({ faction: 'Scourge', heroClass: 'Death Knight' });
    expect(attrs(card(icc, 'Ghoul of the Frozen Throne')).faction).toBe('Scourge');
    expect(card(icc, 'The Frost Monarch')).toMatchObject({ type: 'master-hero', rarity: 'epic' });
    expect(attrs(card(icc, 'The Frost Monarch'))).toMatchObject({ faction: 'Scourge', heroClass: 'Death Knight', cost: 10, classes: ['Death Knight', 'Warrior'] });
  });

  it('Rarity H is a hero: rarity uncommon (as the WoW JSON data prints heroes), type hero, class kept', () => {
    const boris = card(hoa, 'Boris Brightbeard');
    expect(boris).toMatchObject({ rarity: 'uncommon', type: 'hero' });
    expect(attrs(boris)).toMatchObject({ heroClass: 'Priest', health: 26, classes: null });
  });

  it('Class Restriction: one class, several classes, "All", or none (null)', () => {
    expect(attrs(card(hoa, 'Aimed Shot')).classes).toEqual(['Hunter']);
    expect(attrs(card(hoa, 'Burn Away')).classes).toEqual([...WOW_CLASSES]);
    expect(attrs(card(hoa, 'Deathdealer Breastplate')).classes).toEqual(['Hunter', 'Paladin', 'Shaman', 'Warrior']);
    expect(attrs(card(hoa, 'Chromie')).classes).toBeNull();
  });

  it('OCTGN has no talents and no Unique/Unlimited tags: talent null, flags false', () => {
    for (const c of hoa.cards) expect(attrs(c)).toMatchObject({ talent: null, heroTalent: null, unique: false, unlimited: false });
  });

  it('variable costs ("1+x", "X") are null; stats are numbers', () => {
    expect(attrs(card(hoa, 'Aimed Shot')).cost).toBeNull();
    expect(attrs(card(hoa, 'Chromie'))).toMatchObject({ cost: 6, attack: 2, health: 4 });
  });

  it('<packaging> becomes a booster layout: epic 1 in 8 → weights 1 and 7, slots in file order, heroes by type, master heroes at their rarity', () => {
    expect(hoa.boosterLayout).toEqual({
      sheets: {
        epic: { filter: { rarity: ['epic'], excludeType: ['hero'] } },
        rare: { filter: { rarity: ['rare'], excludeType: ['hero'] } },
        uncommon: { filter: { rarity: ['uncommon'], excludeType: ['hero', 'master-hero'] } },
        common: { filter: { rarity: ['common'], excludeType: ['hero', 'master-hero'] } },
        hero: { filter: { type: ['hero'] } },
      },
      variants: [
        {
          weight: 1,
          slots: [
            { sheet: 'epic', count: 1 },
            { sheet: 'uncommon', count: 3 },
            { sheet: 'common', count: 10 },
            { sheet: 'hero', count: 1 },
          ],
        },
        {
          weight: 7,
          slots: [
            { sheet: 'rare', count: 1 },
            { sheet: 'uncommon', count: 3 },
            { sheet: 'common', count: 10 },
            { sheet: 'hero', count: 1 },
          ],
        },
      ],
    });
  });

  it('Drums of War: 19-card booster; starter-deck cards of another numbering series are left out', () => {
    const [dow] = parseOctgnXml(fixture('octgn-dow-excerpt.xml'));
    expect(dow.code).toBe('DOW');
    expect(dow.cards.map((c) => c.name)).not.toContain('Batter Brains McGillicutty');
    expect(card(dow, "Gladiator's Regalia").type).toBe('armor'); // "Armor Set"
    expect(card(dow, 'Darnassus').type).toBe('location');
    expect(attrs(card(dow, 'Precognition')).cost).toBeNull(); // "X"
    const counts = dow.boosterLayout?.variants.map((v) => v.slots.reduce((n, s) => n + s.count, 0));
    expect(counts).toEqual([19, 19]);
  });

  it('derives the set code: known names case-insensitively, else initials of the significant words; options.code wins', () => {
    const [mol] = parseOctgnXml(octgn('March of the legion', ''));
    expect(mol).toMatchObject({ code: 'MOL', name: 'March of the Legion' });
    expect(parseOctgnXml(octgn("Onyxia's Lair Treasure", ''))[0]).toMatchObject({ code: 'OLT', name: "Onyxia's Lair Treasure" });
    expect(parseOctgnXml(octgn('Heroes of Azeroth', ''), { code: 'hoa1' })[0].code).toBe('HOA1');
    expect(deriveSetCode('Scourgewar')).toBe('SW');
    expect(deriveSetCode('Icecrown')).toBe('ICC');
    expect(deriveSetCode('Worldbreaker')).toBe('WBR');
    expect(deriveSetCode('The Shattered Sun')).toBe('SS');
  });

  it('no <packaging> means boosterLayout null; packs handing out "unlimited" cards are not boosters', () => {
    expect(parseOctgnXml(octgn('Test Set', ''))[0].boosterLayout).toBeNull();
    const onlyHeroes = '<packaging><pack name="Heroes"><pick qty="unlimited" key="Type" value="Hero" /></pack></packaging>';
    expect(parseOctgnXml(octgn('Test Set', onlyHeroes))[0].boosterLayout).toBeNull();
    const unnamed =
      '<packaging><pack name="Heroes"><pick qty="unlimited" key="Type" value="Hero" /></pack><pack name="Pack"><pick qty="2" key="Type" value="Ally" /></pack></packaging>';
    expect(parseOctgnXml(octgn('Test Set', unnamed))[0].boosterLayout).toEqual({
      sheets: { ally: { filter: { type: ['ally'] } } },
      variants: [{ weight: 1, slots: [{ sheet: 'ally', count: 2 }] }],
    });
  });

  it('several option groups multiply into variants (cartesian product) with the smallest integer weights', () => {
    const packaging = `<packaging><pack name="Booster">
      <options><option probability="0.25"><pick qty="1" key="Rarity" value="E" /></option><option probability="0.75"><pick qty="1" key="Rarity" value="R" /></option></options>
      <pick qty="2" key="Rarity" value="C" />
      <options><option probability="0.5"><pick qty="1" key="Rarity" value="U" /></option><option probability="0.5"><pick qty="1" key="Rarity" value="H" /></option></options>
    </pack></packaging>`;
    const layout = parseOctgnXml(octgn('Test Set', packaging))[0].boosterLayout;
    expect(layout?.variants.map((v) => [v.weight, v.slots.map((s) => s.sheet).join(' ')])).toEqual([
      [1, 'epic common uncommon'],
      [1, 'epic common hero'],
      [3, 'rare common uncommon'],
      [3, 'rare common hero'],
    ]);
  });

  it('malformed XML is MALFORMED_BODY with the line', () => {
    const error = thrown(() => parseOctgnXml('<?xml version="1.0"?>\n<set name="x">\n<cards>\n</set>'));
    expect(error.code).toBe('MALFORMED_BODY');
    expect(error.details[0].line).toBe(4);
  });

  it("the real HoA file's data errors are IMPORT_INVALID, all of them, each naming card and line", () => {
    const error = thrown(() => parseOctgnXml(fixture('octgn-hoa-data-errors.xml')));
    expect(error.code).toBe('IMPORT_INVALID');
    expect(error.details.map((d) => [d.card, d.rule])).toEqual([
      ['Ravenous Bite', 'isIn'], // Faction "Hunter"
      ['Fire Blast', 'duplicateNumber'], // "Azeroth - 2/361", Dizdemona's number
      ['Frost Nova', 'duplicateNumber'],
    ]);
    expect(error.details.every((d) => typeof d.line === 'number' && d.line > 0)).toBe(true);
  });

  it('bad packaging is IMPORT_INVALID with the field and line', () => {
    const packaging = '<packaging>\n<pack name="Booster">\n<pick qty="0" key="Rarity" value="C" />\n<pick qty="1" key="Colour" value="Red" />\n</pack></packaging>';
    const error = thrown(() => parseOctgnXml(octgn('Test Set', packaging)));
    expect(error.details.map((d) => [d.field, d.line])).toEqual([
      ['packaging.pack[0].pick[0].qty', 4],
      ['packaging.pack[0].pick[1].value', 5],
    ]);
  });

  describe('option groups multiply: at most MAX_VARIANTS (100) variants, counted before building', () => {
    /** n groups of two options each: 2^n combinations. */
    const groups = (n: number): string =>
      `<packaging>\n<pack name="Booster">\n${'<options><option probability="0.5"><pick qty="1" key="Rarity" value="C" /></option><option probability="0.5"><pick qty="1" key="Rarity" value="U" /></option></options>\n'.repeat(n)}</pack></packaging>`;

    it('maxVariants: 12 groups (4,096 combinations) are IMPORT_INVALID naming the pack and its line', () => {
      const error = thrown(() => parseOctgnXml(octgn('Test Set', groups(12))));
      expect(error.code).toBe('IMPORT_INVALID');
      expect(error.details).toEqual([
        expect.objectContaining({
          field: 'packaging.pack[0]',
          rule: 'maxVariants',
          line: 3,
          message: expect.stringMatching(/"Booster" has 4096 combinations.*at most 100 variants/),
        }),
      ]);
    });

    it('maxVariants: 30 groups (2^30 combinations) are refused at once, without building a single variant', () => {
      // Building 2^30 variants would exhaust the memory or the test's timeout long before the refusal.
      const error = thrown(() => parseOctgnXml(octgn('Test Set', groups(30))));
      expect(error.details).toEqual([expect.objectContaining({ rule: 'maxVariants', message: expect.stringContaining('1073741824 combinations') })]);
    });

    it('maxVariants: exactly 100 combinations (two groups of ten options) still convert', () => {
      const ten = `<options>${Array.from({ length: 10 }, (_, i) => `<option probability="0.1"><pick qty="${i + 1}" key="Rarity" value="C" /></option>`).join('')}</options>`;
      const layout = parseOctgnXml(octgn('Test Set', `<packaging><pack name="Booster">${ten}${ten.replace(/"C"/g, '"U"')}</pack></packaging>`))[0].boosterLayout;
      expect(layout?.variants).toHaveLength(MAX_VARIANTS);
      const eleven = `<options>${Array.from({ length: 101 }, () => '<option probability="0.01"><pick qty="1" key="Rarity" value="C" /></option>').join('')}</options>`;
      expect(thrown(() => parseOctgnXml(octgn('Test Set', `<packaging><pack name="Booster">${eleven}</pack></packaging>`))).details[0].rule).toBe('maxVariants');
    });

    it('options of probability 0 add no combination (as they add no variant)', () => {
      const never =
        '<options><option probability="1"><pick qty="1" key="Rarity" value="C" /></option><option probability="0"><pick qty="1" key="Rarity" value="U" /></option></options>\n';
      expect(parseOctgnXml(octgn('Test Set', `<packaging><pack name="Booster">${never.repeat(40)}</pack></packaging>`))[0].boosterLayout?.variants).toHaveLength(1);
    });
  });

  it('qty: a pick draws 1 to 40 cards (the slot count limit of every layout)', () => {
    const pick = (qty: number) => `<packaging><pack name="Booster"><pick qty="${qty}" key="Rarity" value="C" /></pack></packaging>`;
    expect(parseOctgnXml(octgn('Test Set', pick(40)))[0].boosterLayout?.variants[0].slots).toEqual([{ sheet: 'common', count: 40 }]);
    expect(thrown(() => parseOctgnXml(octgn('Test Set', pick(41)))).details).toEqual([expect.objectContaining({ field: 'packaging.pack[0].pick[0].qty', rule: 'qty' })]);
  });

  describe('numeric character references', () => {
    const named = (name: string) =>
      `<?xml version="1.0"?>\n<set name="Test Set">\n<cards>\n<card name="${name}"><property name="Card Number" value="1" /><property name="Type" value="Ally" /><property name="Faction" value="Neutral" /><property name="Rarity" value="C" /></card>\n</cards></set>`;

    it('decimal and hexadecimal references are decoded ("&#65;" → A, "&#x42;" → B, "&#x1F600;" → 😀)', () => {
      expect(parseOctgnXml(named('&#65;&#x42;c &#x1F600; &lt;&amp;&gt;'))[0].cards[0].name).toBe('ABc 😀 <&>');
    });

    it('decoding is one pass: "&amp;#65;" is the text "&#65;"', () => {
      expect(parseOctgnXml(named('R&amp;#65;D'))[0].cards[0].name).toBe('R&#65;D');
    });

    it.each(['&#0;', '&#x0;', '&#1;', '&#x1B;', '&#127;', '&#x85;', '&#xD800;', '&#xFFFE;', '&#x110000;', '&#99999999999;', '&#xZZ;', '&#;'])(
      '%s (a control, a non-character or malformed) is MALFORMED_BODY naming the line, never dropped',
      (reference) => {
        const error = thrown(() => parseOctgnXml(named(`A${reference}B`)));
        expect(error.code).toBe('MALFORMED_BODY');
        expect(error.details[0]).toMatchObject({ rule: 'xml', line: 4, message: expect.stringContaining(reference) });
      },
    );
  });

  describe('every parser exception is MALFORMED_BODY (400), never a 500', () => {
    it('an external entity (file:///etc/passwd) is refused, at the DOCTYPE line', () => {
      const error = thrown(() => parseOctgnXml('<?xml version="1.0"?>\n<!DOCTYPE set [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n<set name="&x;"><cards/></set>'));
      expect(error.code).toBe('MALFORMED_BODY');
      expect(error.details[0]).toMatchObject({ line: 2, message: expect.stringContaining('External entities are not supported') });
    });

    it(`entity expansion beyond ${MAX_ENTITY_EXPANSION} characters is refused`, () => {
      const text = `<!DOCTYPE set [<!ENTITY a "${'a'.repeat(5000)}">]>\n<set name="Test">\n<cards><card name="${'&a;'.repeat(50)}" /></cards></set>`;
      const error = thrown(() => parseOctgnXml(text));
      expect(error.code).toBe('MALFORMED_BODY');
      expect(error.details[0]).toMatchObject({ line: 3, message: expect.stringContaining('entity expansion exceeds') });
    });

    it('internal entities within the limit still expand', () => {
      const text =
        '<!DOCTYPE set [<!ENTITY hoa "Heroes of Azeroth">]>\n<set name="&hoa;"><cards><card name="A"><property name="Card Number" value="1" /><property name="Type" value="Ally" /><property name="Faction" value="Neutral" /><property name="Rarity" value="C" /></card></cards></set>';
      expect(parseOctgnXml(text)[0]).toMatchObject({ code: 'HOA', name: 'Heroes of Azeroth' });
    });

    it(`100,000 levels of nested tags are refused at the line where nesting passes ${MAX_XML_DEPTH}`, () => {
      const text = `<set name="x">\n<cards>\n${'<a>'.repeat(100_000)}${'</a>'.repeat(100_000)}</cards></set>`;
      const error = thrown(() => parseOctgnXml(text));
      expect(error.code).toBe('MALFORMED_BODY');
      expect(error.details[0]).toMatchObject({ line: 3, message: expect.stringContaining(`more than ${MAX_XML_DEPTH} levels`) });
    });

    it('an unclosed tag at the end of the file is named, at the line where it was opened (not "line 1, column 1")', () => {
      const error = thrown(() => parseOctgnXml('<?xml version="1.0"?>\n<set name="X">\n<cards>\n<card name="A">\n<!-- <b> -->\n'));
      expect(error.code).toBe('MALFORMED_BODY');
      expect(error.details[0]).toMatchObject({ line: 4, message: expect.stringContaining('<card>, <cards>, <set>') });
      expect(error.message).toContain('line 4, column 1');
    });
  });
});
