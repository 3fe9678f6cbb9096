import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { api, ApiError, bearer, call, type CatalogCard, type EventView, type Schemas } from '../api/client';
import { cardFacts } from '../logic/card-info';

/** The deck the server holds for this player; null before the first submission (DECK_NOT_FOUND). */
export function useRegisteredDeck(event: EventView, token: string) {
  return useQuery({
    queryKey: ['deck', event.id],
    retry: false,
    queryFn: async (): Promise<Schemas['DeckDto'] | null> => {
      try {
        return (await call(api.GET('/api/events/{id}/deck', { params: { path: { id: event.id }, query: { format: 'json' } }, ...bearer(token) }))) as Schemas['DeckDto'];
      } catch (e) {
        if (e instanceof ApiError && e.code === 'DECK_NOT_FOUND') return null;
        throw e;
      }
    },
  });
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
