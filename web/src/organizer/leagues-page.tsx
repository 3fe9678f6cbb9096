import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api, staffAuth, call, type Schemas, type StaffAuth } from '../api/client';
import { ErrorMessage } from '../components/error-message';
import { useEventPages, useSettled } from '../data/events';
import { signInGate } from './sign-in';
import { StaffBar } from './staff-bar';
import { useOrganizer } from './use-organizer';

/**
 * Leagues: create a season in the store worked in and add that store's events (roles with
 * league.manage), standings by player profile, CSV download.
 */
export function LeaguesPage() {
  const { t } = useTranslation();
  const organizer = useOrganizer();
  const queryClient = useQueryClient();
  const leagues = useQuery({ queryKey: ['leagues'], queryFn: () => call(api.GET('/api/leagues')) });
  const year = new Date().getFullYear();
  const [form, setForm] = useState({
    name: '',
    game: 'wow-tcg' as 'wow-tcg' | 'berserk',
    seasonStart: `${year}-01-01`,
    seasonEnd: `${year}-12-31`,
    mode: 'match-points' as 'match-points' | 'placing',
  });
  const create = useMutation({
    mutationFn: () =>
      call(
        api.POST('/api/leagues', {
          body: {
            name: form.name.trim(),
            game: form.game,
            seasonStart: form.seasonStart,
            seasonEnd: form.seasonEnd,
            scoring: { mode: form.mode, ...(form.mode === 'placing' ? { placingPoints: [10, 7, 5, 3] } : {}) },
            storeId: organizer.store!.id,
          },
          ...staffAuth(organizer.auth!),
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['leagues'] }),
  });
  const gate = signInGate(organizer, <p>{t('common.loading')}</p>);
  if (gate || !organizer.auth) return gate;
  const storeId = organizer.store?.id;
  const manage = organizer.may('league.manage');
  return (
    <section>
      <StaffBar organizer={organizer} />
      <p>
        <Link to="/organizer">← {t('organizer.events')}</Link>
      </p>
      <h1>{t('leagues.title')}</h1>
      <div className="columns">
        {manage && storeId && (
          <form
            className="card-form"
            onSubmit={(e) => {
              e.preventDefault();
              create.mutate();
            }}
          >
            <h2>{t('leagues.create')}</h2>
            <label>
              {t('create.name')}
              <input value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} required maxLength={120} />
            </label>
            <label>
              {t('create.game')}
              <select value={form.game} onChange={(e) => setForm({ ...form, game: e.target.value as 'wow-tcg' | 'berserk' })}>
                <option value="wow-tcg">{t('game.wow-tcg')}</option>
                <option value="berserk">{t('game.berserk')}</option>
              </select>
            </label>
            <label>
              {t('leagues.seasonStart')}
              <input type="date" value={form.seasonStart} onChange={(e) => setForm({ ...form, seasonStart: e.target.value })} required />
            </label>
            <label>
              {t('leagues.seasonEnd')}
              <input type="date" value={form.seasonEnd} onChange={(e) => setForm({ ...form, seasonEnd: e.target.value })} required />
            </label>
            <label>
              {t('leagues.scoring')}
              <select value={form.mode} onChange={(e) => setForm({ ...form, mode: e.target.value as 'match-points' | 'placing' })}>
                <option value="match-points">{t('leagues.byMatchPoints')}</option>
                <option value="placing">{t('leagues.byPlacing')}</option>
              </select>
            </label>
            <ErrorMessage error={create.error} />
            <button type="submit" className="primary" disabled={create.isPending || !form.name.trim()}>
              {t('leagues.createButton')}
            </button>
          </form>
        )}
        <div>
          <ErrorMessage error={leagues.error} />
          {(leagues.data ?? []).map((l) => (
            // Events are added by the league's own store (member stores' events included): other stores only read it.
            <League key={l.id} league={l} auth={organizer.auth!} manage={manage && l.storeId === storeId} storeId={storeId} />
          ))}
          {leagues.data?.length === 0 && <p className="muted">{t('leagues.none')}</p>}
        </div>
      </div>
    </section>
  );
}

function League({ league, auth, manage, storeId }: { league: Schemas['LeagueDto']; auth: StaffAuth; manage: boolean; storeId: string | undefined }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const standings = useQuery({
    queryKey: ['league-standings', league.id, league.events.length],
    queryFn: () => call(api.GET('/api/leagues/{id}/standings', { params: { path: { id: league.id }, query: { format: 'json' } } })),
  });
  const [search, setSearch] = useState('');
  const q = useSettled(search.trim());
  // The league's game only; a search by name or code, and older pages on demand, reach every event of any season.
  const list = useEventPages({ game: league.game, q: q || undefined, storeId }, { limit: 50, enabled: manage });
  const [eventId, setEventId] = useState('');
  const add = useMutation({
    mutationFn: () => call(api.POST('/api/leagues/{id}/events', { params: { path: { id: league.id } }, body: { eventId }, ...staffAuth(auth) })),
    onSuccess: () => {
      setEventId('');
      return queryClient.invalidateQueries({ queryKey: ['leagues'] });
    },
  });
  // A cancelled event never counts in a league (the server refuses it): not offered.
  const candidates = list.events.filter((e) => e.state !== 'cancelled' && !league.events.some((x) => x.eventId === e.id));
  return (
    <section className="league">
      <h2>
        {league.name} <span className="muted">{`${league.seasonStart} – ${league.seasonEnd}`}</span>
      </h2>
      <p className="muted">{league.events.map((e) => e.name).join(', ') || t('leagues.noEvents')}</p>
      {manage && (
        <>
          <label className="search">
            {t('leagues.findEvent')}
            <input type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder={t('leagues.findPlaceholder')} maxLength={120} />
          </label>
          <form
            className="inline-form"
            onSubmit={(e) => {
              e.preventDefault();
              if (eventId) add.mutate();
            }}
          >
            <select aria-label={t('leagues.event')} value={eventId} onChange={(e) => setEventId(e.target.value)}>
              <option value="">{t('leagues.chooseEvent')}</option>
              {candidates.map((e) => (
                <option key={e.id} value={e.id}>
                  {e.name} ({e.code})
                </option>
              ))}
            </select>
            <button type="submit" disabled={!eventId || add.isPending}>
              {t('leagues.addEvent')}
            </button>
            {list.hasMore && (
              <button type="button" className="link" onClick={list.loadMore} disabled={list.loadingMore}>
                {t('leagues.moreEvents')}
              </button>
            )}
          </form>
          {list.loaded && q && list.events.length === 0 && <p className="muted">{t('leagues.noMatch')}</p>}
        </>
      )}
      <ErrorMessage error={add.error ?? list.error ?? standings.error} />
      <table>
        <thead>
          <tr>
            <th>#</th>
            <th>{t('standings.player')}</th>
            <th>{t('leagues.points')}</th>
            <th>{t('leagues.events')}</th>
            <th>OMW%</th>
          </tr>
        </thead>
        <tbody>
          {(standings.data ?? []).map((r) => (
            <tr key={r.profileId}>
              <td>{r.rank}</td>
              <td>{r.name}</td>
              <td>{r.points}</td>
              <td>{r.events}</td>
              <td>{(r.omwp * 100).toFixed(2)}%</td>
            </tr>
          ))}
        </tbody>
      </table>
      <a href={`/api/leagues/${league.id}/standings?format=csv`} download>
        {t('leagues.csv')}
      </a>
    </section>
  );
}
