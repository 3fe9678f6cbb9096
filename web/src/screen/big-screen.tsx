import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { api, call } from '../api/client';
import { ErrorMessage } from '../components/error-message';
import { FinalResults, finalDecided, roundTitle } from '../components/final-results';
import { keys } from '../data/keys';
import { QrCode } from '../components/qr-code';
import { useJoinBase } from '../data/join-base';
import { PairingsTable } from '../components/pairings-table';
import { RoundClock } from '../components/round-clock';
import { usePods } from '../data/pods';

/**
 * `/e/<code>/screen`, the store's TV (public, no token): how to join during registration, draft
 * progress per pod during the draft, the current round's pairings by name with the round clock.
 * It refreshes itself.
 */
export function BigScreen() {
  const { t } = useTranslation();
  const { code = '' } = useParams();
  const event = useQuery({
    queryKey: keys.eventByCode(code),
    refetchInterval: 5_000,
    queryFn: () => call(api.GET('/api/events/by-code/{code}', { params: { path: { code } } })),
  });
  const join = useJoinBase();
  const ev = event.data;
  const pods = usePods(ev?.id, 3_000, ev?.state === 'drafting');
  const round = useQuery({
    queryKey: keys.round(ev?.id, ev?.roundCount ?? 0, 'name'),
    enabled: !!ev && ev.roundCount > 0,
    refetchInterval: 5_000,
    queryFn: () => call(api.GET('/api/events/{id}/rounds/{number}', { params: { path: { id: ev!.id, number: ev!.roundCount }, query: { format: 'json', sort: 'name' } } })),
  });
  if (!ev) return <div className="screen">{event.error ? <ErrorMessage error={event.error} /> : t('common.loading')}</div>;
  const joinUrl = `${join.base}/e/${ev.code}`;
  const results = ev.state === 'complete' || (ev.state === 'playing' && finalDecided(round.data));
  return (
    <div className="screen">
      <header>
        <h1>{ev.name}</h1>
        <span className="event-code" data-testid="event-code">
          {ev.code}
        </span>
      </header>
      {ev.state === 'registration' && (
        <div className="screen-join">
          <QrCode value={joinUrl} size={320} label={t('console.joinQr', { code: ev.code })} />
          <div>
            <p>{t('screen.join')}</p>
            <p className="big-url">{joinUrl}</p>
            <p>{t('organizer.playerCount', { count: ev.playerCount })}</p>
          </div>
        </div>
      )}
      {ev.state === 'drafting' && (
        <div className="screen-pods">
          {(pods.data ?? []).map((p) => (
            <div key={p.podId} className="pod">
              <h2>{t('draftPanel.pod', { number: p.number })}</h2>
              <p>
                {p.complete ? t('draftPanel.complete') : `${t('draftPanel.pack', { number: p.packNumber })} ${p.direction === 'left' ? '←' : '→'}`}
                {p.paused && ` · ${t('draftPanel.paused')}`}
              </p>
              <p className="muted">{t('screen.picking', { count: p.picking.length })}</p>
            </div>
          ))}
        </div>
      )}
      {ev.state === 'building' && ev.roundCount === 0 && <p className="screen-message">{t('screen.building')}</p>}
      {results && <FinalResults eventId={ev.id} complete={ev.state === 'complete'} big />}
      {!results && round.data && (ev.state === 'playing' || ev.state === 'building') && (
        <>
          <div className="screen-round">
            <h2>{roundTitle(t, round.data)}</h2>
            <RoundClock endsAt={round.data.endsAt} paused={round.data.paused} remainingSeconds={round.data.remainingSeconds} big />
          </div>
          <PairingsTable pairings={round.data.pairings} className="screen-pairings" />
        </>
      )}
    </div>
  );
}
