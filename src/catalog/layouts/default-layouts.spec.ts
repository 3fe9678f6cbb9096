import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { cardIdOf } from '../card.types';
import { generatePacks } from '../../boosters/booster-generator';
import type { CompilableCard } from './compiled-layout';
import { defaultLayoutFor, LAYOUT_TEMPLATE_NAMES, layoutTemplate, withoutSheet } from './default-layouts';
import { compileLayout } from './layout-validation';
import { syntheticBerserkSet, syntheticWowSet } from '../../boosters/synthetic-set';

const SEED = '0123456789abcdef0123456789abcdef';
const PACKS = 1000;

/** A WoW set (361 cards, HoA-shaped) plus a Scourgewar-like master hero printed epic. */
const WOW: CompilableCard[] = [...syntheticWowSet('SW'), { cardId: 'SW-362', rarity: 'epic', type: 'master-hero' }];
const BERSERK = syntheticBerserkSet('S1');
const byId = (cards: CompilableCard[]) => new Map(cards.map((c) => [c.cardId, c]));

/** The pack as "rarity/type" per card, to compare against the expected slot composition. */
function describePacks(template: string, cards: CompilableCard[]): CompilableCard[][] {
  const ids = byId(cards);
  const compiled = compileLayout(layoutTemplate(template)!, cards);
  return generatePacks(compiled, SEED, PACKS).map((pack) => pack.map((id) => ids.get(id)!));
}

const isHero = (c: CompilableCard) => c.type === 'hero';

describe('default layouts', () => {
  it('wow-tcg-15: 15 cards = 1 rare-or-epic, 3 uncommon, 10 common, 1 hero, in that order', () => {
    for (const pack of describePacks('wow-tcg-15', WOW)) {
      expect(pack).toHaveLength(15);
      expect(['rare', 'epic']).toContain(pack[0].rarity);
      expect(pack.slice(1, 4).every((c) => c.rarity === 'uncommon' && !isHero(c))).toBe(true);
      expect(pack.slice(4, 14).every((c) => c.rarity === 'common')).toBe(true);
      expect(isHero(pack[14])).toBe(true);
    }
  });

  it('wow-tcg-19: 19 cards = 1 rare-or-epic, 4 uncommon, 13 common, 1 hero, in that order', () => {
    for (const pack of describePacks('wow-tcg-19', WOW)) {
      expect(pack).toHaveLength(19);
      expect(['rare', 'epic']).toContain(pack[0].rarity);
      expect(pack.slice(1, 5).every((c) => c.rarity === 'uncommon' && !isHero(c))).toBe(true);
      expect(pack.slice(5, 18).every((c) => c.rarity === 'common')).toBe(true);
      expect(isHero(pack[18])).toBe(true);
    }
  });

  it('exactly one hero per WoW pack: heroes (rarity "uncommon" in the data) come only from the hero slot', () => {
    for (const template of ['wow-tcg-15', 'wow-tcg-19']) {
      for (const pack of describePacks(template, WOW)) expect(pack.filter(isHero)).toHaveLength(1);
    }
  });

  it('a master hero comes only from the rare-or-epic slot, at its printed rarity, never as the hero', () => {
    const packs = describePacks('wow-tcg-15', WOW);
    const positions = new Set(packs.flatMap((pack) => pack.flatMap((c, i) => (c.type === 'master-hero' ? [i] : []))));
    expect(positions).toEqual(new Set([0])); // 1000 packs × 1/8 epic × 1/23 ≈ 5 expected; seed fixed
  });

  it('berserk-12: 12 cards = 1 rare-or-ultra-rare, 3 uncommon, 8 common', () => {
    for (const pack of describePacks('berserk-12', BERSERK)) {
      expect(pack).toHaveLength(12);
      expect(['rare', 'ultra-rare']).toContain(pack[0].rarity);
      expect(pack.slice(1, 4).every((c) => c.rarity === 'uncommon')).toBe(true);
      expect(pack.slice(4).every((c) => c.rarity === 'common')).toBe(true);
    }
  });

  it('defaultLayoutFor: 15-card era HOA/TDP/FOO, 19-card era MOL…ICC, none for later WoW sets, berserk-12 for any Berserk set', () => {
    for (const code of ['HOA', 'tdp', 'FoO']) expect(defaultLayoutFor('wow-tcg', code)).toEqual(layoutTemplate('wow-tcg-15'));
    for (const code of ['MOL', 'SOB', 'HFI', 'DOW', 'BOG', 'FOH', 'SW', 'WG', 'ICC']) {
      expect(defaultLayoutFor('wow-tcg', code)).toEqual(layoutTemplate('wow-tcg-19'));
    }
    for (const code of ['WBR', 'EOE', 'XYZ']) expect(defaultLayoutFor('wow-tcg', code)).toBeNull();
    for (const code of ['S1', 'S4', 'LAAR']) expect(defaultLayoutFor('berserk', code)).toEqual(layoutTemplate('berserk-12'));
  });

  it('layoutTemplate: known names give a fresh layout, unknown names null', () => {
    expect(LAYOUT_TEMPLATE_NAMES).toEqual(['wow-tcg-15', 'wow-tcg-19', 'berserk-12']);
    const a = layoutTemplate('wow-tcg-19')!;
    a.variants[0].weight = 99;
    expect(layoutTemplate('wow-tcg-19')!.variants[0].weight).toBe(7);
    expect(layoutTemplate('wow-tcg-20')).toBeNull();
    expect(layoutTemplate('toString')).toBeNull();
  });

  it('withoutSheet(layout, "hero"): WoW draft packs without the hero slot (14 cards, no hero, same odds)', () => {
    const draft = withoutSheet(layoutTemplate('wow-tcg-15')!, 'hero');
    expect(draft.sheets.hero).toBeUndefined();
    expect(draft.variants.map((v) => v.weight)).toEqual([7, 1]);
    const ids = byId(WOW);
    for (const pack of generatePacks(compileLayout(draft, WOW), SEED, 200)) {
      expect(pack).toHaveLength(14);
      expect(pack.some((id) => isHero(ids.get(id)!))).toBe(false);
    }
    expect(layoutTemplate('wow-tcg-15')!.sheets.hero).toBeDefined();
  });

  // The shipped set files are written separately; this runs only once they exist.
  // The set ships in data/sets at the repository root, so this always runs.
  const hoaFile = path.resolve(__dirname, '../../../data/sets/wow-tcg-hoa.json');
  it('the shipped Heroes of Azeroth set fills wow-tcg-15 packs with exactly one hero', () => {
    const set = JSON.parse(readFileSync(hoaFile, 'utf8')) as { game: 'wow-tcg'; code: string; cards: { number: number; rarity: string; type: string }[] };
    const cards = set.cards.map((c) => ({ cardId: cardIdOf(set.code, c.number), rarity: c.rarity, type: c.type }));
    const ids = byId(cards);
    const compiled = compileLayout(defaultLayoutFor(set.game, set.code)!, cards);
    for (const pack of generatePacks(compiled, SEED, 500)) {
      expect(pack).toHaveLength(15);
      expect(pack.filter((id) => isHero(ids.get(id)!))).toHaveLength(1);
      expect(isHero(ids.get(pack[14])!)).toBe(true);
    }
  });
});
