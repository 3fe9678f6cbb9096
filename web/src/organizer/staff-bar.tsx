import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Organizer } from './use-organizer';

/**
 * Who is signed in, in which store and with which role; a store switcher for staff of several
 * stores; the console's pages the role may open (staff for owners, API tokens and the password for
 * anyone with an account) and sign-out.
 */
export function StaffBar({ organizer }: { organizer: Organizer }) {
  const { t } = useTranslation();
  const { me, store, stores } = organizer;
  if (!me?.signedIn) return null;
  const who = me.account ? `${me.account.name} (${me.account.username})` : t('staff.organizerToken');
  return (
    <div className="staff-bar no-print" data-testid="staff-bar">
      <span>
        {t('staff.signedInAs', { who })}
        {store && stores.length === 1 && (
          <>
            {' · '}
            <strong data-testid="store-name">{store.name}</strong> · <span data-testid="role">{t(`role.${store.role}`)}</span>
          </>
        )}
      </span>
      {stores.length > 1 && store && (
        <label className="inline">
          {t('staff.store')}{' '}
          <select value={store.id} onChange={(e) => organizer.chooseStore(e.target.value)}>
            {stores.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name} — {t(`role.${s.role}`)}
              </option>
            ))}
          </select>
        </label>
      )}
      <nav>
        <Link to="/organizer">{t('organizer.events')}</Link>
        <Link to="/organizer/leagues">{t('organizer.leagues')}</Link>
        {organizer.may('catalog.manage') && <Link to="/organizer/sets">{t('organizer.cardSets')}</Link>}
        {organizer.may('store.manage') && <Link to="/organizer/staff">{t('staff.staffLink')}</Link>}
        {me.account && <Link to="/organizer/account">{t('staff.accountLink')}</Link>}
        <button type="button" className="link" onClick={() => void organizer.signOut()}>
          {t('organizer.signOut')}
        </button>
      </nav>
    </div>
  );
}

/**
 * The event console's one line: the way back to the events, and who is signed in with which role
 * in the event's store — the console's next action must stay on a phone's first screen.
 */
export function StaffLine({ organizer, storeId, back }: { organizer: Organizer; storeId: string; back: ReactNode }) {
  const { t } = useTranslation();
  const { me } = organizer;
  const store = organizer.stores.find((s) => s.id === storeId);
  const who = me?.account ? me.account.name : t('staff.organizerToken');
  return (
    <p className="staff-line no-print" data-testid="staff-bar">
      {back}
      <span className="muted">
        {who}
        {store && (
          <>
            {' · '}
            <span data-testid="role">{t(`role.${store.role}`)}</span>
          </>
        )}
      </span>
    </p>
  );
}
