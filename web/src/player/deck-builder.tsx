import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DeckMinimumNote, usePlayerMinimum } from './deck-minimum-note';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, bearer, call, fetchText, type EventView, type Schemas } from '../api/client';
import { ErrorMessage } from '../components/error-message';
import { ViolationList } from '../components/violation-list';
import { detailed, useCardDetailsState, useGames, useHeroes } from '../data/catalog';
import { cardFacts } from '../logic/card-info';
import { deckFrom, emptyDeck, mainCount, moveAll, moveCard, poolCounts, sameDeck, sideboardCount, toSubmission, type DeckDraft } from '../logic/deck-builder';
import type { CardLike } from '../logic/grouping';
import type { PlayerSession } from '../session';
import { DeckRegistration, DeckStatus, SubmissionResult } from './deck-status';
import { SuggestionText } from './suggestion-text';
import { CardFilters, submitDeck, useDiscardWorkingCopy, useRegisteredDeck, type PlayerDeck } from './deck-parts';
import { DeckDeadline } from '../components/deck-deadline';
import { cardsNeeded, checkLocally, costCurve, mayPlay, playableFilter, rankHeroes, typeCounts } from '../logic/hand-builder';
import { ChosenHero, DeckShape, HeroPicker, PoolRow } from './hand-builder-parts';

type SortKey = 'name' | 'cost' | 'type';
type Show = 'pool' | 'main' | 'sideboard';

/** How long the builder waits after the last tap before checking the deck (the check itself is local). */
const CHECK_DEBOUNCE_MS = 200;

