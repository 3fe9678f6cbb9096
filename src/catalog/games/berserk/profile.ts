import type { GameProfile } from '../game-profile';

/**
 * Berserk (classic game, 2023 relaunch; the community card data).
 *
 * Sources (docs/rules.md, the publisher's keyword and card-property texts):
 * - Keyword **Horde** ("Орда", seed berserk-keywords): "at most **five** copies of this card in your
 *   deck before the game".
 * - The ordinary copy limit, **3**, is *(community)*: a setting of this profile, not a rule text.
 * - Rarities: common, uncommon, rare, ultra-rare (seed berserk-card-properties).
 * - Limited: no published sealed/draft pack counts; the minimum deck size of **30** is the product's
 *   default for limited events (a setting), as for WoW TCG.
 */
export const BERSERK: GameProfile = {
  id: 'berserk',
  name: 'Берсерк (Berserk)',
  rarities: ['common', 'uncommon', 'rare', 'ultra-rare'],
  cardTypes: ['creature', 'artifact', 'terrain', 'equipment', 'event'],
  heroTypes: [],
  limited: {
    minDeckSize: 30,
    sealedPacksPerPlayer: null,
    draftPacksByPackSize: {},
    draftPodSize: null,
  },
  copyLimits: {
    constructed: 3,
    byKeyword: { horde: 5 },
    limited: null,
  },
  // Berserk lists and files use Podium's own codes (s1…s4, laar).
  setCodeAliases: {},
};

/** Elements of Berserk; the data's "neutrals" is written "neutral". */
export const BERSERK_ELEMENTS = ['steppes', 'forests', 'mountains', 'swamps', 'darkness', 'neutral'] as const;
