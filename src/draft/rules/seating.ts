/**
 * Random seating of a draft's entrants into pods (docs/rules.md: "Pods: random and as
 * equal as possible"). The stream is the event's `pods` stream (stream-purposes.ts), so anyone
 * holding the seed can recompute the seating.
 */
import type { Rng } from '../../common/random/seeded-rng';
import type { PodSize } from './pods';

/** One pod's table: `seats[s]` is the entrant at seat s (0-based), or null for a bot. */
export interface PodSeating<T> {
  /** 1-based pod number, in the order of the pod sizes given. */
  pod: number;
  seats: (T | null)[];
}

/**
 * The seats of a pod of `seatCount` seats taken by `bots` bots: bot b (0-based) sits at
 * `floor((b + 1)·seatCount / bots) − 1`. The bots are spread evenly around the table (4 bots of
 * 8 → seats 1, 3, 5, 7; 5 of 8 → 0, 2, 3, 5, 7; 1 of 8 → 7), so humans are not all bunched
 * together passing to each other while the bots sit in a row. Distinct because the step
 * seatCount / bots is at least 1.
 */
export function botSeats(seatCount: number, bots: number): number[] {
  if (!Number.isSafeInteger(bots) || bots < 0 || bots > seatCount) throw new RangeError(`bots: integer 0..${seatCount} expected, got ${bots}`);
  return Array.from({ length: bots }, (_, b) => Math.floor(((b + 1) * seatCount) / bots) - 1);
}

/**
 * A Fisher–Yates shuffle of a copy of `items`: for i = length−1 down to 1, swap items i and
 * `rng.below(i + 1)`. Draws exactly length−1 values (none for 0 or 1 items).
 */
export function shuffle<T>(items: readonly T[], rng: Rng): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.below(i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/**
 * Seats the entrants: shuffle them (see shuffle), then fill the pods in order — pod 1 takes the
 * first `podSizes[0].players` shuffled entrants, and so on. Within a pod the bot seats are botSeats(…)
 * and the entrants take the other seats in increasing seat order.
 *
 * @param entrants whoever is seated (player ids, records…), in any stable order (e.g. by registration),
 *   since the result depends on it.
 * @param podSizes the pods, e.g. from splitIntoPods; their players must add up to entrants.length.
 * @param rng the event's `pods` stream; the same stream and input always give the same seating.
 * @returns one PodSeating per pod, `seats.length = players + bots`.
 * @throws RangeError when the pod sizes do not add up to the entrants or are not non-negative integers.
 */
export function assignSeats<T>(entrants: readonly T[], podSizes: readonly PodSize[], rng: Rng): PodSeating<T>[] {
  const total = podSizes.reduce((sum, p) => sum + p.players, 0);
  if (podSizes.some((p) => !Number.isSafeInteger(p.players) || !Number.isSafeInteger(p.bots) || p.players < 0 || p.bots < 0)) {
    throw new RangeError('podSizes: non-negative integer players and bots expected');
  }
  if (total !== entrants.length) throw new RangeError(`podSizes seat ${total} players, but there are ${entrants.length} entrants`);
  const shuffled = shuffle(entrants, rng);
  let next = 0;
  return podSizes.map((size, i) => {
    const seatCount = size.players + size.bots;
    const isBot = new Set(botSeats(seatCount, size.bots));
    const seats = Array.from({ length: seatCount }, (_, s) => (isBot.has(s) ? null : shuffled[next++]));
    return { pod: i + 1, seats };
  });
}