/** `value`, once it has stayed the same for `ms`. */
function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * Sealed and post-draft deck building by hand: the hero first (WoW TCG: searchable, grouped by
 * faction and class, the heroes the pool supports best first), then the pool filtered to what the
 * hero may play, + / − per card, counts by type and the cost curve, and "N more cards needed".
 * Legality is checked here, debounced, with the server's own deck rules (no request per tap, so
 * no rate limit); the server checks again on submission. "Suggest a deck" is one tap. A submission
 * that breaks a rule leaves the registered deck as it was: the builder then says so and keeps the
 * changes (the server's working copy, loaded first after a reload) with a way back to the registered deck.
 */
export function DeckBuilder({ event, session, pool }: { event: EventView; session: PlayerSession; pool: Schemas['CardDto'][] }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const games = useGames();
  const game = games.data?.find((g) => g.id === event.game);
  const heroTypes = useMemo(() => game?.heroTypes ?? [], [game]);
  const hasHero = heroTypes.length > 0;
  const heroes = useHeroes(event.game, heroTypes);
  const catalog = useCardDetailsState(event.game, [...event.packs.map((p) => p.setCode), ...pool.map((c) => c.setCode)]);
  const counts = useMemo(() => poolCounts(pool), [pool]);
  const cards = useMemo(() => {
    const byId = new Map<string, CardLike & { setCode: string }>();
    for (const c of pool) byId.set(c.cardId, detailed(c, catalog.details));
    return [...byId.values()];
  }, [pool, catalog.details]);
  const deckCards = useMemo(() => cards.filter((c) => !(heroTypes as readonly string[]).includes(c.type)), [cards, heroTypes]);
  const ranked = useMemo(
    () =>
      hasHero && catalog.loaded
        ? rankHeroes(
            heroes.data ?? [],
            cards.map((c) => ({ card: c, count: counts[c.cardId] ?? 0 })),
            heroTypes,
          )
        : [],
    [hasHero, catalog.loaded, heroes.data, cards, counts, heroTypes],
  );

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
  const heroCard = (current.hero && heroes.data?.find((h) => h.cardId === current.hero)) || null;
  const chosen = ranked.find((r) => r.hero.cardId === current.hero) ?? null;
  const [picking, setPicking] = useState(false);

  // The live check: local, on the deck as it stands once the taps pause. It needs every pool card's
  // attributes (and the hero's): until they are in, the status waits; a failure says so, with a retry.
  const settled = useDebounced(current, CHECK_DEBOUNCE_MS);
  // The organizer may have allowed this player fewer cards (a pool no hero fills).
  const gameMinimum = game?.limited.minDeckSize ?? 30;
  const { min, allowed } = usePlayerMinimum(event.id, session.token, gameMinimum);
  const rulesReady = deck !== null && catalog.loaded && (!hasHero || heroes.isSuccess);
  const result = useMemo(() => {
    if (!rulesReady) return undefined;
    const hero = (settled.hero && heroes.data?.find((h) => h.cardId === settled.hero)) || null;
    return checkLocally(event.game, settled, counts, cards, hero ?? (settled.hero ? { cardId: settled.hero, name: settled.hero, type: 'unknown', rarity: '' } : null), allowed);
  }, [rulesReady, settled, counts, cards, heroes.data, event.game, allowed]);
  const rulesError = catalog.error ?? heroes.error;

  const suggest = useMutation({
    mutationFn: () => call(api.GET('/api/events/{id}/deck/suggestion', { params: { path: { id: event.id } }, ...bearer(session.token) })),
    onSuccess: (s) => {
      setDeck(deckFrom(s.hero, s.main, counts));
      setPicking(false);
    },
  });
  // 422 DECK_ILLEGAL keeps the deck (as the working copy, or unregistered): its answer, not an error.
  const submit = useMutation({
    mutationFn: () => submitDeck(event, session.token, submission),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['deck', event.id] }),
  });
  const nameOf = (id: string) => cards.find((c) => c.cardId === id)?.name ?? heroes.data?.find((h) => h.cardId === id)?.name ?? id;
  const copy = registered.data?.workingCopy;
  const showsWorkingCopy = !!copy && sameDeck(current, draftOf(copy));

  const [playableOnly, setPlayableOnly] = useState(true);
  const [typeFilter, setTypeFilter] = useState('');
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<SortKey>('cost');
  const [show, setShow] = useState<Show>('pool');
  const inMainOf = (id: string) => current.main[id] ?? 0;
  const visible = playableFilter(deckCards, heroCard, playableOnly)
    .filter((c) => (!typeFilter || c.type === typeFilter) && (!search || c.name.toLowerCase().includes(search.toLowerCase())))
    .filter((c) => show === 'pool' || (show === 'main' ? inMainOf(c.cardId) > 0 : sideboardCount(current, counts, c.cardId) > 0))
    .sort(
      (a, b) =>
        (sort === 'cost' ? (cardFacts(a.attributes).cost ?? 99) - (cardFacts(b.attributes).cost ?? 99) : sort === 'type' ? a.type.localeCompare(b.type) : 0) ||
        a.name.localeCompare(b.name),
    );
  const types = [...new Set(deckCards.map((c) => c.type))].sort();
  const main = mainCount(current);
  const side = Object.keys(counts).reduce((n, id) => n + sideboardCount(current, counts, id), 0);
  const needed = cardsNeeded(main, min);
  const shape = useMemo(() => ({ types: typeCounts(current, deckCards), curve: costCurve(current, deckCards) }), [current, deckCards]);
  const pickerOpen = hasHero && (picking || !current.hero) && ranked.length > 0;
  const choose = (hero: CardLike) => {
    setDeck({ ...current, hero: hero.cardId });
    setPicking(false);
  };

  return (
    <div className="builder" data-testid="pool">
      <DeckMinimumNote allowed={allowed} gameMinimum={gameMinimum} />
      <div className="builder-bar">
        <span className="bar-line">
          <span className={main >= min && result?.legal ? 'ok' : 'warn'}>{t('deck.mainCount', { count: main, min })}</span>
          <span className="muted">{t('deck.sideCount', { count: side })}</span>
          {result ? <DeckStatus legal={result.legal} /> : !rulesError && <span className="muted">{t('deck.checking')}</span>}
        </span>
        <span className="bar-actions">
          <button type="button" onClick={() => suggest.mutate()} disabled={suggest.isPending}>
            {t('deck.suggest')}
          </button>
          <button type="button" className="primary" onClick={() => submit.mutate()} disabled={submit.isPending || !deck}>
            {t('deck.submit')}
          </button>
        </span>
      </div>
      <p className={`builder-guide ${needed > 0 ? 'warn' : result?.legal ? 'ok' : 'warn'}`} data-testid="builder-guide" role="status">
        {hasHero && !current.hero
          ? t('deck.guideHero')
          : needed > 0
            ? t('deck.needMore', { count: needed })
            : result?.legal
              ? t('deck.guideReady')
              : result
                ? t('deck.guideFix')
                : ''}
      </p>
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
      <Failure error={suggest.error} onRetry={() => suggest.mutate()} />
      <Failure error={submit.error} onRetry={() => submit.mutate()} />
      <Failure error={discard.error} onRetry={() => discard.mutate()} />
      <Failure
        error={rulesError}
        onRetry={() => {
          catalog.retry();
          if (heroes.isError) void heroes.refetch();
        }}
        lead={t('deck.checkFailed')}
      />
      {/* The working copy's reasons are in its notice above: not twice while the builder holds it unchanged. */}
      {result && !showsWorkingCopy && <ViolationList violations={result.violations.filter(saidByGuide)} nameOf={nameOf} minDeckSize={min} label={t('deck.violations')} />}
      {pickerOpen ? <HeroPicker ranked={ranked} onChoose={choose} /> : hasHero && <ChosenHero hero={chosen} support={chosen?.support ?? 0} onChange={() => setPicking(true)} />}
      {hasHero && !catalog.loaded && !rulesError && <p className="muted">{t('common.loading')}</p>}
      {main > 0 && <DeckShape types={shape.types} curve={shape.curve} />}
      {heroCard && (
        <label className="playable-toggle">
          <input type="checkbox" checked={playableOnly} onChange={(e) => setPlayableOnly(e.target.checked)} data-testid="playable-only" />
          {t('deck.playableOnly', { hero: heroCard.name })}
        </label>
      )}
      <CardFilters search={search} onSearch={setSearch} type={typeFilter} onType={setTypeFilter} types={types}>
        <select aria-label={t('deck.show')} value={show} onChange={(e) => setShow(e.target.value as Show)}>
          <option value="pool">{t('deck.showPool')}</option>
          <option value="main">{t('deck.showMain')}</option>
          <option value="sideboard">{t('deck.showSideboard')}</option>
        </select>
        <select aria-label={t('deck.sort')} value={sort} onChange={(e) => setSort(e.target.value as SortKey)}>
          <option value="name">{t('deck.sortName')}</option>
          <option value="cost">{t('deck.sortCost')}</option>
          <option value="type">{t('deck.sortType')}</option>
        </select>
      </CardFilters>
      <div className="section-head">
        <h2>{t('deck.poolTitle', { count: visible.reduce((n, c) => n + (counts[c.cardId] ?? 0), 0) })}</h2>
        <span>
          <button type="button" className="link" onClick={() => setDeck(moveAll(current, counts, 'sideboard'))}>
            {t('deck.clear')}
          </button>
          <button type="button" className="link" onClick={() => setDeck(moveAll(current, counts, 'main'))}>
            {t('deck.addAll')}
          </button>
        </span>
      </div>
      <p className="muted">{t('deck.tapHint')}</p>
      {visible.length === 0 && <p className="muted">{t('deck.noCards')}</p>}
      <div className="pool-list">
        {visible.map((c) => (
          <PoolRow
            key={c.cardId}
            card={c}
            inMain={inMainOf(c.cardId)}
            owned={counts[c.cardId] ?? 0}
            playable={mayPlay(heroCard, c)}
            onAdd={() => setDeck((d) => moveCard(d ?? emptyDeck(), counts, c.cardId, 'main'))}
            onRemove={() => setDeck((d) => moveCard(d ?? emptyDeck(), counts, c.cardId, 'sideboard'))}
          />
        ))}
      </div>
      <RegisteredDeck event={event} session={session} deck={registered.data} nameOf={nameOf} minDeckSize={min} />
    </div>
  );
}

/**
 * Violations the guide line already says ("Step 1: choose your hero", "N more cards needed"): not
 * listed twice, so that the hero picker stays near the top of a phone's screen.
 */
const saidByGuide = (v: { code: string; cards: string[] }): boolean => v.code !== 'DECK_TOO_SMALL' && !(v.code === 'NOT_A_HERO' && v.cards.length === 0);

/** A failed request in words (ErrorMessage) with a button to send it again; nothing when there is no error. */
function Failure({ error, onRetry, lead }: { error: unknown; onRetry: () => void; lead?: string }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <div className="failure" data-testid="failure">
      {lead && <p className="warn">{lead}</p>}
      <ErrorMessage error={error} />
      <button type="button" onClick={onRetry}>
        {t('deck.retry')}
      </button>
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
      const text = await fetchText(`/events/${event.id}/deck?format=${format}`, { kind: 'token', token: session.token });
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
      {/* OCTGN has a WoW TCG game definition only; a deck it could not load is refused with the cards named. */}
      {event.game === 'wow-tcg' && (
        <button type="button" onClick={() => void download('o8d')}>
          {t('deck.exportO8d')}
        </button>
      )}
      <ErrorMessage error={error} />
    </section>
  );
}
