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
  /** The card's OCTGN GUID (lower case), when an .o8d names it: it decides over the name. */
  octgnId?: string;
}

/** A line the parser could not read, with a sentence saying why. */
export interface DeckListError {
  line: number;
  message: string;
}

/** Why a line of a list carries no card. */
export type IgnoredReason =
  /** `// …` or `# …`: a comment of the list's author or tool. */
  | 'comment'
  /** A heading that starts a section (`Sideboard:`, `Main deck`, `// Sideboard`). */
  | 'section'
  /** The list's title: its first line, when that line is no card line. */
  | 'title'
  /** A CSV header record. */
  | 'header'
  /** The back face of a double-faced hero, listed beside its front (OCTGN hero sections). */
  | 'back-face';

/** A line read and deliberately left without a card, with its reason and text (≤ 80 characters). */
export interface IgnoredLine {
  line: number;
  reason: IgnoredReason;
  text: string;
}

/**
 * A reading decision a player should check, where a list says something only by its layout (the
 * cards after a blank line read as the sideboard; a hero found in the main deck).
 */
export interface DeckListNote {
  line: number;
  message: string;
}

/**
 * A parsed deck list: card lines per section, the lines that could not be read (`errors`), the
 * lines read and left without a card (`ignored`), and the reading decisions (`notes`). Every
 * non-blank line of the file is in exactly one of hero/main/sideboard, errors and ignored.
 */
export interface ParsedDeckList {
  hero?: LineRef;
  main: LineRef[];
  sideboard: LineRef[];
  errors: DeckListError[];
  ignored: IgnoredLine[];
  notes: DeckListNote[];
}

/** An empty parsed list. */
export function emptyParsedList(): ParsedDeckList {
  return { main: [], sideboard: [], errors: [], ignored: [], notes: [] };
}

/** A card of the catalog as the resolver and the writers need it. */
export interface CatalogCardRef {
  cardId: string;
  /** Upper-case set code ("HOA"). */
  setCode: string;
  name: string;
  /** The card's GUID in OCTGN, when its set came from an OCTGN file (.o8d files name it). */
  octgnId?: string;
  /** Normalized card type ("hero", "ally", …), when known: a list's hero is found by it. */
  type?: string;
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
  /** Whether a set code (upper case) names a set of the catalog. */
  hasSet(code: string): boolean;
  /** The card with this OCTGN GUID (any case), if the catalog knows it. */
  byOctgnId(guid: string): CatalogCardRef | undefined;
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
  /** The parser's notes and the resolver's (a hero moved out of the main deck). */
  notes: DeckListNote[];
}

/** Options of the writers. */
export interface DeckListWriteOptions {
  /** The deck's game: OCTGN files name it (see o8d.ts). Default "wow-tcg". */
  game?: GameId;
  /**
   * .o8d only: write cards without an OCTGN GUID with their Podium id (named in the notes) instead
   * of refusing (OCTGN_IDS_MISSING): a file for another tool, which OCTGN itself calls corrupt.
   */
  podiumIds?: boolean;
}
