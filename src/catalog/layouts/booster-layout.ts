/**
 * Booster definitions as data: weighted variants of slots, each slot drawing from a named sheet.
 * A sheet is either a filter over the set's cards (rarity, type) or an explicit weighted card list.
 *
 * Example (WoW TCG 15-card era: 10 C, 3 U, 1 rare-or-epic with epic 1 in 8, 1 hero):
 * ```json
 * { "sheets": {
 *     "common":   { "filter": { "rarity": ["common"],   "excludeType": ["hero", "master-hero"] } },
 *     "uncommon": { "filter": { "rarity": ["uncommon"], "excludeType": ["hero", "master-hero"] } },
 *     "rare":     { "filter": { "rarity": ["rare"],     "excludeType": ["hero", "master-hero"] } },
 *     "epic":     { "filter": { "rarity": ["epic"],     "excludeType": ["hero", "master-hero"] } },
 *     "hero":     { "filter": { "type": ["hero"] } } },
 *   "variants": [
 *     { "weight": 7, "slots": [ {"sheet":"rare","count":1}, {"sheet":"uncommon","count":3}, {"sheet":"common","count":10}, {"sheet":"hero","count":1} ] },
 *     { "weight": 1, "slots": [ {"sheet":"epic","count":1}, {"sheet":"uncommon","count":3}, {"sheet":"common","count":10}, {"sheet":"hero","count":1} ] } ] }
 * ```
 * Weights are positive integers so that a layout hashes and replays exactly.
 */
export interface SheetFilter {
  /** Normalized rarities (see Rarity); any of them. */
  rarity?: string[];
  /** Normalized types (see CardType); any of them. */
  type?: string[];
  /** Types never on this sheet (WoW heroes carry rarity "uncommon" and must stay off the uncommon sheet). */
  excludeType?: string[];
}

export interface WeightedCard {
  /** Stable card id, "<SET>-<number>". */
  cardId: string;
  /** Positive integer; relative frequency on the sheet. */
  weight: number;
}

export interface SheetDefinition {
  /** Cards of the set matching the filter, each with weight 1. Exactly one of filter/cards. */
  filter?: SheetFilter;
  /** Explicit weighted card list. Exactly one of filter/cards. */
  cards?: WeightedCard[];
  /** When true a card may appear more than once in one pack from this sheet (default false). */
  allowDuplicates?: boolean;
}

export interface SlotDefinition {
  /** Name of a sheet in `sheets`. */
  sheet: string;
  /** Cards drawn from the sheet for this slot, 1..40. */
  count: number;
}

export interface VariantDefinition {
  /** Positive integer; relative frequency of this variant among the layout's variants. */
  weight: number;
  /** Slots in pack order. */
  slots: SlotDefinition[];
}

export interface BoosterLayout {
  sheets: Record<string, SheetDefinition>;
  variants: VariantDefinition[];
}
