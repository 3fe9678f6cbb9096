/**
 * Pieces of deck-list syntax the formats share: counts, set codes, names, line splitting.
 */
import type { DeckListError, LineRef } from './types';

/** Most copies one line may give (Unlimited cards allow many; this only stops nonsense numbers). */
export const MAX_COPIES_PER_LINE = 999;
/** Longest card name accepted (the longest real names have about 45 characters). */
export const MAX_NAME_LENGTH = 200;
/** Set codes as the catalog writes them (SET_CODE_PATTERN of the importers), any case here. */
export const SET_CODE = /^[A-Za-z0-9]{1,16}$/;

/** Lines of a text without a leading byte-order mark, split at \r\n, \n or \r. */
export function splitLines(text: string): string[] {
  return text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
}

/** A name as stored in a LineRef: white space collapsed and trimmed. */
export function cleanName(name: string): string {
  return name.replace(/\s+/g, ' ').trim();
}

/**
 * Reads a count written as digits.
 * @returns the count, or an error sentence.
 */
export function readCount(text: string): number | string {
  const t = text.trim();
  if (!/^\d+$/.test(t)) return `"${t.slice(0, 20)}" is not a number of copies`;
  const n = Number(t);
  if (n < 1) return 'the number of copies must be at least 1';
  if (n > MAX_COPIES_PER_LINE) return `${n} copies on one line is more than the ${MAX_COPIES_PER_LINE} accepted`;
  return n;
}

/**
 * A LineRef from its pieces, or an error when the count or the name is not acceptable.
 * @param set the set code as written (empty/undefined = none); upper-cased.
 */
export function lineRef(line: number, countText: string, name: string, set: string | undefined): LineRef | DeckListError {
  const count = readCount(countText);
  if (typeof count === 'string') return { line, message: count };
  const clean = cleanName(name);
  if (clean === '') return { line, message: 'the card name is missing' };
  if (clean.length > MAX_NAME_LENGTH) return { line, message: `the card name is longer than ${MAX_NAME_LENGTH} characters` };
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  if (/[\u0000-\u001F\u007F]/.test(clean)) return { line, message: 'the card name holds control characters' };
  const code = set?.trim();
  return code ? { line, name: clean, count, set: code.toUpperCase() } : { line, name: clean, count };
}

export function isError(v: LineRef | DeckListError): v is DeckListError {
  return 'message' in v;
}

/**
 * Adds a card line to its section of a parsed list (hero: only one, count 1).
 * @returns an error when the hero section gets a second card or more than one copy.
 */
export function addLine(into: { hero?: LineRef; main: LineRef[]; sideboard: LineRef[] }, section: 'hero' | 'main' | 'sideboard', ref: LineRef): DeckListError | null {
  if (section !== 'hero') {
    into[section].push(ref);
    return null;
  }
  if (into.hero) return { line: ref.line, message: `a deck has one hero, and ${into.hero.name} (line ${into.hero.line}) is already the hero` };
  if (ref.count !== 1) return { line: ref.line, message: `a deck has one hero, not ${ref.count}` };
  into.hero = ref;
  return null;
}
