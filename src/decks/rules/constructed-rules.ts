/**
 * Constructed deck rules per game that the GameProfile does not carry: each game's own
 * (src/catalog/games/<id>/constructed-rules.ts, GameDefinition.constructed), by game id. Pass
 * others through DeckCheckInput.constructed if an event needs them.
 */
import { GAME_IDS, type GameId } from '../../catalog/card.types';
import { GAMES } from '../../catalog/games';
import type { ConstructedRules } from './types';

/** WoW TCG: 60+ cards, side deck of 0 or 10; Berserk: not checked (sources in each game's folder). */
export const CONSTRUCTED_RULES: Readonly<Record<GameId, ConstructedRules>> = Object.fromEntries(GAME_IDS.map((id) => [id, GAMES[id].constructed])) as Record<
  GameId,
  ConstructedRules
>;
