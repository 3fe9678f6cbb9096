import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, staffAuth, call, type EventView, type StaffAuth } from '../api/client';
import { ErrorMessage } from '../components/error-message';
import { eventKey } from './event-console';

/**
 * Completing the event, kept apart from the routine actions (it cannot be undone): at the bottom
 * of the console while rounds are played, or as the next action once the final's result is in
 * (`ready`). Confirmed before it is sent.
 */
export function EndOfEvent({ event, auth, ready }: { event: EventView; auth: StaffAuth; ready: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const complete = useMutation({
    mutationFn: () => call(api.POST('/api/events/{id}/complete', { params: { path: { id: event.id } }, ...staffAuth(auth) })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventKey(event.id) }),
  });
  if (event.state !== 'playing') return null;
  return (
    <section className={`no-print end-of-event${ready ? ' ready' : ''}`} aria-labelledby="end-of-event">
      <h2 id="end-of-event">{t('endOfEvent.title')}</h2>
      <p className="muted">{t('endOfEvent.explain')}</p>
      <button
        type="button"
        className={ready ? 'primary' : 'danger'}
        onClick={() => window.confirm(t('console.completeConfirm')) && complete.mutate()}
        disabled={complete.isPending}
      >
        {t('console.complete')}
      </button>
      <ErrorMessage error={complete.error} />
    </section>
  );
}
