import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { api, bearer, call, type Schemas } from '../api/client';
import { keys } from '../data/keys';

export type StreamStatus = 'connecting' | 'open' | 'down' | 'offline';

type Me = Schemas['MeDto'];
/** The `pack` event's data: /me without the pool and the picks, plus the own pick count (README, Live updates). */
type LivePack = Omit<Me, 'playerId' | 'queued' | 'picks' | 'pickHistory' | 'pool'> & { pickCount: number };

/** The server sends a heartbeat every 15 s: two missed ones (plus slack) mean the connection is dead. */
export const HEARTBEAT_TIMEOUT_MS = 40_000;

/**
 * Follows the player's live stream (README, Live updates): a ticket, then an EventSource. A `pack`
 * event is written into the cached /me view when it has everything that changed (same pick count,
 * same event state); only a new pick (the picks list) or a new event state fetches /me again.
 * The status is the stream's real state: `open` while events or heartbeats arrive, `offline` when
 * the browser says it has no network, `down` between a dead stream and the next try. A stream that
 * drops (error, ticket expired, server restarted, heartbeats missing, the network back) is opened
 * again from the last event id, with a growing pause between tries. The caller polls while the
 * status is not `open`, so nothing depends on the stream alone.
 */
export function useDraftStream(eventId: string, token: string, enabled: boolean): StreamStatus {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<StreamStatus>(() => (navigator.onLine ? 'connecting' : 'offline'));
  const lastEventId = useRef<string | null>(null);

  useEffect(() => {
    if (!enabled) return;
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    let delay = 500;
    let lastHeard = Date.now();

    const close = () => {
      source?.close();
      source = null;
    };
    const open = async () => {
      clearTimeout(retry);
      if (stopped) return;
      if (!navigator.onLine) return setStatus('offline');
      setStatus('connecting');
      try {
        const { ticket } = await call(api.POST('/api/events/{id}/stream-ticket', { params: { path: { id: eventId } }, ...bearer(token) }));
        if (stopped || source) return;
        const resume = lastEventId.current ? `&lastEventId=${encodeURIComponent(lastEventId.current)}` : '';
        const es = new EventSource(`/api/events/${eventId}/stream?ticket=${encodeURIComponent(ticket)}${resume}`);
        source = es;
        es.onopen = () => {
          delay = 500;
          lastHeard = Date.now();
          setStatus('open');
        };
        for (const name of ['pack', 'round', 'paused', 'draft-complete', 'clock', 'heartbeat'])
          es.addEventListener(name, (e: MessageEvent) => {
            lastHeard = Date.now();
            if (e.lastEventId) lastEventId.current = e.lastEventId;
            if (es.readyState === EventSource.OPEN) setStatus('open');
            applyEvent(queryClient, eventId, name, e.data);
          });
        es.onerror = () => {
          if (es.readyState === EventSource.CLOSED) {
            if (source === es) source = null;
            schedule();
          } else {
            setStatus(navigator.onLine ? 'connecting' : 'offline'); // the browser reconnects by itself while the ticket is valid
          }
        };
      } catch {
        schedule();
      }
    };
    const schedule = () => {
      if (stopped) return;
      if (!navigator.onLine) return setStatus('offline'); // the `online` event opens it again
      setStatus('down');
      clearTimeout(retry);
      retry = setTimeout(() => void open(), delay);
      delay = Math.min(delay * 2, 10_000);
    };
    const onOffline = () => {
      close();
      clearTimeout(retry);
      setStatus('offline');
    };
    const onOnline = () => {
      close();
      delay = 500;
      void open();
    };
    // A connection that went silent (a phone that slept, a Wi-Fi that dropped without closing it).
    const watchdog = setInterval(() => {
      if (source && Date.now() - lastHeard > HEARTBEAT_TIMEOUT_MS) {
        close();
        schedule();
      }
    }, 5_000);
    window.addEventListener('offline', onOffline);
    window.addEventListener('online', onOnline);
    void open();
    return () => {
      stopped = true;
      clearTimeout(retry);
      clearInterval(watchdog);
      window.removeEventListener('offline', onOffline);
      window.removeEventListener('online', onOnline);
      close();
    };
  }, [eventId, token, enabled]);

  return enabled ? status : 'down';
}

/** What one stream event changes in the cache: written in when its data has it, else fetched again. */
export function applyEvent(queryClient: QueryClient, eventId: string, name: string, raw: string): void {
  const refetchMe = () => void queryClient.invalidateQueries({ queryKey: keys.me(eventId) });
  const data = parse(raw);
  switch (name) {
    case 'pack': {
      const pack = data as LivePack | null;
      const me = queryClient.getQueryData<Me>(keys.me(eventId));
      if (!pack || !me || me.picks.length !== pack.pickCount || me.state !== pack.state) return refetchMe();
      const { pickCount: _count, ...view } = pack;
      // Packs waiting behind the current one are not in the live data (they change with every neighbour's pick).
      queryClient.setQueryData<Me>(keys.me(eventId), { ...me, ...view, queued: view.currentPack ? me.queued : 0 });
      return;
    }
    case 'paused':
      void queryClient.invalidateQueries({ queryKey: keys.pods(eventId) });
      return;
    case 'draft-complete': {
      const me = queryClient.getQueryData<Me>(keys.me(eventId));
      const done = data as { state?: string } | null;
      if (me && done?.state === me.state) queryClient.setQueryData<Me>(keys.me(eventId), { ...me, draftComplete: true, currentPack: null, waitingFor: null });
      else {
        refetchMe();
        void queryClient.invalidateQueries({ queryKey: keys.eventByCode() });
      }
      return;
    }
    case 'clock':
      // The round clock changed or a round was paired: the round and the event (its round count) again.
      void queryClient.invalidateQueries({ queryKey: keys.round(eventId) });
      void queryClient.invalidateQueries({ queryKey: keys.eventByCode() });
      return;
    default:
      return; // `round` (the next `pack` carries it), `heartbeat`
  }
}

function parse(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}
