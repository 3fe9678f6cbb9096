import { useQueries, useQuery } from '@tanstack/react-query';
import { api, call, type CatalogCard, type Schemas } from '../api/client';
import type { paths } from '../api/schema';

type GameId = Schemas['EventDto']['game'];
type CardType = NonNullable<NonNullable<paths['/api/sets/{code}/cards']['get']['parameters']['query']>['type']>;
import type { CardLike } from '../logic/grouping';

/** Every card of one set (public catalog data, paged by 500), cached for the session. */
export async function setCards(game: GameId, code: string): Promise<CatalogCard[]> {
  const cards: CatalogCard[] = [];
  for (let page = 1; ; page++) {
    const res = await call(api.GET('/api/sets/{code}/cards', { params: { path: { code }, query: { game, page, pageSize: 500 } } }));
    cards.push(...res.items);
    if (cards.length >= res.total || res.items.length === 0) return cards;
  }
}

/**
 * The catalog cards of an event's sets by card id: draft packs and pools carry only name, type
 * and rarity, the tiles show cost, stats and traits from here.
 */
export function useCardDetails(game: GameId | undefined, setCodes: readonly string[]): Map<string, CatalogCard> {
  const codes = [...new Set(setCodes)].sort();
  const results = useQueries({
    queries: codes.map((code) => ({ queryKey: ['set-cards', game, code], queryFn: () => setCards(game!, code), enabled: !!game, staleTime: Infinity })),
  });
  const map = new Map<string, CatalogCard>();
  for (const r of results) for (const c of r.data ?? []) map.set(c.cardId, c);
  return map;
}

/** A pack or pool card with its catalog attributes, when known. */
export function detailed<C extends CardLike>(card: C, details: Map<string, CatalogCard>): C {
  const d = details.get(card.cardId);
  return d ? { ...card, attributes: d.attributes as Record<string, unknown>, ...pick(d) } : card;
}

const pick = (d: CatalogCard) => {
  const extra = d as CatalogCard & { text?: string; image?: string };
  return { ...(extra.text ? { text: extra.text } : {}), ...(extra.image ? { image: extra.image } : {}) };
};

/** Every hero of a game (WoW TCG Limited allows any hero), by name, for the deck builder's choice. */
export function useHeroes(game: GameId | undefined, heroTypes: readonly string[]) {
  return useQuery({
    queryKey: ['heroes', game],
    enabled: !!game && heroTypes.length > 0,
    staleTime: Infinity,
    queryFn: async () => {
      const sets = await call(api.GET('/api/sets', { params: { query: { game } } }));
      const heroes: CatalogCard[] = [];
      for (const set of sets) {
        for (const type of heroTypes) {
          const res = await call(api.GET('/api/sets/{code}/cards', { params: { path: { code: set.code }, query: { game, type: type as CardType, pageSize: 500 } } }));
          heroes.push(...res.items);
        }
      }
      return heroes.sort((a, b) => a.name.localeCompare(b.name) || a.cardId.localeCompare(b.cardId));
    },
  });
}

export function useGames() {
  return useQuery({ queryKey: ['games'], staleTime: Infinity, queryFn: () => call(api.GET('/api/games')) });
}

/**
 * The catalog cards of an event's sets, as useCardDetails, with whether they are all in and a
 * way to ask again: the deck builder checks decks locally only once every pool card's attributes
 * are known, and says so (with a retry) when a set could not be loaded.
 */
export function useCardDetailsState(game: GameId | undefined, setCodes: readonly string[]) {
  const codes = [...new Set(setCodes)].sort();
  return useQueries({
    queries: codes.map((code) => ({ queryKey: ['set-cards', game, code], queryFn: () => setCards(game!, code), enabled: !!game, staleTime: Infinity })),
    // Combined once per change of the queries' results: the map keeps its identity between renders.
    combine: (results) => {
      const details = new Map<string, CatalogCard>();
      for (const r of results) for (const c of r.data ?? []) details.set(c.cardId, c);
      return {
        details,
        loaded: !!game && results.every((r) => r.isSuccess),
        error: results.find((r) => r.isError)?.error ?? null,
        retry: () => results.filter((r) => r.isError).forEach((r) => void r.refetch()),
      };
    },
  });
}
