/**
 * Deck lists in and out: parsers and writers per format, the resolver of names to
 * catalog cards. Pure: no Nest, no database, no I/O.
 */
import { parseCsvDeck, writeCsvDeck } from './csv';
import { parseMwDeck, writeMwDeck } from './mwdeck';
import { parseO8dDeck, writeO8dDeck } from './o8d';
import { resolveDeckLines } from './resolve';
import { parseTextDeck, writeTextDeck } from './text';
import type { DeckCatalog, DeckList, DeckListError, DeckListFormat, DeckListWriteOptions, IgnoredLine, ParsedDeckList, ResolvedDeckList } from './types';

export { closestNames, editDistance } from './closest-names';
export { readCsvRecords } from '../../common/csv/csv-records';
export { MAX_COPIES_PER_LINE, MAX_NAME_LENGTH } from './line-syntax';
export { OCTGN_GAME_IDS } from './o8d';
export { deckCatalogOf, MAX_SUGGESTED_NAMES, resolveDeckLines } from './resolve';
export * from './types';
export { parseCsvDeck, parseMwDeck, parseO8dDeck, parseTextDeck, writeCsvDeck, writeMwDeck, writeO8dDeck, writeTextDeck };

const PARSERS: Readonly<Record<DeckListFormat, (text: string) => ParsedDeckList>> = {
  text: parseTextDeck,
  csv: parseCsvDeck,
  o8d: parseO8dDeck,
  mwdeck: parseMwDeck,
};

const WRITERS: Readonly<Record<DeckListFormat, (deck: DeckList, options: DeckListWriteOptions) => string>> = {
  text: writeTextDeck,
  csv: writeCsvDeck,
  o8d: writeO8dDeck,
  mwdeck: writeMwDeck,
};

/** File extension and media type per format, for downloads. */
export const DECK_LIST_FILES: Readonly<Record<DeckListFormat, { extension: string; mediaType: string }>> = {
  text: { extension: 'txt', mediaType: 'text/plain; charset=utf-8' },
  csv: { extension: 'csv', mediaType: 'text/csv; charset=utf-8' },
  o8d: { extension: 'o8d', mediaType: 'application/xml; charset=utf-8' },
  mwdeck: { extension: 'mwDeck', mediaType: 'text/plain; charset=utf-8' },
};

/**
 * Parses a deck list of any format.
 * @throws DomainError MALFORMED_BODY when the file as a whole is not of that format (XML not
 *   well-formed or without a <deck> root; CSV without its header or with an unclosed quote).
 */
export function parseDeckList(format: DeckListFormat, text: string): ParsedDeckList {
  return PARSERS[format](text);
}

/** Writes a resolved deck in a format. */
export function writeDeckList(format: DeckListFormat, deck: DeckList, options: DeckListWriteOptions = {}): string {
  return WRITERS[format](deck, options);
}

/** A deck list read and resolved in one step: the deck, the unresolved lines, the unreadable ones and those left without a card. */
export interface ImportedDeckList extends ResolvedDeckList {
  errors: DeckListError[];
  ignored: IgnoredLine[];
}

/**
 * Parses and resolves a deck list (see parseDeckList and resolveDeckLines).
 * @throws DomainError MALFORMED_BODY as parseDeckList.
 */
export function importDeckList(format: DeckListFormat, text: string, catalog: DeckCatalog, preferredSets: readonly string[]): ImportedDeckList {
  const parsed = parseDeckList(format, text);
  return { ...resolveDeckLines(parsed, catalog, preferredSets), errors: parsed.errors, ignored: parsed.ignored };
}
