import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EventView } from '../api/client';
import { ErrorMessage } from '../components/error-message';
import { QrCode } from '../components/qr-code';
import { useJoinBase } from '../data/join-base';
import { rejoinLink, type PlayerSession } from '../session';
import { DeckBuilder } from './deck-builder';
import { DraftView, PickHistory } from './draft-view';
import { EntryStatus, useEntry } from './entry-status';
import { ListDeckBuilder } from './list-deck-builder';
import { TableDraft } from './table-draft';
import { PlayView } from './play-view';
import { isUnauthorized } from './player-event-page';
import { useDraftStream } from './use-draft-stream';
import { useMe } from './use-me';

/** A registered player's page: what the event's state asks of them now. */
export function PlayerHome({ event, session, onLostToken }: { event: EventView; session: PlayerSession; onLostToken: () => void }) {
  const { t } = useTranslation();
  const physical = event.packSource === 'physical';
  const drafting = event.format === 'draft' && !physical && (event.state === 'drafting' || event.state === 'registration');
  // The live stream: a generated draft's packs, and every round's clock.
  const live = (event.format === 'draft' && !physical && event.state === 'drafting') || event.state === 'playing';
  const stream = useDraftStream(event.id, session.token, live);
  const me = useMe(event.id, session.token, drafting ? (stream === 'open' ? 15_000 : 2_000) : 10_000);
  const entry = useEntry(event.id, session.token);

  if (me.error && isUnauthorized(me.error)) {
    return (
      <div className="narrow">
        <ErrorMessage error={me.error} />
        <p>{t('player.tokenLost')}</p>
        <button type="button" onClick={onLostToken}>
          {t('player.joinAgain')}
        </button>
      </div>
    );
  }
  if (!me.data) return me.error ? <ErrorMessage error={me.error} /> : <p>{t('common.loading')}</p>;
  const state = me.data.state;
  // A player left out at the start (waitlisted, no-show) has no seat, pool or table: only why.
  const leftOut = state !== 'registration' && entry.data !== undefined && entry.data.status !== 'registered';
  if (leftOut && state !== 'complete' && state !== 'cancelled') {
    return (
      <div>
        <p className="muted you">{t('player.you', { name: me.data.name || session.name || t('player.player') })}</p>
        <EntryStatus event={{ ...event, state }} session={session} />
      </div>
    );
  }
  return (
    <div>
      <p className="muted you">
        {t('player.you', { name: me.data.name || session.name || t('player.player') })}
        {live && <span className={`live live-${stream}`}>{t(`live.${stream}`)}</span>}
      </p>
      {state === 'registration' && <EntryStatus event={{ ...event, state }} session={session} />}
      {state === 'drafting' && (physical ? <TableDraft event={event} me={me.data} /> : <DraftView event={event} session={session} me={me.data} />)}
      {/* A late entry after round 1 builds (sealed) until their own first round is paired (docs/rules.md). */}
      {state === 'playing' && entry.data?.firstRound !== undefined && event.roundCount < entry.data.firstRound && !physical && event.format === 'sealed' && (
        <>
          <p className="warn" data-testid="late-build">
            {t('player.lateBuild', { count: entry.data.firstRound - 1, round: entry.data.firstRound })}
          </p>
          <DeckBuilder event={event} session={session} pool={me.data.pool} />
        </>
      )}
      {state === 'building' && (physical ? <ListDeckBuilder event={event} session={session} /> : <DeckBuilder event={event} session={session} pool={me.data.pool} />)}
      {(state === 'playing' || state === 'complete') && <PlayView event={event} session={session} />}
      {/* After the draft: the whole pick history, the player's own. */}
      {event.format === 'draft' && !physical && ['building', 'playing', 'complete'].includes(state) && me.data.pickHistory.length > 0 && (
        <details className="history-details">
          <summary>{t('draft.history')}</summary>
          <PickHistory me={me.data} cards={me.data.picks} titled={false} />
        </details>
      )}
      {state === 'cancelled' && <p>{t('player.cancelled')}</p>}
      <RejoinLink code={event.code} token={session.token} />
    </div>
  );
}

function RejoinLink({ code, token }: { code: string; token: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const link = rejoinLink(useJoinBase().base, code, token);
  return (
    <details className="rejoin no-print" open={open} onToggle={(e) => setOpen((e.target as HTMLDetailsElement).open)}>
      <summary>{t('player.otherDevice')}</summary>
      <p className="muted">{t('player.rejoinHint')}</p>
      {open && <QrCode value={link} size={180} label={t('player.rejoinQr')} />}
      <input readOnly value={link} aria-label={t('player.rejoinLink')} onFocus={(e) => e.target.select()} />
    </details>
  );
}
