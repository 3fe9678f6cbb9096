/**
 * How long a seat has for a pick. Packs shrink as they travel, and a pack with fewer cards needs less
 * thought, so the limit shrinks with them (the usual draft convention; the base time is the event's
 * setting, not a rule of the games).
 */

/**
 * Seconds allowed for a pick from a pack holding `cardsInPack` of its `packSize` cards:
 *
 *     limit = min(base, max(minSeconds, ceil(base × cardsInPack / packSize)))
 *
 * i.e. the base time for a full pack, proportionally less as cards leave, never below `minSeconds`
 * and never above `base` (so a base shorter than minSeconds stays the base). Example, base 60 s, 15-card
 * packs: pick 1 → 60, pick 8 (8 cards) → 32, pick 15 (1 card) → 5 (the floor, not 4).
 *
 * @param baseSeconds seconds for a full pack, an integer ≥ 0; 0 means the draft is untimed.
 * @param cardsInPack cards left in the pack, 1..packSize. @param packSize cards per pack of this round.
 * @param minSeconds the floor, an integer ≥ 0; default 5.
 * @returns whole seconds, or null when baseSeconds is 0 (no timer).
 * @throws RangeError on arguments outside those ranges.
 */
export function pickTimeLimitSeconds(baseSeconds: number, cardsInPack: number, packSize: number, minSeconds = 5): number | null {
  const isInt = (x: number, min: number) => Number.isSafeInteger(x) && x >= min;
  if (!isInt(baseSeconds, 0) || !isInt(minSeconds, 0)) throw new RangeError('baseSeconds and minSeconds: non-negative integers expected');
  if (!isInt(packSize, 1) || !isInt(cardsInPack, 1) || cardsInPack > packSize) {
    throw new RangeError(`cardsInPack: integer 1..packSize expected, got ${cardsInPack} of ${packSize}`);
  }
  if (baseSeconds === 0) return null;
  const proportional = Math.floor((baseSeconds * cardsInPack + packSize - 1) / packSize); // integer ceil
  return Math.min(baseSeconds, Math.max(minSeconds, proportional));
}
