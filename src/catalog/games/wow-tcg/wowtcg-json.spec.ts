import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DomainError, type ErrorDetail } from '../../../common/errors/domain-error';
import type { SetCard, SetData, WowCardAttributes } from '../../card.types';
import { WOW_CLASSES } from './profile';
import { parseWowtcgJson } from './wowtcg-json';

const fixture = (name: string): string => readFileSync(join(__dirname, '..', '..', 'importers', '__fixtures__', name), 'utf8');

function thrown(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a DomainError');
}

function only(text: string): SetData {
  const sets = parseWowtcgJson(text);
  expect(sets).toHaveLength(1);
  return sets[0];
}

const card = (set: SetData, name: string): SetCard => {
  const found = set.cards.find((c) => c.name === name);
  if (!found) throw new Error(`no card ${name}`);
  return found;
};
const attrs = (c: SetCard): WowCardAttributes => c.attributes as WowCardAttributes;

/** A minimal valid row; tests override what they prove. */
const row = (over: Record<string, unknown>): Record<string, unknown> => ({
  name: 'Test Card',
  type: 'Ability',
  faction: 'Neutral',
  setcode: 'HoA',
  setname: 'Heroes of Azeroth',
  no: 1,
  rarity: 'c',
  cost: 1,
  Mage: 'x',
  ...over,
});

