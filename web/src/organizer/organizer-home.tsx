import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorMessage } from '../components/error-message';
import { useEventPages, useSettled } from '../data/events';
import { CreateEventForm } from './create-event-form';
import { SignIn } from './sign-in';
import { useOrganizer } from './use-organizer';

/** `/organizer`: sign in, then the events (newest first, a page at a time, searchable) and a form to create one. */
export function OrganizerHome() {
  const { t } = useTranslation();
  const organizer = useOrganizer();
  const [search, setSearch] = useState('');
  const q = useSettled(search.trim());
  const list = useEventPages({ q: q || undefined }, { enabled: !!organizer.token, refetchInterval: 10_000 });
  if (!organizer.token) return <SignIn onSignedIn={organizer.signIn} />;
  return (
    <section>
      <div className="section-head">
        <h1>{t('organizer.title')}</h1>
        <span>
          <Link to="/organizer/leagues">{t('organizer.leagues')}</Link> <Link to="/organizer/sets">{t('organizer.cardSets')}</Link>{' '}
          <button type="button" className="link" onClick={organizer.signOut}>
            {t('organizer.signOut')}
          </button>
        </span>
      </div>
      <div className="columns">
        <CreateEventForm token={organizer.token} />
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
