import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { api, bearer, call, type EventView } from '../api/client';
import { ErrorMessage } from '../components/error-message';
import { QrCode } from '../components/qr-code';
import { useJoinBase } from '../data/join-base';
import { DecksPanel } from './decks-panel';
import { DraftPanel } from './draft-panel';
import { FinishPanel } from './finish-panel';
import { PlayersPanel } from './players-panel';
import { RoundsPanel } from './rounds-panel';
import { SignIn } from './sign-in';
import { useOrganizer } from './use-organizer';
import { SideboardingOption } from './sideboarding-option';
import { podsKey, usePods } from '../data/pods';

export const eventKey = (id: string) => ['event', id] as const;

/** One event on the night: join code and QR, players, the draft, decks, rounds, standings, the end. */
export function EventConsole() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const organizer = useOrganizer();
  const join = useJoinBase();
  const event = useQuery({ queryKey: eventKey(id), refetchInterval: 5_000, queryFn: () => call(api.GET('/api/events/{id}', { params: { path: { id } } })) });
  if (!organizer.token) return <SignIn onSignedIn={organizer.signIn} />;
  if (!event.data) return event.error ? <ErrorMessage error={event.error} /> : <p>{t('common.loading')}</p>;
  const ev = event.data;
  const token = organizer.token;
  const joinUrl = `${join.base}/e/${ev.code}`;
  return (
    <section className="console">
      <p className="no-print">
        <Link to="/organizer">← {t('organizer.events')}</Link>
      </p>
      <div className="event-head">
        <h1>{ev.name}</h1>
        <span className="badge">{t(`state.${ev.state}`)}</span>
        <span className="muted">
          {t(`game.${ev.game}`)} · {t(`format.${ev.format}`)} · {ev.packs.map((p) => p.setCode).join(', ')}
          {ev.teamSize ? ` · ${ev.teamSize}v${ev.teamSize}` : ''}
          {ev.packSource === 'physical' ? ` · ${t('console.realBoosters')}` : ''}
        </span>
      </div>
      <div className="join-box no-print">
        <div>
          <p className="muted">{t('console.joinAt')}</p>
          <p className="event-code" data-testid="event-code">
            {ev.code}
          </p>
          <p>
            <a href={joinUrl}>{joinUrl}</a>
          </p>
          {join.unreachable && <p className="warn">{t('console.loopbackOnly')}</p>}
          <p>
            <Link to={`/e/${ev.code}/screen`} target="_blank">
              {t('console.bigScreen')}
            </Link>
          </p>
        </div>
        <QrCode value={joinUrl} size={180} label={t('console.joinQr', { code: ev.code })} />
      </div>
      <Lifecycle event={ev} token={token} />
      <SideboardingOption event={ev} token={token} />
      {(ev.state === 'registration' || ev.state === 'building' || ev.state === 'drafting' || ev.state === 'playing') && <PlayersPanel event={ev} token={token} />}
      {ev.format === 'draft' && ev.state !== 'registration' && <DraftPanel event={ev} token={token} />}
      {(ev.state === 'building' || ev.state === 'playing' || ev.state === 'complete') && <DecksPanel event={ev} token={token} />}
      {(ev.state === 'building' || ev.state === 'playing' || ev.state === 'complete') && <RoundsPanel event={ev} token={token} />}
      {ev.roundCount > 0 && (
        <p className="no-print">
          <a href={`/api/events/${ev.id}/standings?format=csv`} download>
            {t('console.standingsCsv')}
          </a>
        </p>
      )}
      <FinishPanel event={ev} token={token} />
    </section>
  );
}

