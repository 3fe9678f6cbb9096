import { routeTarget } from './route-target';

const ID = '0b7c2a4e-5d8f-4a3b-9c1d-2e3f4a5b6c7d';

describe('routeTarget: the resource whose store decides who may call a staff route', () => {
  it('STAFF_ROUTE_EVENT: /api/events/:id and everything below it act on that event', () => {
    expect(routeTarget('/api/events/:id', { id: ID })).toEqual({ kind: 'event', id: ID });
    expect(routeTarget('/api/events/:id/rounds/:number/swap', { id: ID, number: '2' })).toEqual({ kind: 'event', id: ID });
  });

  it('STAFF_ROUTE_MATCH: a :matchId names the match (its event decides)', () => {
    expect(routeTarget('/api/matches/:matchId/result', { matchId: ID })).toEqual({ kind: 'match', id: ID });
  });

  it('STAFF_ROUTE_LEAGUE: /api/leagues/:id acts on the league; /api/profiles/:id on no store', () => {
    expect(routeTarget('/api/leagues/:id/events', { id: ID })).toEqual({ kind: 'league', id: ID });
    expect(routeTarget('/api/profiles/:id/merge', { id: ID })).toEqual({ kind: 'none' });
  });

  it('STAFF_ROUTE_STORE: a :storeId names the store itself (staff, invites, settings)', () => {
    expect(routeTarget('/api/stores/:storeId/staff', { storeId: ID })).toEqual({ kind: 'store', id: ID });
  });

  it('STAFF_ROUTE_NONE: creating an event or a league names no store; a malformed id is left to validation', () => {
    expect(routeTarget('/api/events', {})).toEqual({ kind: 'none' });
    expect(routeTarget('/api/leagues', {})).toEqual({ kind: 'none' });
    expect(routeTarget('/api/events/:id', { id: 'not-a-uuid' })).toEqual({ kind: 'none' });
  });
});
