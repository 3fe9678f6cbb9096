import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, staffAuth, call, type EventView, type Schemas, type StaffAuth } from '../api/client';
import { ErrorMessage } from '../components/error-message';
import { QrCode } from '../components/qr-code';
import { importDeckList } from '../data/deck-lists';
import { useJoinBase } from '../data/join-base';
import { rejoinLink } from '../session';

/**
 * Late entry after round 1 (docs/rules.md "Late entry after round 1"): while the event is playing
 * the organizer adds a player who arrives late. They are paired from the next round and each round
 * already paired counts as a loss (0-2). Sealed: their pool opens from the event seed and they build
 * on their phone; a draft or real boosters: only with the deck list they play, pasted here and read
 * by the server's deck-list import as "submit a list for this player" does. The answer shows the
 * player, their missed-round losses and their seat link as a QR code.
 */
export function LatePlayerForm({ event, auth, onAdded }: { event: EventView; auth: StaffAuth; onAdded: () => void }) {
  const { t } = useTranslation();
  const join = useJoinBase();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [list, setList] = useState('');
  const [added, setAdded] = useState<Schemas['LateEntryDto'] | null>(null);
  // No pool to give in a draft (the pods drafted the packs) or with real boosters: a list is required.
  const needsList = event.format === 'draft' || event.packSource === 'physical';
  const add = useMutation({
    mutationFn: async () => {
      let deck: Schemas['SubmitDeckDto'] | undefined;
      if (needsList) {
        const imported = await importDeckList(event, list);
        if (imported.unresolved.length > 0) throw new Error(t('decksPanel.unresolved', { lines: imported.unresolved.map((u) => `${u.line}: ${u.message}`).join('; ') }));
        // A line the reader could not read is part of the player's list: never registered without it.
        if (imported.errors.length > 0) throw new Error(t('decksPanel.unreadable', { lines: imported.errors.map((e) => `${e.line}: ${e.message}`).join('; ') }));
        const entries = (l: typeof imported.deck.main) => l.map((e) => ({ cardId: e.card.cardId, count: e.count }));
        const hero = imported.deck.hero?.cardId;
        deck = { ...(hero ? { hero } : {}), main: entries(imported.deck.main), ...(imported.deck.sideboard.length > 0 ? { sideboard: entries(imported.deck.sideboard) } : {}) };
      }
      return call(api.POST('/api/events/{id}/players/late', { params: { path: { id: event.id } }, body: { name: name.trim(), ...(deck ? { deck } : {}) }, ...staffAuth(auth) }));
    },
    onSuccess: (entry) => {
      setName('');
      setList('');
      setAdded(entry);
      onAdded();
      // The new line in the decks and standings at once (their missed rounds as losses).
      void queryClient.invalidateQueries({ queryKey: ['decks', event.id] });
      void queryClient.invalidateQueries({ queryKey: ['standings', event.id] });
    },
  });
  const next = event.roundCount + 1;
  const link = added ? rejoinLink(join.base, event.code, added.token) : '';
  return (
    <details className="late-entry" data-testid="late-entry">
      <summary>{t('lateEntry.title')}</summary>
      <p className="muted">{t('lateEntry.rule', { round: next, count: event.roundCount })}</p>
      <p className="muted">{needsList ? t('lateEntry.listNeeded') : t('lateEntry.sealedPool')}</p>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (name.trim()) add.mutate();
        }}
      >
        <label>
          {t('players.name')}
          <input value={name} onChange={(e) => setName(e.target.value)} maxLength={60} />
        </label>
        {needsList && (
          <label>
            {t('lateEntry.list')}
            <textarea value={list} onChange={(e) => setList(e.target.value)} rows={6} placeholder={'Hero: …\n2 Card name\n1 Other card'} />
          </label>
        )}
        <button type="submit" disabled={add.isPending || !name.trim() || (needsList && !list.trim())}>
          {t('lateEntry.add')}
        </button>
        <ErrorMessage error={add.error} />
      </form>
      {added && (
        <div className="token-box" role="dialog" aria-label={t('players.tokenFor', { name: added.name })} data-testid="late-entry-result">
          <p>
            <strong>{added.name}</strong> — {t('lateEntry.added', { round: added.firstRound, count: added.missedRounds, record: added.standing.record })}
          </p>
          {added.deck ? (
            <p className="ok">{t('lateEntry.deckRegistered', { cards: added.deck.mainCount })}</p>
          ) : (
            <p className="muted">{t('lateEntry.buildOnPhone', { round: added.firstRound })}</p>
          )}
          <p>{t('players.tokenFor', { name: added.name })}</p>
          <QrCode value={link} size={160} label={t('players.tokenQr', { name: added.name })} />
          <input readOnly aria-label={t('player.rejoinLink')} value={link} onFocus={(e) => e.target.select()} />
          <button type="button" onClick={() => setAdded(null)}>
            {t('common.close')}
          </button>
        </div>
      )}
    </details>
  );
}
