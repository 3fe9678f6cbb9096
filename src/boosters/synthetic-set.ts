/**
 * Synthetic card lists with a real set's shape, for tests and the benchmark when no set file is
 * available (a fresh clone has only the shipped data/sets files). Cards are numbered 1..n in the order of the
 * groups given, so ids are predictable: the first card is "<CODE>-1".
 */
import { cardIdOf } from '../catalog/card.types';
import type { CompilableCard } from '../catalog/layouts/compiled-layout';

/** How many cards of one rarity and type. */
export interface CardGroup {
  rarity: string;
  type: string;
  count: number;
}

/** Cards for the groups, numbered 1.. in order: `{ cardId: "<CODE>-<n>", rarity, type }`. */
export function syntheticCards(setCode: string, groups: readonly CardGroup[]): CompilableCard[] {
  const cards: CompilableCard[] = [];
  for (const { rarity, type, count } of groups) {
    for (let i = 0; i < count; i++) cards.push({ cardId: cardIdOf(setCode, cards.length + 1), rarity, type });
  }
  return cards;
}

/**
 * A WoW TCG set shaped like Heroes of Azeroth (the community data's counts): 361 cards = 114 C,
 * 115 U of which 16 heroes (heroes carry rarity "uncommon" in the data), 110 R, 22 E.
 */
export function syntheticWowSet(setCode = 'SYN'): CompilableCard[] {
  return syntheticCards(setCode, [
    { rarity: 'common', type: 'ally', count: 114 },
    { rarity: 'uncommon', type: 'ability', count: 99 },
    { rarity: 'uncommon', type: 'hero', count: 16 },
    { rarity: 'rare', type: 'item', count: 110 },
    { rarity: 'epic', type: 'weapon', count: 22 },
  ]);
}

/** A Berserk set shaped like "Война стихий" (s1): 200 cards = 99 C, 47 U, 35 R, 19 UR. */
export function syntheticBerserkSet(setCode = 'SYB'): CompilableCard[] {
  return syntheticCards(setCode, [
    { rarity: 'common', type: 'creature', count: 99 },
    { rarity: 'uncommon', type: 'creature', count: 47 },
    { rarity: 'rare', type: 'artifact', count: 35 },
    { rarity: 'ultra-rare', type: 'creature', count: 19 },
  ]);
}
