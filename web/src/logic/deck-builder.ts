/**
 * The deck being built from a Limited pool: the hero (WoW TCG), and how many copies of each pool
 * card are in the main deck. The sideboard is never stored: in Limited it is the rest of the pool
 * (pool minus main deck), so a card moved out of the main deck is in the sideboard by definition.
 */
export interface DeckDraft {
  hero: string | null;
  main: Readonly<Record<string, number>>;
}

export interface CardCount {
  cardId: string;
  count: number;
}

/** How many copies of each card the pool holds (the pool lists one entry per copy). */
export function poolCounts(pool: readonly { cardId: string }[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const card of pool) counts[card.cardId] = (counts[card.cardId] ?? 0) + 1;
  return counts;
}

export const emptyDeck = (): DeckDraft => ({ hero: null, main: {} });

/** Copies of a card in the sideboard: the pool's copies not in the main deck. */
export function sideboardCount(deck: DeckDraft, pool: Readonly<Record<string, number>>, cardId: string): number {
  return Math.max(0, (pool[cardId] ?? 0) - (deck.main[cardId] ?? 0));
}

/** Cards in the main deck (the 30-card minimum counts these). */
export function mainCount(deck: DeckDraft): number {
  return Object.values(deck.main).reduce((n, c) => n + c, 0);
}

/**
 * Moves `n` copies between the main deck and the sideboard, never more than the pool has and
 * never below zero (a tap on an empty side does nothing).
 */
export function moveCard(deck: DeckDraft, pool: Readonly<Record<string, number>>, cardId: string, to: 'main' | 'sideboard', n = 1): DeckDraft {
  const inMain = deck.main[cardId] ?? 0;
  const next = to === 'main' ? Math.min(pool[cardId] ?? 0, inMain + n) : Math.max(0, inMain - n);
  if (next === inMain) return deck;
  const main = { ...deck.main };
  if (next === 0) delete main[cardId];
  else main[cardId] = next;
  return { ...deck, main };
}

/** Every copy of every card into the main deck, or all back to the sideboard. */
export function moveAll(deck: DeckDraft, pool: Readonly<Record<string, number>>, to: 'main' | 'sideboard'): DeckDraft {
  return { ...deck, main: to === 'main' ? { ...pool } : {} };
}

/**
 * A deck read from the server (a registered deck or a suggestion) as a draft of this pool:
 * counts above what the pool holds are cut to the pool (the server would refuse them anyway).
 */
export function deckFrom(hero: string | null | undefined, main: readonly CardCount[], pool: Readonly<Record<string, number>>): DeckDraft {
  const counts: Record<string, number> = {};
  for (const { cardId, count } of main) {
    const n = Math.min(pool[cardId] ?? 0, (counts[cardId] ?? 0) + count);
    if (n > 0) counts[cardId] = n;
  }
  return { hero: hero ?? null, main: counts };
}

/** The body of `PUT /api/events/:id/deck`: hero, main deck and the rest of the pool as sideboard, sorted by card id. */
export function toSubmission(deck: DeckDraft, pool: Readonly<Record<string, number>>): { hero?: string; main: CardCount[]; sideboard: CardCount[] } {
  const ids = Object.keys(pool).sort();
  const main = ids.filter((id) => (deck.main[id] ?? 0) > 0).map((cardId) => ({ cardId, count: deck.main[cardId] }));
  const sideboard = ids.map((cardId) => ({ cardId, count: sideboardCount(deck, pool, cardId) })).filter((e) => e.count > 0);
  return { ...(deck.hero ? { hero: deck.hero } : {}), main, sideboard };
}

/** Whether two decks hold the same hero and the same copies of each card (the order cards were added in does not matter). */
export function sameDeck(a: { hero: string | null; main: Readonly<Record<string, number>>; sideboard?: Readonly<Record<string, number>> }, b: typeof a): boolean {
  const counts = (c: Readonly<Record<string, number>> | undefined) =>
    JSON.stringify(
      Object.entries(c ?? {})
        .filter(([, n]) => n > 0)
        .sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)),
    );
  return a.hero === b.hero && counts(a.main) === counts(b.main) && counts(a.sideboard) === counts(b.sideboard);
}
