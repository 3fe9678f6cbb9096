/**
 * Deck lists in and out: the shapes every parser returns and
 * every writer takes. Pure: no Nest, no database, no I/O.
 */

import type { GameId } from '../../catalog/card.types';

/** Formats players already use: plain text, CSV, OCTGN .o8d, Magic Workstation .mwDeck. */
export const DECK_LIST_FORMATS = ['text', 'csv', 'o8d', 'mwdeck'] as const;
export type DeckListFormat = (typeof DECK_LIST_FORMATS)[number];

/** One card line of a deck list, as written (not resolved yet). */
export interface LineRef {
  /** 1-based line of the file the card was read from. */
  line: number;
  /** The card's name as written (trimmed, white space collapsed). */
  name: string;
  count: number;
  /** Set code as written, upper-cased, when the line names one. */
  set?: string;
}

/** A line the parser could not read, with a sentence saying why. */
export interface DeckListError {
  line: number;
  message: string;
}

/** A parsed deck list: card lines per section and the lines that could not be read. */
export interface ParsedDeckList {
  hero?: LineRef;
  main: LineRef[];
  sideboard: LineRef[];
  errors: DeckListError[];
}

/** A card of the catalog as the resolver and the writers need it. */
export interface CatalogCardRef {
  cardId: string;
  /** Upper-case set code ("HOA"). */
  setCode: string;
  name: string;
  /** The card's GUID in OCTGN, when its set came from an OCTGN file (.o8d files name it). */
  octgnId?: string;
}

/**
 * The catalog of one game, seen by the resolver. deckCatalogOf (resolve.ts) builds one from a list
 * of cards; a database-backed one must answer the same way.
 */
export interface DeckCatalog {
  /** Every card of the game with this name (compared through normalizeCardName), any set. */
  byName(name: string): readonly CatalogCardRef[];
  /** Every distinct card name of the game, for "did you mean" suggestions. */
  names(): readonly string[];
}

export interface DeckListEntry {
  card: CatalogCardRef;
  count: number;
}

/** A resolved deck, as writers take it: every card a catalog card. */
export interface DeckList {
  hero: CatalogCardRef | null;
  main: DeckListEntry[];
  sideboard: DeckListEntry[];
}

/** Why a line did not resolve. */
export type UnresolvedReason =
  /** No card of the game has that name. */
  | 'unknown'
  /** Several cards have that name (several sets, or the set named holds it twice): never guessed. */
  | 'ambiguous'
  /** The line names a set that has no card of that name (other sets do). */
  | 'not-in-set';

/** A card line the resolver could not turn into one card, with the closest matches. */
export interface UnresolvedLine {
  line: number;
  section: 'hero' | 'main' | 'sideboard';
  name: string;
  count: number;
  set?: string;
  reason: UnresolvedReason;
  /** A sentence a player understands. */
  message: string;
  /** The cards the player may have meant (ambiguous: every card of that name; unknown: closest names). */
  candidates: CatalogCardRef[];
}

export interface ResolvedDeckList {
  deck: DeckList;
  unresolved: UnresolvedLine[];
}

/** Options of the writers. */
export interface DeckListWriteOptions {
  /** The deck's game: OCTGN files name it (see o8d.ts). Default "wow-tcg". */
  game?: GameId;
}
