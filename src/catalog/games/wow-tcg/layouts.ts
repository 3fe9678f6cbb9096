/**
 * The WoW TCG booster layouts Podium knows without being told. All figures are community knowledge
 * (reviews, OCTGN set definitions, a fan simulator), recorded in docs/rules.md, "Booster contents".
 */
import type { BoosterLayout, SheetDefinition, VariantDefinition } from '../../layouts/booster-layout';
import type { GameLayouts } from '../game-definition';

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

/** WoW TCG sets with 15-card boosters: Heroes of Azeroth, Through the Dark Portal, Fires of Outland. */
export const WOW_TCG_15_CARD_SETS: readonly string[] = ['HOA', 'TDP', 'FOO'];
/**
 * WoW TCG sets with 19-card boosters, March of the Legion through Icecrown: MOL, Servants of the
 * Betrayer, Hunt for Illidan, Drums of War, Blood of Gladiators, Fields of Honor, Scourgewar,
 * Wrathgate, Icecrown. Later sets have no published layout: their import must supply one.
 */
export const WOW_TCG_19_CARD_SETS: readonly string[] = ['MOL', 'SOB', 'HFI', 'DOW', 'BOG', 'FOH', 'SW', 'WG', 'ICC'];

/** `wow-tcg-15` for HOA/TDP/FOO, `wow-tcg-19` for MOL…ICC, null for any other code. */
export const WOW_LAYOUTS: GameLayouts = {
  templates: {
    'wow-tcg-15': {
      description: 'WoW TCG 15-card booster (Heroes of Azeroth to Fires of Outland): 10 C, 3 U, 1 rare-or-epic (epic 1 in 8), 1 hero',
      build: () => wowLayout(10, 3),
    },
    'wow-tcg-19': {
      description: 'WoW TCG 19-card booster (March of the Legion to Icecrown): 13 C, 4 U, 1 rare-or-epic (epic 1 in 8), 1 hero',
      build: () => wowLayout(13, 4),
    },
  },
  defaultFor(setCode) {
    if (WOW_TCG_15_CARD_SETS.includes(setCode)) return wowLayout(10, 3);
    if (WOW_TCG_19_CARD_SETS.includes(setCode)) return wowLayout(13, 4);
    return null;
  },
};
