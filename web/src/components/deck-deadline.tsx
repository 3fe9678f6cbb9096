import { useTranslation } from 'react-i18next';
import { serverOffsetMs } from '../player/use-me';
import { useNow } from './use-now';

/**
 * The deck deadline (the event's `deckDeadline`, server time): when decks are due and how long is
 * left, or that it passed. `missing` (organizer): decks not yet legal, said once the deadline passed —
 * what happens to them is the organizer's call, not the server's.
 */
export function DeckDeadline({ deadline, missing }: { deadline: string | null | undefined; missing?: number }) {
  const { t, i18n } = useTranslation();
  const now = useNow(15_000) + serverOffsetMs;
  if (!deadline) return null;
  const due = Date.parse(deadline);
  const at = new Date(due).toLocaleTimeString(i18n.resolvedLanguage, { hour: '2-digit', minute: '2-digit' });
  const left = Math.ceil((due - now) / 60_000);
  if (left > 0)
    return (
      <p className="notice" data-testid="deck-deadline">
        {t('deck.dueAt', { at, count: left })}
      </p>
    );
  if (missing !== undefined && missing > 0)
    return (
      <p className="warn" data-testid="deck-deadline">
        {t('deck.deadlineMissing', { at, count: missing })}
      </p>
    );
  return (
    <p className="muted" data-testid="deck-deadline">
      {t('deck.deadlinePassed', { at })}
    </p>
  );
}
