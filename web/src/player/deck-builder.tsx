import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, bearer, call, fetchText, type EventView, type Schemas } from '../api/client';
import { CardTile } from '../components/card-tile';
import { ErrorMessage } from '../components/error-message';
import { ViolationList } from '../components/violation-list';
import { detailed, useCardDetails, useGames, useHeroes } from '../data/catalog';
import { cardFacts } from '../logic/card-info';
import { deckFrom, emptyDeck, mainCount, moveAll, moveCard, poolCounts, sideboardCount, toSubmission, type DeckDraft } from '../logic/deck-builder';
import type { CardLike } from '../logic/grouping';
import type { PlayerSession } from '../session';
import { DeckStatus } from './deck-status';
import { CardFilters, HeroSelect, useRegisteredDeck } from './deck-parts';
import { DeckDeadline } from '../components/deck-deadline';

type SortKey = 'name' | 'cost' | 'type';

/**
 * Sealed and post-draft deck building: the pool, filters and sorting; the hero (WoW TCG); cards
 * moved between main deck and sideboard (= the rest of the pool); live legality from the server's
 * deck check; "Suggest a deck"; submit; the registered deck read back; export.
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
  useEffect(() => {
    if (deck || registered.isPending) return;
    const r = registered.data as Schemas['DeckDto'] | null | undefined;
    const hero = r?.hero as { cardId?: string } | string | null | undefined;
    setDeck(
      r
        ? deckFrom(
            typeof hero === 'string' ? hero : hero?.cardId,
            r.main.map((e) => ({ cardId: e.card.cardId, count: e.count })),
            counts,
          )
        : emptyDeck(),
    );
  }, [registered.isPending, registered.data]);

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
  const submit = useMutation({
    mutationFn: async () => {
      const request = api.PUT('/api/events/{id}/deck', { params: { path: { id: event.id } }, body: submission, ...bearer(session.token) });
      const { response, data, error } = await request;
      // 422 DECK_ILLEGAL still saves the deck (as an illegal draft): show its violations, not an error.
      if (response.status === 422 && (error as { code?: string })?.code === 'DECK_ILLEGAL')
        return { legal: false, violations: (error as { violations?: Schemas['ViolationDto'][] }).violations ?? [] };
      return call(Promise.resolve({ data, error, response }));
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['deck', event.id] }),
  });

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
      {suggest.data && <p className="muted">{suggest.data.explanation}</p>}
      <ErrorMessage error={suggest.error ?? submit.error} />
      {submit.data && <p className={submit.data.legal ? 'ok' : 'warn'}>{submit.data.legal ? t('deck.registeredLegal') : t('deck.savedIllegal')}</p>}
      {result && <ViolationList violations={result.violations} nameOf={(id) => cards.find((c) => c.cardId === id)?.name ?? id} minDeckSize={min} label={t('deck.violations')} />}
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
      <RegisteredDeck event={event} session={session} deck={registered.data as Schemas['DeckDto'] | null | undefined} />
    </div>
  );
}

/** The deck the server holds for this player, read back, with its exports. */
export function RegisteredDeck({ event, session, deck }: { event: EventView; session: PlayerSession; deck: Schemas['DeckDto'] | null | undefined }) {
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
    <section className="registered">
      <h2>{t('deck.registered')}</h2>
      <p>
        {hero?.name ? `${t('deck.hero')}: ${hero.name} · ` : ''}
        {t('deck.mainCards', { count: deck.mainCount })} · {deck.legal ? t('deck.legal') : t('deck.illegal')}
      </p>
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
