import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, bearer, call, fetchText, type EventView, type Schemas } from '../api/client';
import { CardTile } from '../components/card-tile';
import { ErrorMessage } from '../components/error-message';
import { ViolationList } from '../components/violation-list';
import { detailed, useCardDetails, useGames, useHeroes } from '../data/catalog';
import { cardFacts } from '../logic/card-info';
import { deckFrom, emptyDeck, mainCount, moveAll, moveCard, poolCounts, sameDeck, sideboardCount, toSubmission, type DeckDraft } from '../logic/deck-builder';
import type { CardLike } from '../logic/grouping';
import type { PlayerSession } from '../session';
import { DeckRegistration, DeckStatus, SubmissionResult } from './deck-status';
import { SuggestionText } from './suggestion-text';
import { CardFilters, HeroSelect, submitDeck, useDiscardWorkingCopy, useRegisteredDeck, type PlayerDeck } from './deck-parts';
import { DeckDeadline } from '../components/deck-deadline';

type SortKey = 'name' | 'cost' | 'type';

/**
 * Sealed and post-draft deck building: the pool, filters and sorting; the hero (WoW TCG); cards
 * moved between main deck and sideboard (= the rest of the pool); live legality from the server's
 * deck check; "Suggest a deck"; submit; the registered deck read back; export. A submission that
 * breaks a rule leaves the registered deck as it was: the builder then says so and keeps the
 * changes (the server's working copy, loaded first after a reload) with a way back to the registered deck.
 */
export function DeckBuilder({ event, session, pool }: { event: EventView; session: PlayerSession; pool: Schemas['CardDto'][] }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const games = useGames();
  const game = games.data?.find((g) => g.id === event.game);
  const heroTypes = game?.heroTypes ?? [];
  const heroes = useHeroes(event.game, heroTypes);
  const details = useCardDetails(event.game, [...event.packs.map((p) => p.setCode), ...pool.map((c) => c.setCode)]);
  const counts = useMemo(() => poolCounts(pool), [pool]);
  const cards = useMemo(() => {
    const byId = new Map<string, CardLike & { setCode: string }>();
    for (const c of pool) byId.set(c.cardId, detailed(c, details));
    return [...byId.values()];
  }, [pool, details]);

  const registered = useRegisteredDeck(event, session.token);
  const [deck, setDeck] = useState<DeckDraft | null>(null);
  /** A deck the server holds (deck of record or working copy) as a draft of this pool. */
  const draftOf = (d: Pick<PlayerDeck, 'hero' | 'main'>) =>
    deckFrom(
      (d.hero as { cardId?: string } | null)?.cardId,
      d.main.map((e) => ({ cardId: e.card.cardId, count: e.count })),
      counts,
    );
  useEffect(() => {
    if (deck || registered.isPending) return;
    const r = registered.data;
    // The player's latest changes first: a working copy is what they were editing.
    setDeck(r ? draftOf(r.workingCopy ?? r) : emptyDeck());
  }, [registered.isPending, registered.data]);
  const discard = useDiscardWorkingCopy(event, session.token, (r) => setDeck(draftOf(r)));

  const current = deck ?? emptyDeck();
  const submission = toSubmission(current, counts);
  const check = useQuery({
    queryKey: ['deck-check', event.id, JSON.stringify(submission)],
    placeholderData: (previous) => previous,
    enabled: deck !== null,
    queryFn: () =>
      call(
        api.POST('/api/decks/check', {
          body: { game: event.game, format: 'limited', ...submission, pool: Object.entries(counts).map(([cardId, count]) => ({ cardId, count })) },
        }),
      ),
  });
  const suggest = useMutation({
    mutationFn: () => call(api.GET('/api/events/{id}/deck/suggestion', { params: { path: { id: event.id } }, ...bearer(session.token) })),
    onSuccess: (s) => setDeck(deckFrom(s.hero, s.main, counts)),
  });
  // 422 DECK_ILLEGAL keeps the deck (as the working copy, or unregistered): its answer, not an error.
  const submit = useMutation({
    mutationFn: () => submitDeck(event, session.token, submission),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['deck', event.id] }),
  });
  const nameOf = (id: string) => cards.find((c) => c.cardId === id)?.name ?? id;
  const copy = registered.data?.workingCopy;
  const showsWorkingCopy = !!copy && sameDeck(current, draftOf(copy));

  const [typeFilter, setTypeFilter] = useState('');
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<SortKey>('name');
  const visible = cards
    .filter((c) => (!typeFilter || c.type === typeFilter) && (!search || c.name.toLowerCase().includes(search.toLowerCase())))
    .sort(
      (a, b) =>
        (sort === 'cost' ? (cardFacts(a.attributes).cost ?? 99) - (cardFacts(b.attributes).cost ?? 99) : sort === 'type' ? a.type.localeCompare(b.type) : 0) ||
        a.name.localeCompare(b.name),
    );
  const inMain = visible.filter((c) => (current.main[c.cardId] ?? 0) > 0);
  const inSide = visible.filter((c) => sideboardCount(current, counts, c.cardId) > 0);
  const types = [...new Set(cards.map((c) => c.type))].sort();
  const min = game?.limited.minDeckSize ?? 30;
  const result = check.data;

  return (
    <div className="builder" data-testid="pool">
      <div className="builder-bar">
        <span className={mainCount(current) >= min && result?.legal ? 'ok' : 'warn'}>{t('deck.mainCount', { count: mainCount(current), min })}</span>
        <DeckStatus legal={result?.legal} pending={!result} />
        <button type="button" onClick={() => suggest.mutate()} disabled={suggest.isPending}>
          {t('deck.suggest')}
        </button>
        <button type="button" className="primary" onClick={() => submit.mutate()} disabled={submit.isPending || !deck}>
          {t('deck.submit')}
        </button>
      </div>
      {event.state === 'building' && <DeckDeadline deadline={event.deckDeadline} />}
      <SubmissionResult answer={submit.data} />
      <DeckRegistration
        deck={registered.data}
        nameOf={nameOf}
        minDeckSize={min}
        busy={discard.isPending}
        onBack={() => {
          submit.reset();
          discard.mutate();
        }}
        onKeepEditing={() => registered.data?.workingCopy && setDeck(draftOf(registered.data.workingCopy))}
      />
      <SuggestionText suggestion={suggest.data} />
      <ErrorMessage error={suggest.error ?? submit.error ?? discard.error} />
      {/* The working copy's reasons are in its notice above: not twice while the builder holds it unchanged. */}
      {result && !showsWorkingCopy && <ViolationList violations={result.violations} nameOf={nameOf} minDeckSize={min} label={t('deck.violations')} />}
      {heroTypes.length > 0 && <HeroSelect heroes={heroes.data ?? []} value={current.hero} onChange={(hero) => setDeck({ ...current, hero })} />}
      <CardFilters search={search} onSearch={setSearch} type={typeFilter} onType={setTypeFilter} types={types}>
        <select aria-label={t('deck.sort')} value={sort} onChange={(e) => setSort(e.target.value as SortKey)}>
          <option value="name">{t('deck.sortName')}</option>
          <option value="cost">{t('deck.sortCost')}</option>
          <option value="type">{t('deck.sortType')}</option>
        </select>
      </CardFilters>
      <div className="columns">
        <section>
          <div className="section-head">
            <h2>{t('deck.main')}</h2>
            <button type="button" className="link" onClick={() => setDeck(moveAll(current, counts, 'sideboard'))}>
              {t('deck.clear')}
            </button>
          </div>
          <div className="pack">
            {inMain.map((c) => (
              <CardTile key={c.cardId} card={c} count={current.main[c.cardId]} compact onClick={() => setDeck(moveCard(current, counts, c.cardId, 'sideboard'))} />
            ))}
          </div>
        </section>
        <section>
          <div className="section-head">
            <h2>{t('deck.sideboard')}</h2>
            <button type="button" className="link" onClick={() => setDeck(moveAll(current, counts, 'main'))}>
              {t('deck.addAll')}
            </button>
          </div>
          <p className="muted">{t('deck.tapHint')}</p>
          <div className="pack">
            {inSide.map((c) => (
              <CardTile key={c.cardId} card={c} count={sideboardCount(current, counts, c.cardId)} compact onClick={() => setDeck(moveCard(current, counts, c.cardId, 'main'))} />
            ))}
          </div>
        </section>
      </div>
      <RegisteredDeck event={event} session={session} deck={registered.data} nameOf={nameOf} minDeckSize={min} />
    </div>
  );
}

