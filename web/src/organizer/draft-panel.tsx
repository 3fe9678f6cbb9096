import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, staffAuth, call, type EventView, type Schemas, type StaffAuth } from '../api/client';
import { ErrorMessage } from '../components/error-message';
import { useNow } from '../components/use-now';
import { formatClock, secondsLeft } from '../logic/countdown';
import { serverOffsetMs } from '../player/use-me';
import { usePods } from '../data/pods';
import { useMay } from './event-permissions';
import { SeatSwap } from './seat-swap';

type SeatActivity = Schemas['SeatActivityDto'];

/**
 * The draft as the organizer watches it: first the seats that need a look (idle: a pack held 30 s
 * or more; offline: the phone silent), then each pod with its seats (the seating sheet, printable),
 * each seat's state, queue of packs and pick clock, pack number and pass direction, paused or
 * complete. An idle or offline seat can be handed to a bot (marked absent) and taken back.
 */
export function DraftPanel({ event, auth }: { event: EventView; auth: StaffAuth }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const now = useNow(1_000);
  // Real boosters: the seating is all there is, and it does not change.
  const physical = event.packSource === 'physical';
  const pods = usePods(event.id, physical ? 30_000 : 2_000);
  const watching = event.state === 'drafting' && !physical;
  const activity = useQuery({
    queryKey: ['draft-activity', event.id],
    enabled: watching,
    refetchInterval: 2_000,
    queryFn: () => call(api.GET('/api/events/{id}/draft/activity', { params: { path: { id: event.id } }, ...staffAuth(auth) })),
  });
  const absent = useMutation({
    mutationFn: (p: { playerId: string; absent: boolean }) =>
      call(api.POST('/api/events/{id}/players/{playerId}/absent', { params: { path: { id: event.id, playerId: p.playerId } }, body: { absent: p.absent }, ...staffAuth(auth) })),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: ['draft-activity', event.id] }), queryClient.invalidateQueries({ queryKey: ['players', event.id] })]),
  });
  const may = useMay();
  const seats = watching ? (activity.data?.seats ?? []) : [];
  const stateOf = (podId: string, seat: number) => seats.find((s) => s.podId === podId && s.seat === seat);
  const idle = seats.filter((s) => s.state === 'idle');
  const offline = seats.filter((s) => s.state === 'offline');
  return (
    <section className="print-section">
      {watching && activity.data && (
        <div className={`no-print seat-watch${idle.length + offline.length > 0 ? ' notice' : ''}`} role="status" data-testid="seat-watch">
          {idle.length + offline.length === 0 ? (
            <p className="ok">{t('draftPanel.allActive')}</p>
          ) : (
            <>
              {idle.length > 0 && (
                <p>
                  <strong>{t('draftPanel.idleList', { count: idle.length })}</strong>{' '}
                  {idle.map((s) => t('draftPanel.idleFor', { name: s.name, seconds: s.heldSeconds ?? 0 })).join(', ')}
                </p>
              )}
              {offline.length > 0 && (
                <p>
                  <strong>{t('draftPanel.offlineList', { count: offline.length })}</strong> {offline.map((s) => s.name).join(', ')}
                </p>
              )}
              <p className="muted">{t('draftPanel.watchHint')}</p>
            </>
          )}
        </div>
      )}
      <div className="section-head">
        <h2>{t('draftPanel.title')}</h2>
        <button type="button" className="no-print" onClick={() => window.print()}>
          {t('draftPanel.printSeating')}
        </button>
      </div>
      <ErrorMessage error={pods.error ?? activity.error ?? absent.error} />
      <div className="pods">
        {(pods.data ?? []).map((pod) => (
          <div key={pod.podId} className="pod" data-testid={`pod-${pod.number}`}>
            <h3>
              {t('draftPanel.pod', { number: pod.number })}{' '}
              <span className="muted">
                {pod.complete
                  ? t('draftPanel.complete')
                  : physical
                    ? t('draftPanel.atTheTable')
                    : `${t('draftPanel.pack', { number: pod.packNumber })} ${pod.direction === 'left' ? '←' : '→'}${pod.paused ? ` · ${t('draftPanel.paused')}` : ''}`}
              </span>
            </h3>
            <table>
              <thead>
                <tr>
                  <th>{t('draftPanel.seat')}</th>
                  <th>{t('players.name')}</th>
                  {!physical && (
                    <>
                      <th className="no-print">{t('draftPanel.state')}</th>
                      <th className="no-print">{t('draftPanel.queue')}</th>
                      <th className="no-print">{t('draftPanel.timeLeft')}</th>
                    </>
                  )}
                </tr>
              </thead>
              <tbody>
                {pod.seats.map((s) => (
                  <tr key={s.seat}>
                    <td>{s.seat + 1}</td>
                    <td>{s.bot ? <span className="muted">{t('draftPanel.bot')}</span> : s.name}</td>
                    {!physical && (
                      <>
                        <SeatState
                          activity={stateOf(pod.podId, s.seat)}
                          picking={pod.picking.includes(s.seat)}
                          pending={absent.isPending}
                          onAbsent={may('event.run') ? (playerId, value) => absent.mutate({ playerId, absent: value }) : null}
                        />
                        <SeatProgress progress={pod.progress.find((p) => p.seat === s.seat)} now={now} />
                      </>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ))}
      </div>
      {may('event.registration') && <SeatSwap event={event} auth={auth} pods={pods.data ?? []} />}
      {physical && event.state === 'drafting' && <p className="muted no-print">{t('draftPanel.physicalHint')}</p>}
      {pods.data && pods.data.length > 0 && pods.data.every((p) => p.complete) && <p className="ok">{t('draftPanel.allComplete')}</p>}
    </section>
  );
}

/** A seat's state in words (picking, waiting, idle for N s, offline…), with the remedy for an idle or offline seat: a bot picks. */
function SeatState({
  activity,
  picking,
  pending,
  onAbsent,
}: {
  activity: SeatActivity | undefined;
  picking: boolean;
  pending: boolean;
  /** null: the role may not hand a seat to a bot. */
  onAbsent: ((playerId: string, absent: boolean) => void) | null;
}) {
  const { t } = useTranslation();
  if (!activity) return <td className="no-print">{picking ? t('draftPanel.states.picking') : ''}</td>;
  const flagged = activity.state === 'idle' || activity.state === 'offline';
  return (
    <td className="no-print" data-state={activity.state}>
      <span className={`seat-state seat-${activity.state}`}>{t(`draftPanel.states.${activity.state}`, { seconds: activity.heldSeconds ?? 0 })}</span>
      {flagged && activity.playerId && onAbsent && (
        <button type="button" className="link" disabled={pending} onClick={() => onAbsent(activity.playerId!, true)}>
          {t('draftPanel.botPicks')}
        </button>
      )}
      {activity.state === 'absent' && activity.playerId && onAbsent && (
        <button type="button" className="link" disabled={pending} onClick={() => onAbsent(activity.playerId!, false)}>
          {t('draftPanel.back')}
        </button>
      )}
    </td>
  );
}

function SeatProgress({ progress, now }: { progress: { queued: number; deadline: string | null } | undefined; now: number }) {
  const left = secondsLeft(progress?.deadline, now, serverOffsetMs);
  return (
    <>
      <td className="no-print">{progress && progress.queued > 0 ? progress.queued : ''}</td>
      <td className={`no-print${left !== null && left <= 10 ? ' warn' : ''}`}>{left === null ? '' : formatClock(left)}</td>
    </>
  );
}
