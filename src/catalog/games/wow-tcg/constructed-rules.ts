import type { ConstructedRules } from '../game-definition';

/**
 * WoW TCG Constructed: main deck of at least **60** cards besides the hero (WoW TCG comprehensive
 * rules, not in the seed: docs/rules.md "Deck size"); side deck of **10** cards in Constructed (seed
 * wowtcg-rules-sealed-draft-glossary, "САЙДБОРД или «ЗАПАСКА»": "В формате констрактед в запаске
 * десять карт") or none at all (docs/rules.md "Side deck: 10 cards in Constructed (or none)").
 */
export const WOW_CONSTRUCTED_RULES: ConstructedRules = { minDeckSize: 60, sideDeckSizes: [0, 10] };
