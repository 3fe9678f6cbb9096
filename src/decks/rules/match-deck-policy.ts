/**
 * Who may see or change the deck of a match, and when. Pure: the service passes the match as stored
 * (`playerBId: null` for a bye, `winsA: null` while the match has no result) and the player the
 * token belongs to.
 * - A player plays from their own deck in their own match; in a team event the sides of a match
 *   are teams (WoW TCG team play pairs team against team), so a member's match is their team's.
 * - Sideboarding (exchanging cards between main deck and sideboard, same hero) happens between the
 *   games of a match, so only while the match has no result; it lasts for that match only (Podium's
 *   rule).
 */
import { DomainError } from '../../common/errors/domain-error';

/** What these policies read of a stored match. */
export interface MatchDeckMatch {
  playerAId: string;
  /** null for a bye. */
  playerBId: string | null;
  /** null while the match has no result. */
  winsA: number | null;
}

/**
 * Podium's rule: a player sees and sideboards only the deck of their own match — their team's
 * match in a team event (WoW TCG team play pairs team against team).
 * @param player the token's player: `id`, and `teamId` in a team event (else null).
 * @throws DomainError FORBIDDEN (field matchId, rule ownMatch) when the player (team) plays neither side.
 */
export function assertOwnMatch(match: Pick<MatchDeckMatch, 'playerAId' | 'playerBId'>, player: { id: string; teamId: string | null }): void {
  const side = player.teamId ?? player.id; // team events: the sides are teams
  if (match.playerAId !== side && match.playerBId !== side) {
    throw new DomainError('FORBIDDEN', 'Not your match', [{ field: 'matchId', rule: 'ownMatch', message: 'not your match' }]);
  }
}

/**
 * Podium's rule: sideboarding is between the games of a match, so it ends with the match's result.
 * @throws DomainError EVENT_STATE_CONFLICT (field matchId, rule matchOpen) once the match has a result.
 */
export function assertSideboardingOpen(match: Pick<MatchDeckMatch, 'winsA'>): void {
  if (match.winsA !== null) {
    throw new DomainError('EVENT_STATE_CONFLICT', 'The match has a result: sideboarding is between its games', [{ field: 'matchId', rule: 'matchOpen', message: 'match decided' }]);
  }
}

/**
 * Rule SIDEBOARDING_ALLOWED (docs/rules.md "Sideboarding allowed or not"): the event may rule out
 * sideboarding (its `sideboarding` option); then every game is played with the registered deck.
 * @throws DomainError SIDEBOARDING_NOT_ALLOWED (field matchId, rule sideboarding) when it is off.
 */
export function assertSideboardingAllowed(event: { sideboarding: boolean }): void {
  if (!event.sideboarding) {
    throw new DomainError('SIDEBOARDING_NOT_ALLOWED', 'This event does not allow sideboarding: every game is played with the registered deck', [
      { field: 'matchId', rule: 'sideboarding', message: 'no sideboarding at this event' },
    ]);
  }
}
