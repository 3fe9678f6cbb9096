import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { api, bearer, call } from '../api/client';
import { meKey } from './use-me';
import { podsKey } from '../data/pods';

export type StreamStatus = 'connecting' | 'open' | 'down';

/**
 * Follows the player's live stream (README, Live updates): a ticket, then an EventSource. Each
 * event refreshes the player's view (draft events: /me; `clock` events during the rounds: the round); when the stream drops for good (its ticket expired, the
 * server restarted) a new ticket opens a new stream resuming from the last event id, with a
 * growing pause between tries. The caller polls while the status is not `open`, so nothing
 * depends on the stream alone.
 */
export function useDraftStream(eventId: string, token: string, enabled: boolean): StreamStatus {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<StreamStatus>('connecting');
  const lastEventId = useRef<string | null>(null);

  useEffect(() => {
    if (!enabled) return;
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    let delay = 500;
    const refresh = (name: string) => {
      if (name === 'clock') {
        // The round clock changed or a round was paired: the round and the event (its round count) again.
        void queryClient.invalidateQueries({ queryKey: ['round', eventId] });
        void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] === 'event-by-code' });
        return;
      }
      void queryClient.invalidateQueries({ queryKey: meKey(eventId) });
      if (name === 'paused') void queryClient.invalidateQueries({ queryKey: podsKey(eventId) });
    };

    const open = async () => {
      if (stopped) return;
      setStatus('connecting');
      try {
        const { ticket } = await call(api.POST('/api/events/{id}/stream-ticket', { params: { path: { id: eventId } }, ...bearer(token) }));
        if (stopped) return;
        const resume = lastEventId.current ? `&lastEventId=${encodeURIComponent(lastEventId.current)}` : '';
        source = new EventSource(`/api/events/${eventId}/stream?ticket=${encodeURIComponent(ticket)}${resume}`);
        source.onopen = () => {
          delay = 500;
          setStatus('open');
        };
        for (const name of ['pack', 'round', 'paused', 'draft-complete', 'clock'])
          source.addEventListener(name, (e: MessageEvent) => {
            if (e.lastEventId) lastEventId.current = e.lastEventId;
            refresh(name);
          });
        source.onerror = () => {
          if (source?.readyState === EventSource.CLOSED) {
            source = null;
            schedule();
          } else {
            setStatus('connecting'); // the browser reconnects by itself while the ticket is valid
          }
        };
      } catch {
        schedule();
      }
    };
    const schedule = () => {
      if (stopped) return;
      setStatus('down');
      retry = setTimeout(() => void open(), delay);
      delay = Math.min(delay * 2, 10_000);
    };
    void open();
    return () => {
      stopped = true;
      clearTimeout(retry);
      source?.close();
    };
  }, [eventId, token, enabled]);

  return enabled ? status : 'down';
}
