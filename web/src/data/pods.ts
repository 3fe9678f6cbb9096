import { useQuery } from '@tanstack/react-query';
import { api, call } from '../api/client';
import { keys } from './keys';

/** Cache key of an event's public pod state (invalidated on pause/resume and the stream's `paused`). */
export const podsKey = keys.pods;

/** An event's pods (`GET /api/events/:id/pods`, public like the seating sheet), polled every `pollMs`. */
export function usePods(eventId: string | undefined, pollMs: number, enabled = true) {
  return useQuery({
    queryKey: podsKey(eventId),
    enabled: enabled && !!eventId,
    refetchInterval: pollMs,
    queryFn: () => call(api.GET('/api/events/{id}/pods', { params: { path: { id: eventId! } } })),
  });
}
