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
