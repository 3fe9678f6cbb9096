/**
 * Which event, match or league a staff route acts on, read from its path pattern and parameters:
 * the store of that resource decides whose staff may call it. Pure (StaffGuard looks the store up).
 *
 * - `/api/events/:id…` → the event `id`;
 * - any route with `:matchId` → that match (its event's store);
 * - `/api/leagues/:id…` → the league `id`;
 * - any route with `:storeId` (staff, invites, store settings) → that store;
 * - anything else (creating an event or a league, importing an archive, the catalog) → none: the
 *   store comes from the request (`storeId`) or the caller's only store.
 */
export type RouteTarget = { kind: 'event' | 'match' | 'league' | 'store'; id: string } | { kind: 'none' };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * @param pattern the route's path pattern as Fastify knows it (`/api/events/:id/rounds`);
 * @param params the request's path parameters.
 * @returns the target; `{ kind: 'none' }` also when the id is not a UUID (the route's own
 *   validation then answers 400, as for anyone).
 */
export function routeTarget(pattern: string, params: Readonly<Record<string, string | undefined>>): RouteTarget {
  const target = ((): RouteTarget => {
    if (params.matchId !== undefined) return { kind: 'match', id: params.matchId };
    if (params.storeId !== undefined) return { kind: 'store', id: params.storeId };
    if (/^\/api\/events\/:id(\/|$)/.test(pattern) && params.id !== undefined) return { kind: 'event', id: params.id };
    if (/^\/api\/leagues\/:id(\/|$)/.test(pattern) && params.id !== undefined) return { kind: 'league', id: params.id };
    return { kind: 'none' };
  })();
  return target.kind !== 'none' && !UUID.test(target.id) ? { kind: 'none' } : target;
}
