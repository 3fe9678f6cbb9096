import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { api, ApiError, bearer, call, type CatalogCard, type EventView, type Schemas } from '../api/client';
import { cardFacts } from '../logic/card-info';

/** The player's deck as the server holds it: the deck of record (registered when legal) and the working copy. */
export type PlayerDeck = Schemas['PlayerDeckDto'];

/** The deck the server holds for this player, with their working copy; null before the first submission (DECK_NOT_FOUND). */
export function useRegisteredDeck(event: EventView, token: string) {
  return useQuery({
    queryKey: ['deck', event.id],
    retry: false,
    queryFn: async (): Promise<PlayerDeck | null> => {
      try {
        return (await call(api.GET('/api/events/{id}/deck', { params: { path: { id: event.id }, query: { format: 'json' } }, ...bearer(token) }))) as PlayerDeck;
      } catch (e) {
        if (e instanceof ApiError && e.code === 'DECK_NOT_FOUND') return null;
        throw e;
      }
    },
  });
}

/** Drops the working copy on the server (back to the registered deck); `onDone` gets the deck as it is then. */
export function useDiscardWorkingCopy(event: EventView, token: string, onDone: (deck: PlayerDeck) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(api.DELETE('/api/events/{id}/deck/working-copy', { params: { path: { id: event.id } }, ...bearer(token) })),
    onSuccess: (deck) => {
      queryClient.setQueryData(['deck', event.id], deck);
      onDone(deck);
    },
  });
}

/** A deck submission's answer, 200 or 422 DECK_ILLEGAL alike (a 422 keeps the deck: where, `storedAs` says). */
export type SubmissionAnswer = Pick<Schemas['DeckSubmissionDto'], 'legal' | 'violations' | 'storedAs'>;

/** PUT …/deck as the deck builders send it: the answer of a 200 or of a 422 DECK_ILLEGAL; any other error throws. */
export async function submitDeck(event: EventView, token: string, body: Schemas['SubmitDeckDto']): Promise<SubmissionAnswer> {
  const { response, data, error } = await api.PUT('/api/events/{id}/deck', { params: { path: { id: event.id } }, body, ...bearer(token) });
  if (response.status === 422 && (error as { code?: string })?.code === 'DECK_ILLEGAL') return error as unknown as SubmissionAnswer;
  return call(Promise.resolve({ data, error, response }));
}

/** The hero choice of a WoW TCG Limited deck: any hero of the game, by name, with its faction and class. */
export function HeroSelect({ heroes, value, onChange }: { heroes: readonly CatalogCard[]; value: string | null; onChange: (heroId: string | null) => void }) {
  const { t } = useTranslation();
  return (
    <label>
      {t('deck.hero')}
      <select value={value ?? ''} onChange={(e) => onChange(e.target.value || null)}>
        <option value="">{t('deck.chooseHero')}</option>
        {heroes.map((h) => {
          const f = cardFacts(h.attributes as Record<string, unknown>);
          return (
            <option key={h.cardId} value={h.cardId}>
              {h.name} — {f.traits.slice(0, 3).join(' · ')} ({h.cardId})
            </option>
          );
        })}
      </select>
    </label>
  );
}

/** The card filters of a deck builder: search by name and card type; `children` add more controls (a sort). */
export function CardFilters({
  search,
  onSearch,
  type,
  onType,
  types,
  children,
}: {
  search: string;
  onSearch: (s: string) => void;
  type: string;
  onType: (t: string) => void;
  types: readonly string[];
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="filters">
      <input type="search" placeholder={t('deck.search')} aria-label={t('deck.search')} value={search} onChange={(e) => onSearch(e.target.value)} />
      <select aria-label={t('deck.filterType')} value={type} onChange={(e) => onType(e.target.value)}>
        <option value="">{t('deck.allTypes')}</option>
        {types.map((ty) => (
          <option key={ty} value={ty}>
            {t(`cardType.${ty}`, { defaultValue: ty })}
          </option>
        ))}
      </select>
      {children}
    </div>
  );
}