describe('WoW TCG JSON importer', () => {
  const hoa = only(fixture('wowtcg-hoa-excerpt.json'));

  it('reads a Heroes of Azeroth excerpt as set HOA with its printed name and no booster layout', () => {
    expect(hoa).toMatchObject({ game: 'wow-tcg', code: 'HOA', name: 'Heroes of Azeroth', boosterLayout: null });
    expect(hoa.cards.map((c) => c.number)).toEqual([...hoa.cards.map((c) => c.number)].sort((a, b) => a - b));
  });

  it('rule: faction Scourge is read; an unknown faction or hero class is a problem, or kept as a warning in a lenient import', () => {
    const [scourge] = parseWowtcgJson(JSON.stringify([row({ faction: 'Scourge' })]));
    expect(attrs(scourge.cards[0]).faction).toBe('Scourge');
    const quirky = JSON.stringify([row({ faction: 'Undead' }), row({ no: 2, name: 'Odd King', type: 'Hero', rarity: 'u', class: 'King', cost: undefined, health: 30 })]);
    expect(thrown(() => parseWowtcgJson(quirky)).details.map((d) => [d.field, d.rule])).toEqual([
      ['[0].faction', 'isIn'],
      ['[1].class', 'isIn'],
    ]);
    const warnings: { field?: string; message: string }[] = [];
    const [kept] = parseWowtcgJson(quirky, { unknownValues: warnings as never });
    expect(attrs(kept.cards[0]).faction).toBe('Undead');
    expect(attrs(kept.cards[1]).heroClass).toBe('King');
    expect(warnings.map((w) => w.field)).toEqual(['[0].faction', '[1].class']);
    expect(warnings[0].message).toContain('(kept as it is)');
  });

  it('all_classes "None" means no class restriction (null), not "no class may play it"', () => {
    const ally = card(hoa, 'Chromie');
    expect(ally.type).toBe('ally');
    expect(attrs(ally).classes).toBeNull();
    expect(attrs(card(hoa, 'Boris Brightbeard')).classes).toBeNull();
  });

  it('all_classes "All" means every class, Death Knight included', () => {
    expect(attrs(card(hoa, 'Burn Away')).classes).toEqual([...WOW_CLASSES]);
  });

  it('class restriction is the class columns marked "x" (any case)', () => {
    expect(attrs(card(hoa, 'Aimed Shot')).classes).toEqual(['Hunter']);
    expect(attrs(card(hoa, 'Flash Heal')).classes).toEqual(['Priest']); // marked "X" in the data
  });

  it('the DeathKnight column is the class "Death Knight"', () => {
    const wg = only(fixture('wowtcg-wg-excerpt.json'));
    expect(attrs(card(wg, 'Hysteria')).classes).toEqual(['Death Knight']);
    expect(attrs(card(wg, 'Krog the Deathfist')).heroClass).toBe('Death Knight');
  });

  it('talent requirement is subtype when subtype2 is "Talent", capitalized', () => {
    const aimed = attrs(card(hoa, 'Aimed Shot'));
    expect(aimed.talent).toBe('Marksmanship');
    expect(aimed.subtypes).toEqual([]);
    const wg = only(fixture('wowtcg-wg-excerpt.json'));
    expect(attrs(card(wg, 'Gift of the Earthmother')).talent).toBe('Restoration'); // "restoration" in the data
    expect(attrs(card(hoa, 'Maul')).talent).toBeNull(); // subtype2 "Feral" is not the Talent marker
  });

  it('rows with rarity p (extended art) and l (loot) are printings of the card with the same number', () => {
    expect(hoa.cards.filter((c) => c.name === 'Aimed Shot')).toHaveLength(1);
    expect(card(hoa, 'Aimed Shot').printings).toEqual([{ kind: 'extended-art' }]);
    expect(card(hoa, 'Rise to the Challenge')).toMatchObject({ rarity: 'epic', printings: [{ kind: 'extended-art' }] });
    expect(card(hoa, 'Landro Longshot')).toMatchObject({ rarity: 'rare', printings: [{ kind: 'loot' }] });
    expect(hoa.cards.every((c) => ['common', 'uncommon', 'rare', 'epic'].includes(c.rarity))).toBe(true);
  });

  it('heroes keep rarity u as uncommon, typed hero, with class, talent, race and professions', () => {
    const boris = card(hoa, 'Boris Brightbeard');
    expect(boris).toMatchObject({ number: 1, rarity: 'uncommon', type: 'hero' });
    expect(attrs(boris)).toMatchObject({ heroClass: 'Priest', heroTalent: 'Holy', race: 'Dwarf', professions: ['Enchanting', 'Tailoring'], health: 26 });
  });

  it('"Traitor" heroes have no talent; classless heroes have heroClass null', () => {
    const sob = only(fixture('wowtcg-sob-excerpt.json'));
    const traitor = sob.cards.find((c) => attrs(c).subtypes.includes('Traitor'));
    expect(traitor && attrs(traitor).heroTalent).toBeNull();
    const [classless] = parseWowtcgJson(JSON.stringify([row({ type: 'Hero', rarity: 'u', all_classes: 'None', Mage: undefined, cost: undefined, health: 20 })]));
    expect(attrs(classless.cards[0]).heroClass).toBeNull();
  });

  it('faction "Both" (Blood of Gladiators) is kept', () => {
    const bog = only(fixture('wowtcg-bog-excerpt.json'));
    expect(attrs(card(bog, 'Broll Bearmantle')).faction).toBe('Both');
    expect(bog.name).toBe('Blood of Gladiators'); // "Blood Of Gladiators" in the data
  });

  it('Equipment splits by subtype into weapon, armor and item', () => {
    expect(card(hoa, 'Ancient Bone Bow').type).toBe('weapon');
    expect(card(hoa, 'Bad Mojo Mask').type).toBe('armor');
    expect(card(hoa, 'Barov Peasant Caller').type).toBe('item');
    expect(attrs(card(hoa, 'Ancient Bone Bow')).subtypes[0]).toMatch(/Weapon/);
  });

  it('subtype Unique / Unlimited are tags, not subtypes', () => {
    expect(attrs(card(hoa, 'Chromie'))).toMatchObject({ unique: true, unlimited: false });
    expect(attrs(card(hoa, 'Chromie')).subtypes).not.toContain('Unique');
    const [set] = parseWowtcgJson(JSON.stringify([row({ type: 'Ally', subtype: 'Unlimited', all_classes: 'None', Mage: undefined })]));
    expect(attrs(set.cards[0])).toMatchObject({ unlimited: true, subtypes: [] });
  });

  it('cleans stray HTML in subtypes and capitalizes races', () => {
    expect(attrs(card(hoa, 'Maul')).subtypes).toEqual(['Form', 'Feral']); // "Form</i>" in the data
    const wg = only(fixture('wowtcg-wg-excerpt.json'));
    expect(attrs(card(wg, "Conqueror Vun'jin")).race).toBe('Troll'); // "troll" in the data
  });

  it('master heroes are their own type and keep their rarity and class icons', () => {
    const wg = only(fixture('wowtcg-wg-excerpt.json'));
    const tirion = card(wg, 'Highlord Tirion Fordring');
    expect(tirion).toMatchObject({ type: 'master-hero', rarity: 'epic' });
    expect(attrs(tirion)).toMatchObject({ heroClass: 'Paladin', classes: ['Druid', 'Paladin', 'Priest', 'Shaman'], heroTalent: null });
  });

  it('rule: a loot row numbered in its own series is a printing of the one card with its name, noticed', () => {
    const notices: ErrorDetail[] = [];
    const rows = [row({ no: 40, name: 'Tundra Wolf' }), row({ no: 1, name: 'Tundra Wolf', rarity: 'l', setname: 'Heroes of Azeroth (Loot)' })];
    const [set] = parseWowtcgJson(JSON.stringify(rows), { notices });
    expect(set.cards).toEqual([expect.objectContaining({ number: 40, printings: [{ kind: 'loot' }] })]);
    expect(notices).toEqual([expect.objectContaining({ rule: 'printingByName', card: 'Tundra Wolf', field: '[1].no' })]);
  });

  it('rule: a loot row that is no card of the set is left out with a notice, never refused or dropped silently', () => {
    const notices: ErrorDetail[] = [];
    const [set] = parseWowtcgJson(JSON.stringify([row({ no: 1 }), row({ no: 7, name: 'Lonely Loot', rarity: 'l' })]), { notices });
    expect(set.cards).toHaveLength(1);
    expect(notices).toEqual([expect.objectContaining({ rule: 'leftOut', card: 'Lonely Loot', field: '[1]' })]);
  });

  it('rule: type "Ability Ally" (a totem) is an ally, and an Equipment whose subtype repeats its name an Item, each noticed', () => {
    const notices: ErrorDetail[] = [];
    const rows = [
      row({ no: 1, name: 'Horn of Winter Totem', type: 'Ability Ally', attack: 0, health: 3, subtype: 'Totem' }),
      row({ no: 2, name: 'Saronite Smasher', type: 'Equipment', subtype: 'Saronite Smasher' }),
      row({ no: 3, name: 'Runed Blade', type: 'Equipment', subtype: 'Runed Blade', subtype2: '2H Weapon' }),
    ];
    const [set] = parseWowtcgJson(JSON.stringify(rows), { notices });
    expect(set.cards.map((c) => c.type)).toEqual(['ally', 'item', 'weapon']);
    expect(notices.map((n) => [n.rule, n.card])).toEqual([
      ['typeAlias', 'Horn of Winter Totem'],
      ['equipmentSubtypeIsName', 'Saronite Smasher'],
    ]);
  });

  it('rule: set code ICE (what community files write for Icecrown) is imported as ICC, noticed', () => {
    const notices: ErrorDetail[] = [];
    const [set] = parseWowtcgJson(JSON.stringify([row({ setcode: 'ICE', setname: 'Icecrown' })]), { notices });
    expect(set).toMatchObject({ code: 'ICC', name: 'Icecrown' });
    expect(notices).toEqual([expect.objectContaining({ rule: 'setCodeAlias', message: expect.stringContaining('ICE') })]);
  });

  it('the Icecrown fixture written as community tools write it imports whole: 26 cards, every left-out or re-read row noticed', () => {
    const notices: ErrorDetail[] = [];
    const text = readFileSync(join(__dirname, '..', '..', '..', '..', 'test', 'fixtures', 'sets', 'wowtcg-icecrown-ice.json'), 'utf8');
    const [set] = parseWowtcgJson(text, { notices });
    expect(set).toMatchObject({ code: 'ICC', name: 'Icecrown' });
    expect(set.cards).toHaveLength(26);
    expect(notices.map((n) => n.rule).sort()).toEqual(['equipmentSubtypeIsName', 'leftOut', 'printingByName', 'printingByName', 'setCodeAlias', 'typeAlias']);
    // Every row of the file is a card, a printing or a notice.
    const rows = JSON.parse(text) as unknown[];
    const printings = set.cards.reduce((n, c) => n + c.printings.length, 0);
    expect(set.cards.length + printings + notices.filter((n) => n.rule === 'leftOut').length).toBe(rows.length);
  });

  it('identical duplicate rows are one card; duplicates with other facts are an error', () => {
    const [set] = parseWowtcgJson(JSON.stringify([row({}), row({})]));
    expect(set.cards).toHaveLength(1);
    const error = thrown(() => parseWowtcgJson(JSON.stringify([row({}), row({ name: 'Other Card' })])));
    expect(error.details[0]).toMatchObject({ rule: 'duplicateNumber', card: 'Other Card' });
  });

  it('bad content is IMPORT_INVALID naming the card and the field', () => {
    const error = thrown(() => parseWowtcgJson(JSON.stringify([row({ name: 'Odd Rarity', rarity: 'x' })])));
    expect(error.code).toBe('IMPORT_INVALID');
    expect(error.details).toEqual([expect.objectContaining({ card: 'Odd Rarity', field: '[0].rarity', rule: 'isIn' })]);
  });

  it('collects every problem of the file, not only the first', () => {
    const rows = [
      row({ name: 'A', rarity: 'x' }),
      row({ name: 'B', no: 2, faction: 'Undead' }),
      row({ name: 'C', no: 3, type: 'Equipment', subtype: 'Gadget' }),
      row({ name: 'D', no: 4, cost: 'two' }),
      'not a row',
    ];
    const error = thrown(() => parseWowtcgJson(JSON.stringify(rows)));
    expect(error.details.map((d) => [d.card, d.field])).toEqual([
      ['A', '[0].rarity'],
      ['B', '[1].faction'],
      ['C', '[2].subtype'],
      ['D', '[3].cost'],
      [undefined, '[4]'],
    ]);
  });

  it('malformed JSON is MALFORMED_BODY with the line', () => {
    const error = thrown(() => parseWowtcgJson('[\n{"name": "A",\n}\n]'));
    expect(error.code).toBe('MALFORMED_BODY');
    expect(error.details[0].line).toBe(3);
  });

  it('a JSON value that is not an array of rows is IMPORT_INVALID', () => {
    expect(thrown(() => parseWowtcgJson('{"cards": []}')).code).toBe('IMPORT_INVALID');
  });

  it('options.code renames the set', () => {
    expect(parseWowtcgJson(JSON.stringify([row({})]), { code: 'hoa2' })[0].code).toBe('HOA2');
  });
});
