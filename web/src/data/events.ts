import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api, call, type EventView } from '../api/client';
import type { paths } from '../api/schema';

type ListQuery = NonNullable<paths['/api/events']['get']['parameters']['query']>;
/** The filters of GET /api/events (no cursor: the pages bring their own). */
export type EventFilter = Pick<ListQuery, 'game' | 'state' | 'q' | 'storeId'>;

/**
 * The events matching `filter`, newest first, a page of `limit` at a time: `events` holds every
 * page loaded so far, `loadMore` asks for the next (keyset pages: nothing is listed twice or
 * skipped when events are created meanwhile). A refetch (`refetchInterval`, or invalidating the
 * ['events'] key after a change) reloads the loaded pages from the newest.
 */
export function useEventPages(filter: EventFilter, options: { limit?: number; refetchInterval?: number; enabled?: boolean } = {}) {
  const limit = options.limit ?? 20;
  const query = useInfiniteQuery({
    queryKey: ['events', filter, limit],
    enabled: options.enabled ?? true,
    refetchInterval: options.refetchInterval,
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) => call(api.GET('/api/events', { params: { query: { ...withoutEmpty(filter), limit, cursor: pageParam } } })),
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
  const events: EventView[] = query.data?.pages.flatMap((p) => p.items) ?? [];
  return {
    events,
    loaded: query.isSuccess,
    error: query.error,
    hasMore: query.hasNextPage,
    loadingMore: query.isFetchingNextPage,
    loadMore: () => void query.fetchNextPage(),
  };
}

/** `value`, once it has stopped changing for `ms` (a search box asks the server once the typing pauses). */
export function useSettled<T>(value: T, ms = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

function withoutEmpty(filter: EventFilter): EventFilter {
  const q = filter.q?.trim();
  return { ...filter, q: q ? q.slice(0, 120) : undefined };
}
