/**
 * UNKNOWN_CARD: a card id the catalog does not know, or a card of another game.
 *
 * Source: the product's contract ("Each violation has a machine-readable code … UNKNOWN_CARD"). The rules receive
 * resolved cards: the caller looks the submitted ids up in the catalog and passes the ids it could
 * not find as DeckCheckInput.unknownCards (or builds the violations with unknownCardViolation), so
 * they come back together with every other violation.
 */
import type { GameProfile } from '../../catalog/games/game-profile';
import { attribute, type DeckRule } from './deck-context';
import type { Violation } from './types';

/** The violation for a card id the catalog does not know in this game. */
export function unknownCardViolation(cardId: string, profile: GameProfile): Violation {
  return {
    code: 'UNKNOWN_CARD',
    message: `There is no card "${cardId}" in ${profile.name}: check the card id, or the deck list line it came from.`,
    cards: [cardId],
  };
}

/** One UNKNOWN_CARD violation per distinct id, in order. */
export function unknownCardViolations(cardIds: readonly string[], profile: GameProfile): Violation[] {
  return [...new Set(cardIds)].map((id) => unknownCardViolation(id, profile));
}

export const unknownCardRule: DeckRule = {
  name: 'unknown-card',
  check(ctx) {
    const out = unknownCardViolations(ctx.unknownCards, ctx.profile);
    // A card whose attributes name another game (the shipped files omit `game`: then it is trusted).
    const cards = [...(ctx.hero ? [ctx.hero] : []), ...ctx.main.map((e) => e.card), ...(ctx.sideboard ?? []).map((e) => e.card)];
    const seen = new Set<string>();
    for (const card of cards) {
      const game = attribute(card, 'game');
      if (typeof game === 'string' && game !== ctx.profile.id && !seen.has(card.cardId)) {
        seen.add(card.cardId);
        out.push({
          code: 'UNKNOWN_CARD',
          message: `${card.name} (${card.cardId}) is not a ${ctx.profile.name} card.`,
          cards: [card.cardId],
        });
      }
    }
    return out;
  },
};
