import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, bearer, call, type EventView } from '../api/client';
import { ErrorMessage } from '../components/error-message';
import type { PlayerSession } from '../session';

export const entryKey = (eventId: string) => ['entry', eventId] as const;

/** Where the player stands (`GET …/players/me`): a seat, a place on the waitlist, or left out; polled. */
export function useEntry(eventId: string, token: string) {
  return useQuery({
    queryKey: entryKey(eventId),
    refetchInterval: 5_000,
    queryFn: () => call(api.GET('/api/events/{id}/players/me', { params: { path: { id: eventId } }, ...bearer(token) })),
  });
}

/**
 * Before the start: "You're in" or "Waitlist: position N" (moving up by itself), and the "I'm here"
 * check-in button. After the start, for a player left out: why, and what to do.
 */
export function EntryStatus({ event, session }: { event: EventView; session: PlayerSession }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const entry = useEntry(event.id, session.token);
  const checkIn = useMutation({
    mutationFn: (checkedIn: boolean) =>
      call(
        api.POST('/api/events/{id}/players/{playerId}/check-in', {
          params: { path: { id: event.id, playerId: session.playerId } },
          body: { checkedIn },
          ...bearer(session.token),
        }),
      ),
    onSuccess: (data) => queryClient.setQueryData(entryKey(event.id), data),
  });
  if (!entry.data) return <ErrorMessage error={entry.error} />;
  const e = entry.data;
  if (event.state !== 'registration') {
    if (e.status === 'registered') return null;
    return (
      <div className="entry-status left-out" data-testid="entry-status">
        <p>
          <strong>{e.status === 'noShow' ? t('entry.noShowTitle') : t('entry.leftOutTitle')}</strong>
        </p>
        <p>{e.status === 'noShow' ? t('entry.noShowText') : t('entry.leftOutText')}</p>
      </div>
    );
  }
  return (
    <div className={`entry-status ${e.status}`} data-testid="entry-status">
      {e.status === 'waitlisted' ? (
        <>
          <p className="entry-big">{t('entry.waitlist', { position: e.waitlistPosition })}</p>
          <p>{t('entry.waitlistText')}</p>
        </>
      ) : (
        <>
          <p className="entry-big">{t('entry.in')}</p>
          <p>{t('player.waitingStart')}</p>
        </>
      )}
      {e.checkedIn ? (
        <p className="checked-in">
          ✓ {t('entry.checkedIn')}{' '}
          <button type="button" className="link" onClick={() => checkIn.mutate(false)} disabled={checkIn.isPending}>
            {t('entry.undoCheckIn')}
          </button>
        </p>
      ) : (
        <>
          <button type="button" className="primary big" onClick={() => checkIn.mutate(true)} disabled={checkIn.isPending}>
            {t('entry.imHere')}
          </button>
          <p className="muted">{t('entry.imHereHint')}</p>
        </>
      )}
      <ErrorMessage error={checkIn.error} />
    </div>
  );
}