/** Start (seat pods and open packs, or open sealed pools), pause and resume a draft, finish a table draft of real boosters, complete. */
function Lifecycle({ event, token }: { event: EventView; token: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const done = () => queryClient.invalidateQueries({ queryKey: eventKey(event.id) });
  const start = useMutation({
    mutationFn: (onlyCheckedIn: boolean) => call(api.POST('/api/events/{id}/start', { params: { path: { id: event.id } }, body: { onlyCheckedIn }, ...bearer(token) })),
    onSuccess: done,
  });
  const pause = useMutation({
    mutationFn: () => call(api.POST('/api/events/{id}/pause', { params: { path: { id: event.id } }, body: {}, ...bearer(token) })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: podsKey(event.id) }),
  });
  const resume = useMutation({
    mutationFn: () => call(api.POST('/api/events/{id}/resume', { params: { path: { id: event.id } }, body: {}, ...bearer(token) })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: podsKey(event.id) }),
  });
  // Which of Pause / Resume applies: the pods' public state (any pod running / any paused).
  const pods = usePods(event.id, 2_000, event.state === 'drafting' && event.packSource !== 'physical');
  const running = (pods.data ?? []).some((p) => !p.paused && !p.complete);
  const paused = (pods.data ?? []).some((p) => p.paused && !p.complete);
  const complete = useMutation({ mutationFn: () => call(api.POST('/api/events/{id}/complete', { params: { path: { id: event.id } }, ...bearer(token) })), onSuccess: done });
  const finishDraft = useMutation({
    mutationFn: () => call(api.POST('/api/events/{id}/draft/finish', { params: { path: { id: event.id } }, ...bearer(token) })),
    onSuccess: () => Promise.all([done(), queryClient.invalidateQueries({ queryKey: podsKey(event.id) })]),
  });
  const physical = event.packSource === 'physical';
  // Check-in: once anyone is checked in, the start names who is not and offers to start without them.
  const players = useQuery({
    queryKey: ['players', event.id],
    enabled: event.state === 'registration',
    refetchInterval: 3_000,
    queryFn: () => call(api.GET('/api/events/{id}/players', { params: { path: { id: event.id } }, ...bearer(token) })),
  });
  const entries = players.data ?? [];
  const checkInUsed = entries.some((p) => p.checkedInAt !== null);
  const notHere = entries.filter((p) => p.status === 'registered' && p.checkedInAt === null);
  return (
    <div className="actions no-print">
      {event.state === 'registration' && checkInUsed && notHere.length > 0 && (
        <div className="warn" role="status" data-testid="not-checked-in">
          <p>{t('console.notCheckedIn', { n: notHere.length, names: notHere.map((p) => p.name).join(', ') })}</p>
          <p className="muted">{t('console.onlyCheckedInHint')}</p>
        </div>
      )}
      {event.state === 'registration' && (
        <button type="button" className="primary" onClick={() => start.mutate(false)} disabled={start.isPending}>
          {checkInUsed && notHere.length > 0 ? t('console.startEveryone') : t('console.start')}
        </button>
      )}
      {event.state === 'registration' && checkInUsed && notHere.length > 0 && (
        <button type="button" onClick={() => window.confirm(t('console.onlyCheckedInConfirm', { n: notHere.length })) && start.mutate(true)} disabled={start.isPending}>
          {t('console.startCheckedIn')}
        </button>
      )}
      {event.state === 'drafting' && physical && (
        <>
          <p className="muted">{t('console.tableDraft')}</p>
          <button type="button" className="primary" onClick={() => window.confirm(t('console.finishDraftConfirm')) && finishDraft.mutate()} disabled={finishDraft.isPending}>
            {t('console.finishDraft')}
          </button>
        </>
      )}
      {event.state === 'drafting' && !physical && (
        <>
          {running && (
            <button type="button" onClick={() => pause.mutate()} disabled={pause.isPending}>
              {t('console.pause')}
            </button>
          )}
          {paused && (
            <button type="button" className="primary" onClick={() => resume.mutate()} disabled={resume.isPending}>
              {t('console.resume')}
            </button>
          )}
        </>
      )}
      {event.state === 'playing' && (
        <button type="button" onClick={() => window.confirm(t('console.completeConfirm')) && complete.mutate()} disabled={complete.isPending}>
          {t('console.complete')}
        </button>
      )}
      <ErrorMessage error={start.error ?? pause.error ?? resume.error ?? complete.error ?? finishDraft.error} />
    </div>
  );
}
