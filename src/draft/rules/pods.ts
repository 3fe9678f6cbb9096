/**
 * Splitting a draft's players into pods (docs/rules.md: a WoW TCG booster draft seats
 * 4 to 8 players; "Pods: random and as equal as possible"). Pure: which player sits where is
 * seating.ts; this file only decides how many seats each pod has.
 */
import { DomainError } from '../../common/errors/domain-error';

/** One pod's size: human players and bot seats (bots are 0 unless filling with bots). */
export interface PodSize {
  players: number;
  bots: number;
}

export interface PodSplitOptions {
  /** Fewest players in a pod without bots; default 4 (docs/rules.md: 4 to 8 players). */
  minPodSize?: number;
  /** Most seats in a pod; default 8. */
  maxPodSize?: number;
  /** Fill every pod up to maxPodSize seats with bots, so any player count from 1 drafts; default false. */
  fillWithBots?: boolean;
}

/**
 * The pods of a draft, larger pods first.
 *
 * - Without bots: the fewest pods of at most `maxPodSize` players, `k = ceil(players / max)`, with sizes
 *   as equal as possible (`players mod k` pods get one player more): 20 → 7,7,6; 9 → 5,4; 17 → 6,6,5.
 * - With bots: `k = max(1, ceil(players / max))` pods, players spread the same way, and each pod
 *   filled with bots up to `max` seats: 3 → 3+5 bots; 9 → 5+3, 4+4. `minPodSize` does not apply.
 *
 * The options must satisfy `1 ≤ min` and `2·min ≤ max + 1`: exactly then every count from `min` up
 * splits into pods of min..max (k pods cover k·min..k·max, and these ranges leave no gap), and the
 * fewest pods are never too small. The defaults 4 and 8 qualify.
 *
 * @param players number of players to seat, a non-negative integer.
 * @returns one `{ players, bots }` per pod, in pod order (pod 1 first), larger pods first.
 * @throws DomainError NOT_ENOUGH_PLAYERS (409) when `players < minPodSize` without bots, or 0 with bots.
 * @throws RangeError when `players` or the options are not valid integers as above (a caller's bug).
 */
export function splitIntoPods(players: number, opts: PodSplitOptions = {}): PodSize[] {
  const { minPodSize = 4, maxPodSize = 8, fillWithBots = false } = opts;
  if (!Number.isSafeInteger(players) || players < 0) throw new RangeError(`players: non-negative integer expected, got ${players}`);
  if (!Number.isSafeInteger(minPodSize) || !Number.isSafeInteger(maxPodSize) || minPodSize < 1 || 2 * minPodSize > maxPodSize + 1) {
    throw new RangeError(`pod sizes: integers with 1 ≤ min and 2·min ≤ max + 1 expected, got min ${minPodSize}, max ${maxPodSize}`);
  }
  const needed = fillWithBots ? 1 : minPodSize;
  if (players < needed) {
    throw new DomainError('NOT_ENOUGH_PLAYERS', `A draft pod needs at least ${needed} player${needed === 1 ? '' : 's'}; ${players} registered`, [
      { field: 'players', rule: 'minPodSize', message: `at least ${needed} players expected, got ${players}` },
    ]);
  }
  const pods = Math.ceil(players / maxPodSize);
  const base = Math.floor(players / pods);
  const larger = players % pods;
  return Array.from({ length: pods }, (_, i) => {
    const size = base + (i < larger ? 1 : 0);
    return { players: size, bots: fillWithBots ? maxPodSize - size : 0 };
  });
}
