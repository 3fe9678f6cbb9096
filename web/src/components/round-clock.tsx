import { useTranslation } from 'react-i18next';
import { formatClock, secondsLeft } from '../logic/countdown';
import { serverOffsetMs } from '../player/use-me';
import { useNow } from './use-now';

/**
 * The round's clock from its end time (server's), "time" once it ran out. While the organizer has
 * paused it, the time left stands still (the server's `remainingSeconds`) and says so.
 */
export function RoundClock({ endsAt, paused, remainingSeconds, big }: { endsAt: string | null | undefined; paused?: boolean; remainingSeconds?: number; big?: boolean }) {
  const { t } = useTranslation();
  const now = useNow(500);
  const left = paused && remainingSeconds !== undefined ? remainingSeconds : secondsLeft(endsAt, now, serverOffsetMs);
  if (left === null) return null;
  return (
    <p className={`round-clock${big ? ' big' : ''}${left === 0 ? ' urgent' : ''}${paused ? ' paused' : ''}`} data-testid="round-clock">
      {left === 0 ? t('play.time') : formatClock(left)}
      {paused && <span className="clock-paused"> · {t('play.clockPaused')}</span>}
    </p>
  );
}
