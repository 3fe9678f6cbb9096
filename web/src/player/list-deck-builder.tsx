import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DeckMinimumNote, usePlayerMinimum } from './deck-minimum-note';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, call, type EventView } from '../api/client';
import { CardTile } from '../components/card-tile';
import { DeckDeadline } from '../components/deck-deadline';
import { ErrorMessage } from '../components/error-message';
import { ViolationList, WarningList } from '../components/violation-list';
import { useCardDetails, useGames, useHeroes } from '../data/catalog';
import { importDeckList } from '../data/deck-lists';
import { mainCount, sameDeck } from '../logic/deck-builder';
import type { PlayerSession } from '../session';
import { RegisteredDeck } from './deck-builder';
import { DeckRegistration, DeckStatus, SubmissionResult } from './deck-status';
import { ListReading } from '../components/list-reading';
import { CardFilters, HeroSelect, submitDeck, useDiscardWorkingCopy, useRegisteredDeck, type PlayerDeck } from './deck-parts';

/** Tiles shown at once in the card list: a set has hundreds; the search narrows it down. */
const SHOWN = 60;

/**
 * Deck building for an event of real boosters: Podium never saw the pool, so the player enters the
 * deck they built at the table as a list — tapping cards of the event's sets into the main deck, or
 * pasting a text list (its "Sideboard:" lines become the sideboard) — and the server checks it as a
 * list (the deck rules, the copy limit over main deck and sideboard, cards of the event's sets). A
 * list that breaks a rule leaves the registered one as it was (the server keeps it as the working
 * copy, loaded first after a reload), with a way back to the registered list.
 */
