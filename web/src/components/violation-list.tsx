import { useTranslation } from 'react-i18next';
import type { Schemas } from '../api/client';

/**
 * A deck's violations in words. In English the server's own sentence (it has the counts and names);
 * in another language the rule's translation by its code, naming the cards concerned — the
 * server's sentence when the code has none. Real boosters (no pool known): CARD_NOT_IN_POOL means
 * a card of another set than the event's.
 */
export function ViolationList({
  violations,
  nameOf,
  minDeckSize,
  label,
  realBoosters,
}: {
  violations: Schemas['ViolationDto'][];
  nameOf: (cardId: string) => string;
  minDeckSize: number;
  label?: string;
  realBoosters?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const english = i18n.resolvedLanguage?.startsWith('en') ?? true;
  if (violations.length === 0) return null;
  return (
    <ul className="violations" aria-label={label}>
      {violations.map((v, i) => (
        <li key={i}>
          {english
            ? v.message
            : t(`violation.${realBoosters && v.code === 'CARD_NOT_IN_POOL' ? 'CARD_NOT_IN_SETS' : v.code}`, {
                defaultValue: v.message,
                cards: [...new Set(v.cards.map(nameOf))].join(', '),
                min: minDeckSize,
              })}
        </li>
      ))}
    </ul>
  );
}

/**
 * A deck check's notes for the judge (`warnings`: MANY_COPIES, UNKNOWN_VALUE): the deck stays legal;
 * shown so nobody is surprised when a judge asks to see the cards. English: the server's sentence;
 * another language: the code's translation naming the cards.
 */
export function WarningList({ warnings, nameOf }: { warnings: Schemas['DeckWarningDto'][] | undefined; nameOf: (cardId: string) => string }) {
  const { t, i18n } = useTranslation();
  const english = i18n.resolvedLanguage?.startsWith('en') ?? true;
  if (!warnings || warnings.length === 0) return null;
  return (
    <ul className="deck-warnings" aria-label={t('deck.warnings')}>
      {warnings.map((w, i) => (
        <li key={i} data-code={w.code}>
          {english ? w.message : t(`deckWarning.${w.code}`, { defaultValue: w.message, cards: [...new Set(w.cards.map(nameOf))].join(', ') })}
        </li>
      ))}
    </ul>
  );
}
