/**
 * What a deck request must satisfy before the deck rules (deck-check.ts) look at the deck. Pure:
 * the service passes what it loaded (the event's packSource, the card ids the game knows, the set
 * codes of the game, a member's stored pool share).
 * - A stand-alone Limited check names where its cards come from: a pool (the cards opened), or for
 *   real boosters at the table the sets of the boosters opened — one of the two, as a list checked
 *   against sets has no pool to check against (Podium's rule). Sets mean boosters, hence Limited
 *   only: a Constructed deck is built from any card of the game.
 * - A deck list has at most MAX_DECK_LIST_LINES non-empty lines, and at most as many entries (cards
 *   and unreadable lines) once read: an XML file can hold every card on one line (Podium's rule: a
 *   deck with its sideboard is at most a few hundred lines, a sealed pool is 90 cards).
 * - Pooled team sealed: a member builds from their share of the team pool (team-split.ts), so a
 *   deck is submitted or suggested once the team has split its pool (Podium's rule).
 * - Real boosters at the table (packSource "physical"): Podium does not know the pool, so it cannot
 *   suggest a deck from it (Podium's rule).
 * - Decks lock when round 1 is paired; a late entry after round 1 (a sealed player whose pool opened
 *   from the seed) submits theirs until their own first round is paired (Podium's rule, docs/rules.md
 *   "Late entry after round 1").
 */
import type { GameId } from '../../catalog/card.types';
import { DomainError } from '../../common/errors/domain-error';
import type { BoosterSource } from '../../events/rules/event-options';
import { assertAllowed, type EventFormat, type EventState } from '../../events/rules/event-lifecycle';
import type { CardCount, DeckFormat } from './types';

/** Non-empty lines a deck list may have: a deck with its sideboard is at most a few hundred (a sealed pool is 90 cards). */
export const MAX_DECK_LIST_LINES = 500;

/**
 * Podium's rule: a deck list file has at most MAX_DECK_LIST_LINES non-empty lines (lines of white
 * space only do not count).
 * @param text the deck list as sent.
 * @throws DomainError PAYLOAD_TOO_LARGE (field body, rule maxLines) naming how many lines it has.
 */
export function assertDeckListSize(text: string): void {
  let lines = 0;
  for (const line of text.split('\n')) if (line.trim() !== '') lines++;
  if (lines > MAX_DECK_LIST_LINES) {
    throw new DomainError('PAYLOAD_TOO_LARGE', `A deck list has at most ${MAX_DECK_LIST_LINES} lines; this one has ${lines}`, [
      { field: 'body', rule: 'maxLines', message: `at most ${MAX_DECK_LIST_LINES} non-empty lines` },
    ]);
  }
}

/**
 * Podium's rule: a deck list file read holds at most MAX_DECK_LIST_LINES entries (card lines, the
 * hero and unreadable lines together), whatever its lines: an .o8d file may hold them all on one.
 * @param entries what the parser found.
 * @throws DomainError PAYLOAD_TOO_LARGE (field body, rule maxLines) naming how many it holds.
 */
export function assertDeckListEntries(entries: number): void {
  if (entries > MAX_DECK_LIST_LINES) {
    throw new DomainError('PAYLOAD_TOO_LARGE', `A deck list has at most ${MAX_DECK_LIST_LINES} cards or lines; this one has ${entries}`, [
      { field: 'body', rule: 'maxLines', message: `at most ${MAX_DECK_LIST_LINES} cards or lines` },
    ]);
  }
}

/**
 * Podium's rule: a deck written out as a file names only cards of the game's current sets.
 * @param game the deck's game; `named` every card id the deck names (hero first), without repeats;
 *   `cards` the cards of the game found for them.
 * @throws DomainError VALIDATION_FAILED (field main, rule knownCard) with one detail per unknown
 *   card (the first 25), the message naming the first 10.
 */
export function assertKnownCards(game: GameId, named: readonly string[], cards: { has(cardId: string): boolean }): void {
  const unknown = named.filter((id) => !cards.has(id));
  if (unknown.length > 0) {
    throw new DomainError(
      'VALIDATION_FAILED',
      `Unknown cards of ${game}: ${unknown.slice(0, 10).join(', ')}`,
      unknown.slice(0, 25).map((id) => ({ field: 'main', rule: 'knownCard', message: `no card ${id} in the game's current sets` })),
    );
  }
}

