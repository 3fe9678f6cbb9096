/**
 * CARD_NOT_IN_POOL / TOO_MANY_COPIES (pool): in Limited every main-deck card comes from the
 * player's own pool, with no more copies than the pool holds. The hero is exempt.
 *
 * Source: seed wowtcg-rules-sealed-draft-glossary, "Sealed Pack Formats": the deck is built from
 * the opened (or drafted) cards, and the hero may be any hero of the game, "невзирая на наличие в
 * бустерах"; the product's rule: "every other card must come from the player's own pool, no more copies than
 * they own".
 *
 * Decision: a card the pool does not hold at all is CARD_NOT_IN_POOL; a card the pool holds, used
 * more times than owned, is TOO_MANY_COPIES (so "someone else's pool" and "an extra copy" get
 * different codes). Pool copies are counted by card id (the exact card opened), not by name.
 * Checked only when a pool is given (stand-alone checks may omit it).
 *
 * Real boosters opened at the table (unverifiedPool): the pool is unknown, but the boosters' sets
 * are not — a main-deck or sideboard card of another set is CARD_NOT_IN_POOL (the sideboard is the
 * rest of what was opened, swapped in between games; copies: copy-limit.rule.ts).
 * The set is the card id's prefix ("HOA-218": HOA).
 */
import type { DeckRule } from './deck-context';
import type { Violation } from './types';

export const poolRule: DeckRule = {
  name: 'pool',
  check({ format, pool, main, sideboard, unverifiedPool, poolSets }) {
    if (format === 'limited' && unverifiedPool && poolSets !== null) {
      const sets = [...poolSets].join(', ');
      const seen = new Set<string>();
      return [...main, ...(sideboard ?? [])]
        .filter(({ card }) => !poolSets.has(card.cardId.slice(0, card.cardId.lastIndexOf('-')).toUpperCase()) && !seen.has(card.cardId) && seen.add(card.cardId))
        .map(({ card }) => ({
          code: 'CARD_NOT_IN_POOL' as const,
          message: `${card.name} is not from the boosters opened (${sets}): a Limited deck and its sideboard use only the cards opened or drafted (any hero excepted).`,
          cards: [card.cardId],
        }));
    }
    if (format !== 'limited' || pool === null) return [];
    const out: Violation[] = [];
    for (const { card, count } of main) {
      const owned = pool.get(card.cardId) ?? 0;
      if (owned === 0) {
        out.push({
          code: 'CARD_NOT_IN_POOL',
          message: `${card.name} is not in your pool: a Limited deck uses only the cards you opened or drafted (any hero excepted).`,
          cards: [card.cardId],
        });
      } else if (count > owned) {
        out.push({
          code: 'TOO_MANY_COPIES',
          message: `Your deck uses ${count} copies of ${card.name} but your pool has only ${owned}.`,
          cards: [card.cardId],
        });
      }
    }
    return out;
  },
};
