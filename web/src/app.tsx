import { Route, Routes } from 'react-router';
import { Layout } from './components/layout';
import { HomePage } from './player/home-page';
import { PlayerEventPage } from './player/player-event-page';
import { BigScreen } from './screen/big-screen';
import { OrganizerHome } from './organizer/organizer-home';
import { EventConsole } from './organizer/event-console';
import { LeaguesPage } from './organizer/leagues-page';
import { NotFound } from './components/not-found';

/** Routes: `/e/<code>` players, `/e/<code>/screen` the store's TV, `/organizer` the console. */
export function App() {
  return (
    <Routes>
      <Route path="/e/:code/screen" element={<BigScreen />} />
      <Route element={<Layout />}>
        <Route index element={<HomePage />} />
        <Route path="/e/:code" element={<PlayerEventPage />} />
        <Route path="/organizer" element={<OrganizerHome />} />
        <Route path="/organizer/events/:id" element={<EventConsole />} />
        <Route path="/organizer/leagues" element={<LeaguesPage />} />
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
