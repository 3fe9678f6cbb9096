/**
 * Every query key of the web app, from one place: a key is made by its factory, never spelled out
 * by hand, so an invalidation names exactly what a query cached. Prefix factories (`round(eventId)`)
 * match every query under them (TanStack Query matches keys by prefix).
 */
export const keys = {
  /** The player's own view (GET /api/events/:id/me). */
  me: (eventId: string) => ['me', eventId] as const,
  /** An event's public pod state (GET /api/events/:id/pods). */
  pods: (eventId: string | undefined) => ['pods', eventId] as const,
  /** An event by its join code; `eventByCode()` matches every code. */
  eventByCode: (code?: string) => (code === undefined ? (['event-by-code'] as const) : (['event-by-code', code.toUpperCase()] as const)),
  /** A round of an event: `round(id)` matches all its rounds; `view` tells the screens' sort orders apart. */
  round: (eventId: string | undefined, number?: number, view?: string) =>
    number === undefined ? (['round', eventId] as const) : (['round', eventId, number, view ?? 'default'] as const),
  /** The standings; `version` (see resultsVersion) changes with every confirmed result. */
  standings: (eventId: string, version?: string) => (version === undefined ? (['standings', eventId] as const) : (['standings', eventId, version] as const)),
  /** The final placings (GET /api/events/:id/placings). */
  placings: (eventId: string | undefined) => ['placings', eventId] as const,
  /** The player's registered deck. */
  deck: (eventId: string) => ['deck', eventId] as const,
  /** Every card of one set (catalog). */
  setCards: (game: string | undefined, code: string) => ['set-cards', game, code] as const,
  heroes: (game: string | undefined) => ['heroes', game] as const,
  games: () => ['games'] as const,
  addresses: () => ['addresses'] as const,
  /** Event lists; `events()` matches every filter. */
  events: (filter?: unknown, limit?: number) => (filter === undefined ? (['events'] as const) : (['events', filter, limit] as const)),
} as const;
