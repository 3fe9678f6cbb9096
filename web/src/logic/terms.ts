/**
 * The games' term tables (the server's pure modules, shared): what players call a stored value
 * (type, rarity, element, faction, class, keyword…) in their language. Never a program identifier
 * when the table knows the value; the value as the data spells it otherwise.
 */
import { BERSERK_TERMS } from '../../../src/catalog/games/berserk/terms';
import type { GameTerms, TermKind } from '../../../src/catalog/games/terms';
import { WOW_TCG_TERMS } from '../../../src/catalog/games/wow-tcg/terms';

const TABLES: Record<string, GameTerms> = { 'wow-tcg': WOW_TCG_TERMS, berserk: BERSERK_TERMS };
const TRAIT_KINDS: readonly TermKind[] = ['element', 'faction', 'class', 'talent', 'race', 'profession'];

const lang = (language: string): 'en' | 'ru' => (language.startsWith('ru') ? 'ru' : 'en');

function lookup(game: unknown, kinds: readonly TermKind[], value: string) {
  const table = typeof game === 'string' ? TABLES[game] : undefined;
  for (const kind of kinds) {
    const entries = table?.[kind];
    if (entries && Object.prototype.hasOwnProperty.call(entries, value)) return entries[value];
  }
  return null;
}

/** A card type or rarity in the player's language (null when the game's table has none). */
export function termOf(game: unknown, kind: 'type' | 'rarity', value: string, language: string): string | null {
  return lookup(game, [kind], value)?.[lang(language)] ?? null;
}

/** A trait (element, faction, class, talent, race) in the player's language. */
export function traitName(game: unknown, value: string, language: string): string {
  return lookup(game, TRAIT_KINDS, value)?.[lang(language)] ?? value;
}

/** A keyword (or rules-term subtype) and its reminder in the player's language. */
export function keywordTerm(game: unknown, value: string, language: string): { name: string; reminder: string | null } {
  const strike = /^strike (\d+)$/.exec(value);
  const term = lookup(game, ['keyword', 'subtype'], strike ? 'strike' : value);
  const l = lang(language);
  if (!term) return { name: value, reminder: null };
  return { name: strike ? `${term[l]} ${strike[1]}` : term[l], reminder: term.reminder?.[l] ?? null };
}
