import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorMessage } from '../components/error-message';
import { useEventPages, useSettled } from '../data/events';
import { CreateEventForm } from './create-event-form';
import { signInGate } from './sign-in';
import { StaffBar } from './staff-bar';
import { useOrganizer } from './use-organizer';

/**
 * `/organizer`: sign in, then the events of the store worked in (newest first, a page at a time,
 * searchable) and, for roles that may create events, a form to create one there.
 */
export function OrganizerHome() {
  const { t } = useTranslation();
  const organizer = useOrganizer();
  const [search, setSearch] = useState('');
  const q = useSettled(search.trim());
  const storeId = organizer.store?.id;
  const list = useEventPages({ q: q || undefined, storeId }, { enabled: !!organizer.auth && !!storeId, refetchInterval: 10_000 });
  const gate = signInGate(organizer, <p>{t('common.loading')}</p>);
  if (gate || !organizer.auth) return gate;
  return (
    <section>
      <StaffBar organizer={organizer} />
      <div className="section-head">
        <h1>{t('organizer.title')}</h1>
      </div>
      {organizer.stores.length === 0 && <p className="muted">{t('staff.noStore')}</p>}
      <div className="columns">
        {storeId && organizer.may('event.manage') && <CreateEventForm auth={organizer.auth} storeId={storeId} />}
        <section>
          <h2>{t('organizer.events')}</h2>
          <label className="search">
            {t('organizer.search')}
            <input type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder={t('organizer.searchPlaceholder')} maxLength={120} />
          </label>
          <ErrorMessage error={list.error} />
          <ul className="event-list">
            {list.events.map((e) => (
              <li key={e.id}>
                <Link to={`/organizer/events/${e.id}`}>{e.name}</Link> <span className="badge">{t(`state.${e.state}`)}</span>{' '}
                <span className="muted">
                  {t(`format.${e.format}`)} · {e.code} · {t('organizer.playerCount', { count: e.playerCount })}
                </span>
              </li>
            ))}
          </ul>
          {list.loaded && list.events.length === 0 && <p className="muted">{q ? t('organizer.noMatch') : t('organizer.noEvents')}</p>}
          {list.hasMore && (
            <button type="button" onClick={list.loadMore} disabled={list.loadingMore}>
              {t('organizer.moreEvents')}
            </button>
          )}
        </section>
      </div>
    </section>
  );
}
