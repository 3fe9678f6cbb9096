/**
 * Seeded random match results for the simulator (best of three). Pure: the caller passes the stream.
 */
import type { Rng } from '../common/random/seeded-rng';
import type { MatchResult } from './api-types';

/**
 * Swiss: about 1 match in 8 is a draw (1-1-1, 1-1-0 or the intentional 0-0-3), every match when
 * `draw` is set; wins are 2-0, 2-1 or 1-0.
 */
export function swissResult(rng: Rng, draw = false): MatchResult {
  if (rng.below(8) === 0 || draw)
    return [
      { winsA: 1, winsB: 1, draws: 1 },
      { winsA: 1, winsB: 1, draws: 0 },
      { winsA: 0, winsB: 0, draws: 3 },
    ][rng.below(3)];
  return decisive(rng);
}

/** Playoff: never a draw. */
export function playoffResult(rng: Rng): MatchResult {
  return decisive(rng);
}

function decisive(rng: Rng): MatchResult {
  const aWins = rng.below(2) === 0;
  const [w, l] = [
    [2, 0],
    [2, 1],
    [1, 0],
  ][[0, 0, 0, 0, 0, 1, 1, 1, 1, 2][rng.below(10)]];
  return aWins ? { winsA: w, winsB: l, draws: 0 } : { winsA: l, winsB: w, draws: 0 };
}

/** A different result the other player claims in a dispute: the winner swapped (a draw becomes a 2-1). */
export function disputedClaim(result: MatchResult): MatchResult {
  if (result.winsA === result.winsB) return { winsA: 2, winsB: 1, draws: 0 };
  return { winsA: result.winsB, winsB: result.winsA, draws: result.draws };
}

/** Whether the result is a drawn match (equal game wins). */
export const isDraw = (r: MatchResult): boolean => r.winsA === r.winsB;
