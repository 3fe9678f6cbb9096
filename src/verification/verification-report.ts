/**
 * The result of verifying an event (verify-event.ts): one item per thing regenerated from the seed.
 * Pure: no Nest, no Prisma.
 *
 * In every item `expected` is what the verifier computed (from the seed and the pinned set data) and
 * `actual` is what the event recorded (the export file / database).
 */

/**
 * - match: recomputed and equal to the record;
 * - mismatch: recomputed and different, or the record is inconsistent (a pack missing, a card picked
 *   that was not in the pack…);
 * - unverifiable: cannot be recomputed from public data (the seed is not revealed, a timeout pick took
 *   the player's private preselected card, an earlier pick it depends on is missing). Not a failure by
 *   itself, except "seed not revealed", which makes the whole report not ok.
 */
export type VerificationStatus = 'match' | 'mismatch' | 'unverifiable';

export interface VerificationItem {
  /**
   * What was checked: "seedCommitment", "dataVersion HOA", "booster layout HOA", "pod sizes",
   * "seating pod-1", "pack pack/pod-1/seat-3/round-2", "pack pack/player-2/pack-4",
   * "pick pod-1 round-2 pick-5 seat-3", "picks pod-1" (every pick of the pod is consistent with the packs).
   */
  item: string;
  status: VerificationStatus;
  /** What the verifier computed (omitted when there is nothing to show). */
  expected?: unknown;
  /** What the event recorded. */
  actual?: unknown;
  /** Why it mismatches or cannot be verified, in one sentence. */
  message?: string;
}

export interface VerificationReport {
  /** True when the seed is revealed and no item mismatches (unverifiable items do not count against it). */
  ok: boolean;
  /** Items actually compared: match + mismatch. */
  checked: number;
  /** Items with status mismatch. */
  mismatches: number;
  /** Items with status unverifiable. */
  unverifiable: number;
  items: VerificationItem[];
}

/** The item to report when the seed is still secret: nothing can be regenerated. */
export const SEED_NOT_REVEALED_ITEM = 'seed not revealed';

/**
 * Builds the report from its items: counts them and decides `ok` (no mismatch, and the seed was
 * revealed, i.e. no "seed not revealed" item).
 */
export function reportOf(items: VerificationItem[]): VerificationReport {
  const mismatches = items.filter((i) => i.status === 'mismatch').length;
  const unverifiable = items.filter((i) => i.status === 'unverifiable').length;
  const sealed = items.some((i) => i.item === SEED_NOT_REVEALED_ITEM);
  return { ok: !sealed && mismatches === 0, checked: items.length - unverifiable, mismatches, unverifiable, items };
}

/** An item comparing two JSON values: match when deep-equal (compared as JSON text), else mismatch with both. */
export function compareItem(item: string, expected: unknown, actual: unknown, mismatchMessage?: string): VerificationItem {
  if (JSON.stringify(expected) === JSON.stringify(actual)) return { item, status: 'match', expected, actual };
  return { item, status: 'mismatch', expected, actual, ...(mismatchMessage ? { message: mismatchMessage } : {}) };
}
