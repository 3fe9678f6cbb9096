/**
 * When the top cut can start, how large it is, and when it is over. Pure: the service passes the
 * rounds as stored and the Swiss standings' match points. The bracket itself is top-cut.ts.
 * - The cut follows the Swiss rounds (docs/rules.md "Tournament rules": Swiss rounds, then a cut of
 *   the standings): at least one Swiss round, every Swiss result in, and only one cut per event.
 * - The organizer asks for a size (top 2 … 32) or for everyone with at least X match points
 *   (cutSizeByMatchPoints), one of the two (Podium's rule).
 * - A size asked for must be filled from the standings, dropped players included (their seat stays
 *   empty: "Nobody is promoted into a cut to replace a dropped player"); a cut by points promises
 *   every qualifier a seat, so seats the field cannot fill stay empty and the best seeds advance by
 *   walkover — it needs only a final's two entrants.
 */
import { DomainError } from '../../common/errors/domain-error';
import { cutSizeByMatchPoints, type CutSize, type PlayoffMatch } from './top-cut';

/** How the organizer asks for a cut: a size, or a match-point threshold. */
export interface CutRequest {
  size?: CutSize;
  minMatchPoints?: number;
  /**
   * With minMatchPoints, who fills the seats beyond the qualifiers: the next players of the standings
   * ("standings", the default) or nobody — byes for the top seeds ("byes").
   */
  fill?: 'standings' | 'byes';
}

/** What assertTopCutCanStart reads of a stored round. */
export interface CutRound {
  kind: 'swiss' | 'playoff';
  /** `winsA: null` while a match has no result. */
  matches: readonly { winsA: number | null }[];
}

/**
 * Podium's rule: a cut is asked for by exactly one of size and minMatchPoints.
 * @throws DomainError VALIDATION_FAILED (field minMatchPoints, rule exclusiveWithSize) with both or neither.
 */
export function assertOneCutCriterion(cut: CutRequest): void {
  if (cut.fill === 'byes' && cut.minMatchPoints === undefined) {
    throw new DomainError('VALIDATION_FAILED', 'Byes for the top seeds go with a cut by match points (minMatchPoints)', [
      { field: 'fill', rule: 'withMinMatchPoints', message: 'fill "byes" needs minMatchPoints' },
    ]);
  }
  if ((cut.size === undefined) === (cut.minMatchPoints === undefined)) {
    throw new DomainError('VALIDATION_FAILED', 'Give either size or minMatchPoints for the top cut, not both', [
      { field: 'minMatchPoints', rule: 'exclusiveWithSize', message: 'give size or minMatchPoints, one of them' },
    ]);
  }
}

/**
 * The top cut follows the Swiss rounds (docs/rules.md "Tournament rules"; Podium's rule for one cut
 * per event): there is a round, no playoff round exists yet, and every match has its result —
 * checked in that order.
 * @param rounds every round of the event, in order.
 * @throws DomainError EVENT_STATE_CONFLICT (field size, rule topCut; the message says which).
 */
export function assertTopCutCanStart(rounds: readonly CutRound[]): void {
  const conflict = (message: string) => new DomainError('EVENT_STATE_CONFLICT', message, [{ field: 'size', rule: 'topCut', message }]);
  if (rounds.length === 0) throw conflict('Play the Swiss rounds before the top cut');
  if (rounds.some((r) => r.kind === 'playoff')) throw conflict('The top cut has already started');
  if (rounds.some((r) => r.matches.some((m) => m.winsA === null))) throw conflict('Every Swiss match needs a result before the top cut');
}

/**
 * The cut's size: the one asked for, or the smallest that seats everyone with at least
 * `cut.minMatchPoints` (cutSizeByMatchPoints). docs/rules.md "Tournament rules": nobody is promoted
 * into a cut to replace a dropped player, so dropped entrants count and their seat stays empty.
 * @param cut a request that passed assertOneCutCriterion.
 * @param matchPoints the Swiss standings' match points, best first: one per entrant, dropped ones included.
 * @param teamEvent whether the entrants are teams (the error then counts teams, else players).
 * @throws DomainError NOT_ENOUGH_PLAYERS (field size, rule enoughEntrants) when the standings have
 *   fewer entrants than the size asked for, or fewer than 2 for a cut by points.
 */
export function topCutSize(cut: CutRequest, matchPoints: readonly number[], teamEvent: boolean): CutSize {
  const size = cut.size ?? cutSizeByMatchPoints(matchPoints, cut.minMatchPoints!);
  // A cut by points promises every qualifier a seat: seats the field cannot fill stay empty (the
  // best seeds advance by walkover). A size asked for explicitly must be filled.
  if (matchPoints.length < (cut.size ?? 2)) {
    const who = teamEvent ? 'teams' : 'players';
    throw new DomainError('NOT_ENOUGH_PLAYERS', `A top ${size} needs at least ${size} ${who} in the Swiss standings; there are ${matchPoints.length}`, [
      { field: 'size', rule: 'enoughEntrants', message: `${matchPoints.length} ${who} for a top ${size}` },
    ]);
  }
  return size;
}

/**
 * Single elimination ends with the final (top-cut.ts): the next playoff round has a match to play,
 * else the cut is over.
 * @param next the round nextPlayoffRound (top-cut.ts) pairs from the latest one's winners.
 * @throws DomainError EVENT_STATE_CONFLICT (field round, rule topCutOver) when it is empty.
 */
export function assertTopCutNotOver(next: readonly PlayoffMatch[]): void {
  if (next.length === 0) {
    throw new DomainError('EVENT_STATE_CONFLICT', 'The final has been played: the top cut is over', [{ field: 'round', rule: 'topCutOver', message: 'final played' }]);
  }
}
