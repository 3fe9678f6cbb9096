/**
 * Validation of a match result ("Results"; docs/rules.md "Tournament
 * rules"): games won by each player and drawn games of one match, best of three by default.
 *
 * MTR 2.1 (Match Structure): games are played until one player has won a set number of games,
 * usually two; drawn games do not count toward it; if the round ends first, the player with more game
 * wins wins the match, and equal game wins are a draw. So neither player has more than two wins, and
 * not both; 1-0 when time is called is a win. MTR 2.4: an intentional draw, reported 0-0-3.
 * Product rule: a match is at most three games ("best of three"), although MTR 2.1
 * lets drawn games push a match to a fourth or fifth game; `maxGames` raises the cap for organizers who
 * play those out. A result with no game at all (0-0-0) is rejected: it records nothing.
 */
import { DomainError, type ErrorDetail } from '../../common/errors/domain-error';

/** Games of one match: won by player A, won by player B, drawn. */
export interface MatchResult {
  winsA: number;
  winsB: number;
  draws: number;
}

/** Who won the match: player A, player B, or a draw (equal game wins, 1-1-1, 0-0-3, 1-1…). */
export type MatchOutcome = 'A' | 'B' | 'draw';

/** A result accepted by checkMatchResult, or the first rule it breaks, in words. */
export type MatchResultCheck =
  { valid: true; outcome: MatchOutcome; games: number } | { valid: false; field: 'winsA' | 'winsB' | 'draws' | 'result'; rule: string; reason: string };

/** Default match length: best of three games (MTR 2.1). */
export const DEFAULT_BEST_OF = 3;

/** A match format: `bestOf` games (odd; won with (bestOf + 1) / 2 game wins), at most `maxGames` games. */
export interface MatchFormat {
  /** Odd number ≥ 1; default 3. */
  bestOf?: number;
  /** Most games including drawn ones, ≥ bestOf; default bestOf (the product's cap). */
  maxGames?: number;
}

/**
 * Checks a match result (MTR 2.1, 2.4). Best of three (the default): winsA and winsB are integers
 * 0–2, not both 2, draws a non-negative integer, at most 3 games in all and at least 1.
 * Valid: 2-0, 2-1, 1-0 (time called), 1-1 and 1-1-1 (draws), 2-0-1, 0-0-3 (intentional draw), 0-0-1.
 * Invalid: 2-2, 3-0, −1-0, 2-1-1 (4 games), 0-0-0, 1.5-0.
 * @throws RangeError when the format itself is malformed (a caller's bug).
 */
export function checkMatchResult(result: MatchResult, format: MatchFormat = {}): MatchResultCheck {
  const bestOf = format.bestOf ?? DEFAULT_BEST_OF;
  const maxGames = format.maxGames ?? bestOf;
  if (!Number.isSafeInteger(bestOf) || bestOf < 1 || bestOf % 2 === 0) throw new RangeError(`bestOf: odd integer ≥ 1 expected, got ${bestOf}`);
  if (!Number.isSafeInteger(maxGames) || maxGames < bestOf) throw new RangeError(`maxGames: integer ≥ bestOf expected, got ${maxGames}`);
  const toWin = (bestOf + 1) / 2;
  for (const field of ['winsA', 'winsB', 'draws'] as const) {
    const value = result?.[field];
    if (typeof value !== 'number' || !Number.isSafeInteger(value)) {
      return { valid: false, field, rule: 'isInt', reason: `${field} must be a whole number of games, got ${String(value)}` };
    }
    if (value < 0) return { valid: false, field, rule: 'min', reason: `${field} cannot be negative, got ${value}` };
  }
  const { winsA, winsB, draws } = result;
  for (const field of ['winsA', 'winsB'] as const) {
    if (result[field] > toWin) {
      return {
        valid: false,
        field,
        rule: 'max',
        reason: `${field} is ${result[field]}, but a best-of-${bestOf} match ends when a player wins ${toWin} games`,
      };
    }
  }
  if (winsA === toWin && winsB === toWin) {
    return { valid: false, field: 'result', rule: 'bothWon', reason: `${winsA}-${winsB} is impossible: only one player can win ${toWin} games` };
  }
  const games = winsA + winsB + draws;
  if (games > maxGames) {
    return {
      valid: false,
      field: 'result',
      rule: 'maxGames',
      reason: `${winsA}-${winsB}-${draws} is ${games} games, but a match here has at most ${maxGames}`,
    };
  }
  if (games === 0) {
    return { valid: false, field: 'result', rule: 'noGames', reason: `0-0-0 records no game; an intentional draw is 0-0-${bestOf}` };
  }
  return { valid: true, outcome: matchOutcome(result), games };
}

/**
 * The accepted result's outcome, or a 400 for the API.
 * @throws DomainError VALIDATION_FAILED with one detail naming the field and rule (see checkMatchResult).
 */
export function assertValidMatchResult(result: MatchResult, format: MatchFormat = {}): MatchOutcome {
  const check = checkMatchResult(result, format);
  if (!check.valid) {
    const detail: ErrorDetail = { field: check.field, rule: check.rule, message: check.reason };
    throw new DomainError('VALIDATION_FAILED', `Invalid match result: ${check.reason}`, [detail]);
  }
  return check.outcome;
}

/** The match winner by game wins (MTR 2.1: more game wins wins, also when time was called); equal → draw. */
export function matchOutcome(result: MatchResult): MatchOutcome {
  return result.winsA > result.winsB ? 'A' : result.winsB > result.winsA ? 'B' : 'draw';
}

/** True when both results hold the same game counts (two identical player reports agree). */
export function sameResult(a: MatchResult, b: MatchResult): boolean {
  return a.winsA === b.winsA && a.winsB === b.winsB && a.draws === b.draws;
}
