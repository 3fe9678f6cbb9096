/**
 * Card names as players type them. Copies are counted "by name" (WoW TCG glossary "НЕОГРАНИЧЕНО":
 * at most 4 of a card; docs/rules.md "by name, main deck and side deck together"), and deck lists
 * name their cards: both compare names through normalizeCardName.
 */

/**
 * The form in which two names of the same card compare equal: Unicode NFKC, typographic
 * apostrophes and quotes made plain (’ → ', “ ” → "), dashes made hyphens, "ё" read as "е"
 * (Russian players often type е), white space collapsed, lower case.
 */
export function normalizeCardName(name: string): string {
  return name
    .normalize('NFKC')
    .replace(/[\u2018\u2019\u201B\u02BC\u0060\u00B4]/g, "'")
    .replace(/[\u201C\u201D\u201E\u00AB\u00BB]/g, '"')
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/[ёЁ]/g, (c) => (c === 'ё' ? 'е' : 'Е'))
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}
