import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { api, ApiError, bearer, call, type EventView } from '../api/client';
import { ErrorMessage } from '../components/error-message';
import { keys } from '../data/keys';
import { claimFromFragment, forgetPlayerSession, playerSession, savePlayerSession, tokenFromFragment, type PlayerSession } from '../session';
import { JoinForm } from './join-form';

// A joined player's screens (draft, deck builder, rounds) load after the join: the join form's
// script stays small on a store's slow Wi-Fi.
const PlayerHome = lazy(() => import('./player-home').then((m) => ({ default: m.PlayerHome })));

/**
 * `/e/<code>`: the event's page for players. Without a token in this browser it offers the join
 * form; a rejoin link (`#token=…`, the token never sent to the server's logs) moves a player here
 * from another device.
 */
export function PlayerEventPage() {
  const { t } = useTranslation();
  const { code = '' } = useParams();
  const queryClient = useQueryClient();
  const event = useQuery({
    queryKey: keys.eventByCode(code),
    queryFn: () => call(api.GET('/api/events/by-code/{code}', { params: { path: { code } } })),
    refetchInterval: 10_000,
  });
  const [session, setSession] = useState<PlayerSession | null>(null);
  const [rejoinError, setRejoinError] = useState<unknown>(null);
  // A printed claim code's QR opens /e/<code>#claim=<code>: the claim form, filled in.
  const [claimCode] = useState(() => claimFromFragment(window.location.hash) ?? '');

  useEffect(() => {
    if (!event.data) return;
    const fromLink = tokenFromFragment(window.location.hash);
    if (fromLink) {
      history.replaceState(null, '', window.location.pathname + window.location.search);
      call(api.GET('/api/events/{id}/me', { params: { path: { id: event.data.id } }, ...bearer(fromLink) }))
        .then((me) => {
          const s = { eventId: event.data!.id, code: event.data!.code, playerId: me.playerId, name: playerSession(event.data!.id)?.name ?? '', token: fromLink };
          savePlayerSession(s);
          setSession(s);
        })
        .catch(setRejoinError);
    } else {
      setSession(playerSession(event.data.id));
    }
  }, [event.data?.id]);

  if (event.isPending) return <p>{t('common.loading')}</p>;
  if (event.error) return <ErrorMessage error={event.error} />;
  const ev: EventView = event.data;
  const signOut = () => {
    forgetPlayerSession(ev.id);
    setSession(null);
    queryClient.removeQueries({ queryKey: keys.me(ev.id) });
  };
  return (
    <section>
      <div className="event-head">
        <h1>{ev.name}</h1>
        <span className="badge">
          {t(`game.${ev.game}`)} · {t(`format.${ev.format}`)}
        </span>
        <span className="muted">
          {t('event.code')}: <strong data-testid="event-code">{ev.code}</strong>
        </span>
      </div>
      <ErrorMessage error={rejoinError} />
      {session ? (
        <Suspense fallback={<p>{t('common.loading')}</p>}>
          <PlayerHome event={ev} session={session} onLostToken={signOut} />
        </Suspense>
      ) : (
        <JoinForm
          event={ev}
          claimCode={claimCode}
          onJoined={(s) => {
            savePlayerSession(s);
            setSession(s);
          }}
        />
      )}
    </section>
  );
}

export const isUnauthorized = (e: unknown) => e instanceof ApiError && (e.status === 401 || e.status === 403);
