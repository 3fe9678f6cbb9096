import { useTranslation } from 'react-i18next';
import type { EventView } from '../api/client';
import { ErrorMessage } from '../components/error-message';
import { useNow } from '../components/use-now';
import { formatClock, secondsLeft } from '../logic/countdown';
import { serverOffsetMs } from '../player/use-me';
import { usePods } from '../data/pods';
import { SeatSwap } from './seat-swap';

/**
 * The draft as the organizer watches it: each pod with its seats (the seating sheet, printable),
 * who is picking now, each seat's queue of packs and its pick clock, pack number and pass
 * direction, paused or complete.
 */
export function DraftPanel({ event, token }: { event: EventView; token: string }) {
  const { t } = useTranslation();
  const now = useNow(1_000);
  // Real boosters: the seating is all there is, and it does not change.
  const physical = event.packSource === 'physical';
  const pods = usePods(event.id, physical ? 30_000 : 2_000);
  return (
    <section className="print-section">
      <div className="section-head">
        <h2>{t('draftPanel.title')}</h2>
        <button type="button" className="no-print" onClick={() => window.print()}>
          {t('draftPanel.printSeating')}
        </button>
      </div>
      <ErrorMessage error={pods.error} />
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
                      <th className="no-print">{t('draftPanel.picking')}</th>
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
                        <td className="no-print">{pod.picking.includes(s.seat) ? '●' : ''}</td>
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
      <SeatSwap event={event} token={token} pods={pods.data ?? []} />
      {physical && event.state === 'drafting' && <p className="muted no-print">{t('draftPanel.physicalHint')}</p>}
      {pods.data && pods.data.length > 0 && pods.data.every((p) => p.complete) && <p className="ok">{t('draftPanel.allComplete')}</p>}
    </section>
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
