/**
 * Late entry after round 1 (docs/rules.md "Late entry after round 1"). Source: the Magic Tournament
 * Rules' treatment of a player added to an event after it began (MTR 2.x, and tournament practice
 * at stores): a player entered after round 1 receives a **match loss for each round they missed**.
 *
 * Podium writes down exactly what such a loss counts for (the MTR does not spell it out):
 * - each missed round is a played loss: 0 match points, 0-2 in games (0 game points, 2 games
 *   played), one round played — so it lowers the player's own MW% and GW% (with the 0.33 floor as
 *   for everyone else);
 * - it has no opponent: it adds nothing to anyone's OMW% / OGW%, and the late player's own OMW% /
 *   OGW% average over the opponents they really met;
 * - the player is paired from the round after the last one paired when they entered (their
 *   `firstRound`), with the match points they have (0: losses give none), like everyone else;
 * - no late entry once the top cut started (no Swiss round is left to play).
 * Pure: the service passes the rounds it loaded and what the organizer sent.
 */
import { DomainError } from '../../common/errors/domain-error';

/** A player as the late-entry rule reads them: the first Swiss round they are paired in (null/absent: round 1). */
export interface LateEntrant {
  firstRound?: number | null;
}

/**
 * LATE_ENTRY_FIRST_ROUND: a player entering when `pairedSwissRounds` Swiss rounds have been paired
 * plays from the next one. Null when no round was paired yet (an ordinary entry, from round 1).
 * @throws RangeError when pairedSwissRounds is not an integer ≥ 0 (a caller's bug).
 */
export function firstRoundOfEntry(pairedSwissRounds: number): number | null {
  if (!Number.isSafeInteger(pairedSwissRounds) || pairedSwissRounds < 0) throw new RangeError(`pairedSwissRounds: integer ≥ 0 expected, got ${pairedSwissRounds}`);
  return pairedSwissRounds === 0 ? null : pairedSwissRounds + 1;
}

/**
 * LATE_ENTRY_MISSED_ROUNDS: how many rounds the player missed, each a match loss 0-2 with no
 * opponent (rounds 1..firstRound-1). 0 for a player in from round 1.
 */
export function missedRounds(player: LateEntrant): number {
  return player.firstRound == null ? 0 : Math.max(0, player.firstRound - 1);
}

/** What one missed round counts: a loss, 0 match points, 0 game points, 0-2 in games (2 games played). */
export const MISSED_ROUND = Object.freeze({ matchPoints: 0, gamePoints: 0, games: 2 });

/**
 * LATE_ENTRY_BEFORE_TOP_CUT: a player enters late only while Swiss rounds may still be paired.
 * @param rounds the event's rounds (any order): their kind.
 * @throws DomainError EVENT_STATE_CONFLICT (field state, rule topCut) once a playoff round exists.
 */
export function assertBeforeTopCut(rounds: readonly { kind: string }[]): void {
  if (rounds.some((r) => r.kind === 'playoff')) {
    throw new DomainError('EVENT_STATE_CONFLICT', 'The top cut has started: no Swiss round is left for a late entry', [
      { field: 'state', rule: 'topCut', message: 'the top cut has started' },
    ]);
  }
}

/**
 * LATE_ENTRY_NEEDS_LIST: where no pool can be opened for the late player — a draft (the packs were
 * drafted by the pods) or real boosters at the table (Podium holds no packs) — they enter only with
 * a deck list the organizer registers in the same request. A sealed event of generated packs opens
 * their pool from the event seed instead and needs no list.
 * @param drafts the format drafts (FORMATS[format].drafts); `physical` real boosters; `deckGiven` the request has `deck`.
 * @throws DomainError LATE_ENTRY_DECK_REQUIRED (field deck, rule required) when a list is needed and missing.
 */
export function assertLateEntryDeck(drafts: boolean, physical: boolean, deckGiven: boolean): void {
  if ((drafts || physical) && !deckGiven) {
    throw new DomainError(
      'LATE_ENTRY_DECK_REQUIRED',
      drafts
        ? 'A draft takes a late player only with a deck list the organizer registers (their pod has drafted)'
        : 'Real boosters: a late player enters with the deck list the organizer registers',
      [{ field: 'deck', rule: 'required', message: 'a deck list is required for a late entry here' }],
    );
  }
}
