import { useTranslation } from 'react-i18next';
import { ViolationList } from '../components/violation-list';
import type { PlayerDeck, SubmissionAnswer } from './deck-parts';

/**
 * A deck's legality in the UI language (English `legal` / `illegal`, Russian «допустима» /
 * «недопустима») in data-testid="deck-status", with `data-legal` "true" / "false" for scripts
 * whatever the language; "…" while the check runs.
 */
export function DeckStatus({ legal, pending }: { legal: boolean | undefined; pending?: boolean }) {
  const { t } = useTranslation();
  const known = !pending && legal !== undefined;
  return (
    <span className={`deck-status ${legal ? 'ok' : 'warn'}`}>
      <span className="sr-label">{t('deck.status')}: </span>
      <strong data-testid="deck-status" data-legal={known ? String(legal) : undefined}>
        {known ? (legal ? t('deck.statusLegal') : t('deck.statusIllegal')) : '…'}
      </strong>
    </span>
  );
}

/**
 * What counts for the event (the server's rule REGISTERED_DECK_KEPT): "Registered: <hero> · N cards",
 * or that no deck is registered yet; and when the player's latest submission broke a rule after they
 * registered (the working copy), that those changes are not registered, why, and a way back to the
 * registered deck or on with editing the changes.
 */
export function DeckRegistration({
  deck,
  nameOf,
  minDeckSize,
  realBoosters,
  onBack,
  onKeepEditing,
  busy,
}: {
  deck: PlayerDeck | null | undefined;
  nameOf: (cardId: string) => string;
  minDeckSize: number;
  realBoosters?: boolean;
  onBack: () => void;
  onKeepEditing: () => void;
  busy?: boolean;
}) {
  const { t, i18n } = useTranslation();
  if (!deck) return null;
  const copy = deck.workingCopy;
  const hero = (deck.hero as { name?: string } | null)?.name;
  const at = copy ? new Date(copy.updatedAt).toLocaleTimeString(i18n.resolvedLanguage, { hour: '2-digit', minute: '2-digit' }) : '';
  return (
    <div className="registration" data-testid="registration">
      {deck.legal ? (
        <p className="ok" data-testid="registered-summary">
          {hero ? t('deck.registeredSummary', { hero, count: deck.mainCount }) : t('deck.registeredCards', { count: deck.mainCount })}
        </p>
      ) : (
        <p className="warn" data-testid="registered-summary">
          {t('deck.notRegistered')}
        </p>
      )}
      {copy && (
        <div className="notice working-copy" data-testid="working-copy" role="status">
          <strong>{t('deck.workingCopyTitle')}</strong>
          <ViolationList violations={copy.violations} nameOf={nameOf} minDeckSize={minDeckSize} realBoosters={realBoosters} label={t('deck.workingCopyTitle')} />
          <p className="muted">{t('deck.workingCopyHint', { at })}</p>
          <div className="actions">
            <button type="button" onClick={onBack} disabled={busy}>
              {t('deck.backToRegistered')}
            </button>
            <button type="button" onClick={onKeepEditing}>
              {t('deck.keepEditing')}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}

/** What became of the deck just submitted: registered, kept beside the registered deck as a working copy, or saved unregistered. */
export function SubmissionResult({ answer }: { answer: SubmissionAnswer | undefined }) {
  const { t } = useTranslation();
  if (!answer) return null;
  const text = answer.legal ? t('deck.registeredLegal') : answer.storedAs === 'working-copy' ? t('deck.keptAsWorkingCopy') : t('deck.savedIllegal');
  return (
    <p className={answer.legal ? 'ok' : 'warn'} data-testid="submission-result">
      {text}
    </p>
  );
}
