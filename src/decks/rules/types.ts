/**
 * Deck checking: the pure types the rules share. No Nest, no Prisma, no I/O.
 * The caller resolves card ids to DeckCards from the catalog; ids it cannot resolve become
 * UNKNOWN_CARD violations (see unknown-card.rule.ts).
 */
import type { BerserkCardAttributes, CardType, GameId, WowCardAttributes } from '../../catalog/card.types';
import type { ConstructedRules } from '../../catalog/games/game-definition';
import type { GameProfile } from '../../catalog/games/game-profile';

/** Machine-readable violation codes of the deck rules (API contract; do not rename). */
export const VIOLATION_CODES = [
  'DECK_TOO_SMALL',
  'CARD_NOT_IN_POOL',
  'TOO_MANY_COPIES',
  'FACTION_MISMATCH',
  'CLASS_RESTRICTED',
  'TALENT_REQUIRED',
  'SIDEBOARD_MISMATCH',
  'SIDE_DECK_SIZE',
  'NOT_A_HERO',
  'UNKNOWN_CARD',
  'TEAM_FACTION_MISMATCH',
] as const;
export type ViolationCode = (typeof VIOLATION_CODES)[number];

/** One broken rule: a code, a sentence a player understands, and the cards concerned (ids). */
export interface Violation {
  code: ViolationCode;
  message: string;
  /** Card ids concerned; empty when the rule is about the deck as a whole (e.g. its size). */
  cards: string[];
  /** Team rules: the team members concerned (player ids), e.g. both members whose heroes differ. */
  players?: string[];
}

export interface DeckCheckResult {
  legal: boolean;
  /** Every violation found, in rule order (see DECK_RULES), never only the first. */
  violations: Violation[];
  /** Values the rules do not know (UNKNOWN_VALUE), present only when there are some; never illegal. */
  warnings?: { code: 'UNKNOWN_VALUE' | 'MANY_COPIES'; message: string; cards: string[] }[];
}

/** Limited = sealed or booster draft (played from a pool); constructed = from a collection. */
export type DeckFormat = 'limited' | 'constructed';
export const DECK_FORMATS: readonly DeckFormat[] = ['limited', 'constructed'];

/**
 * A card as the rules see it, resolved by the caller from the catalog. `attributes` are the
 * catalog's; fields the shipped files omit (null / false / []) may be missing and read as such.
 */
export interface DeckCard {
  cardId: string;
  name: string;
  type: CardType;
  attributes: Partial<WowCardAttributes> | Partial<BerserkCardAttributes>;
}

export interface DeckEntry {
  card: DeckCard;
  count: number;
}

/** A card id and a number of copies (a pool, or a deck as the API sends it). */
export interface CardCount {
  cardId: string;
  count: number;
  /** The card's name, when known: used in messages only (pool cards outside the deck). */
  name?: string;
}

/**
 * Constructed deck rules that the GameProfile does not carry: each game defines its own
 * (src/catalog/games/<id>/constructed-rules.ts); constructed-rules.ts has them by game.
 */
export type { ConstructedRules } from '../../catalog/games/game-definition';

export interface DeckCheckInput {
  game: GameId;
  format: DeckFormat;
  /** The chosen hero, outside the deck; null when none was chosen (or the game has none). */
  hero: DeckCard | null;
  main: readonly DeckEntry[];
  /**
   * Constructed: the side deck (omitted = empty). Limited: the sideboard as submitted; when
   * omitted nothing is compared (compute it with sideboardOf).
   */
  sideboard?: readonly DeckEntry[] | null;
  /** Limited: the player's pool (card ids the player opened or drafted). Omitted = not checked. */
  pool?: readonly CardCount[] | null;
  profile: GameProfile;
  /** Card ids of the submission the caller could not find in the catalog (UNKNOWN_CARD each). */
  unknownCards?: readonly string[];
  /** Overrides the game's constructed rules (default: CONSTRUCTED_RULES[game]). */
  constructed?: ConstructedRules;
  /**
   * Limited from real boosters opened at the table: nobody knows the pool, so no pool rule and no
   * copy limit; copies beyond boostersOpened are a MANY_COPIES warning. Default false.
   */
  unverifiedPool?: boolean;
  /**
   * With unverifiedPool: how many boosters the player's cards can come from (sealed: their own;
   * draft: every booster of the pod). Omitted: no MANY_COPIES warning.
   */
  boostersOpened?: number;
  /**
   * With unverifiedPool: the set codes of the boosters opened (the event's sets); every main-deck
   * card must come from one of them (CARD_NOT_IN_POOL otherwise). Omitted: any set.
   */
  poolSets?: readonly string[];
  /**
   * Limited: the organizer's lower main-deck minimum for this player (deck-minimum.ts); omitted or
   * null = the game's minimum.
   */
  minMainDeck?: number | null;
}
