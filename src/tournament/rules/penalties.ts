/**
 * Penalties on a match (docs/rules.md "Penalties"; the penalties of the Magic Infraction Procedure
 * Guide, 1.1 "Definition of Penalties", as stores use them at any rules enforcement level):
 * - a **warning** is recorded and changes nothing;
 * - a **game loss** is a game the penalised player lost: the match's result must count it, so the
 *   opponent has at least as many game wins as the game losses given (MTR 7.9: a deck not registered
 *   or not legal is such a game loss);
 * - a **match loss** ends the match: the opponent wins it 2-0 (the result is set with the penalty),
 *   and no later result may give the penalised player anything but that loss.
 * Every penalty names the player, the match (so its round) and a reason, and shows in standings
 * and exports. A bye has no opponent and takes no penalty. Pure: no Nest, no database.
 */
import { DomainError } from '../../common/errors/domain-error';
import type { MatchResult } from './match-result';

export const PENALTY_KINDS = ['warning', 'gameLoss', 'matchLoss'] as const;
export type PenaltyKind = (typeof PENALTY_KINDS)[number];

/** A penalty as the rules read it: who got which. */
export interface MatchPenalty {
  playerId: string;
  kind: PenaltyKind;
}

/** The two sides of the match the penalty is given in (`playerBId` null: a bye). */
export interface PenalisedMatch {
  playerAId: string;
  playerBId: string | null;
}

/** Which side of the match the player plays; null when neither. */
function sideOf(match: PenalisedMatch, playerId: string): 'A' | 'B' | null {
  return match.playerAId === playerId ? 'A' : match.playerBId === playerId ? 'B' : null;
}

/**
 * The penalty may be given: the player plays in the match, the match is not a bye, and the two
 * players do not both get a match loss (one match has one winner; a double loss is two drops).
 * @param given the match's penalties so far.
 * @throws DomainError VALIDATION_FAILED (field playerId, rule playerInMatch) when the player is not
 *   in the match; EVENT_STATE_CONFLICT (field matchId, rule notBye) on a bye, (field kind, rule
 *   oneMatchLoss) for a match loss when the opponent already has one.
 */
export function assertPenaltyGivable(match: PenalisedMatch, penalty: MatchPenalty, given: readonly MatchPenalty[]): void {
  const side = sideOf(match, penalty.playerId);
  if (!side) throw new DomainError('VALIDATION_FAILED', 'The player does not play in this match', [{ field: 'playerId', rule: 'playerInMatch', message: 'not in this match' }]);
  if (match.playerBId === null) throw new DomainError('EVENT_STATE_CONFLICT', 'A bye has no opponent and takes no penalty', [{ field: 'matchId', rule: 'notBye', message: 'bye' }]);
  if (penalty.kind === 'matchLoss' && given.some((p) => p.kind === 'matchLoss' && p.playerId !== penalty.playerId)) {
    throw new DomainError('EVENT_STATE_CONFLICT', 'The opponent already has a match loss in this match: revoke it first, or drop both players', [
      { field: 'kind', rule: 'oneMatchLoss', message: 'the opponent already lost this match by penalty' },
    ]);
  }
}

/** The result a match loss gives: the opponent wins 2-0. */
export function matchLossResult(match: PenalisedMatch, playerId: string): MatchResult {
  return sideOf(match, playerId) === 'A' ? { winsA: 0, winsB: 2, draws: 0 } : { winsA: 2, winsB: 0, draws: 0 };
}

/** What the penalties require of the match's result, or null when any result will do. */
export function penaltyRequirement(match: PenalisedMatch, penalties: readonly MatchPenalty[]): { matchLoss: MatchResult } | { minWinsA: number; minWinsB: number } | null {
  const loss = penalties.find((p) => p.kind === 'matchLoss');
  if (loss) return { matchLoss: matchLossResult(match, loss.playerId) };
  const gameLosses = (side: 'A' | 'B') => penalties.filter((p) => p.kind === 'gameLoss' && sideOf(match, p.playerId) === side).length;
  const required = { minWinsA: gameLosses('B'), minWinsB: gameLosses('A') };
  return required.minWinsA + required.minWinsB === 0 ? null : required;
}

/**
 * The result counts the match's penalties: after a match loss only the 2-0 for the opponent stands;
 * each game loss is a game the opponent won (so a player with one game loss cannot win 2-0).
 * @throws DomainError VALIDATION_FAILED (field result, rule matchLossStands or gameLossCounted).
 */
export function assertResultCountsPenalties(match: PenalisedMatch, penalties: readonly MatchPenalty[], result: MatchResult): void {
  const required = penaltyRequirement(match, penalties);
  if (!required) return;
  if ('matchLoss' in required) {
    const r = required.matchLoss;
    if (r.winsA !== result.winsA || r.winsB !== result.winsB || result.draws !== 0) {
      throw new DomainError('VALIDATION_FAILED', `A match loss was given in this match: its result is ${r.winsA}-${r.winsB}; revoke the penalty to enter another`, [
        { field: 'result', rule: 'matchLossStands', message: `the result is ${r.winsA}-${r.winsB} by penalty` },
      ]);
    }
    return;
  }
  if (result.winsA < required.minWinsA || result.winsB < required.minWinsB) {
    throw new DomainError(
      'VALIDATION_FAILED',
      `Game losses given in this match are games the opponent won: player A needs at least ${required.minWinsA} and player B at least ${required.minWinsB} game wins`,
      [{ field: 'result', rule: 'gameLossCounted', message: `at least ${required.minWinsA} game wins for A and ${required.minWinsB} for B` }],
    );
  }
}

/** Penalties per player by kind, for standings and exports. */
export function penaltyCounts(penalties: readonly MatchPenalty[]): Map<string, Record<PenaltyKind, number>> {
  const counts = new Map<string, Record<PenaltyKind, number>>();
  for (const p of penalties) {
    const c = counts.get(p.playerId) ?? { warning: 0, gameLoss: 0, matchLoss: 0 };
    c[p.kind] += 1;
    counts.set(p.playerId, c);
  }
  return counts;
}
