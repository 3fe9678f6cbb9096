/**
 * SIDE_DECK_SIZE: in Constructed the side deck holds exactly one of the allowed sizes.
 *
 * Source: WoW TCG glossary (seed wowtcg-rules-sealed-draft-glossary, "САЙДБОРД или «ЗАПАСКА»"):
 * "В формате констрактед в запаске десять карт", and no side deck at all is allowed
 * (docs/rules.md "Side deck: 10 cards in Constructed (or none)"): sizes [0, 10] in
 * CONSTRUCTED_RULES. In Limited the sideboard is every unused pool card (sideboard.rule.ts), so
 * its size is never checked here. Berserk: no published side deck size, not checked.
 */
import type { DeckRule } from './deck-context';

function sizes(list: readonly number[]): string {
  if (list.length === 1) return `exactly ${list[0]}`;
  return `exactly ${list.slice(0, -1).join(', ')} or ${list[list.length - 1]}`;
}

export const sideDeckSizeRule: DeckRule = {
  name: 'side-deck-size',
  check({ format, constructed, sideTotal }) {
    const allowed = constructed.sideDeckSizes;
    if (format !== 'constructed' || allowed === null || allowed.includes(sideTotal)) return [];
    return [
      {
        code: 'SIDE_DECK_SIZE',
        message: `Your side deck has ${sideTotal} card${sideTotal === 1 ? '' : 's'}; a Constructed side deck has ${sizes(allowed)} cards.`,
        cards: [],
      },
    ];
  },
};
