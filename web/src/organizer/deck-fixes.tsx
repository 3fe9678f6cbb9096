import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, staffAuth, call, type EventView, type StaffAuth } from '../api/client';
import { ErrorMessage } from '../components/error-message';
import { minimumFloor } from './guard-choices';

/**
 * The organizer's fixes for one player's deck before round 1 (docs/rules.md "The suggested deck as
 * a fix", "A lower minimum for one player"): register the deck suggestion (every hero tried) in one
 * click; allow fewer cards when the pool fills no hero to the game's minimum (or restore it).
 */
export function DeckFixes({
  event,
  auth,
  playerId,
  legal,
  minMainDeck,
  gameMinimum,
  onDone,
}: {
  event: EventView;
  auth: StaffAuth;
  playerId: string;
  legal: boolean;
  minMainDeck: number | null;
  gameMinimum: number;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const floor = minimumFloor(gameMinimum);
  const [n, setN] = useState(minMainDeck ?? gameMinimum - 1);
  const path = { params: { path: { id: event.id, playerId } }, ...staffAuth(auth) };
  const suggest = useMutation({
    mutationFn: () => call(api.POST('/api/events/{id}/players/{playerId}/deck/suggestion', path)),
    onSettled: onDone,
  });
  const minimum = useMutation({
    mutationFn: (value: number | null) => call(api.PUT('/api/events/{id}/players/{playerId}/deck-minimum', { ...path, body: { minMainDeck: value } })),
    onSettled: onDone,
  });
  const physical = event.packSource === 'physical';
  return (
    <div className="deck-fixes" data-testid="deck-fixes">
      {!legal && !physical && (
        <button type="button" onClick={() => suggest.mutate()} disabled={suggest.isPending}>
          {t('deckFixes.suggest')}
        </button>
      )}
      {suggest.data && <p className="ok">{t('deckFixes.suggested', { count: suggest.data.deck.mainCount })}</p>}
      <ErrorMessage error={suggest.error} />
      {(!legal || minMainDeck !== null) && (
        <details open={minMainDeck !== null}>
          <summary>{t('deckFixes.fewerSummary', { min: gameMinimum })}</summary>
          <p className="muted">{t('deckFixes.fewerHint', { floor, min: gameMinimum })}</p>
          <form
            className="inline"
            onSubmit={(e) => {
              e.preventDefault();
              minimum.mutate(n);
            }}
          >
            <label className="inline">
              {t('deckFixes.minimum', { floor, max: gameMinimum - 1 })}
              <input type="number" min={floor} max={gameMinimum - 1} value={n} onChange={(e) => setN(Number(e.target.value))} inputMode="numeric" />
            </label>
            <button type="submit" disabled={minimum.isPending}>
              {t('deckFixes.allow')}
            </button>
            {minMainDeck !== null && (
              <button type="button" onClick={() => minimum.mutate(null)} disabled={minimum.isPending}>
                {t('deckFixes.restore', { min: gameMinimum })}
              </button>
            )}
          </form>
        </details>
      )}
      <ErrorMessage error={minimum.error} />
    </div>
  );
}
