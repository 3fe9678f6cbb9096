import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, ApiError, bearer, call, type EventView, type Schemas } from '../api/client';
import { CardTile } from '../components/card-tile';
import { ErrorMessage } from '../components/error-message';
import { useNow } from '../components/use-now';
import { detailed, useCardDetails, useGames } from '../data/catalog';
import { formatClock, secondsLeft } from '../logic/countdown';
import { groupCards } from '../logic/grouping';
import type { PlayerSession } from '../session';
import { meKey, serverOffsetMs } from './use-me';
import { usePods } from '../data/pods';

type Me = Schemas['MeDto'];

/**
 * The draft screen: the current pack as tiles (tap selects and preselects for the timer, `Pick`
 * confirms), the countdown from the server's deadline, pack/pick and the pass direction, picks
 * so far. A double tap or a retry after a lost answer sends the same pick again; the server takes
 * it once (an already-made pick is not an error here, the view just moves on).
 */
export function DraftView({ event, session, me }: { event: EventView; session: PlayerSession; me: Me }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const now = useNow();
  const games = useGames();
  const details = useCardDetails(
    event.game,
    event.packs.map((p) => p.setCode),
  );
  const pack = (me.currentPack as { cards: Schemas['CardDto'][] } | null)?.cards ?? null;
  const pickKey = `${me.packNumber}.${me.pickNumber}`;
  const [selected, setSelected] = useState<string | null>(me.preselected ?? null);
  const [groupBy, setGroupBy] = useState<'type' | 'cost'>('type');
  useEffect(() => setSelected(me.preselected ?? null), [pickKey]);

  const preselect = useMutation({
    mutationFn: (cardId: string) => call(api.PUT('/api/events/{id}/preselect', { params: { path: { id: event.id } }, body: { cardId }, ...bearer(session.token) })),
  });
  const pick = useMutation({
    // The pick carries its own pack and pick number: a retry after the view moved on resends this
    // pick, never the selected card as the next one.
    mutationFn: (pickMade: { packNumber: number; pickNumber: number; cardId: string }) =>
      call(api.POST('/api/events/{id}/picks', { params: { path: { id: event.id } }, body: pickMade, ...bearer(session.token) })),
    // Offline, the mutation waits for the connection (TanStack's online mode) and is sent then; an
    // answer lost on the way is retried with the same pick, which the server takes once.
    retry: (failures, error) => error instanceof ApiError && error.code === 'NETWORK' && failures < 5,
    retryDelay: (failures) => Math.min(500 * 2 ** failures, 4_000),
    onSettled: () => queryClient.invalidateQueries({ queryKey: meKey(event.id) }),
  });
  const pickError = pick.error instanceof ApiError && ['PICK_ALREADY_MADE', 'PACK_NOT_ARRIVED'].includes(pick.error.code) ? null : pick.error;
  const left = secondsLeft(me.deadline, now, serverOffsetMs);
  const typeOrder = games.data?.find((g) => g.id === event.game)?.cardTypes ?? [];
  const picks = me.picks.map((c) => detailed(c, details));
  // The pod's public state (paused by the organizer?) — GET /pods is public, like the seating sheet.
  const pods = usePods(event.id, 5_000);
  const paused = pods.data?.find((p) => p.podId === me.podId)?.paused ?? false;

  return (
    <div className="draft">
      <div className="draft-bar" aria-live="polite">
        <span>{t('draft.packPick', { pack: me.packNumber ?? '–', pick: me.pickNumber ?? '–' })}</span>
        {me.direction && (
          <span className="direction" title={t(`draft.pass.${me.direction}`)}>
            {me.direction === 'left' ? '←' : '→'} {t(`draft.pass.${me.direction}`)}
          </span>
        )}
        {me.queued > 0 && <span className="queued">{t('draft.queued', { count: me.queued })}</span>}
        <span className={`deadline${left !== null && left <= 10 ? ' urgent' : ''}`} data-testid="pick-deadline" aria-label={t('draft.timeLeft')}>
          {left === null ? (pack && !paused ? t('draft.noTimer') : '–') : formatClock(left)}
        </span>
      </div>
      {paused && <p className="notice">{t('draft.paused')}</p>}
      {pack ? (
        <>
          <div className="pack" data-testid="current-pack">
            {pack.map((card) => (
              <CardTile
                key={card.cardId}
                card={detailed(card, details)}
                selected={selected === card.cardId}
                disabled={pick.isPending}
                onClick={() => {
                  setSelected(card.cardId);
                  preselect.mutate(card.cardId);
                }}
              />
            ))}
          </div>
          <div className="pick-bar">
            {/* In the bar that stays on screen: a pick waiting for the connection says so here. */}
            {pick.isPaused ? (
              <span className="warn">{t('draft.pickWaiting')}</span>
            ) : (
              <span className="muted">{selected ? pack.find((c) => c.cardId === selected)?.name : t('draft.tapToSelect')}</span>
            )}
            <button
              type="button"
              className="primary"
              disabled={!selected || pick.isPending || paused}
              onClick={() =>
                selected && me.packNumber !== null && me.pickNumber !== null && pick.mutate({ packNumber: me.packNumber, pickNumber: me.pickNumber, cardId: selected })
              }
            >
              {t('draft.pick')}
            </button>
          </div>
          <ErrorMessage error={pickError} />
        </>
      ) : (
        <p className="waiting">{me.pickNumber === null && me.picks.length > 0 ? t('draft.done') : t('draft.waitingPack')}</p>
      )}
      <section className="picks">
        <div className="section-head">
          <h2>{t('draft.picks', { count: picks.length })}</h2>
          <label className="inline">
            {t('draft.groupBy')}
            <select value={groupBy} onChange={(e) => setGroupBy(e.target.value as 'type' | 'cost')}>
              <option value="type">{t('draft.byType')}</option>
              <option value="cost">{t('draft.byCost')}</option>
            </select>
          </label>
        </div>
        {groupCards(picks, groupBy, typeOrder).map((g) => (
          <div key={g.key} className="group">
            <h3>
              {groupBy === 'type' ? t(`cardType.${g.key}`, { defaultValue: g.key }) : `${t('card.cost')} ${g.key}`} <span className="muted">({g.total})</span>
            </h3>
            <ul className="card-list">
              {g.cards.map(({ card, count }) => (
                <li key={card.cardId} className={`rarity-${card.rarity}`}>
                  {count > 1 ? `${count}× ` : ''}
                  {card.name}
                </li>
              ))}
            </ul>
          </div>
        ))}
      </section>
    </div>
  );
}
