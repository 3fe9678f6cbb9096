/**
 * Who may enter a match result and what players' reports decide. Pure: the service passes the match
 * as stored (a bye has `playerBId: null`; `slot` is set on playoff matches only; `winsA: null` while
 * the match has no result).
 * - The organizer enters or corrects any result at any time, except on a bye: a bye's 2-0 comes
 *   with the pairing (docs/rules.md "Tournament rules": a bye = a 2-0 match win).
 * - A player reports only their own match; in a team event a member reports for the team, which
 *   plays as one (WoW TCG team play pairs team against team).
 * - Two reports that agree decide the result; two that differ leave the match disputed for the
 *   organizer, unless it already has a result, which stands (Podium's rule: players confirm each
 *   other, the organizer settles disputes).
 * - Playoff matches cannot end in a draw (top-cut.ts), whoever enters the result.
 */
import { DomainError } from '../../common/errors/domain-error';
import { sameResult, type MatchResult } from './match-result';
import { assertValidPlayoffResult } from './top-cut';

/** A side of a match: player (or team) A or B. */
export type MatchSide = 'A' | 'B';

/** What these policies read of a stored match. */
export interface ReportedMatch {
  playerAId: string;
  /** null for a bye. */
  playerBId: string | null;
  /** The playoff bracket slot; null for a Swiss match. */
  slot: number | null;
  /** null while the match has no result. */
  winsA: number | null;
  /** Each side's own report, null until that side reports. */
  reportA: MatchResult | null;
  reportB: MatchResult | null;
}

/**
 * The organizer may enter `result` on `match`: not on a bye, whose 2-0 comes with the pairing
 * (docs/rules.md "Tournament rules"), and no draw in a playoff match (top-cut.ts).
 * @param result an already valid best-of-three result (match-result.ts).
 * @throws DomainError VALIDATION_FAILED (a draw in a playoff match: top-cut.ts
 *   assertValidPlayoffResult), then EVENT_STATE_CONFLICT (field matchId, rule notBye) on a bye.
 */
export function assertResultEnterable(match: Pick<ReportedMatch, 'playerBId' | 'slot'>, result: MatchResult): void {
  if (match.slot !== null) assertValidPlayoffResult(result); // playoff matches cannot end in a draw
  if (match.playerBId === null) throw new DomainError('EVENT_STATE_CONFLICT', 'A bye has no result to enter', [{ field: 'matchId', rule: 'notBye', message: 'bye' }]);
}

/**
 * Podium's rule: the side of `match` the reporter plays — their own, or in a team event their
 * team's (WoW TCG team play pairs team against team); nobody reports another's match.
 * @param reporter the reporting player: `id`, and `teamId` in a team event (else null).
 * @param result the result reported, already a valid best-of-three result.
 * @throws DomainError FORBIDDEN (field matchId, rule ownMatch) when the reporter (team) plays
 *   neither side, then VALIDATION_FAILED for a draw reported in a playoff match.
 */
export function reportingSide(match: Pick<ReportedMatch, 'playerAId' | 'playerBId' | 'slot'>, reporter: { id: string; teamId: string | null }, result: MatchResult): MatchSide {
  const own = reporter.teamId ?? reporter.id; // team events: a member reports for the team
  const side = match.playerAId === own ? 'A' : match.playerBId === own ? 'B' : null;
  if (!side) throw new DomainError('FORBIDDEN', 'You can only report your own match', [{ field: 'matchId', rule: 'ownMatch', message: 'not your match' }]);
  if (match.slot !== null) assertValidPlayoffResult(result);
  return side;
}

/**
 * What a report leaves the match with.
 * - `waiting`: the opponent has not reported yet; nothing else changes.
 * - `agreed`: both reports match: `result` is the match's result and any dispute is over.
 * - `disputed`: the reports differ and the match has no result: the organizer decides.
 * - `resultStands`: the reports differ but the match already has a result (the organizer's, or an
 *   earlier agreement): it stays as it is, and so does the dispute flag.
 */
export type ReportOutcome = { kind: 'waiting' } | { kind: 'agreed'; result: MatchResult } | { kind: 'disputed' } | { kind: 'resultStands' };

/**
 * Podium's rule (players confirm each other, the organizer settles disputes): the outcome of `side`
 * reporting `result` on `match` (its stored reports: the new report replaces that side's earlier
 * one). Throws nothing.
 */
export function reportOutcome(match: Pick<ReportedMatch, 'winsA' | 'reportA' | 'reportB'>, side: MatchSide, result: MatchResult): ReportOutcome {
  const reports = { A: match.reportA, B: match.reportB };
  reports[side] = result;
  if (!reports.A || !reports.B) return { kind: 'waiting' };
  if (sameResult(reports.A, reports.B)) return { kind: 'agreed', result: reports.A };
  return match.winsA === null ? { kind: 'disputed' } : { kind: 'resultStands' };
}
