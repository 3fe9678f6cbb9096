/**
 * Which term-table entries (./terms.ts) a card shows: its type, rarity and every attribute value a
 * player reads (WoW TCG faction, classes, talents, race, professions, tags and rules-term subtypes;
 * Berserk element, elite/horde/flying/unique and keyword ids). Read defensively from stored
 * attributes (fields may be missing). Pure, no runtime imports: the web app's tile uses it too.
 */
import type { TermKind } from './terms';

/** One value of a card to be named through the game's term table. */
export interface CardTermRef {
  kind: TermKind;
  value: string;
}

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const list = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string' && x !== '') : []);

/**
 * The values of a card that have (or must have) a term, without duplicates, in the order a tile
 * shows them: type, rarity, traits (element / faction, classes, talent, race), keywords.
 * WoW subtypes are left out: most are printed names (creature kinds), shown as printed; the
 * rules-term subtypes are looked up by the caller with `findTerm(…, 'subtype', …)`.
 */
export function cardTermRefs(game: string, card: { type: string; rarity: string; attributes?: Record<string, unknown> | null }): CardTermRef[] {
  const a = card.attributes ?? {};
  const refs: CardTermRef[] = [
    { kind: 'type', value: card.type },
    { kind: 'rarity', value: card.rarity },
  ];
  const add = (kind: TermKind, value: string | null) => {
    if (value !== null && !refs.some((r) => r.kind === kind && r.value === value)) refs.push({ kind, value });
  };
  if (game === 'berserk') {
    add('element', str(a.element));
    if (a.elite === true) add('keyword', 'elite');
    if (a.horde === true) add('keyword', 'horde');
    if (a.flying === true) add('keyword', 'flying');
    if (a.unique === true) add('keyword', 'unique');
    for (const f of list(a.features)) add('keyword', f);
  } else {
    add('faction', str(a.faction));
    add('class', str(a.heroClass));
    for (const c of list(a.classes)) add('class', c);
    add('talent', str(a.heroTalent));
    add('talent', str(a.talent));
    add('race', str(a.race));
    for (const p of list(a.professions)) add('profession', p);
    if (a.unique === true) add('keyword', 'unique');
    if (a.unlimited === true) add('keyword', 'unlimited');
  }
  return refs;
}
