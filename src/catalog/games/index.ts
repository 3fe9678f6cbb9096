/**
 * The games, defined in code: one folder per game (`./<id>/`, see game-definition.ts), each
 * exporting one GameDefinition, all registered here. A GameId without its entry, or an entry
 * without a part, does not compile.
 */
import type { GameId } from '../card.types';
import { BERSERK_GAME } from './berserk';
import type { GameDefinition } from './game-definition';
import type { GameProfile } from './game-profile';
import { WOW_TCG_GAME } from './wow-tcg';

export type { CopyLimits, GameProfile, LimitedRules } from './game-profile';
export type { AttributesOf, ConstructedRules, DeckSuggestionStrategy, GameDefinition, GameImporter, GameLayouts, GameLayoutTemplate, ProductAttributes } from './game-definition';
export { BERSERK, BERSERK_ELEMENTS } from './berserk';
export { findTerm, termName, TERM_KINDS, TERM_LANGUAGES, type GameTerms, type Term, type TermKind, type TermLanguage } from './terms';
export { cardTermRefs, type CardTermRef } from './card-terms';
export { WOW_CLASSES, WOW_FACTIONS, WOW_TCG, type WowClass } from './wow-tcg';

/** Each game's definition under its own id. */
export type GameRegistry = { readonly [G in GameId]: GameDefinition<G> };

/**
 * Every game the product knows, by id: its definition, which is also its rules profile
 * (`GAMES[game]` is a GameProfile). The order here is the order games are listed in.
 */
export const GAMES: GameRegistry = {
  'wow-tcg': WOW_TCG_GAME,
  berserk: BERSERK_GAME,
};

/**
 * Boosters each player drafts for a given pack size, from the profile's table.
 * @returns the published number, or null when the game publishes none for that size
 *   (the organizer must then choose).
 */
export function draftPacksFor(game: GameProfile, packSize: number): number | null {
  return game.limited.draftPacksByPackSize[packSize] ?? null;
}
