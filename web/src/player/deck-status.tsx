import { useTranslation } from 'react-i18next';

/** A deck's legality as the contract spells it: text `legal` / `illegal` in data-testid="deck-status". */
export function DeckStatus({ legal, pending }: { legal: boolean | undefined; pending?: boolean }) {
  const { t } = useTranslation();
  return (
    <span className={`deck-status ${legal ? 'ok' : 'warn'}`}>
      <span className="sr-label">{t('deck.status')}: </span>
      <strong data-testid="deck-status" lang="en">
        {pending || legal === undefined ? '…' : legal ? 'legal' : 'illegal'}
      </strong>{' '}
      {!pending && legal !== undefined && <span className="muted">({legal ? t('deck.legal') : t('deck.illegal')})</span>}
    </span>
  );
}
