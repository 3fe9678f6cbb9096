/**
 * DECK_TOO_SMALL: the main deck, hero not counted, has at least the format's minimum of cards.
 *
 * Sources:
 * - Limited: GameProfile.limited.minDeckSize. WoW TCG **30** (seed wowtcg-rules-sealed-draft-
 *   glossary, "Sealed Pack Formats": "создав колоду из минимум 30 карт", the same for draft);
 *   Berserk 30 is the product's default for limited events (profile setting).
 * - Constructed: CONSTRUCTED_RULES (constructed-rules.ts). WoW TCG **60** besides the hero (WoW TCG
 *   comprehensive rules, docs/rules.md "Deck size"); Berserk: none published, not checked.
 * - Limited, one player: the organizer's lower minimum (deck-minimum.ts), when set.
 * There is no maximum.
 */
import { formatLabel, type DeckRule } from './deck-context';
import { mainDeckMinimum } from './deck-minimum';

export const deckSizeRule: DeckRule = {
  name: 'deck-size',
  check({ format, profile, constructed, mainTotal, minMainDeck }) {
    const min = format === 'limited' ? mainDeckMinimum(profile.limited.minDeckSize, minMainDeck) : constructed.minDeckSize;
    if (min === null || mainTotal >= min) return [];
    const heroNote = profile.heroTypes.length > 0 ? ' besides the hero' : '';
    return [
      {
        code: 'DECK_TOO_SMALL',
        message: `Your main deck has ${mainTotal} card${mainTotal === 1 ? '' : 's'}; a ${formatLabel(format)} ${profile.name} deck needs at least ${min}${heroNote}${format === 'limited' && min < profile.limited.minDeckSize ? ' (your organizer allowed ' + min + ')' : ''}. Add ${min - mainTotal} more.`,
        cards: [],
      },
    ];
  },
};
