/**
 * Constructed deck rules per game that the GameProfile does not carry: each game's own
 * (src/catalog/games/<id>/constructed-rules.ts, also its GameDefinition.constructed), by game id.
 * Pass others through DeckCheckInput.constructed if an event needs them.
 *
 * Read from the games' constructed-rules files, not from the GAMES registry: the registry brings
 * the importers and class-validator with it, and the deck rules must stay importable by the web
 * app (its builder checks decks locally with checkDeck).
 */
import type { GameId } from '../../catalog/card.types';
import { BERSERK_CONSTRUCTED_RULES } from '../../catalog/games/berserk/constructed-rules';
import { WOW_CONSTRUCTED_RULES } from '../../catalog/games/wow-tcg/constructed-rules';
import type { ConstructedRules } from './types';

/** WoW TCG: 60+ cards, side deck of 0 or 10; Berserk: not checked (sources in each game's folder). */
export const CONSTRUCTED_RULES: Readonly<Record<GameId, ConstructedRules>> = {
  'wow-tcg': WOW_CONSTRUCTED_RULES,
  berserk: BERSERK_CONSTRUCTED_RULES,
};
