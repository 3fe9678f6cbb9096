import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiError, bearer, call } from '../api/client';
import { keys } from './keys';

/**
 * One hook per thing a player does, each owning its request and what it refreshes afterwards.
 * Errors are the server's (ApiError with its code); offline, a mutation waits for the connection
 * (TanStack's online mode) and is sent then.
 */

/** A pick as sent: it carries its own pack and pick number, so a retry never becomes the next pick. */
export interface PickMade {
  packNumber: number;
  pickNumber: number;
  cardId: string;
}

/**
 * POST /api/events/:id/picks. An answer lost on the way is retried with the same pick, which the
 * server takes once (PICK_ALREADY_MADE / PACK_NOT_ARRIVED afterwards mean the view moved on).
 */
export function usePick(eventId: string, token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (pick: PickMade) => call(api.POST('/api/events/{id}/picks', { params: { path: { id: eventId } }, body: pick, ...bearer(token) })),
    retry: (failures, error) => error instanceof ApiError && error.code === 'NETWORK' && failures < 5,
    retryDelay: (failures) => Math.min(500 * 2 ** failures, 4_000),
    // The picks list is not in the live data: /me once after the pick.
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.me(eventId) }),
  });
}

/** PUT /api/events/:id/preselect: the card the timer takes if the time runs out. */
export function usePreselect(eventId: string, token: string) {
  return useMutation({
    mutationFn: (cardId: string) => call(api.PUT('/api/events/{id}/preselect', { params: { path: { id: eventId } }, body: { cardId }, ...bearer(token) })),
  });
}

/** POST /api/matches/:matchId/report, in the match's A/B order; the round is fetched again. */
export function useReportResult(eventId: string, token: string, matchId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (result: { winsA: number; winsB: number; draws: number }) =>
      call(api.POST('/api/matches/{matchId}/report', { params: { path: { matchId } }, body: result, ...bearer(token) })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.round(eventId) }),
  });
}

/** POST /api/events/:id/drop; the standings are fetched again. */
export function useDrop(eventId: string, token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(api.POST('/api/events/{id}/drop', { params: { path: { id: eventId } }, ...bearer(token) })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.standings(eventId) }),
  });
}
