import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, staffAuth, call, type EventView, type StaffAuth } from '../api/client';
import { ErrorMessage } from '../components/error-message';
import { useMay } from './event-permissions';
import { eventKey } from './event-console';

/**
 * The end of the night: final placings (playoffs first, then Swiss), reveal the seed, and the
 * server's verification that every random choice follows from it.
 */
export function FinishPanel({ event, auth }: { event: EventView; auth: StaffAuth }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const placings = useQuery({
    queryKey: ['placings', event.id, event.roundCount, event.state],
    enabled: event.roundCount > 0,
    queryFn: () => call(api.GET('/api/events/{id}/placings', { params: { path: { id: event.id } } })),
  });
  const reveal = useMutation({
    mutationFn: () => call(api.POST('/api/events/{id}/reveal', { params: { path: { id: event.id } }, ...staffAuth(auth) })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventKey(event.id) }),
  });
  const verification = useQuery({
    queryKey: ['verification', event.id],
    enabled: !!event.seed,
    queryFn: () => call(api.GET('/api/events/{id}/verification', { params: { path: { id: event.id } } })),
  });
  const may = useMay();
  const hasPlayoff = (placings.data ?? []).some((p) => p.playoffRound !== null);
  const placingsPart = (
    <>
      {event.state === 'complete' && hasPlayoff && placings.data && (
        <>
          <h2>{t('finish.placings')}</h2>
          <ol className="placings" data-testid="placings">
            {placings.data.map((p) => (
              <li key={p.playerId} value={p.place}>
                {p.name}
                {p.champion && <span className="badge champion">{t('finish.champion')}</span>}
              </li>
            ))}
          </ol>
        </>
      )}
    </>
  );
  const seedPart = (
    <>
      <h2>{t('finish.seed')}</h2>
      <p className="muted">
        {t('finish.commitment')}: <code className="break">{event.seedCommitment}</code>
      </p>
      {event.seed ? (
        <p>
          {t('finish.seedIs')}: <code data-testid="seed">{event.seed}</code>
        </p>
      ) : (
        event.state === 'complete' &&
        may('event.manage') && (
          <button type="button" className="no-print" onClick={() => reveal.mutate()} disabled={reveal.isPending}>
            {t('finish.reveal')}
          </button>
        )
      )}
      {event.state !== 'complete' && !event.seed && <p className="muted">{t('finish.revealLater')}</p>}
      <ErrorMessage error={reveal.error ?? verification.error} />
      {verification.data && (
        <p className={verification.data.ok ? 'ok' : 'warn'} data-testid="verification">
          {verification.data.ok ? t('finish.verified', { count: verification.data.checked }) : t('finish.mismatch', { count: verification.data.mismatches })}
        </p>
      )}
    </>
  );
  // Until the seed is revealed, revealing it is the next action: it comes before the placings.
  return (
    <section>
      {event.seed ? placingsPart : seedPart}
      {event.seed ? seedPart : placingsPart}
    </section>
  );
}
