import { useQuery } from '@tanstack/react-query';
import { api, bearer, call } from '../api/client';
import { keys } from '../data/keys';
import { clockOffset } from '../logic/countdown';

/** Server minus browser clock (ms), from the last /me answer's Date header. */
export let serverOffsetMs = 0;

/**
 * The player's own view (`GET /api/events/:id/me`: seat, current pack, deadline, picks, pool).
 * Polled as the live stream's fallback: every `pollMs` while the stream is down.
 */
export function useMe(eventId: string, token: string, pollMs: number | false) {
  return useQuery({
    queryKey: keys.me(eventId),
    refetchInterval: pollMs,
    queryFn: async () => {
      const request = api.GET('/api/events/{id}/me', { params: { path: { id: eventId } }, ...bearer(token) });
      const me = await call(request);
      const { response } = await request;
      serverOffsetMs = clockOffset(response.headers.get('date'), Date.now());
      return me;
    },
  });
}
