/**
 * The booster layouts Podium knows without being told: named templates, and the default of each
 * game/set. All figures are community knowledge (reviews, OCTGN set definitions, a fan simulator),
 * recorded in docs/rules.md, "Booster contents"; they live here as data, not in the generator.
 */
import type { GameId } from '../card.types';
import type { BoosterLayout, SheetDefinition, VariantDefinition } from './booster-layout';

/** Names accepted by layoutTemplate (and by an import's `?layout=`). */
export type LayoutTemplateName = 'wow-tcg-15' | 'wow-tcg-19' | 'berserk-12';

export interface LayoutTemplate {
  name: LayoutTemplateName;
  game: GameId;
  /** One line for people: contents and odds. */
  description: string;
  /** A fresh copy each call, so callers may change it freely. */
  build(): BoosterLayout;
}

/**
 * WoW heroes carry rarity "uncommon" in the data, so the common/uncommon sheets drop heroes (and
 * master heroes) by type: a hero comes only from the hero slot. Master heroes (Scourgewar on) are
 * printed rare or epic and, as in the OCTGN set definitions, come from the rare-or-epic slot at
 * their printed rarity; excluding them there as well would leave them out of every booster.
 */
const WOW_NOT_IN_COMMON_SHEETS = ['hero', 'master-hero'];
const WOW_NOT_IN_RARE_SHEETS = ['hero'];

function wowSheets(): Record<string, SheetDefinition> {
  return {
    common: { filter: { rarity: ['common'], excludeType: [...WOW_NOT_IN_COMMON_SHEETS] } },
    uncommon: { filter: { rarity: ['uncommon'], excludeType: [...WOW_NOT_IN_COMMON_SHEETS] } },
    rare: { filter: { rarity: ['rare'], excludeType: [...WOW_NOT_IN_RARE_SHEETS] } },
    epic: { filter: { rarity: ['epic'], excludeType: [...WOW_NOT_IN_RARE_SHEETS] } },
    hero: { filter: { type: ['hero'] } },
  };
}

/**
 * A WoW TCG booster: 1 rare-or-epic (epic 1 in 8: weights 7 rare / 1 epic), `uncommons` U,
 * `commons` C, 1 hero, in that order (the order of the OCTGN definitions).
 */
function wowLayout(commons: number, uncommons: number): BoosterLayout {
  const slots = (top: 'rare' | 'epic'): VariantDefinition['slots'] => [
    { sheet: top, count: 1 },
    { sheet: 'uncommon', count: uncommons },
    { sheet: 'common', count: commons },
    { sheet: 'hero', count: 1 },
  ];
  return {
    sheets: wowSheets(),
    variants: [
      { weight: 7, slots: slots('rare') },
      { weight: 1, slots: slots('epic') },
    ],
  };
}

/** A Berserk booster: 1 rare-or-ultra-rare (ultra-rare 1 in 6: weights 5 / 1), 3 U, 8 C. */
function berserkLayout(): BoosterLayout {
  const slots = (top: 'rare' | 'ultra-rare'): VariantDefinition['slots'] => [
    { sheet: top, count: 1 },
    { sheet: 'uncommon', count: 3 },
    { sheet: 'common', count: 8 },
  ];
  return {
    sheets: {
      common: { filter: { rarity: ['common'] } },
      uncommon: { filter: { rarity: ['uncommon'] } },
      rare: { filter: { rarity: ['rare'] } },
      'ultra-rare': { filter: { rarity: ['ultra-rare'] } },
    },
    variants: [
      { weight: 5, slots: slots('rare') },
      { weight: 1, slots: slots('ultra-rare') },
    ],
  };
}

