import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { drawPack } from '../../boosters/booster-generator';
import { defaultLayoutFor } from '../layouts/default-layouts';
import { compileLayout } from '../layouts/layout-validation';
import { rngFor } from '../../common/random/seeded-rng';
import type { SetData } from '../card.types';
import { GAMES } from '../games';
import { parseProductJson } from './product-json';
import { serializeProductSet } from './product-json-writer';

/** The set files the product ships (repository folder data/sets, product format). */
const DIR = join(__dirname, '..', '..', '..', 'data', 'sets');
const files = readdirSync(DIR)
  .filter((f) => f.endsWith('.json'))
  .sort();
const load = (file: string): SetData => parseProductJson(readFileSync(join(DIR, file), 'utf8'))[0];

function count<T extends string>(set: SetData, key: (c: SetData['cards'][number]) => T): Record<string, number> {
  const out: Record<string, number> = {};
  for (const c of set.cards) out[key(c)] = (out[key(c)] ?? 0) + 1;
  return out;
}

describe('shipped set files (data/sets)', () => {
  it('ship every WoW TCG set of the community data and every Berserk set (s1–s4 and the promo set laar)', () => {
    expect(files).toEqual([
      'berserk-laar.json',
      'berserk-s1.json',
      'berserk-s2.json',
      'berserk-s3.json',
      'berserk-s4.json',
      ...['bog', 'dow', 'foh', 'foo', 'hfi', 'hoa', 'mol', 'sob', 'sw', 'tdp', 'wg'].map((c) => `wow-tcg-${c}.json`),
    ]);
  });

  it.each(files)('%s parses with the product importer, is named after its set, has no booster layout and is in canonical layout', (file) => {
    const text = readFileSync(join(DIR, file), 'utf8');
    const [set] = parseProductJson(text);
    expect(file).toBe(`${set.game}-${set.code.toLowerCase()}.json`);
    expect(set.boosterLayout).toBeNull(); // defaults come from code
    expect(set.cards.every((c) => GAMES[set.game].rarities.includes(c.rarity))).toBe(true);
    expect(serializeProductSet(set, { withLayout: false })).toBe(text);
  });

  it("Heroes of Azeroth: 361 cards = 114 C / 115 U / 110 R / 22 E, 16 heroes (the community data's own count)", () => {
    const hoa = load('wow-tcg-hoa.json');
    expect(hoa).toMatchObject({ code: 'HOA', name: 'Heroes of Azeroth' });
    expect(hoa.cards).toHaveLength(361);
    expect(count(hoa, (c) => c.rarity)).toEqual({ common: 114, uncommon: 115, rare: 110, epic: 22 });
    expect(count(hoa, (c) => c.type).hero).toBe(16);
    expect(hoa.cards.filter((c) => c.type === 'hero').every((c) => c.rarity === 'uncommon')).toBe(true);
  });

  it('March of the Legion: 319 cards, 16 epics, 18 heroes', () => {
    const mol = load('wow-tcg-mol.json');
    expect(mol).toMatchObject({ code: 'MOL', name: 'March of the Legion' });
    expect(mol.cards).toHaveLength(319);
    expect(count(mol, (c) => c.rarity).epic).toBe(16);
    expect(count(mol, (c) => c.type).hero).toBe(18);
  });

  it.each([
    ['tdp', 319],
    ['foo', 246],
    ['hfi', 252],
    ['sob', 264],
    ['sw', 270],
    ['wg', 220],
    ['bog', 208],
    ['foh', 208],
    ['dow', 268],
  ])('WoW TCG %s has its %i numbered cards, numbered 1..n', (code, n) => {
    const set = load(`wow-tcg-${code}.json`);
    expect(set.cards.map((c) => c.number)).toEqual(Array.from({ length: n }, (_, i) => i + 1));
  });

  it('Berserk s1 "Война стихий": 200 cards = 99 C / 47 U / 35 R / 19 UR', () => {
    const s1 = load('berserk-s1.json');
    expect(s1).toMatchObject({ game: 'berserk', code: 'S1', name: 'Война стихий' });
    expect(s1.cards).toHaveLength(200);
    expect(count(s1, (c) => c.rarity)).toEqual({ common: 99, uncommon: 47, rare: 35, 'ultra-rare': 19 });
  });

  it('rule: the Berserk promo set "laar" (19 commons) is not a booster set', () => {
    const laar = load('berserk-laar.json');
    expect(laar).toMatchObject({ code: 'LAAR', boosters: false, boosterLayout: null });
    expect(count(laar, (c) => c.rarity)).toEqual({ common: 19 });
    expect(load('berserk-s1.json').boosters).toBeUndefined();
  });

  // Rarity counts of the community data (the Berserk JSON of the 2023 relaunch); only s1 is named by a source.
  it.each([
    ['s2', 200, { common: 98, uncommon: 48, rare: 38, 'ultra-rare': 16 }],
    ['s3', 195, { common: 98, uncommon: 48, rare: 33, 'ultra-rare': 16 }],
    ['s4', 220, { common: 98, uncommon: 49, rare: 49, 'ultra-rare': 24 }],
  ])('Berserk %s: %i cards by rarity, named by its code', (code, total, rarities) => {
    const set = load(`berserk-${code}.json`);
    expect(set).toMatchObject({ game: 'berserk', code: code.toUpperCase(), name: `Berserk ${code.toUpperCase()}` });
    expect(set.cards).toHaveLength(total);
    expect(count(set, (c) => c.rarity)).toEqual(rarities);
  });

  it.each(['s1', 's2', 's3', 's4'])('rule: a Berserk %s booster is 12 cards — 8 common, 3 uncommon, 1 rare or ultra-rare (ultra-rare about 1 in 6)', (code) => {
    const set = load(`berserk-${code}.json`);
    const cards = set.cards.map((c) => ({ cardId: `${set.code}-${c.number}`, rarity: c.rarity, type: c.type }));
    const rarityOf = new Map(cards.map((c) => [c.cardId, c.rarity]));
    const compiled = compileLayout(defaultLayoutFor('berserk', set.code)!, cards);
    let ultra = 0;
    const packs = 600;
    for (let i = 0; i < packs; i++) {
      const pack = drawPack(compiled, rngFor(`shipped-${code}-boosters`, `pack/${i}`));
      const byRarity: Record<string, number> = {};
      for (const id of pack) byRarity[rarityOf.get(id)!] = (byRarity[rarityOf.get(id)!] ?? 0) + 1;
      expect(pack).toHaveLength(12);
      expect(byRarity.common).toBe(8);
      expect(byRarity.uncommon).toBe(3);
      expect((byRarity.rare ?? 0) + (byRarity['ultra-rare'] ?? 0)).toBe(1);
      ultra += byRarity['ultra-rare'] ?? 0;
    }
    expect(ultra / packs).toBeGreaterThan(1 / 6 - 0.05);
    expect(ultra / packs).toBeLessThan(1 / 6 + 0.05);
  });
});
