/**
 * A game's term table: every value that appears on its cards (types, rarities, elements, factions,
 * classes, keywords, …) with the name players know in each language, and for keywords a short
 * reminder of what they do. Russian names follow that game's Russian rule texts; reminders are
 * written by us from the rule texts' glossaries (the shipped sets carry no rules text).
 *
 * Pure data and lookups: no Nest, no I/O, no runtime imports, so the web app imports the same
 * tables (web/src/logic/terms.ts) that the API serves (GET /api/games/:game/terms).
 */

/** A language the tables are written in. */
export type TermLanguage = 'en' | 'ru';
export const TERM_LANGUAGES: readonly TermLanguage[] = ['en', 'ru'];

/** What a value on a card is: the table is keyed by kind, then by the value as stored. */
export type TermKind = 'type' | 'rarity' | 'element' | 'faction' | 'class' | 'talent' | 'race' | 'profession' | 'keyword' | 'subtype';
export const TERM_KINDS: readonly TermKind[] = ['type', 'rarity', 'element', 'faction', 'class', 'talent', 'race', 'profession', 'keyword', 'subtype'];

/** One term: its name in each language; `reminder` (keywords) says in one sentence what it does. */
export interface Term {
  en: string;
  ru: string;
  reminder?: { en: string; ru: string };
}

/** A game's table: by kind, by stored value (e.g. keyword `defFromPoison`, class `Death Knight`). */
export type GameTerms = { readonly [K in TermKind]?: Readonly<Record<string, Term>> };

/**
 * The term of a stored value.
 * @returns null when the game's table has no entry (callers must not show the raw value to players
 *   without deciding to: the shipped-set test keeps the tables complete for shipped data).
 */
export function findTerm(terms: GameTerms, kind: TermKind, value: string): Term | null {
  const table = terms[kind];
  return table && Object.prototype.hasOwnProperty.call(table, value) ? table[value] : null;
}

/**
 * The player-facing name of a stored value in a language; the value itself when the table has no
 * entry (imported sets may carry values no table knows: they are shown as the data spells them).
 */
export function termName(terms: GameTerms, kind: TermKind, value: string, language: TermLanguage): string {
  return findTerm(terms, kind, value)?.[language] ?? value;
}
