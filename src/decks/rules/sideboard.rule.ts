/**
 * SIDEBOARD_MISMATCH: in Limited the sideboard is every pool card not in the main deck.
 *
 * Source: seed wowtcg-rules-sealed-draft-glossary, "Sealed Pack Formats" ("Оставшиеся «за бортом»
 * карты сформируют вашу «запаску», сайдборд"; draft: "Не вошедшие в колоду карты станут
 * сайдбордом") and glossary "САЙДБОРД": "В форматах силед и драфт в запаске находятся все карты,
 * которые игрок не взял в основную колоду".
 *
 * Decisions: compared by card id and count; the hero is not taken out of the pool (the hero is
 * "any hero of the game", not a pool card the deck uses), so a hero card opened in the pool stays
 * in the sideboard. When the submission omits the sideboard, nothing is compared: compute it with
 * sideboardOf. Copies the main deck uses beyond the pool are the pool rule's violation, not this one's.
 */
import { countsById, describeCounts, type DeckRule } from './deck-context';
import type { CardCount } from './types';

/**
 * The Limited sideboard: every pool card not in the main deck (pool minus main, by card id), in
 * pool order; cards the main deck uses beyond the pool are simply absent.
 * @throws RangeError when a count is not a positive integer.
 */
export function sideboardOf(pool: readonly CardCount[], main: readonly CardCount[]): CardCount[] {
  const used = countsById(main, 'main');
  const names = new Map(pool.filter((p) => p.name).map((p) => [p.cardId, p.name as string]));
  const out: CardCount[] = [];
  for (const [cardId, owned] of countsById(pool, 'pool')) {
    const left = owned - (used.get(cardId) ?? 0);
    const name = names.get(cardId);
    if (left > 0) out.push(name === undefined ? { cardId, count: left } : { cardId, count: left, name });
  }
  return out;
}

export const sideboardRule: DeckRule = {
  name: 'sideboard',
  check({ format, pool, poolNames, main, sideboard }) {
    if (format !== 'limited' || pool === null || sideboard === null) return [];
    const names = new Map(poolNames);
    for (const e of [...main, ...sideboard]) names.set(e.card.cardId, e.card.name);
    const expected = new Map<string, number>();
    for (const [cardId, owned] of pool) expected.set(cardId, owned);
    for (const e of main) {
      const left = (expected.get(e.card.cardId) ?? 0) - e.count;
      if (left > 0) expected.set(e.card.cardId, left);
      else expected.delete(e.card.cardId);
    }
    const given = new Map(sideboard.map((e) => [e.card.cardId, e.count]));
    const missing: { id: string; name: string; count: number }[] = [];
    const extra: { id: string; name: string; count: number }[] = [];
    for (const [id, want] of expected) {
      const have = given.get(id) ?? 0;
      if (have < want) missing.push({ id, name: names.get(id) ?? id, count: want - have });
    }
    for (const [id, have] of given) {
      const want = expected.get(id) ?? 0;
      if (have > want) extra.push({ id, name: names.get(id) ?? id, count: have - want });
    }
    if (missing.length === 0 && extra.length === 0) return [];
    const parts = [];
    if (missing.length > 0) parts.push(`it lacks ${describeCounts(missing)}`);
    if (extra.length > 0) parts.push(`it holds ${describeCounts(extra)} that your pool has no more of outside the main deck`);
    return [
      {
        code: 'SIDEBOARD_MISMATCH',
        message: `Your sideboard must be every card of your pool that is not in your main deck, but ${parts.join(', and ')}.`,
        cards: [...missing, ...extra].map((c) => c.id),
      },
    ];
  },
};
