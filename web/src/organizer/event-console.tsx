import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { api, staffAuth, call, type EventView, type StaffAuth } from '../api/client';
import { ErrorMessage } from '../components/error-message';
import { QrCode } from '../components/qr-code';
import { useJoinBase } from '../data/join-base';
import { consolePhase, nextStep, type PhaseInput } from '../logic/console-phase';
import { DecksPanel } from './decks-panel';
import { DraftPanel } from './draft-panel';
import { EndOfEvent } from './end-of-event';
import { FinishPanel } from './finish-panel';
import { HistoryPanel } from './history-panel';
import { PairingsByName } from './pairings-by-name';
import { PenaltiesPanel } from './penalties-panel';
import { PhaseBar } from './phase-bar';
import { PlayersPanel } from './players-panel';
import { RoundsPanel } from './rounds-panel';
import { EventPermissions } from './event-permissions';
import { signInGate } from './sign-in';
import { StaffBar, StaffLine } from './staff-bar';
import { useOrganizer } from './use-organizer';
import { SideboardingOption } from './sideboarding-option';
import { podsKey, usePods } from '../data/pods';

export const eventKey = (id: string) => ['event', id] as const;

/**
 * One event on the night, by phase (logic/console-phase.ts): the steps and the next action first,
 * then the panel that holds that action (start; the draft's seats; rounds and results; the end),
 * then the join code (full while registering, folded away later), the other panels, and
 * completing the event apart at the bottom.
 */
export function EventConsole() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const organizer = useOrganizer();
  const join = useJoinBase();
  const event = useQuery({ queryKey: eventKey(id), refetchInterval: 5_000, queryFn: () => call(api.GET('/api/events/{id}', { params: { path: { id } } })) });
  const number = event.data?.roundCount ?? 0;
  // The same query as the rounds panel's (one request): which kind the latest round is, what is still open.
  const round = useQuery({
    queryKey: ['round', id, number, 'by-table'],
    enabled: number > 0 && !!organizer.auth,
    refetchInterval: 5_000,
    queryFn: () => call(api.GET('/api/events/{id}/rounds/{number}', { params: { path: { id, number }, query: { format: 'json', sort: 'table' } } })),
  });
  const gate = signInGate(organizer, <p>{t('common.loading')}</p>);
  if (gate || !organizer.auth) return gate;
  if (!event.data) return event.error ? <ErrorMessage error={event.error} /> : <p>{t('common.loading')}</p>;
  const ev = event.data;
  const auth = organizer.auth;
  // What the role may do in the event's store (none: staff of another store).
  const may = (permission: Parameters<typeof organizer.may>[0]) => organizer.may(permission, ev.storeId);
  if (!organizer.stores.some((s) => s.id === ev.storeId)) {
    return (
      <section className="console">
        <StaffBar organizer={organizer} />
        <h1>{ev.name}</h1>
        <p className="warn">{t('staff.otherStore')}</p>
      </section>
    );
  }
  const joinUrl = `${join.base}/e/${ev.code}`;
  const pairings = round.data?.pairings ?? [];
  const input: PhaseInput = {
    state: ev.state,
    drafts: ev.format === 'draft',
    physical: ev.packSource === 'physical',
    roundCount: number,
    latestRound: round.data ? { kind: round.data.kind, open: pairings.filter((p) => p.playerB && !p.result).length, matches: pairings.length } : null,
    seedRevealed: !!ev.seed,
  };
  const phase = consolePhase(input);
  const next = nextStep(input);
  const drafting = ev.format === 'draft' && ev.state !== 'registration';
  const playingPhase = phase === 'building' || phase === 'rounds' || phase === 'cut';
  return (
    <EventPermissions.Provider value={may}>
      <section className="console">
        <StaffLine organizer={organizer} storeId={ev.storeId} back={<Link to="/organizer">← {t('organizer.events')}</Link>} />
        <div className="event-head">
          <h1>{ev.name}</h1>
          <span className="badge">{t(`state.${ev.state}`)}</span>
          <span className="muted">
            {t(`game.${ev.game}`)} · {t(`format.${ev.format}`)} · {ev.packs.map((p) => p.setCode).join(', ')}
            {ev.teamSize ? ` · ${ev.teamSize}v${ev.teamSize}` : ''}
            {ev.packSource === 'physical' ? ` · ${t('console.realBoosters')}` : ''}
          </span>
        </div>
        {/* The next action is named once the latest round is known (no flash of the wrong one). */}
        {(number === 0 || round.data) && <PhaseBar phase={phase} next={next} drafts={ev.format === 'draft'} round={number} />}
        {/* The phase's next action, first and in view. */}
        {(phase === 'registration' || phase === 'draft') && may('event.run') && <Lifecycle event={ev} auth={auth} />}
        {phase === 'draft' && <DraftPanel event={ev} auth={auth} />}
        {next === 'completeEvent' && may('event.complete') && <EndOfEvent event={ev} auth={auth} ready />}
        {playingPhase && <RoundsPanel event={ev} auth={auth} />}
        {playingPhase && <PairingsByName event={ev} />}
        {phase === 'finished' && <FinishPanel event={ev} auth={auth} />}
        {phase !== 'finished' && phase !== 'cancelled' && <JoinBox code={ev.code} url={joinUrl} unreachable={join.unreachable} folded={phase !== 'registration'} />}
        {playingPhase && may('event.view') && <PenaltiesPanel event={ev} auth={auth} />}
        <SideboardingOption event={ev} auth={auth} />
        {(ev.state === 'building' || ev.state === 'playing' || ev.state === 'complete') && may('event.view') && <DecksPanel event={ev} auth={auth} />}
        {(ev.state === 'registration' || ev.state === 'building' || ev.state === 'drafting' || ev.state === 'playing') && may('event.view') && (
          <PlayersPanel event={ev} auth={auth} />
        )}
        {drafting && phase !== 'draft' && <DraftPanel event={ev} auth={auth} />}
        {phase === 'finished' && <RoundsPanel event={ev} auth={auth} />}
        {ev.roundCount > 0 && (
          <p className="no-print">
            <a href={`/api/events/${ev.id}/standings?format=csv`} download>
              {t('console.standingsCsv')}
            </a>
          </p>
        )}
        {phase !== 'finished' && <FinishPanel event={ev} auth={auth} />}
        {may('event.view') && <HistoryPanel event={ev} auth={auth} />}
        {next !== 'completeEvent' && may('event.complete') && <EndOfEvent event={ev} auth={auth} ready={false} />}
      </section>
    </EventPermissions.Provider>
  );
}

