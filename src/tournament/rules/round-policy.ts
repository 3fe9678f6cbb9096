/**
 * When a round may be paired or undone. Pure: the service passes the rounds as stored (a match with
 * `winsA: null` has no result yet; a bye has `playerBId: null` and its 2-0 from the pairing).
 * - Rounds are played one after the other: later Swiss rounds pair by match points (docs/rules.md
 *   "Tournament rules") and playoff rounds from the winners, so the next round waits for every
 *   result of the latest (Podium's rule).
 * - Undo (Podium's rule): only the latest round, and only while no match of it has a result, so no
 *   result is ever thrown away (a bye's result came with the pairing and goes with it).
 */
import { DomainError } from '../../common/errors/domain-error';

/** What these policies read of a stored match. */
export interface RoundMatchState {
  /** null for a bye. */
  playerBId: string | null;
  /** null while the match has no result. */
  winsA: number | null;
}

/** What these policies read of a stored round. */
export interface RoundState {
  number: number;
  matches: readonly RoundMatchState[];
}

/**
 * Podium's rule (later rounds pair from the results, docs/rules.md "Tournament rules"): the next
 * round is paired once the latest round has every result.
 * @param last the event's latest round (Swiss or playoff), or undefined before round 1.
 * @throws DomainError EVENT_STATE_CONFLICT (field round, rule previousRoundComplete) naming the
 *   round and how many of its matches have no result.
 */
export function assertPreviousRoundComplete(last: RoundState | undefined): void {
  const open = last?.matches.filter((m) => m.winsA === null).length ?? 0;
  if (open > 0) {
    throw new DomainError('EVENT_STATE_CONFLICT', `Round ${last!.number} still has ${open} match(es) without a result`, [
      { field: 'round', rule: 'previousRoundComplete', message: `${open} open match(es) in round ${last!.number}` },
    ]);
  }
}

/**
 * Podium's rule: round `number` can be undone when it is the latest round and none of its played
 * matches (byes aside) has a result.
 * @param last the event's latest round, or null/undefined when it has none.
 * @throws DomainError EVENT_STATE_CONFLICT (field number) — rule latestRound when `number` is not the
 *   latest round (or there is none), then rule noResults when a match of it has a result.
 */
export function assertUndoable(last: RoundState | null | undefined, number: number): asserts last is RoundState {
  if (!last || last.number !== number) {
    throw new DomainError('EVENT_STATE_CONFLICT', `Only the latest round (${last?.number ?? 'none'}) can be undone`, [
      { field: 'number', rule: 'latestRound', message: 'not the latest round' },
    ]);
  }
  if (last.matches.some((m) => m.playerBId !== null && m.winsA !== null)) {
    throw new DomainError('EVENT_STATE_CONFLICT', `Round ${number} already has results`, [{ field: 'number', rule: 'noResults', message: 'round has results' }]);
  }
}
