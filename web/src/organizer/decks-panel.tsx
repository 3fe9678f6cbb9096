import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, staffAuth, call, type EventView, type Schemas, type StaffAuth } from '../api/client';
import { DeckDeadline } from '../components/deck-deadline';
import { importDeckList } from '../data/deck-lists';
import { ErrorMessage } from '../components/error-message';
import { ViolationList } from '../components/violation-list';
import { useGames } from '../data/catalog';
import { useMay } from './event-permissions';
import { DeckFixes } from './deck-fixes';

/**
 * Every player's deck: missing, illegal (with the reasons) or legal (registered); and who has an
 * unregistered working copy beside their registered deck (changes submitted later that broke a
 * rule — the registered deck is the one played), with its reasons.
 */
export function DecksPanel({ event, auth }: { event: EventView; auth: StaffAuth }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const decks = useQuery({
    queryKey: ['decks', event.id],
    refetchInterval: 5_000,
    queryFn: () => call(api.GET('/api/events/{id}/decks', { params: { path: { id: event.id } }, ...staffAuth(auth) })),
  });
  const may = useMay();
  const rows = (decks.data ?? []) as Schemas['PlayerDeckStatusDto'][];
  const minDeckSize = useGames().data?.find((g) => g.id === event.game)?.limited.minDeckSize ?? 30;
  const missing = rows.filter((r) => r.status !== 'legal').length;
  const changed = rows.filter((r) => r.workingCopy).length;
  const timeOf = (iso: string) => new Date(iso).toLocaleTimeString(i18n.resolvedLanguage, { hour: '2-digit', minute: '2-digit' });
  return (
    <section className="no-print">
      <h2>{t('decksPanel.title')}</h2>
      {event.state === 'building' && <DeckDeadline deadline={event.deckDeadline} missing={missing} />}
      {rows.length > 0 && <p className={missing ? 'warn' : 'ok'}>{missing ? t('decksPanel.notReady', { count: missing }) : t('decksPanel.allLegal')}</p>}
      {changed > 0 && (
        <p className="muted" data-testid="working-copies">
          {t('decksPanel.withWorkingCopy', { count: changed })}
        </p>
      )}
      <ErrorMessage error={decks.error} />
      <table>
        <thead>
          <tr>
            <th>{t('players.name')}</th>
            <th>{t('decksPanel.status')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => {
            const deck = r.deck as Schemas['DeckDto'] | null;
            const copy = r.workingCopy;
            const nameOf = (id: string) =>
              [...(deck?.main ?? []), ...(deck?.sideboard ?? []), ...(copy?.main ?? []), ...(copy?.sideboard ?? [])].find((e) => e.card.cardId === id)?.card.name ?? id;
            return (
              <tr key={r.playerId}>
                <td>{r.name}</td>
                <td>
                  <span className={r.status === 'legal' ? 'ok' : 'warn'}>{t(`decksPanel.${r.status}`)}</span>
                  {copy && (
                    <>
                      {' '}
                      <span className="badge changes" data-testid="working-copy-badge">
                        {t('decksPanel.workingCopy')}
                      </span>
                    </>
                  )}
                  {r.minMainDeck !== null && <span className="badge">{t('deckFixes.allowed', { n: r.minMainDeck })}</span>}
                  {deck && <ViolationList violations={deck.violations} nameOf={nameOf} minDeckSize={r.mainDeckMinimum} />}
                  {copy && (
                    <details className="working-copy">
                      <summary>{t('decksPanel.workingCopyDetails', { at: timeOf(copy.updatedAt), by: t(`decksPanel.by.${copy.submittedBy}`) })}</summary>
                      <ViolationList violations={copy.violations} nameOf={nameOf} minDeckSize={r.mainDeckMinimum} />
                    </details>
                  )}
                  {event.state === 'building' && may('event.decks') && (r.status !== 'legal' || r.minMainDeck !== null) && (
                    <DeckFixes
                      event={event}
                      auth={auth}
                      playerId={r.playerId}
                      legal={r.status === 'legal'}
                      minMainDeck={r.minMainDeck}
                      gameMinimum={minDeckSize}
                      onDone={() => queryClient.invalidateQueries({ queryKey: ['decks', event.id] })}
                    />
                  )}
                  {event.state === 'building' && may('event.decks') && r.status !== 'legal' && (
                    <SubmitForPlayer event={event} auth={auth} playerId={r.playerId} onDone={() => queryClient.invalidateQueries({ queryKey: ['decks', event.id] })} />
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}

/**
 * Submit for a player (a player without a phone hands in a paper list): the organizer types or
 * pastes it ("Hero: name", then "N Card name" per line); it is read by the server's deck-list
 * import and registered for the player, checked against their pool like any deck.
 */
function SubmitForPlayer({ event, auth, playerId, onDone }: { event: EventView; auth: StaffAuth; playerId: string; onDone: () => void }) {
  const { t } = useTranslation();
  const submit = useMutation({
    mutationFn: async (text: string) => {
      const imported = await importDeckList(event, text);
      if (imported.unresolved.length > 0) throw new Error(t('decksPanel.unresolved', { lines: imported.unresolved.map((u) => `${u.line}: ${u.message}`).join('; ') }));
      // A line the reader could not read is part of the player's list: never registered without it.
      if (imported.errors.length > 0) throw new Error(t('decksPanel.unreadable', { lines: imported.errors.map((e) => `${e.line}: ${e.message}`).join('; ') }));
      const hero = imported.deck.hero?.cardId;
      const entries = (list: typeof imported.deck.main) => list.map((e) => ({ cardId: e.card.cardId, count: e.count }));
      return call(
        api.PUT('/api/events/{id}/players/{playerId}/deck', {
          params: { path: { id: event.id, playerId } },
          // The sideboard the list names is checked with it (omitted: the rest of the pool).
          body: { ...(hero ? { hero } : {}), main: entries(imported.deck.main), ...(imported.deck.sideboard.length > 0 ? { sideboard: entries(imported.deck.sideboard) } : {}) },
          ...staffAuth(auth),
        }),
      );
    },
    onSettled: onDone,
  });
  return (
    <details>
      <summary>{t('decksPanel.submitFor')}</summary>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit.mutate(new FormData(e.currentTarget).get('list') as string);
        }}
      >
        <label>
          {t('decksPanel.list')}
          <textarea name="list" rows={6} placeholder={'Hero: …\n2 Card name\n1 Other card'} />
        </label>
        <button type="submit" disabled={submit.isPending}>
          {t('decksPanel.submitList')}
        </button>
        <ErrorMessage error={submit.error} />
      </form>
    </details>
  );
}