/**
 * How players join: the code, the link and its QR code, and the big-screen view. Full while
 * registering; folded to one line once the event runs (late entries still need it).
 */
function JoinBox({ code, url, unreachable, folded }: { code: string; url: string; unreachable: boolean; folded: boolean }) {
  const { t } = useTranslation();
  const body = (
    <div className="join-box no-print">
      <div>
        <p className="muted">{t('console.joinAt')}</p>
        <p className="event-code" data-testid={folded ? undefined : 'event-code'}>
          {code}
        </p>
        <p>
          <a href={url}>{url}</a>
        </p>
        {unreachable && <p className="warn">{t('console.loopbackOnly')}</p>}
        <p>
          <Link to={`/e/${code}/screen`} target="_blank">
            {t('console.bigScreen')}
          </Link>
        </p>
      </div>
      <QrCode value={url} size={180} label={t('console.joinQr', { code })} />
    </div>
  );
  if (!folded) return body;
  return (
    <details className="join-folded no-print">
      <summary>
        <span>
          {t('console.joinAt')} <strong data-testid="event-code">{code}</strong> · {t('console.showJoin')}
        </span>
      </summary>
      {body}
    </details>
  );
}

/** Start (seat pods and open packs, or open sealed pools), pause and resume a draft, finish a table draft of real boosters. */
function Lifecycle({ event, auth }: { event: EventView; auth: StaffAuth }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const done = () => queryClient.invalidateQueries({ queryKey: eventKey(event.id) });
  const start = useMutation({
    mutationFn: (onlyCheckedIn: boolean) => call(api.POST('/api/events/{id}/start', { params: { path: { id: event.id } }, body: { onlyCheckedIn }, ...staffAuth(auth) })),
    onSuccess: done,
  });
  const pause = useMutation({
    mutationFn: () => call(api.POST('/api/events/{id}/pause', { params: { path: { id: event.id } }, body: {}, ...staffAuth(auth) })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: podsKey(event.id) }),
  });
  const resume = useMutation({
    mutationFn: () => call(api.POST('/api/events/{id}/resume', { params: { path: { id: event.id } }, body: {}, ...staffAuth(auth) })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: podsKey(event.id) }),
  });
  // Which of Pause / Resume applies: the pods' public state (any pod running / any paused).
  const pods = usePods(event.id, 2_000, event.state === 'drafting' && event.packSource !== 'physical');
  const running = (pods.data ?? []).some((p) => !p.paused && !p.complete);
  const paused = (pods.data ?? []).some((p) => p.paused && !p.complete);
  const finishDraft = useMutation({
    mutationFn: () => call(api.POST('/api/events/{id}/draft/finish', { params: { path: { id: event.id } }, ...staffAuth(auth) })),
    onSuccess: () => Promise.all([done(), queryClient.invalidateQueries({ queryKey: podsKey(event.id) })]),
  });
  const physical = event.packSource === 'physical';
  // Check-in: once anyone is checked in, the start names who is not and offers to start without them.
  const players = useQuery({
    queryKey: ['players', event.id],
    enabled: event.state === 'registration',
    refetchInterval: 3_000,
    queryFn: () => call(api.GET('/api/events/{id}/players', { params: { path: { id: event.id } }, ...staffAuth(auth) })),
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
      <ErrorMessage error={start.error ?? pause.error ?? resume.error ?? finishDraft.error} />
    </div>
  );
}
