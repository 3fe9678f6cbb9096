import { createSecondInstance, createTestApp, type TestApp } from '../utils/test-app';
import { createEvent, start } from '../utils/events';

type Pairing = { matchId: string; playerB: unknown };

/**
 * The league standings over HTTP: an ETag per version and format, 304 for If-None-Match while
 * nothing moved, public caching that revalidates, the heavy routes' rate limit; taking an event
 * out of a league.
 */
describe('league standings over HTTP: versions, caching, limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** A league with one sealed event of four, round 1 paired, table 1 decided. */
  async function league(seed: string) {
    const event = await createEvent(t, { name: `Event ${seed}`, game: 'wow-tcg', format: 'sealed', packs: ['HOA'], seed });
    for (const name of ['Ann', 'Bob', 'Cid', 'Dee']) await t.http().post(`/api/events/${event.id}/players`).send({ name }).expect(201);
    await start(t, event.id);
    const round = (await t.http().post(`/api/events/${event.id}/rounds`).set('authorization', t.organizer).send({ force: true }).expect(201)).body;
    const pairings = round.pairings as Pairing[];
    await t.http().put(`/api/matches/${pairings[0].matchId}/result`).set('authorization', t.organizer).send({ winsA: 2, winsB: 0 }).expect(200);
    const created = (
      await t
        .http()
        .post('/api/leagues')
        .set('authorization', t.organizer)
        .send({ name: `League ${seed}`, game: 'wow-tcg', seasonStart: '2026-01-01', seasonEnd: '2027-12-31', scoring: { mode: 'match-points', participationPoints: 1 } })
        .expect(201)
    ).body;
    await t.http().post(`/api/leagues/${created.id}/events`).set('authorization', t.organizer).send({ eventId: event.id }).expect(200);
    return { leagueId: created.id as string, eventId: event.id, pairings };
  }

  it('an ETag per version and format; If-None-Match answers 304 until a result moves them', async () => {
    const { leagueId, pairings } = await league('http-etag-000000001');
    const url = `/api/leagues/${leagueId}/standings`;
    const first = await t.http().get(url).expect(200);
    expect(first.headers['content-type']).toMatch(/^application\/json/);
    expect(first.headers['cache-control']).toBe('public, no-cache');
    const etag = first.headers.etag;
    expect(etag).toMatch(/^"[0-9a-f]{32}-json"$/);
    expect(first.body).toHaveLength(4);
    // fetch() adds Cache-Control: no-cache to a request that sets If-None-Match itself: still a 304.
    const again = await t.http().get(url).set('if-none-match', etag).set('cache-control', 'no-cache').expect(304);
    expect(again.text).toBe('');
    expect(again.headers.etag).toBe(etag);
    const csv = await t.http().get(`${url}?format=csv`).expect(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers.etag).toBe(etag.replace('-json"', '-csv"'));
    await t.http().get(`${url}?format=csv`).set('if-none-match', csv.headers.etag).expect(304);
    await t.http().get(url).set('if-none-match', csv.headers.etag).expect(200);

    await t.http().put(`/api/matches/${pairings[1].matchId}/result`).set('authorization', t.organizer).send({ winsA: 0, winsB: 2 }).expect(200);
    const moved = await t.http().get(url).set('if-none-match', etag).expect(200);
    expect(moved.headers.etag).not.toBe(etag);
    expect((moved.body as { matchPoints: number }[]).reduce((n, s) => n + s.matchPoints, 0)).toBe(6);
  });

  it('a second instance answers with the same version, and 304 to the first one’s ETag', async () => {
    const { leagueId } = await league('http-instances-00001');
    const other = await createSecondInstance(t);
    try {
      const url = `/api/leagues/${leagueId}/standings`;
      const etag = (await t.http().get(url).expect(200)).headers.etag;
      await other.http().get(url).set('if-none-match', etag).expect(304);
    } finally {
      await other.app.close();
    }
  });

  it('an event taken out of the league leaves the standings (organizer only); the history follows', async () => {
    const { leagueId, eventId } = await league('http-remove-00000001');
    const standings = (await t.http().get(`/api/leagues/${leagueId}/standings`).expect(200)).body as { profileId: string }[];
    const history = (await t.http().get(`/api/leagues/${leagueId}/players/${standings[0].profileId}`).expect(200)).body;
    expect(history.events).toHaveLength(1);
    await t.http().delete(`/api/leagues/${leagueId}/events/${eventId}`).expect(401);
    const after = (await t.http().delete(`/api/leagues/${leagueId}/events/${eventId}`).set('authorization', t.organizer).expect(200)).body;
    expect(after.events).toEqual([]);
    expect((await t.http().get(`/api/leagues/${leagueId}/standings`).expect(200)).body).toEqual([]);
    expect((await t.http().get(`/api/leagues/${leagueId}/players/${standings[0].profileId}`).expect(200)).body.events).toEqual([]);
    // Again: nothing to take out, nothing changes.
    await t.http().delete(`/api/leagues/${leagueId}/events/${eventId}`).set('authorization', t.organizer).expect(200);
    const audit = (await t.http().get(`/api/events/${eventId}/audit?limit=200`).set('authorization', t.organizer).expect(200)).body as { items: { action: string }[] };
    const actions = audit.items.map((e) => e.action);
    expect(actions.filter((a) => a === 'league.eventRemoved')).toHaveLength(1);
    const bad = await t.http().delete(`/api/leagues/${leagueId}/events/not-a-uuid`).set('authorization', t.organizer).expect(400);
    expect(bad.body.details).toEqual([expect.objectContaining({ field: 'eventId' })]);
    await t.http().delete(`/api/leagues/00000000-0000-4000-8000-0000000000ff/events/${eventId}`).set('authorization', t.organizer).expect(404);
  });

  it('an unknown league is a 404; a malformed id a 400', async () => {
    const missing = await t.http().get('/api/leagues/00000000-0000-4000-8000-0000000000ff/standings').expect(404);
    expect(missing.body.code).toBe('LEAGUE_NOT_FOUND');
    await t.http().get('/api/leagues/nope/standings').expect(400);
  });
});

describe('league standings are limited like the other heavy public routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { RATE_LIMIT_HEAVY: '3' } });
  });
  afterAll(() => t.close());

  it('RATE_LIMIT_HEAVY a minute per client address, 304s included, then 429 with Retry-After', async () => {
    const league = (
      await t
        .http()
        .post('/api/leagues')
        .set('authorization', t.organizer)
        .send({ name: 'Limited', game: 'wow-tcg', seasonStart: '2026-01-01', seasonEnd: '2027-12-31', scoring: { mode: 'match-points' } })
        .expect(201)
    ).body;
    const url = `/api/leagues/${league.id}/standings`;
    const etag = (await t.http().get(url).expect(200)).headers.etag;
    await t.http().get(url).set('if-none-match', etag).expect(304);
    await t.http().get(`${url}?format=csv`).expect(200);
    const limited = await t.http().get(url).expect(429);
    expect(limited.body).toMatchObject({ code: 'RATE_LIMITED', details: [{ field: 'client', rule: 'rateLimit' }] });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // The league itself is not a heavy route.
    await t.http().get(`/api/leagues/${league.id}`).expect(200);
  });
});
