/**
 * The public catalog as the simulated players read it (GET /api/sets/:code/cards): the attributes
 * their pick strategy looks at, by card id.
 */
import type { GameId } from '../catalog/card.types';
import { SIM_GAME_STRATEGIES } from './game-strategy';
import type { ApiClient } from './http-client';
import type { PickCard } from './pick-strategy';

interface CatalogPage {
  items: { cardId: string; rarity: string; type: string; attributes: Record<string, unknown> }[];
  total: number;
}

/** Every card of the given sets, as the pick strategy sees it. */
export async function loadPickCards(api: ApiClient, game: GameId, setCodes: readonly string[]): Promise<Map<string, PickCard>> {
  const out = new Map<string, PickCard>();
  const strategy = SIM_GAME_STRATEGIES[game];
  for (const code of new Set(setCodes.map((c) => c.toUpperCase()))) {
    for (let page = 1; ; page++) {
      const res = await api.get<CatalogPage>(`/sets/${code}/cards?game=${game}&pageSize=500&page=${page}`);
      for (const c of res.items) {
        const a = c.attributes;
        out.set(c.cardId, {
          cardId: c.cardId,
          rarity: c.rarity,
          type: c.type,
          ...strategy.pickAttributes(a),
        });
      }
      if (page * 500 >= res.total) break;
    }
  }
  return out;
}
