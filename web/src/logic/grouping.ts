/** A card as the app shows it: the draft/pool card plus, when known, its catalog attributes. */
export interface CardLike {
  cardId: string;
  name: string;
  type: string;
  rarity: string;
  attributes?: Record<string, unknown>;
}

export interface CardGroup<C extends CardLike> {
  key: string;
  cards: { card: C; count: number }[];
  total: number;
}

/** A card's cost, when its game has one (WoW TCG and Berserk cards both carry `cost`). */
export function costOf(card: CardLike): number | null {
  const cost = card.attributes?.cost;
  return typeof cost === 'number' ? cost : null;
}

/**
 * Picks or a pool, grouped for reading: by card type (in the game's type order when given) or by
 * cost (ascending, cards without a cost last under "–"). Copies of a card are counted, not
 * repeated; inside a group cards sort by name.
 */
export function groupCards<C extends CardLike>(cards: readonly C[], by: 'type' | 'cost', typeOrder: readonly string[] = []): CardGroup<C>[] {
  const groups = new Map<string, Map<string, { card: C; count: number }>>();
  for (const card of cards) {
    const cost = costOf(card);
    const key = by === 'type' ? card.type : cost === null ? '–' : String(cost);
    const group = groups.get(key) ?? new Map();
    const entry = group.get(card.cardId);
    if (entry) entry.count += 1;
    else group.set(card.cardId, { card, count: 1 });
    groups.set(key, group);
  }
  const rank = (key: string): number => {
    if (by === 'cost') return key === '–' ? Number.MAX_SAFE_INTEGER : Number(key);
    const i = typeOrder.indexOf(key);
    return i === -1 ? typeOrder.length : i;
  };
  return [...groups.entries()]
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
    .map(([key, group]) => {
      const entries = [...group.values()].sort((x, y) => x.card.name.localeCompare(y.card.name));
      return { key, cards: entries, total: entries.reduce((n, e) => n + e.count, 0) };
    });
}
