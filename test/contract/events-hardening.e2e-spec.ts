import { createTestApp, type TestApp } from '../utils/test-app';
import { createEvent, registerPlayers } from '../utils/events';

/** Bugs found by trying to break the events API; each test fails without its fix. */
describe('events API hardening', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const draft = () => createEvent(t, { name: 'Draft', game: 'wow-tcg', format: 'draft', packs: ['HOA'] });

  it.each([
    [
      'event name',
      () =>
        t
          .http()
          .post('/api/events')
          .set('authorization', t.organizer)
          .send({ name: 'a\u0000b', game: 'wow-tcg', format: 'draft', packs: ['HOA'] }),
    ],
    [
      'event seed',
      () =>
        t
          .http()
          .post('/api/events')
          .set('authorization', t.organizer)
          .send({ name: 'x', game: 'wow-tcg', format: 'draft', packs: ['HOA'], seed: 'sixteen-chars-\u0000-seed' }),
    ],
  ])('a NUL byte in the %s is a 400, not a 500', async (_what, request) => {
    const res = await request().expect(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', details: [expect.objectContaining({ rule: 'controlCharacter' })] });
  });

  it('a NUL byte in a player name or member number is a 400', async () => {
    const event = await draft();
    for (const body of [{ name: 'a\u0000' }, { name: 'ok', memberNumber: 'm\u0000' }]) {
      const res = await t.http().post(`/api/events/${event.id}/players`).send(body).expect(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    }
  });

  it('deeply nested JSON is a 400 on a public route, never a stack overflow', async () => {
    const event = await draft();
    const body = '['.repeat(5000) + ']'.repeat(5000);
    const res = await t.http().post(`/api/events/${event.id}/players`).set('content-type', 'application/json').send(body).expect(400);
    expect(res.body.code).toBe('MALFORMED_BODY');
  });

  it.each([['name'], ['pickTimeSeconds'], ['fillWithBots'], ['packs']])('PATCH with %s: null is a 400, not a 500', async (field) => {
    const event = await draft();
    const res = await t
      .http()
      .patch(`/api/events/${event.id}`)
      .set('authorization', t.organizer)
      .send({ [field]: null })
      .expect(400);
    expect(res.body.details).toEqual(expect.arrayContaining([expect.objectContaining({ field })]));
  });

  it('PATCH joinCode: null clears the join code', async () => {
    const event = await createEvent(t, { name: 'Coded', game: 'wow-tcg', format: 'draft', packs: ['HOA'], joinCode: 'frog' });
    const res = await t.http().patch(`/api/events/${event.id}`).set('authorization', t.organizer).send({ joinCode: null }).expect(200);
    expect(res.body.joinCodeRequired).toBe(false);
  });

  it('the same new member number registered in several events at once makes one profile and no error', async () => {
    const events = await Promise.all(Array.from({ length: 8 }, () => draft()));
    const results = await Promise.all(events.map((e) => t.http().post(`/api/events/${e.id}/players`).send({ name: 'Member', memberNumber: 'RACE-1' })));
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(201));
    expect(new Set(results.map((r) => r.body.profileId)).size).toBe(1);
  });

  it('a pick before the draft started is a 409 state conflict (not "no seat")', async () => {
    const event = await draft();
    const [p] = await registerPlayers(t, event.id, 1);
    const res = await t.http().post(`/api/events/${event.id}/picks`).set('authorization', p.auth).send({ packNumber: 1, pickNumber: 1, cardId: 'HOA-1' }).expect(409);
    expect(res.body.code).toBe('EVENT_STATE_CONFLICT');
  });

  it('bug: unregistering without a valid token is 401 whether or not the player id exists', async () => {
    const event = await draft();
    const [alice] = await registerPlayers(t, event.id, 1);
    const known = await t.http().delete(`/api/events/${event.id}/players/${alice.playerId}`).expect(401);
    const unknown = await t.http().delete(`/api/events/${event.id}/players/00000000-0000-4000-8000-000000000000`).expect(401);
    expect(unknown.body.code).toBe(known.body.code);
    await t.http().delete(`/api/events/${event.id}/players/00000000-0000-4000-8000-000000000000`).set('authorization', t.organizer).expect(404);
  });

  it('bug: /me of a cancelled draft shows no pack in front of the player (it showed the last one)', async () => {
    const event = await createEvent(t, { name: 'Cancelled', game: 'wow-tcg', format: 'draft', packs: ['HOA'], fillWithBots: true });
    const [alice] = await registerPlayers(t, event.id, 1);
    await t.http().post(`/api/events/${event.id}/start`).set('authorization', t.organizer).expect(200);
    expect((await t.http().get(`/api/events/${event.id}/me`).set('authorization', alice.auth).expect(200)).body.currentPack).not.toBeNull();
    await t.http().delete(`/api/events/${event.id}`).set('authorization', t.organizer).expect(200);
    const me = (await t.http().get(`/api/events/${event.id}/me`).set('authorization', alice.auth).expect(200)).body;
    expect(me).toMatchObject({ state: 'cancelled', currentPack: null, deadline: null });
  });
});