/** The named templates. Sources: docs/rules.md, "Booster contents" (community). */
export const LAYOUT_TEMPLATES: Readonly<Record<LayoutTemplateName, LayoutTemplate>> = Object.freeze({
  'wow-tcg-15': {
    name: 'wow-tcg-15',
    game: 'wow-tcg',
    description: 'WoW TCG 15-card booster (Heroes of Azeroth to Fires of Outland): 10 C, 3 U, 1 rare-or-epic (epic 1 in 8), 1 hero',
    build: () => wowLayout(10, 3),
  },
  'wow-tcg-19': {
    name: 'wow-tcg-19',
    game: 'wow-tcg',
    description: 'WoW TCG 19-card booster (March of the Legion to Icecrown): 13 C, 4 U, 1 rare-or-epic (epic 1 in 8), 1 hero',
    build: () => wowLayout(13, 4),
  },
  'berserk-12': {
    name: 'berserk-12',
    game: 'berserk',
    description: 'Berserk booster (2023 relaunch): 8 C, 3 U, 1 rare-or-ultra-rare (ultra-rare 1 in 6)',
    build: berserkLayout,
  },
});

/** Names of all templates, e.g. for an error message or an API enum. */
export const LAYOUT_TEMPLATE_NAMES = Object.keys(LAYOUT_TEMPLATES) as LayoutTemplateName[];

/**
 * A template by name, e.g. "wow-tcg-19" for a later set imported with `?layout=wow-tcg-19`.
 * @returns a fresh layout, or null when no template has that name (the caller reports it).
 */
export function layoutTemplate(name: string): BoosterLayout | null {
  return Object.hasOwn(LAYOUT_TEMPLATES, name) ? LAYOUT_TEMPLATES[name as LayoutTemplateName].build() : null;
}

/** WoW TCG sets with 15-card boosters: Heroes of Azeroth, Through the Dark Portal, Fires of Outland. */
export const WOW_TCG_15_CARD_SETS: readonly string[] = ['HOA', 'TDP', 'FOO'];
/**
 * WoW TCG sets with 19-card boosters, March of the Legion through Icecrown: MOL, Servants of the
 * Betrayer, Hunt for Illidan, Drums of War, Blood of Gladiators, Fields of Honor, Scourgewar,
 * Wrathgate, Icecrown. Later sets have no published layout: their import must supply one.
 */
export const WOW_TCG_19_CARD_SETS: readonly string[] = ['MOL', 'SOB', 'HFI', 'DOW', 'BOG', 'FOH', 'SW', 'WG', 'ICC'];

/**
 * The default layout of a set.
 * - wow-tcg: `wow-tcg-15` for HOA/TDP/FOO, `wow-tcg-19` for MOL…ICC, null for any other code;
 * - berserk: `berserk-12` for every set.
 * @param setCode set code, any case ("hoa" = "HOA").
 * @returns a fresh layout, or null when the game has no known layout for the set (the import must
 *   then supply one: BOOSTER_LAYOUT_REQUIRED).
 */
export function defaultLayoutFor(game: GameId, setCode: string): BoosterLayout | null {
  const code = setCode.toUpperCase();
  switch (game) {
    case 'wow-tcg':
      if (WOW_TCG_15_CARD_SETS.includes(code)) return layoutTemplate('wow-tcg-15');
      if (WOW_TCG_19_CARD_SETS.includes(code)) return layoutTemplate('wow-tcg-19');
      return null;
    case 'berserk':
      return layoutTemplate('berserk-12');
    default: {
      const unknown: never = game;
      return unknown;
    }
  }
}

/**
 * The layout with every slot of `sheetName` removed, and the sheet itself; other sheets and all
 * weights unchanged. For WoW draft packs, which leave the hero out (players pick any hero):
 * `withoutSheet(layout, 'hero')` (community, docs/rules.md).
 * A variant left with no slot is kept as is, and compileLayout reports it (minItems).
 * @returns a new layout; the input is not modified.
 */
export function withoutSheet(layout: BoosterLayout, sheetName: string): BoosterLayout {
  const sheets: Record<string, SheetDefinition> = {};
  for (const [name, sheet] of Object.entries(layout.sheets)) if (name !== sheetName) sheets[name] = sheet;
  return {
    sheets,
    variants: layout.variants.map((v) => ({ weight: v.weight, slots: v.slots.filter((s) => s.sheet !== sheetName) })),
  };
}
