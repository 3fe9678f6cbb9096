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
 * What the organizer decided for a player without a legal registered deck, at the table:
 * - `gameLoss`: paired, with a game loss in their match (MTR 7.9: a deck not registered or not
 *   legal is a game loss; rules/penalties.ts);
 * - `pairAnyway`: paired, the judge deciding at the table.
 * Waiting, registering a paper list, fixing the deck from the suggestion and dropping are done
 * before pairing (the player is then ready, or no longer in).
 */
export type DeckGuardChoice = 'gameLoss' | 'pairAnyway';

/**
 * A fix the organizer asks for with the pairing request, done before the guard decides:
 * `suggest` registers the deck suggestion's best effort for the player (every hero tried).
 */
export type DeckGuardFix = 'suggest';

/**
 * Rule GUARD_FIXES_FIRST (docs/rules.md "The suggested deck as a fix"): the choices of a pairing
 * request split into fixes, applied before the guard decides (a player fixed is then ready), and
 * the choices the guard reads. A fix is not a choice: a player whose fix left them without a legal
 * deck is still refused by the guard until they get a choice.
 * @returns the players to fix (in the order given) and the remaining choices by player id.
 */
export function splitGuardChoices(choices: readonly { playerId: string; choice: DeckGuardChoice | DeckGuardFix }[]): {
  suggest: string[];
  choices: Map<string, DeckGuardChoice>;
} {
  const suggest: string[] = [];
  const rest = new Map<string, DeckGuardChoice>();
  for (const c of choices) {
    if (c.choice === 'suggest') suggest.push(c.playerId);
    else rest.set(c.playerId, c.choice);
  }
  return { suggest, choices: rest };
}

/** The guard's answer: who is paired without a legal deck, and with which choice. */
export interface DeckGuardOutcome {
  pairedWithoutDecks: (DeckNotReady & { choice: DeckGuardChoice })[];
}

/**
 * Pairing proceeds only with a choice for each player without a legal registered deck: one given in
 * `choices` (by player id), or `force` for all of them (`pairAnyway`).
 * @returns the players paired without a legal deck and the choice for each (empty when all are ready).
 * @throws DomainError DECKS_NOT_READY (409) listing each player still without a choice (field
 *   "players", rule no-deck or illegal-deck).
 */
export function assertDecksReady(players: readonly DeckStanding[], force: boolean, choices: ReadonlyMap<string, DeckGuardChoice> = new Map()): DeckGuardOutcome {
  const missing = decksNotReady(players);
  const undecided = force ? [] : missing.filter((m) => !choices.has(m.playerId));
  if (undecided.length > 0) {
    const names = undecided.map((m) => m.name).join(', ');
    throw new DomainError(
      'DECKS_NOT_READY',
      `${undecided.length} player${undecided.length === 1 ? ' has' : 's have'} no legal registered deck: ${names}. For each: wait, register a paper list or the suggested deck for them, or drop them — or pair with a choice for each ("choices": game loss or pair anyway), or "force": true for all.`,
      undecided.map((m) => ({
        field: 'players',
        playerId: m.playerId,
        rule: m.reason,
        message: `${m.name}: ${m.reason === 'no-deck' ? 'no deck registered' : 'the registered deck breaks a deck rule'}`,
      })),
    );
  }
  return { pairedWithoutDecks: missing.map((m) => ({ ...m, choice: choices.get(m.playerId) ?? 'pairAnyway' })) };
}
