import type { CardGroup, CardLike } from './grouping';

/** One pick of the player's history (MeDto.pickHistory). */
export interface PickRecord {
  packNumber: number;
  pickNumber: number;
  cardId: string;
  auto: boolean;
}

/**
 * The player's picks grouped by the pack they came from (pack 1 first), each pack in pick order.
 * `cards[i]` is the card of `history[i]` (the /me view lists both in the same order); a history
 * longer or shorter than the cards (an answer mid-update) groups only the pairs both have.
 */
export function groupByPack<C extends CardLike>(cards: readonly C[], history: readonly PickRecord[]): CardGroup<C>[] {
  const byPack = new Map<number, { pick: number; card: C }[]>();
  const n = Math.min(cards.length, history.length);
  for (let i = 0; i < n; i++) {
    const h = history[i];
    const list = byPack.get(h.packNumber) ?? [];
    list.push({ pick: h.pickNumber, card: cards[i] });
    byPack.set(h.packNumber, list);
  }
  return [...byPack.entries()]
    .sort(([a], [b]) => a - b)
    .map(([pack, list]) => {
      const sorted = list.sort((a, b) => a.pick - b.pick);
      return { key: String(pack), cards: sorted.map(({ card }) => ({ card, count: 1 })), total: sorted.length };
    });
}
