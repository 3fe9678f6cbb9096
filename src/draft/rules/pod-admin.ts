/**
 * What the organizer and a player may change in a pod besides picks: pausing pick clocks, marking
 * a player absent, preselecting a card. Pure: the service passes what it loaded (the event's
 * packSource, the pods, the player's seat and the seat's draft state, draft-state.ts).
 * - Real boosters at the table (packSource "physical"): Podium seats the pods but holds no packs,
 *   picks or pick clocks, so there is no clock to pause and no bot to pick for an absent seat
 *   (Podium's rule: the organizer drops a no-show instead).
 * - A preselection is the card the timer picks should it run out (Podium's rule): only a card of the
 *   pack in front of the player's seat, for that pack's pick.
 */
import { DomainError } from '../../common/errors/domain-error';
import type { SeatDraftState } from './draft-state';

/** Where the boosters come from (the event's packSource): opened by Podium, or real ones at the table. */
export type BoosterSource = 'generated' | 'physical';

/** The refusal of every pick, preselect, pause or log of a draft with real boosters at the table. */
export function physicalBoosters(): DomainError {
  return new DomainError('PHYSICAL_BOOSTERS', 'This draft uses real boosters at the table: Podium seats the pods but holds no packs, picks or pick clocks', [
    { field: 'packSource', rule: 'generatedPacksOnly', message: "the event's packSource is physical" },
  ]);
}

/**
 * Podium's rule: pick clocks (and so pausing them) exist only for generated boosters.
 * @param source the event's packSource.
 * @throws DomainError PHYSICAL_BOOSTERS (field packSource, rule generatedPacksOnly) with real boosters.
 */
export function assertPickClocks(source: BoosterSource): void {
  if (source === 'physical') throw physicalBoosters();
}

/**
 * Podium's rule: a pause or resume applies to the pod named, or to every pod of the event.
 * @param all the event's pod ids, in pod order; `podId` the pod asked for (absent or empty: all).
 * @throws DomainError POD_NOT_FOUND (field podId, rule exists) when `podId` is not a pod of the event.
 */
export function podsToPause(all: readonly string[], podId?: string): string[] {
  if (podId && !all.includes(podId)) throw new DomainError('POD_NOT_FOUND', `No pod ${podId} in this event`, [{ field: 'podId', rule: 'exists', message: 'unknown pod' }]);
  return podId ? [podId] : [...all];
}

/**
 * Podium's rule: a bot picks for an absent seated player only with generated boosters; a player not
 * seated (yet) can be marked absent whatever the boosters.
 * @param seated whether the player has a seat in a pod; `source` the event's packSource.
 * @throws DomainError PHYSICAL_BOOSTERS (field packSource, rule generatedPacksOnly) for a seat at a real-booster table.
 */
export function assertAbsentMarkable(seated: boolean, source: BoosterSource): void {
  if (seated && source === 'physical') throw physicalBoosters();
}

/**
 * Podium's rule: only a player seated in a pod of the event drafts (picks, preselects).
 * @param seat the player's seat, or null.
 * @throws DomainError FORBIDDEN (field authorization, rule seated) without a seat.
 */
export function assertSeated<T>(seat: T | null): asserts seat is T {
  if (!seat) throw new DomainError('FORBIDDEN', 'You have no seat in a draft pod of this event', [{ field: 'authorization', rule: 'seated', message: 'not seated' }]);
}

/**
 * Podium's rule: a preselection of `cardId` is for the pack in front of the seat now and its pick
 * number; that is what it returns.
 * @param seat the seat's draft state (draft-state.ts).
 * @throws DomainError PACK_NOT_ARRIVED (field cardId) when no pack is in front of the seat, then
 *   CARD_NOT_IN_PACK (field cardId) when the card is not (or no longer) in that pack.
 */
export function preselectedPick(seat: Pick<SeatDraftState, 'hasPack' | 'cards' | 'packNumber' | 'pickNumber'>, cardId: string): { packNumber: number; pickNumber: number } {
  if (!seat.hasPack) {
    throw new DomainError('PACK_NOT_ARRIVED', 'No pack is in front of you yet', [{ field: 'cardId', rule: 'PACK_NOT_ARRIVED', message: 'no pack in front of the seat' }]);
  }
  if (!seat.cards.includes(cardId)) {
    throw new DomainError('CARD_NOT_IN_PACK', `Card ${cardId} is not in your current pack`, [{ field: 'cardId', rule: 'CARD_NOT_IN_PACK', message: 'not in the pack' }]);
  }
  // A seat with a pack in front of it has a pick to make in it (draft-state.ts).
  return { packNumber: seat.packNumber, pickNumber: seat.pickNumber! };
}
