import { useTranslation } from 'react-i18next';
import { formatClock, secondsLeft } from '../logic/countdown';
import { serverOffsetMs } from '../player/use-me';
import { useNow } from './use-now';

/** The round's clock from its end time (server's), "time" once it ran out. */
export function RoundClock({ endsAt, big }: { endsAt: string | null | undefined; big?: boolean }) {
  const { t } = useTranslation();
  const now = useNow(500);
  const left = secondsLeft(endsAt, now, serverOffsetMs);
  if (left === null) return null;
  return (
    <p className={`round-clock${big ? ' big' : ''}${left === 0 ? ' urgent' : ''}`} data-testid="round-clock">
      {left === 0 ? t('play.time') : formatClock(left)}
    </p>
  );
}
