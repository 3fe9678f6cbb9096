import { useTranslation } from 'react-i18next';
import { useEntry } from './entry-status';

/**
 * The main-deck minimum that applies to this player: the organizer's lower one for them (a pool no
 * hero fills; docs/rules.md "A lower minimum for one player"), else the game's.
 */
export function usePlayerMinimum(eventId: string, token: string, gameMinimum: number): { min: number; allowed: number | null } {
  const allowed = useEntry(eventId, token).data?.minMainDeck ?? null;
  return { min: allowed !== null ? Math.min(allowed, gameMinimum) : gameMinimum, allowed };
}

/** "Your organizer allowed N cards for your deck (instead of 30)." — only when they did. */
export function DeckMinimumNote({ allowed, gameMinimum }: { allowed: number | null; gameMinimum: number }) {
  const { t } = useTranslation();
  if (allowed === null) return null;
  return (
    <p className="notice" data-testid="deck-minimum-note">
      {t('deck.minimumAllowed', { n: allowed, min: gameMinimum })}
    </p>
  );
}
