import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Routes } from 'react-router';
import { Layout } from './components/layout';
import { HomePage } from './player/home-page';
import { PlayerEventPage } from './player/player-event-page';
import { NotFound } from './components/not-found';

// Screens a player's phone never opens are separate chunks, loaded on demand: the join page's
// script stays small on a store's slow Wi-Fi (the console, leagues and the TV view are most of the app).
const BigScreen = lazy(() => import('./screen/big-screen').then((m) => ({ default: m.BigScreen })));
const OrganizerHome = lazy(() => import('./organizer/organizer-home').then((m) => ({ default: m.OrganizerHome })));
const EventConsole = lazy(() => import('./organizer/event-console').then((m) => ({ default: m.EventConsole })));
const CardSetsPage = lazy(() => import('./organizer/card-sets-page').then((m) => ({ default: m.CardSetsPage })));
const LeaguesPage = lazy(() => import('./organizer/leagues-page').then((m) => ({ default: m.LeaguesPage })));
const StaffPage = lazy(() => import('./organizer/staff-page').then((m) => ({ default: m.StaffPage })));
const AccountPage = lazy(() => import('./organizer/account-page').then((m) => ({ default: m.AccountPage })));
const SetupPage = lazy(() => import('./organizer/link-pages').then((m) => ({ default: m.SetupPage })));
const InvitePage = lazy(() => import('./organizer/link-pages').then((m) => ({ default: m.InvitePage })));

function Loading({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return <Suspense fallback={<p>{t('common.loading')}</p>}>{children}</Suspense>;
}

/**
 * Routes: `/e/<code>` players, `/e/<code>/screen` the store's TV, `/organizer` the console (staff,
 * account), `/setup` and `/invite` the links that make staff accounts.
 */
export function App() {
  return (
    <Routes>
      <Route
        path="/e/:code/screen"
        element={
          <Loading>
            <BigScreen />
          </Loading>
        }
      />
      <Route element={<Layout />}>
        <Route index element={<HomePage />} />
        <Route path="/e/:code" element={<PlayerEventPage />} />
        <Route
          path="/organizer"
          element={
            <Loading>
              <OrganizerHome />
            </Loading>
          }
        />
        <Route
          path="/organizer/events/:id"
          element={
            <Loading>
              <EventConsole />
            </Loading>
          }
        />
        <Route
          path="/organizer/leagues"
          element={
            <Loading>
              <LeaguesPage />
            </Loading>
          }
        />
        <Route
          path="/organizer/sets"
          element={
            <Loading>
              <CardSetsPage />
            </Loading>
          }
        />
        <Route
          path="/organizer/staff"
          element={
            <Loading>
              <StaffPage />
            </Loading>
          }
        />
        <Route
          path="/organizer/account"
          element={
            <Loading>
              <AccountPage />
            </Loading>
          }
        />
        <Route
          path="/setup"
          element={
            <Loading>
              <SetupPage />
            </Loading>
          }
        />
        <Route
          path="/invite"
          element={
            <Loading>
              <InvitePage />
            </Loading>
          }
        />
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
