/**
 * A game's rules profile: plain data the importers, booster sheets and (later) deck checks read.
 * Pure types: no Nest, no Prisma. Numbers marked "community" in docs/rules.md are
 * settings here, never constants buried in code.
 */
import type { CardType, GameId, Rarity } from '../card.types';

/** Most copies of one card (by name) a deck may hold; `null` = no limit. */
export interface CopyLimits {
  /** Constructed decks (main and side deck together). */
  constructed: number | null;
  /**
   * Keyword flags (card attributes) that replace the constructed limit, e.g. WoW `unlimited` → null,
   * Berserk `horde` → 5.
   */
  byKeyword: Readonly<Record<string, number | null>>;
  /** Sealed and draft: `null` = you play what you opened. */
  limited: number | null;
}

/** Limited (sealed and booster draft) event defaults. */
export interface LimitedRules {
  /** Fewest cards in a limited deck, not counting the hero. */
  minDeckSize: number;
  /** Boosters each player opens in sealed; `null` = no published number, the organizer sets it. */
  sealedPacksPerPlayer: number | null;
  /**
   * Boosters each player drafts, keyed by cards per booster (e.g. `{ 15: 4, 19: 4 }`);
   * a pack size not listed has no published number and the organizer sets it.
   */
  draftPacksByPackSize: Readonly<Record<number, number>>;
  /** Players in one draft pod as published; `null` = not published. */
  draftPodSize: { min: number; max: number } | null;
}

export interface GameProfile {
  id: GameId;
  /** Display name. */
  name: string;
  /** Rarities a card of this game may have (importers reject others). */
  rarities: readonly Rarity[];
  /** Card types of this game (importers reject others). */
  cardTypes: readonly CardType[];
  /**
   * Types a player chooses as the deck's hero, outside the deck (limited: any hero of the game).
   * Booster layouts draw them only from a hero sheet, never from rarity sheets (WoW heroes carry
   * rarity "uncommon" in the data). Empty when the game has no hero cards.
   */
  heroTypes: readonly CardType[];
  limited: LimitedRules;
  copyLimits: CopyLimits;
  /**
   * Set codes other tools write for a set of this game that Podium knows under another code
   * (upper case → Podium's code): set files are imported under Podium's code and deck lists read
   * through it, each time with a note naming the mapping.
   */
  setCodeAliases: Readonly<Record<string, string>>;
}
