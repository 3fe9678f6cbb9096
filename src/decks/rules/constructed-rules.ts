/**
 * Constructed deck rules per game that the GameProfile (src/catalog/games) does not carry yet.
 * They are data here, not numbers buried in the rules; move them into GameProfile when its owner
 * adds a `constructed` section, and pass them through DeckCheckInput.constructed meanwhile if an
 * event needs others.
 */
import type { GameId } from '../../catalog/card.types';
import type { ConstructedRules } from './types';

/**
 * - WoW TCG: main deck of at least **60** cards besides the hero (WoW TCG comprehensive rules, not
 *   in the seed: docs/rules.md "Deck size"); side deck of **10** cards in Constructed (seed
 *   wowtcg-rules-sealed-draft-glossary, "САЙДБОРД или «ЗАПАСКА»": "В формате констрактед в запаске
 *   десять карт") or none at all (docs/rules.md "Side deck: 10 cards in Constructed (or none)").
 * - Berserk: the seeds publish neither a constructed minimum nor a side deck size: not checked.
 */
export const CONSTRUCTED_RULES: Readonly<Record<GameId, ConstructedRules>> = {
  'wow-tcg': { minDeckSize: 60, sideDeckSizes: [0, 10] },
  berserk: { minDeckSize: null, sideDeckSizes: null },
};
