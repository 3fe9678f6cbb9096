import { useTranslation } from 'react-i18next';
import type { Schemas } from '../api/client';

type Suggestion = Pick<Schemas['DeckSuggestionDto'], 'explanation' | 'reason'>;

/**
 * Why the suggested deck, in the player's language: the server's reason code and values
 * (`suggestion.<code>`), with faction, class, element and rarity values through the game terms
 * (`trait.*`, `rarity.*`; the data value when a term has no name). A reason code the app does not
 * know shows the server's English explanation.
 */
export function SuggestionText({ suggestion }: { suggestion: Suggestion | undefined }) {
  const { t, i18n } = useTranslation();
  if (!suggestion) return null;
  const { code, params, rarities } = suggestion.reason;
  if (!i18n.exists(`suggestion.${code}`)) {
    return (
      <p className="muted" lang="en" data-testid="suggestion-text">
        {suggestion.explanation}
      </p>
    );
  }
  const term = (group: string, value: string | number | undefined) => (value === undefined || value === '' ? '' : t(`${group}.${value}`, { defaultValue: String(value) }));
  const hero = [term('trait', params.faction), term('trait', params.heroClass), term('trait', params.talent)].filter(Boolean).join(', ');
  const values = {
    ...params,
    heroFacts: hero ? ` (${hero})` : '',
    colours: [1, 2]
      .filter((i) => params[`colour${i}`] !== undefined)
      .map((i) => `${term('trait', params[`colour${i}`])} (${params[`count${i}`]})`)
      .join(t('suggestion.and')),
    rarities: rarities.map((r) => t('suggestion.rarityCount', { count: r.count, rarity: term('rarity', r.rarity) })).join(', '),
    extraText: Number(params.extra) > 0 ? t('suggestion.extra', { count: Number(params.extra) }) : '',
  };
  return (
    <p className="muted" data-testid="suggestion-text">
      {t(`suggestion.${code}`, values)}
    </p>
  );
}