export function ListDeckBuilder({ event, session }: { event: EventView; session: PlayerSession }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const games = useGames();
  const game = games.data?.find((g) => g.id === event.game);
  const heroTypes = game?.heroTypes ?? [];
  const heroes = useHeroes(event.game, heroTypes);
  const sets = [...new Set(event.packs.map((p) => p.setCode))];
  const details = useCardDetails(event.game, sets);
  const limit = game?.copyLimits.constructed ?? 4;
  const cards = useMemo(() => [...details.values()].filter((c) => !heroTypes.includes(c.type)).sort((a, b) => a.name.localeCompare(b.name)), [details, heroTypes.join()]);
  // The copy limit of one card: a keyword (WoW "Unlimited", Berserk "Horde") replaces the ordinary one.
  const limitOf = (cardId: string): number => {
    const attributes = (details.get(cardId)?.attributes ?? {}) as Record<string, unknown>;
    let best: number | null | undefined;
    for (const [keyword, n] of Object.entries((game?.copyLimits.byKeyword ?? {}) as Record<string, number | null>)) {
      if (attributes[keyword] !== true) continue;
      if (best === undefined || n === null || (best !== null && n > best)) best = n;
    }
    return best === undefined ? limit : (best ?? 99);
  };

  const registered = useRegisteredDeck(event, session.token);
  const [deck, setDeck] = useState<ListDeck | null>(null);
  // Names of cards outside the event's sets (a pasted or registered list may have some: the check says so).
  const [named, setNamed] = useState<Record<string, { cardId: string; name: string; setCode: string }>>({});
  /** A list the server holds (deck of record or working copy) into the builder, with the names of its cards. */
  const load = (d: Pick<PlayerDeck, 'hero' | 'main' | 'sideboard'>) => {
    setNamed((known) => ({ ...known, ...Object.fromEntries([...d.main, ...d.sideboard].map((e) => [e.card.cardId, e.card])) }));
    setDeck({ hero: d.hero?.cardId ?? null, main: countsOf(d.main), sideboard: countsOf(d.sideboard) });
  };
  useEffect(() => {
    if (deck || registered.isPending) return;
    const r = registered.data;
    // The player's latest changes first: a working copy is what they were editing.
    if (r) load(r.workingCopy ?? r);
    else setDeck({ hero: null, main: {}, sideboard: {} });
  }, [registered.isPending, registered.data]);
  const discard = useDiscardWorkingCopy(event, session.token, load);
  const current = deck ?? { hero: null, main: {}, sideboard: {} };
  const entries = (counts: Record<string, number>) => Object.entries(counts).map(([cardId, count]) => ({ cardId, count }));
  const submission = { ...(current.hero ? { hero: current.hero } : {}), main: entries(current.main), sideboard: entries(current.sideboard) };

  const check = useQuery({
    queryKey: ['deck-check', event.id, JSON.stringify(submission)],
    placeholderData: (previous) => previous,
    enabled: deck !== null,
    queryFn: () => call(api.POST('/api/decks/check', { body: { game: event.game, format: 'limited', ...submission, sets } })),
  });
  // 422 DECK_ILLEGAL keeps the list (as the working copy, or unregistered): its answer, not an error.
  const submit = useMutation({
    mutationFn: () => submitDeck(event, session.token, submission),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['deck', event.id] }),
  });
  const [pasted, setPasted] = useState('');
  const read = useMutation({
    mutationFn: (list: string | File) => importDeckList(event, list),
    onSuccess: (list) => {
      setNamed((known) => ({ ...known, ...Object.fromEntries([...list.deck.main, ...list.deck.sideboard].map((e) => [e.card.cardId, e.card])) }));
      setDeck({ hero: list.deck.hero?.cardId ?? current.hero, main: countsOf(list.deck.main), sideboard: countsOf(list.deck.sideboard) });
    },
  });

  const add = (cardId: string, n: number, where: 'main' | 'sideboard' = 'main') => {
    const other = where === 'main' ? current.sideboard : current.main;
    const next = Math.max(0, Math.min(limitOf(cardId) - (other[cardId] ?? 0), (current[where][cardId] ?? 0) + n));
    const counts = { ...current[where] };
    if (next <= 0) delete counts[cardId];
    else counts[cardId] = next;
    setDeck({ ...current, [where]: counts });
  };
  /** A card of the deck as a tile: from the event's sets, else by the name its list gave. */
  const tileOf = (cardId: string) =>
    details.get(cardId) ?? { cardId, name: named[cardId]?.name ?? cardId, setCode: named[cardId]?.setCode ?? '', number: 0, rarity: '', type: '', attributes: {} };
  const [search, setSearch] = useState('');
  const [typeFilter, setTypeFilter] = useState('');
  const matching = cards.filter((c) => (!typeFilter || c.type === typeFilter) && (!search || c.name.toLowerCase().includes(search.toLowerCase())));
  const inMain = Object.keys(current.main)
    .map(tileOf)
    .sort((a, b) => a.name.localeCompare(b.name));
  const inSideboard = Object.keys(current.sideboard)
    .map(tileOf)
    .sort((a, b) => a.name.localeCompare(b.name));
  const types = [...new Set(cards.map((c) => c.type))].sort();
  const gameMinimum = game?.limited.minDeckSize ?? 30;
  const { min, allowed } = usePlayerMinimum(event.id, session.token, gameMinimum);
  const result = check.data;
  const nameOf = (id: string) => details.get(id)?.name ?? named[id]?.name ?? id;
  const copy = registered.data?.workingCopy;
  const showsWorkingCopy = !!copy && sameDeck(current, { hero: copy.hero?.cardId ?? null, main: countsOf(copy.main), sideboard: countsOf(copy.sideboard) });

  return (
    <div className="builder" data-testid="list-builder">
      <DeckMinimumNote allowed={allowed} gameMinimum={gameMinimum} />
      <p className="notice">{t('listDeck.intro', { sets: sets.join(', ') })}</p>
      <div className="builder-bar">
        <span className={mainCount(current) >= min && result?.legal ? 'ok' : 'warn'}>{t('deck.mainCount', { count: mainCount(current), min })}</span>
        <DeckStatus legal={result?.legal} pending={!result} />
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
        realBoosters
        busy={discard.isPending}
        onBack={() => {
          submit.reset();
          discard.mutate();
        }}
        onKeepEditing={() => registered.data?.workingCopy && load(registered.data.workingCopy)}
      />
      <ErrorMessage error={submit.error ?? discard.error} />
      {/* The working copy's reasons are in its notice above: not twice while the builder holds it unchanged. */}
      {result && !showsWorkingCopy && <ViolationList violations={result.violations} nameOf={nameOf} minDeckSize={min} label={t('deck.violations')} realBoosters />}
      {result && <WarningList warnings={result.warnings} nameOf={nameOf} />}
      {heroTypes.length > 0 && <HeroSelect heroes={heroes.data ?? []} value={current.hero} onChange={(hero) => setDeck({ ...current, hero })} />}
      <details className="paste-list">
        <summary>{t('listDeck.paste')}</summary>
        <textarea rows={8} value={pasted} onChange={(e) => setPasted(e.target.value)} placeholder={'Hero: …\n2 Card name\n1 Other card'} aria-label={t('listDeck.paste')} />
        <div className="paste-actions">
          <button type="button" onClick={() => read.mutate(pasted)} disabled={read.isPending || pasted.trim() === ''}>
            {t('listDeck.read')}
          </button>
          {/* A file goes as its bytes: the server tells its encoding (Windows-1251 lists of Russian players). */}
          <label className="file-button">
            {t('listDeck.openFile')}
            <input
              type="file"
              accept=".txt,.csv,.o8d,.mwDeck,.deck,.dec,text/plain,text/csv"
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (file) read.mutate(file);
                e.target.value = '';
              }}
            />
          </label>
        </div>
        <ErrorMessage error={read.error} />
        {read.data && <ListReading list={read.data} />}
      </details>
      <div className="columns">
        <section>
          <div className="section-head">
            <h2>{t('deck.main')}</h2>
            <button type="button" className="link" onClick={() => setDeck({ ...current, main: {}, sideboard: {} })}>
              {t('listDeck.clear')}
            </button>
          </div>
          <p className="muted">{t('listDeck.removeHint')}</p>
          <div className="pack">
            {inMain.map((c) => (
              <CardTile key={c.cardId} card={c} count={current.main[c.cardId]} compact onClick={() => add(c.cardId, -1)} />
            ))}
          </div>
          {inSideboard.length > 0 && (
            <>
              <h2>{t('deck.sideboard')}</h2>
              <p className="muted">{t('listDeck.sideboardHint')}</p>
              <div className="pack">
                {inSideboard.map((c) => (
                  <CardTile key={c.cardId} card={c} count={current.sideboard[c.cardId]} compact onClick={() => add(c.cardId, -1, 'sideboard')} />
                ))}
              </div>
            </>
          )}
        </section>
        <section>
          <div className="section-head">
            <h2>{t('listDeck.cardsOf', { sets: sets.join(', ') })}</h2>
          </div>
          <CardFilters search={search} onSearch={setSearch} type={typeFilter} onType={setTypeFilter} types={types} />
          <p className="muted">{t('listDeck.addHint', { limit })}</p>
          <div className="pack">
            {matching.slice(0, SHOWN).map((c) => (
              <CardTile
                key={c.cardId}
                card={c}
                count={current.main[c.cardId]}
                selected={(current.main[c.cardId] ?? 0) > 0}
                compact
                onClick={() => add(c.cardId, 1)}
                disabled={(current.main[c.cardId] ?? 0) + (current.sideboard[c.cardId] ?? 0) >= limitOf(c.cardId)}
              />
            ))}
          </div>
          {matching.length > SHOWN && <p className="muted">{t('listDeck.more', { shown: SHOWN, count: matching.length })}</p>}
        </section>
      </div>
      <RegisteredDeck event={event} session={session} deck={registered.data} nameOf={nameOf} minDeckSize={min} realBoosters />
    </div>
  );
}

/** A deck list being entered: the hero, and copies per card id in the main deck and the sideboard. */
interface ListDeck {
  hero: string | null;
  main: Record<string, number>;
  sideboard: Record<string, number>;
}

function countsOf(entries: readonly { card: { cardId: string }; count: number }[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const e of entries) out[e.card.cardId] = (out[e.card.cardId] ?? 0) + e.count;
  return out;
}
