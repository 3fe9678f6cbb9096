import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, type EventView, type Schemas } from '../api/client';
import { CardTile } from '../components/card-tile';
import { ErrorMessage } from '../components/error-message';
import { useNow } from '../components/use-now';
import { detailed, useCardDetails, useGames } from '../data/catalog';
import { usePick, usePreselect } from '../data/player-actions';
import { usePods } from '../data/pods';
import { formatClock, secondsLeft } from '../logic/countdown';
import { groupCards, type CardLike } from '../logic/grouping';
import { groupByPack } from '../logic/picks';
import type { PlayerSession } from '../session';
import { serverOffsetMs } from './use-me';

type Me = Schemas['MeDto'];

/**
 * The draft screen: the current pack as tiles (tap selects and preselects for the timer, `Pick`
 * confirms), the countdown from the server's deadline, pack/pick and the pass direction, picks
 * so far. A double tap or a retry after a lost answer sends the same pick again; the server takes
 * it once (an already-made pick is not an error here, the view just moves on).
 */
export function DraftView({ event, session, me }: { event: EventView; session: PlayerSession; me: Me }) {
  const { t } = useTranslation();
  const now = useNow();
  const games = useGames();
  const details = useCardDetails(
    event.game,
    event.packs.map((p) => p.setCode),
  );
  const pack = (me.currentPack as { cards: Schemas['CardDto'][] } | null)?.cards ?? null;
  const pickKey = `${me.packNumber}.${me.pickNumber}`;
  const [selected, setSelected] = useState<string | null>(me.preselected ?? null);
  useEffect(() => setSelected(me.preselected ?? null), [pickKey]);

  const preselect = usePreselect(event.id, session.token);
  // The pick carries its own pack and pick number: a retry after the view moved on resends this
  // pick, never the selected card as the next one.
  const pick = usePick(event.id, session.token);
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
        <span className={`deadline${left !== null && left <= 10 ? ' urgent' : ''}${left === null ? ' no-timer' : ''}`} data-testid="pick-deadline" aria-label={t('draft.timeLeft')}>
          {left === null ? (pack && !paused ? t('draft.noTimer') : '–') : formatClock(left)}
        </span>
      </div>
      {paused && <p className="notice">{t('draft.paused')}</p>}
      <AutoPickNotice me={me} />
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
        <WaitingMessage me={me} />
      )}
      {me.draftComplete ? <PickHistory me={me} cards={picks} /> : <PicksPanel me={me} cards={picks} typeOrder={typeOrder} />}
    </div>
  );
}

/** Without a pack: whose pack the player waits for; "complete" only once the pod's draft is. */
export function WaitingMessage({ me }: { me: Me }) {
  const { t } = useTranslation();
  const w = me.waitingFor;
  const text = me.draftComplete
    ? t('draft.done')
    : w
      ? w.kind === 'next-pack'
        ? t('draft.waitingNextPack', { pack: w.packNumber, name: w.name })
        : t('draft.waitingNextPick', { name: w.name })
      : me.pickNumber === null && me.picks.length > 0
        ? t('draft.waitingOthers')
        : t('draft.waitingPack');
  return (
    <p className="waiting" data-testid="draft-waiting" role="status">
      {text}
    </p>
  );
}

/** "Time ran out — X was picked for you", until dismissed or the player's next pick. */
export function AutoPickNotice({ me }: { me: Me }) {
  const { t } = useTranslation();
  const auto = me.autoPicked;
  const key = auto ? `${auto.packNumber}.${auto.pickNumber}` : null;
  const [dismissed, setDismissed] = useState<string | null>(null);
  if (!auto || dismissed === key) return null;
  return (
    <div className="notice auto-pick" role="alert" data-testid="auto-pick">
      <span>{t('draft.autoPicked', { card: auto.card.name })}</span>
      <button type="button" onClick={() => setDismissed(key)}>
        {t('draft.dismiss')}
      </button>
    </div>
  );
}

/** The picks so far: by pack (in pick order), by type or by cost. */
function PicksPanel({ me, cards, typeOrder }: { me: Me; cards: CardLike[]; typeOrder: readonly string[] }) {
  const { t } = useTranslation();
  const [groupBy, setGroupBy] = useState<'pack' | 'type' | 'cost'>('pack');
  const groups = groupBy === 'pack' ? groupByPack(cards, me.pickHistory) : groupCards(cards, groupBy, typeOrder);
  const heading = (key: string) =>
    groupBy === 'pack' ? t('draft.packN', { number: key }) : groupBy === 'type' ? t(`cardType.${key}`, { defaultValue: key }) : `${t('card.cost')} ${key}`;
  return (
    <section className="picks" data-testid="picks-panel">
      <div className="section-head">
        <h2>{t('draft.picks', { count: cards.length })}</h2>
        <label className="inline">
          {t('draft.groupBy')}
          <select value={groupBy} onChange={(e) => setGroupBy(e.target.value as 'pack' | 'type' | 'cost')}>
            <option value="pack">{t('draft.byPack')}</option>
            <option value="type">{t('draft.byType')}</option>
            <option value="cost">{t('draft.byCost')}</option>
          </select>
        </label>
      </div>
      {groups.map((g) => (
        <div key={g.key} className="group">
          <h3>
            {heading(g.key)} <span className="muted">({g.total})</span>
          </h3>
          <ul className="card-list">
            {g.cards.map(({ card, count }, i) => (
              <li key={`${card.cardId}-${i}`} className={`rarity-${card.rarity}`}>
                {count > 1 ? `${count}× ` : ''}
                {card.name}
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}

/** After the draft: every pick with its pack, pick number and whether the timer made it. */
export function PickHistory({ me, cards, titled = true }: { me: Me; cards: CardLike[]; titled?: boolean }) {
  const { t } = useTranslation();
  if (me.pickHistory.length === 0) return null;
  return (
    <section className="picks pick-history" data-testid="pick-history">
      {titled && <h2>{t('draft.history')}</h2>}
      <table aria-label={t('draft.history')}>
        <thead>
          <tr>
            <th scope="col">{t('draft.byPack')}</th>
            <th scope="col">{t('draft.historyPick')}</th>
            <th scope="col">{t('draft.historyCard')}</th>
          </tr>
        </thead>
        <tbody>
          {me.pickHistory.map((h, i) => (
            <tr key={`${h.packNumber}.${h.pickNumber}`} className={h.auto ? 'auto' : undefined}>
              <td>{h.packNumber}</td>
              <td>{h.pickNumber}</td>
              <td>
                <span className={`rarity-${cards[i]?.rarity ?? ''}`}>{cards[i]?.name ?? h.cardId}</span>
                {h.auto && (
                  <span className="badge auto" title={t('draft.autoLong')}>
                    {t('draft.auto')}
                  </span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
