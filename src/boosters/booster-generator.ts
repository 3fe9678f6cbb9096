/**
 * Seeded booster generation (docs/randomness.md is the normative description; a change here that
 * alters any pack of any seed is a breaking change of every published seed).
 *
 * Pack `index` of an event reads only the stream `rngFor(seed, "pack/" + index)`, so any pack can be
 * regenerated alone. Only integer draws are used (Rng.below), never float arithmetic, so a pack is
 * the same on every machine.
 */
import { DomainError } from '../common/errors/domain-error';
import { rngFor, type Rng } from '../common/random/seeded-rng';
import type { CompiledLayout, CompiledSheet } from '../catalog/layouts/compiled-layout';
import { sheetPath } from '../catalog/layouts/layout-structure';

/**
 * Draws from one sheet that may land on a card already in the pack before the generator stops
 * redrawing and instead draws among the sheet's remaining cards. Both ways give each remaining card
 * the same probability (its weight over the remaining weight); the bound only guarantees an end
 * when a sheet is nearly used up.
 */
export const MAX_DRAW_ATTEMPTS = 4;

/** Smallest i with r < cumulative[i] (binary search; the same result as walking the list in order). */
function walk(cumulative: Float64Array, r: number): number {
  let lo = 0;
  let hi = cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (cumulative[mid] > r) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** One weighted draw from a sheet: a card index of CompiledLayout.cardIds. */
function drawFrom(sheet: CompiledSheet, rng: Rng): number {
  const r = rng.below(sheet.totalWeight);
  return sheet.cards[sheet.cumulative === null ? r : walk(sheet.cumulative, r)];
}

function inPack(pack: Int32Array, size: number, card: number): boolean {
  for (let i = 0; i < size; i++) if (pack[i] === card) return true;
  return false;
}

/** The fallback draw: weighted among the sheet's cards not yet in the pack, walking the sheet in order. */
function drawFromRemaining(sheet: CompiledSheet, rng: Rng, pack: Int32Array, size: number): number {
  const { cards, cumulative } = sheet;
  const weightAt = (i: number) => (cumulative === null ? 1 : i === 0 ? cumulative[0] : cumulative[i] - cumulative[i - 1]);
  let remaining = 0;
  for (let i = 0; i < cards.length; i++) if (!inPack(pack, size, cards[i])) remaining += weightAt(i);
  if (remaining === 0) {
    // compileLayout's capacity rule makes this unreachable; fail loudly rather than return a short pack.
    throw new DomainError('BOOSTER_LAYOUT_INVALID', `Sheet "${sheet.name}" ran out of unused cards`, [
      { field: sheetPath(sheet.name), rule: 'sheetTooSmall', message: `sheet "${sheet.name}" ran out of unused cards` },
    ]);
  }
  let r = rng.below(remaining);
  for (let i = 0; i < cards.length; i++) {
    if (inPack(pack, size, cards[i])) continue;
    const w = weightAt(i);
    if (r < w) return cards[i];
    r -= w;
  }
  throw new Error('unreachable: r < remaining guarantees a return above');
}

/** Scratch buffer of the pack's card indexes, reused across packs (generation is synchronous). */
let scratch = new Int32Array(64);

/**
 * Draws one pack from an already opened stream: the building block of generatePack, for callers
 * that name streams differently (e.g. "pack/pod-2/seat-5/round-3").
 * Steps: one weighted draw picks the variant; then for each slot in order, for each of its cards,
 * a weighted draw from the slot's sheet; unless the sheet allows duplicates, a card already in the
 * pack (from any slot) is redrawn up to MAX_DRAW_ATTEMPTS draws in all, then drawn among the
 * sheet's remaining cards.
 * @returns card ids ("HOA-218") in slot order; length = the chosen variant's card count.
 */
export function drawPack(compiled: CompiledLayout, rng: Rng): string[] {
  const { variants, sheets, cardIds } = compiled;
  // Always one draw for the variant, even when there is only one (below(1)): a fixed recipe.
  const variant = variants[walk(compiled.variantCumulative, rng.below(compiled.variantTotalWeight))];
  const draws = variant.draws;
  const size = draws.length;
  if (scratch.length < size) scratch = new Int32Array(size);
  const pack = scratch;
  const result = new Array<string>(size);
  for (let k = 0; k < size; k++) {
    const sheet = sheets[draws[k]];
    let card = drawFrom(sheet, rng);
    if (!sheet.allowDuplicates && inPack(pack, k, card)) {
      let attempts = 1;
      do {
        card = attempts < MAX_DRAW_ATTEMPTS ? drawFrom(sheet, rng) : drawFromRemaining(sheet, rng, pack, k);
        attempts++;
      } while (inPack(pack, k, card));
    }
    pack[k] = card;
    result[k] = cardIds[card];
  }
  return result;
}

function checkIndex(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be a non-negative integer, got ${value}`);
}

/**
 * Pack number `index` of an event: stream `rngFor(seed, "pack/" + index)`, so pack 17 is the same
 * whether generated alone or as the 18th of a batch starting at 0.
 * @param compiled from compileLayout.
 * @param seed the event seed (see isValidSeed).
 * @param index 0-based pack number, a non-negative safe integer.
 * @returns card ids in slot order (e.g. 15 for a WoW TCG 15-card layout).
 * @throws RangeError for a malformed seed or index.
 */
export function generatePack(compiled: CompiledLayout, seed: string, index: number): string[] {
  checkIndex('index', index);
  return drawPack(compiled, rngFor(seed, 'pack/' + index));
}

/**
 * Packs `firstIndex .. firstIndex + count - 1` of an event, each exactly generatePack(…, index).
 * @returns `count` packs, in index order.
 * @throws RangeError for a malformed seed, count or firstIndex.
 */
export function generatePacks(compiled: CompiledLayout, seed: string, count: number, firstIndex = 0): string[][] {
  checkIndex('count', count);
  checkIndex('firstIndex', firstIndex);
  checkIndex('firstIndex + count', firstIndex + count);
  const packs = new Array<string[]>(count);
  for (let i = 0; i < count; i++) packs[i] = generatePack(compiled, seed, firstIndex + i);
  return packs;
}
