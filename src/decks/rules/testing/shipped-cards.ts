/**
 * Test support: real cards from the set files the product ships (data/sets, product format), read
 * with the catalog's own importer, as the deck rules receive them. Used by the specs only.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cardIdOf, type GameId, type SetData } from '../../../catalog/card.types';
import { parseProductJson } from '../../../catalog/importers/product-json';
import type { DeckCard, DeckEntry } from '../types';

const DIR = join(__dirname, '..', '..', '..', '..', 'data', 'sets');
const cache = new Map<string, SetData>();

/** A shipped set by code ("HOA", "MOL", "S1"), parsed once. */
export function shippedSet(code: string): SetData {
  const key = code.toUpperCase();
  const cached = cache.get(key);
  if (cached) return cached;
  const games: GameId[] = ['wow-tcg', 'berserk'];
  const file = games.map((g) => join(DIR, `${g}-${key.toLowerCase()}.json`)).find((f) => existsSync(f));
  if (!file) throw new Error(`no shipped set file for ${key} in ${DIR}`);
  const [set] = parseProductJson(readFileSync(file, 'utf8'));
  cache.set(key, set);
  return set;
}

/** Every card of a shipped set as a DeckCard. */
export function shippedCards(code: string): DeckCard[] {
  const set = shippedSet(code);
  return set.cards.map((c) => ({ cardId: cardIdOf(set.code, c.number), name: c.name, type: c.type, attributes: c.attributes }));
}

/** The card of a shipped set with this exact name. @throws Error when absent or not unique. */
export function card(code: string, name: string): DeckCard {
  const found = shippedCards(code).filter((c) => c.name === name);
  if (found.length !== 1) throw new Error(`${found.length} cards named "${name}" in shipped set ${code}`);
  return found[0];
}

/** A deck entry. */
export const entry = (c: DeckCard, count: number): DeckEntry => ({ card: c, count });

/**
 * `total` cards for a deck, `perCard` copies each, drawn in set order from the set's cards that
 * pass `accept` (never heroes), and never named in `exclude`.
 */
export function fill(code: string, total: number, perCard: number, accept: (c: DeckCard) => boolean, exclude: readonly string[] = []): DeckEntry[] {
  const out: DeckEntry[] = [];
  let left = total;
  for (const c of shippedCards(code)) {
    if (left === 0) break;
    if (c.type === 'hero' || exclude.includes(c.name) || !accept(c)) continue;
    const n = Math.min(perCard, left);
    out.push(entry(c, n));
    left -= n;
  }
  if (left > 0) throw new Error(`not enough cards in ${code} to fill ${total}`);
  return out;
}

const attrs = (c: DeckCard): Record<string, unknown> => c.attributes as Record<string, unknown>;

/**
 * WoW TCG cards any hero of `hero`'s faction, class and talent may play, read straight from the
 * attributes (faction Neutral/Both or the hero's; classes absent or holding the hero's; talent
 * absent or the hero's), and not tagged Unlimited (so copy tests stay about the ordinary limit).
 */
export function playableBy(hero: DeckCard): (c: DeckCard) => boolean {
  const h = attrs(hero);
  return (c) => {
    const a = attrs(c);
    const faction = a.faction as string;
    const classes = a.classes as string[] | undefined;
    const talent = a.talent as string | undefined;
    return (
      (faction === 'Neutral' || faction === 'Both' || faction === h.faction) &&
      (!classes || classes.includes(h.heroClass as string)) &&
      (!talent || talent === h.heroTalent) &&
      a.unlimited !== true
    );
  };
}

/** Catalog references ({ cardId, setCode, name, type }) of shipped sets, for the deck-list resolver. */
export function catalogRefs(...codes: string[]): { cardId: string; setCode: string; name: string; type: string }[] {
  return codes.flatMap((code) => shippedCards(code).map((c) => ({ cardId: c.cardId, setCode: shippedSet(code).code, name: c.name, type: c.type })));
}
