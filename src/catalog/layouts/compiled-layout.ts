/**
 * A booster layout resolved against one set's cards: compact arrays the generator walks without
 * allocating or looking anything up by name. Built only by compileLayout (layout-validation.ts),
 * which guarantees every invariant stated here; treat it as immutable and cache it per set version.
 */
import type { BoosterLayout } from './booster-layout';

/** What compilation needs to know of a card: its id ("HOA-218", see cardIdOf), rarity and type. */
export interface CompilableCard {
  cardId: string;
  rarity: string;
  type: string;
}

export interface CompiledSheet {
  /** The sheet's name in the layout. */
  readonly name: string;
  /**
   * Indexes into CompiledLayout.cardIds, in sheet order: filter sheets by ascending card id
   * (set code, then collector number; see canonical order in layout-validation.ts), explicit lists
   * as written. Never empty.
   */
  readonly cards: Int32Array;
  /**
   * Cumulative integer weights, `cumulative[i] = weight[0] + … + weight[i]`; null when every weight
   * is 1, where the weighted walk reduces to "index = draw" (same result, no search).
   */
  readonly cumulative: Float64Array | null;
  /** Sum of the weights (cards.length when cumulative is null); at most 2^32. */
  readonly totalWeight: number;
  /** From the definition: draws from this sheet skip the pack-wide no-duplicate rule. */
  readonly allowDuplicates: boolean;
}

export interface CompiledVariant {
  /** Positive integer weight of the variant. */
  readonly weight: number;
  /** The pack's draws in order: `draws[k]` is the index in CompiledLayout.sheets of the k-th card's sheet. */
  readonly draws: Int32Array;
}

export interface CompiledLayout {
  /** Every card id of the set, in canonical order; sheets refer to cards by index in this array. */
  readonly cardIds: readonly string[];
  /** Sheets used by at least one variant (unused sheets are checked but not compiled). */
  readonly sheets: readonly CompiledSheet[];
  /** Variants in layout order. */
  readonly variants: readonly CompiledVariant[];
  /** Cumulative variant weights, as for sheets (always present: variants are few). */
  readonly variantCumulative: Float64Array;
  /** Sum of the variant weights; at most 2^32. */
  readonly variantTotalWeight: number;
  /** Largest pack any variant produces. */
  readonly maxPackSize: number;
  /** The layout this was compiled from (already validated). */
  readonly layout: BoosterLayout;
}
