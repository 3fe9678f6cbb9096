/**
 * The Berserk booster layout Podium knows without being told (community figures, docs/rules.md,
 * "Booster contents").
 */
import type { BoosterLayout, VariantDefinition } from '../../layouts/booster-layout';
import type { GameLayouts } from '../game-definition';

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

/** `berserk-12` for every set. */
export const BERSERK_LAYOUTS: GameLayouts = {
  templates: {
    'berserk-12': {
      description: 'Berserk booster (2023 relaunch): 8 C, 3 U, 1 rare-or-ultra-rare (ultra-rare 1 in 6)',
      build: berserkLayout,
    },
  },
  defaultFor: () => berserkLayout(),
};
