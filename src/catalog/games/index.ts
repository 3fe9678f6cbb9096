/**
 * Game rules profiles, defined in code (one file per game). Data only; deck rules come later.
 */
import type { GameId } from '../card.types';
import { BERSERK } from './berserk';
import type { GameProfile } from './game-profile';
import { WOW_TCG } from './wow-tcg';

export type { CopyLimits, GameProfile, LimitedRules } from './game-profile';
export { BERSERK, BERSERK_ELEMENTS } from './berserk';
export { WOW_CLASSES, WOW_FACTIONS, WOW_TCG, type WowClass } from './wow-tcg';

/** Every game the product knows, by id. */
export const GAMES: Readonly<Record<GameId, GameProfile>> = {
  'wow-tcg': WOW_TCG,
  berserk: BERSERK,
};

/**
 * Boosters each player drafts for a given pack size, from the profile's table.
 * @returns the published number, or null when the game publishes none for that size
 *   (the organizer must then choose).
 */
export function draftPacksFor(game: GameProfile, packSize: number): number | null {
  return game.limited.draftPacksByPackSize[packSize] ?? null;
}
