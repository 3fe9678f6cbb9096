/**
 * What a seat with no pack in front of it is waiting for, and from whom (docs/rules.md: pass left
 * with pack 1, right with pack 2, alternating; a round opens only when every pick of the previous
 * one exists). Pure: the seats' progress in, the wait out.
 */
import { mod, passDirection } from './pass-direction';

/** One seat's progress in the open round (a SeatDraftState fits). */
export interface SeatProgress {
  /** The seat's next pick in the open round; null once it made every pick of the round. */
  pickNumber: number | null;
  /** True when a pack is in front of the seat now. */
  hasPack: boolean;
}

/**
 * - `next-pick`: the seat's next pack of the open round has not been passed to it yet; it comes from
 *   `fromSeat`, the upstream neighbour in this round's direction.
 * - `next-pack`: the seat made every pick of the round; pack `packNumber` opens when the others
 *   finish, and `fromSeat` is the nearest seat upstream still picking in the round.
 */
export interface DraftWait {
  kind: 'next-pick' | 'next-pack';
  /** The pack waited for: the open round for `next-pick`, the round after it for `next-pack`. */
  packNumber: number;
  /** 0-based seat of the pod named as the one the seat waits for. */
  fromSeat: number;
}

/** The seat a seat's packs come from in round `packNumber`: the previous seat in the pass direction. */
export function upstreamSeat(seat: number, packNumber: number, seats: number): number {
  return mod(seat - passDirection(packNumber), seats);
}

/**
 * What `seat` waits for, or null when it waits for nothing (a pack is in front of it, or the draft
 * is complete).
 * Examples (8 seats): in pack 1 seat 3 without a pack waits for seat 2 (left pass: packs come from
 * the lower seat); in pack 2 for seat 4; done with pack 1 while seats 2 and 5 still pick, seat 3
 * waits for pack 2 from seat 2.
 * @param progress every seat's progress in the open round, by seat number.
 * @param round the open round (pack number), 1-based; `rounds` how many packs each seat opens.
 * @param complete whether the draft is over.
 * @throws RangeError when `seat` is not a seat of `progress`.
 */
export function draftWait(progress: readonly SeatProgress[], seat: number, round: number, rounds: number, complete: boolean): DraftWait | null {
  const n = progress.length;
  if (!Number.isSafeInteger(seat) || seat < 0 || seat >= n) throw new RangeError(`seat: integer 0..${n - 1} expected, got ${seat}`);
  const own = progress[seat];
  if (complete || own.hasPack) return null;
  if (own.pickNumber !== null) return { kind: 'next-pick', packNumber: round, fromSeat: upstreamSeat(seat, round, n) };
  if (round >= rounds) return null; // every pick of the last pack made: nothing more comes to this seat
  // Done with the round: the next pack opens when everyone is; name the nearest upstream seat still picking.
  for (let step = 1; step < n; step++) {
    const s = mod(seat - passDirection(round) * step, n);
    if (progress[s].pickNumber !== null) return { kind: 'next-pack', packNumber: round + 1, fromSeat: s };
  }
  return null; // nobody is still picking: the round is complete (the caller's state moves on)
}
