/**
 * The deck guard before a round (docs/rules.md "Decks before a round"): every player still in the
 * event plays a registered, legal deck (decks lock at round 1; MTR 7.9 gives a game loss for a deck
 * that is not registered or not legal). Pairing with players who have none is the organizer's
 * explicit choice, never a silent one: the round is refused with the list, or paired on `force`
 * with the list in its answer. Pure: no Nest, no database.
 */
import { DomainError } from '../../common/errors/domain-error';

/** A player still in the event and the deck of record they have. */
export interface DeckStanding {
  playerId: string;
  name: string;
  /** null: nothing submitted; false: the deck of record breaks a rule. */
  legal: boolean | null;
}

/** A player a round would pair without a legal registered deck. */
export interface DeckNotReady {
  playerId: string;
  name: string;
  reason: 'no-deck' | 'illegal-deck';
}

/** The players without a registered legal deck, in the order given. */
export function decksNotReady(players: readonly DeckStanding[]): DeckNotReady[] {
  return players.filter((p) => p.legal !== true).map((p) => ({ playerId: p.playerId, name: p.name, reason: p.legal === null ? 'no-deck' : 'illegal-deck' }));
}

/**
 * @returns the players paired without a legal deck (empty unless `force`).
 * @throws DomainError DECKS_NOT_READY (409) listing each player (field "players", rule no-deck or
 *   illegal-deck) when some have none and the organizer did not force the round.
 */
export function assertDecksReady(players: readonly DeckStanding[], force: boolean): DeckNotReady[] {
  const missing = decksNotReady(players);
  if (missing.length === 0 || force) return missing;
  const names = missing.map((m) => m.name).join(', ');
  throw new DomainError(
    'DECKS_NOT_READY',
    `${missing.length} player${missing.length === 1 ? ' has' : 's have'} no legal registered deck: ${names}. For each: wait, register a paper list for them, or drop them — or pair anyway ("force": true).`,
    missing.map((m) => ({ field: 'players', rule: m.reason, message: `${m.name}: ${m.reason === 'no-deck' ? 'no deck registered' : 'the registered deck breaks a deck rule'}` })),
  );
}
