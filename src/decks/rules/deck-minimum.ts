/**
 * A lower main-deck minimum for one player (docs/rules.md "A lower minimum for one player"; Podium's
 * rule after the publisher's "at least 30 cards" of the Sealed Pack Formats). The games Podium runs
 * have no basic lands: a Limited deck is built only from the cards a player opened or drafted, so a
 * pool that no hero can fill to 30 cannot be fixed at the table. The rules' answer is, first, any
 * hero (the deck suggestion tries every one); then the organizer may let that one player play fewer
 * cards, recorded on the player (and so in the event's export and archive).
 *
 * The floor is two thirds of the game's minimum, rounded up (20 of 30): a lower minimum answers a
 * pool a few cards short, not a different game — a deck of fewer cards runs out before a normal game
 * ends. Below the floor the organizer's other answers remain (a game loss, a drop). Pure.
 */
import { DomainError } from '../../common/errors/domain-error';

/** The lowest minimum an organizer may set: ⌈2/3 × the game's Limited minimum⌉ (20 of 30). */
export function deckMinimumFloor(gameMinimum: number): number {
  return Math.ceil((gameMinimum * 2) / 3);
}

/**
 * The main-deck minimum that applies to a player: their own lower minimum when the organizer set one,
 * else the game's. A stored value above the game's minimum never raises it.
 */
export function mainDeckMinimum(gameMinimum: number, playerMinimum: number | null | undefined): number {
  return playerMinimum == null ? gameMinimum : Math.min(gameMinimum, playerMinimum);
}

/**
 * Rule DECK_MINIMUM_RANGE: an organizer's lower minimum lies from the floor (deckMinimumFloor) to
 * one below the game's minimum; null restores the game's.
 * @throws DomainError VALIDATION_FAILED (field minMainDeck, rule range) naming the allowed range.
 */
export function assertDeckMinimum(minMainDeck: number | null, gameMinimum: number): void {
  if (minMainDeck === null) return;
  const floor = deckMinimumFloor(gameMinimum);
  if (!Number.isInteger(minMainDeck) || minMainDeck < floor || minMainDeck >= gameMinimum) {
    throw new DomainError('VALIDATION_FAILED', `A lower minimum is from ${floor} to ${gameMinimum - 1} cards (the game's is ${gameMinimum}); null restores ${gameMinimum}.`, [
      { field: 'minMainDeck', rule: 'range', message: `from ${floor} to ${gameMinimum - 1}, or null` },
    ]);
  }
}
