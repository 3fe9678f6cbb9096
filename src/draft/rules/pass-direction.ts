/**
 * Where packs travel in a booster draft (docs/rules.md: pass left with pack 1, right with
 * pack 2, alternating; docs/rules.md "Draft state is the set of picks"). Seats of a pod are
 * numbered 0..n-1 around the table; "left" is the next seat number.
 */

/** +1: to the next seat number ("left"); -1: to the previous one ("right"). */
export type PassDirection = 1 | -1;

/**
 * The direction packs of round `packNumber` travel: +1 (left) for packs 1, 3, 5…, −1 (right) for 2, 4….
 * @param packNumber the round, 1-based.
 * @throws RangeError when packNumber is not a positive integer.
 */
export function passDirection(packNumber: number): PassDirection {
  if (!Number.isSafeInteger(packNumber) || packNumber < 1) throw new RangeError(`packNumber: positive integer expected, got ${packNumber}`);
  return packNumber % 2 === 1 ? 1 : -1;
}

/** `'left'` for odd pack numbers, `'right'` for even ones (see passDirection). */
export function directionName(packNumber: number): 'left' | 'right' {
  return passDirection(packNumber) === 1 ? 'left' : 'right';
}

/** `a mod n` in 0..n-1, also for negative `a`. */
export function mod(a: number, n: number): number {
  return ((a % n) + n) % n;
}

function checkSeats(seat: number, pickNumber: number, n: number): void {
  if (!Number.isSafeInteger(n) || n < 1) throw new RangeError(`seats: positive integer expected, got ${n}`);
  if (!Number.isSafeInteger(seat) || seat < 0 || seat >= n) throw new RangeError(`seat: integer 0..${n - 1} expected, got ${seat}`);
  if (!Number.isSafeInteger(pickNumber) || pickNumber < 1) throw new RangeError(`pickNumber: positive integer expected, got ${pickNumber}`);
}

/**
 * The seat in front of which the pack opened by `opener` lies at pick `pickNumber` of round
 * `packNumber`: `(opener + d·(pickNumber − 1)) mod n`, d = passDirection(packNumber).
 * @param opener seat that opened the pack, 0..n-1. @param pickNumber 1-based. @param n seats in the pod.
 * @throws RangeError on out-of-range arguments.
 */
export function seatHolding(opener: number, packNumber: number, pickNumber: number, n: number): number {
  checkSeats(opener, pickNumber, n);
  return mod(opener + passDirection(packNumber) * (pickNumber - 1), n);
}

/**
 * The opener of the pack in front of `seat` at pick `pickNumber` of round `packNumber`:
 * `(seat − d·(pickNumber − 1)) mod n` (the inverse of seatHolding).
 * @param seat 0..n-1. @param pickNumber 1-based. @param n seats in the pod.
 * @throws RangeError on out-of-range arguments.
 */
export function openerOfPackAt(seat: number, packNumber: number, pickNumber: number, n: number): number {
  checkSeats(seat, pickNumber, n);
  return mod(seat - passDirection(packNumber) * (pickNumber - 1), n);
}
