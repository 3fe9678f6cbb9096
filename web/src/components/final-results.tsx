import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { api, call, type Schemas } from '../api/client';
import { keys } from '../data/keys';
import { championOf, playoffStage } from '../logic/playoff';
import { ErrorMessage } from './error-message';

type Round = Pick<Schemas['RoundDto'], 'kind' | 'number' | 'pairings'>;

/** A round's title: "Round 3" in the Swiss part; Quarterfinal / Semifinal / Final (by the players left) in the top cut. */
export function roundTitle(t: TFunction, round: Round): string {
  if (round.kind !== 'playoff') return t('play.round', { number: round.number });
  const stage = playoffStage(Math.max(1, round.pairings.length));
  return stage.key === 'roundOf' ? t('play.roundOf', { count: stage.players, fraction: stage.players / 2 }) : t(`play.${stage.key}`);
}

/** Whether a round is the top cut's final with its result in (the champion is known). */
export function finalDecided(round: Round | undefined): boolean {
  const only = round?.kind === 'playoff' && round.pairings.length === 1 ? round.pairings[0] : null;
  return !!only && !!only.result && !only.disputed;
}

/**
 * The champion and the final placings (GET /api/events/:id/placings: the top cut's results first,
 * then the Swiss standings), for phones and the TV. `playerId` marks the viewer's own line.
 */
export function FinalResults({ eventId, complete, playerId, big }: { eventId: string; complete: boolean; playerId?: string; big?: boolean }) {
  const { t } = useTranslation();
  const placings = useQuery({
    queryKey: keys.placings(eventId),
    refetchInterval: complete ? false : 10_000,
    queryFn: () => call(api.GET('/api/events/{id}/placings', { params: { path: { id: eventId } } })),
  });
  if (!placings.data) return <ErrorMessage error={placings.error} />;
  const champion = championOf(placings.data, complete);
  const shown = big ? placings.data.slice(0, 8) : placings.data;
  return (
    <section className="results" data-testid="final-results" aria-live="polite">
      <h2>{t('play.results')}</h2>
      {champion && (
        <p className="champion-line" data-testid="champion">
          <span aria-hidden="true">★</span> {t('play.champion', { name: champion.name })}
        </p>
      )}
      <ol>
        {shown.map((p) => (
          <li key={p.playerId} className={p.playerId === playerId ? 'me' : undefined}>
            <span className="muted">
              {t('play.place')} {p.place}
            </span>{' '}
            · {p.name}
            {p.playerId === playerId && <span className="muted"> ({t('play.you')})</span>}
          </li>
        ))}
      </ol>
    </section>
  );
}