/** What assertCheckSources reads of a stand-alone check. */
export interface CheckSources {
  format: DeckFormat;
  /** Real boosters: the set codes of the boosters opened. */
  sets?: readonly string[];
  /** Limited: the pool the deck must come from. */
  pool?: readonly CardCount[];
}

/**
 * Podium's rule: a stand-alone check gives a pool or the sets of real boosters, not both, and sets
 * only for a Limited deck — checked in that order.
 * @throws DomainError VALIDATION_FAILED (field sets) — rule exclusiveWithPool with both, then rule
 *   limitedOnly with sets for a Constructed deck.
 */
export function assertCheckSources(check: CheckSources): void {
  if (check.sets && check.pool) {
    throw new DomainError('VALIDATION_FAILED', 'Give either a pool or the sets of real boosters, not both', [
      { field: 'sets', rule: 'exclusiveWithPool', message: 'sets and pool together' },
    ]);
  }
  if (check.sets && check.format !== 'limited') {
    throw new DomainError('VALIDATION_FAILED', 'sets (real boosters) apply to a Limited deck only', [{ field: 'sets', rule: 'limitedOnly', message: `format is ${check.format}` }]);
  }
}

/**
 * Podium's rule: the sets of real boosters are sets of the deck's game (codes compare ignoring case).
 * @param game the deck's game; `sets` the codes asked for; `known` the codes of the game's sets.
 * @throws DomainError SET_NOT_FOUND (field sets, rule exists) with one detail per unknown code.
 */
export function assertKnownSets(game: GameId, sets: readonly string[], known: readonly string[]): void {
  const codes = new Set(known.map((c) => c.toUpperCase()));
  const unknown = sets.filter((c) => !codes.has(c.toUpperCase()));
  if (unknown.length > 0) {
    throw new DomainError(
      'SET_NOT_FOUND',
      `No ${game} set ${unknown.join(', ')}`,
      unknown.map((c) => ({ field: 'sets', rule: 'exists', message: `unknown set ${c}` })),
    );
  }
}

/**
 * Podium's rule: a deck is suggested from the player's pool, which Podium knows only when it
 * opened the boosters.
 * @param source the event's packSource.
 * @throws DomainError PHYSICAL_BOOSTERS (field packSource, rule generatedPacksOnly) with real boosters.
 */
export function assertSuggestible(source: BoosterSource): void {
  if (source === 'physical') {
    throw new DomainError('PHYSICAL_BOOSTERS', 'This event uses real boosters: Podium does not know your pool, so it cannot suggest a deck from it', [
      { field: 'packSource', rule: 'generatedPacksOnly', message: "the event's packSource is physical" },
    ]);
  }
}

/**
 * Pooled team sealed (team-split.ts): the pool a member builds from is their share of the team
 * pool; before the split they have none.
 * @param share the member's stored share, null until the team splits its pool.
 * @param requireSplit whether building needs the split (a submission or a suggestion, Podium's
 *   rule); a recheck or a match deck reads an unsplit pool as empty.
 * @returns the share, or no cards.
 * @throws DomainError EVENT_STATE_CONFLICT (field pool, rule teamSplit) when the split is required
 *   and the pool is not split yet.
 */
export function teamShare(share: CardCount[] | null, requireSplit: boolean): CardCount[] {
  if (share === null && requireSplit) {
    throw new DomainError('EVENT_STATE_CONFLICT', 'Pooled team sealed: the team splits its pool first (PUT /api/events/:id/teams/:teamId/split)', [
      { field: 'pool', rule: 'teamSplit', message: 'the team pool is not split yet' },
    ]);
  }
  return share ?? [];
}

/**
 * LATE_DECK_OPEN (Podium's rule): a deck may be submitted while decks are being built; once round 1
 * is paired (decks lock), only by a late entry whose first round (`firstRound`) is not paired yet.
 * @param pairedRounds the number of the event's latest round (0 or null before round 1).
 * @throws DomainError EVENT_STATE_CONFLICT (field state, rule submitDeck) as the lifecycle's submitDeck.
 */
export function assertDeckOpen(state: EventState, format: EventFormat, player: { firstRound: number | null }, pairedRounds: number | null): void {
  if (state === 'playing' && player.firstRound !== null && (pairedRounds ?? 0) < player.firstRound) return;
  assertAllowed(state, 'submitDeck', format);
}
