import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api, call } from '../api/client';
import { ErrorMessage } from '../components/error-message';
import { CreateEventForm } from './create-event-form';
import { SignIn } from './sign-in';
import { useOrganizer } from './use-organizer';

/** `/organizer`: sign in, then the events (newest first) and a form to create one. */
export function OrganizerHome() {
  const { t } = useTranslation();
  const organizer = useOrganizer();
  const events = useQuery({ queryKey: ['events'], enabled: !!organizer.token, refetchInterval: 10_000, queryFn: () => call(api.GET('/api/events', { params: { query: {} } })) });
  if (!organizer.token) return <SignIn onSignedIn={organizer.signIn} />;
  return (
    <section>
      <div className="section-head">
        <h1>{t('organizer.title')}</h1>
        <span>
          <Link to="/organizer/leagues">{t('organizer.leagues')}</Link>{' '}
          <button type="button" className="link" onClick={organizer.signOut}>
            {t('organizer.signOut')}
          </button>
        </span>
      </div>
      <div className="columns">
        <CreateEventForm token={organizer.token} />
        <section>
          <h2>{t('organizer.events')}</h2>
          <ErrorMessage error={events.error} />
          <ul className="event-list">
            {(events.data ?? []).map((e) => (
              <li key={e.id}>
                <Link to={`/organizer/events/${e.id}`}>{e.name}</Link> <span className="badge">{t(`state.${e.state}`)}</span>{' '}
                <span className="muted">
                  {t(`format.${e.format}`)} · {e.code} · {t('organizer.playerCount', { count: e.playerCount })}
                </span>
              </li>
            ))}
          </ul>
          {events.data?.length === 0 && <p className="muted">{t('organizer.noEvents')}</p>}
        </section>
      </div>
    </section>
  );
}
