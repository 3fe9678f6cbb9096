import { useTranslation } from 'react-i18next';

/**
 * A deck's legality as the contract spells it: text `legal` / `illegal` in data-testid="deck-status";
 * in another language its translation follows in brackets.
 */
export function DeckStatus({ legal, pending }: { legal: boolean | undefined; pending?: boolean }) {
  const { t, i18n } = useTranslation();
  const translated = !i18n.resolvedLanguage?.startsWith('en');
  return (
    <span className={`deck-status ${legal ? 'ok' : 'warn'}`}>
      <span className="sr-label">{t('deck.status')}: </span>
      <strong data-testid="deck-status" lang="en">
        {pending || legal === undefined ? '…' : legal ? 'legal' : 'illegal'}
      </strong>{' '}
      {translated && !pending && legal !== undefined && <span className="muted">({legal ? t('deck.legal') : t('deck.illegal')})</span>}
    </span>
  );
}