/** The deck of record the server holds for this player (registered when legal; never the working copy), read back, with its exports. */
export function RegisteredDeck({
  event,
  session,
  deck,
  nameOf,
  minDeckSize,
  realBoosters,
}: {
  event: EventView;
  session: PlayerSession;
  deck: Schemas['DeckDto'] | null | undefined;
  /** Card names for the violations (default: the names the deck itself gives). */
  nameOf?: (cardId: string) => string;
  minDeckSize?: number;
  realBoosters?: boolean;
}) {
  const { t } = useTranslation();
  const [error, setError] = useState<unknown>(null);
  if (!deck) return <p className="muted">{t('deck.noneRegistered')}</p>;
  const download = async (format: 'text' | 'o8d') => {
    try {
      const text = await fetchText(`/events/${event.id}/deck?format=${format}`, session.token);
      const url = URL.createObjectURL(new Blob([text], { type: format === 'o8d' ? 'application/xml' : 'text/plain' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = `${event.code}-deck.${format === 'o8d' ? 'o8d' : 'txt'}`;
      a.click();
      URL.revokeObjectURL(url);
    } catch (e) {
      setError(e);
    }
  };
  const hero = deck.hero as { name?: string } | null;
  return (
    <section className="registered" data-testid="registered-deck">
      <h2>{deck.legal ? t('deck.registered') : t('deck.unregistered')}</h2>
      <p>
        {hero?.name ? `${t('deck.hero')}: ${hero.name} · ` : ''}
        {t('deck.mainCards', { count: deck.mainCount })} · {deck.legal ? t('deck.legal') : t('deck.illegal')}
      </p>
      {!deck.legal && (
        <ViolationList
          violations={deck.violations}
          nameOf={nameOf ?? ((id) => [...deck.main, ...deck.sideboard].find((e) => e.card.cardId === id)?.card.name ?? id)}
          minDeckSize={minDeckSize ?? 30}
          realBoosters={realBoosters}
        />
      )}
      <ul className="card-list">
        {deck.main.map((e) => (
          <li key={e.card.cardId}>
            {e.count}× {e.card.name}
          </li>
        ))}
      </ul>
      <button type="button" onClick={() => void download('text')}>
        {t('deck.exportText')}
      </button>
      <button type="button" onClick={() => void download('o8d')}>
        {t('deck.exportO8d')}
      </button>
      <ErrorMessage error={error} />
    </section>
  );
}
