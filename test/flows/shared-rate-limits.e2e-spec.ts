import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type TestAgent from 'supertest/lib/agent';
import { createEvent } from '../utils/events';
import { createSecondInstance, createTestApp, type TestApp } from '../utils/test-app';
import { advanceWallClock, restoreWallClock } from '../utils/wall-clock';

/**
 * Two server instances on one database (as behind a load balancer): every per-client limit —
 * registrations, the heavy public routes, event creation, wrong join codes, failed sign-ins — is
 * counted in PostgreSQL, so a client cannot multiply it by the number of instances, and an
 * instance that counted nothing still refuses a client the other one blocked.
 */
describe('limits counted across instances', () => {
  // TRUST_PROXY: each test client says which address it is with X-Forwarded-For.
  const limits = { RATE_LIMIT_JOIN_GUESSES: '3', RATE_LIMIT_EVENT_CREATIONS: '3', RATE_LIMIT_REGISTRATIONS: '5', RATE_LIMIT_HEAVY: '3', TRUST_PROXY: 'true' };
  let t: TestApp;
  let second: NestFastifyApplication;
  let b: () => TestAgent;
  beforeAll(async () => {
    t = await createTestApp({ config: limits });
    ({ app: second, http: b } = await createSecondInstance(t, { config: limits }));
  });
  afterAll(async () => {
    restoreWallClock();
    await second?.close();
    await t?.close();
  });
  const a = () => t.http();

  it('wrong join codes: a client guessing on both instances is blocked on both; players with the right code join through either', async () => {
    const event = await createEvent(t, { name: 'Coded', game: 'wow-tcg', format: 'draft', packs: ['HOA'], seed: 'shared-limits-join-01', joinCode: 'frog-42' });
    const other = await createEvent(t, { name: 'Coded too', game: 'wow-tcg', format: 'draft', packs: ['HOA'], seed: 'shared-limits-join-02', joinCode: 'toad-7' });
    const guesser = { 'x-forwarded-for': '10.3.0.66' };
    // Two wrong codes on one instance, one on the other (and another event): three in all.
    await a().post(`/api/events/${event.id}/players`).set(guesser).send({ name: 'G1', joinCode: 'wrong-1' }).expect(403);
    await a().post(`/api/events/${event.id}/players`).set(guesser).send({ name: 'G2', joinCode: 'wrong-2' }).expect(403);
    await b().post(`/api/events/${other.id}/players`).set(guesser).send({ name: 'G3', joinCode: 'wrong-3' }).expect(403);
    for (const [http, id, code] of [
      [a, event.id, 'frog-42'],
      [b, event.id, 'frog-42'],
      [a, other.id, 'toad-7'],
      [b, other.id, 'toad-7'],
    ] as const) {
      const refused = await http().post(`/api/events/${id}/players`).set(guesser).send({ name: 'Lucky', joinCode: code }).expect(429);
      expect(refused.body).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED', details: [expect.objectContaining({ field: 'joinCode', rule: 'rateLimit' })] });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    await a().post(`/api/events/${event.id}/players`).set('x-forwarded-for', '10.3.0.7').send({ name: 'Alice', joinCode: 'frog-42' }).expect(201);
    await b().post(`/api/events/${event.id}/players`).set('x-forwarded-for', '10.3.0.8').send({ name: 'Bob', joinCode: 'frog-42' }).expect(201);
  });

  it('wrong join codes: the instance that counted nothing refuses a client blocked through the other', async () => {
    const event = await createEvent(t, { name: 'Coded three', game: 'wow-tcg', format: 'draft', packs: ['HOA'], seed: 'shared-limits-join-03', joinCode: 'newt-9' });
    const guesser = { 'x-forwarded-for': '10.3.0.99' };
    for (let i = 0; i < 3; i++)
      await a()
        .post(`/api/events/${event.id}/players`)
        .set(guesser)
        .send({ name: `G${i}`, joinCode: `nope-${i}` })
        .expect(403);
    await b().post(`/api/events/${event.id}/players`).set(guesser).send({ name: 'Lucky', joinCode: 'newt-9' }).expect(429);
  });

  it('event creation: one account (here ORGANIZER_TOKEN, the owner’s) gets RATE_LIMIT_EVENT_CREATIONS a minute over all instances together', async () => {
    // The join tests created three events through `a` this minute: it is used up (the limits read the wall clock).
    advanceWallClock(61_000);
    const body = (name: string) => ({ name, game: 'wow-tcg', format: 'sealed', packs: ['HOA'] });
    await a().post('/api/events').set('authorization', t.organizer).send(body('One')).expect(201);
    await b().post('/api/events').set('authorization', t.organizer).send(body('Two')).expect(201);
    await a().post('/api/events').set('authorization', t.organizer).send(body('Three')).expect(201);
    const refused = await b().post('/api/events').set('authorization', t.organizer).send(body('Four')).expect(429);
    expect(refused.body).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    await a().post('/api/events').set('authorization', t.organizer).send(body('Four')).expect(429);
    const names = (await a().get('/api/events?q=o&limit=200').expect(200)).body.items.map((e: { name: string }) => e.name);
    expect(names).not.toContain('Four');
  });

  it('registrations: RATE_LIMIT_REGISTRATIONS a minute per event and address over both instances together; the next is refused on either', async () => {
    advanceWallClock(61_000); // the test before used up this minute's event creations
    const event = await createEvent(t, { name: 'Busy night', game: 'wow-tcg', format: 'draft', packs: ['HOA'], seed: 'shared-limits-reg-01' });
    const phones = { 'x-forwarded-for': '10.3.1.1' };
    for (const [i, http] of [a, b, a, b, a].entries())
      await http()
        .post(`/api/events/${event.id}/players`)
        .set(phones)
        .send({ name: `Player ${i}` })
        .expect(201);
    for (const http of [b, a]) {
      const refused = await http().post(`/api/events/${event.id}/players`).set(phones).send({ name: 'One too many' }).expect(429);
      expect(refused.body).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED', details: [expect.objectContaining({ field: 'client', rule: 'rateLimit' })] });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Another address is counted apart.
    await b().post(`/api/events/${event.id}/players`).set('x-forwarded-for', '10.3.1.2').send({ name: 'Next door' }).expect(201);
  });

  it('heavy public routes: deck checks split over both instances count together; the one beyond RATE_LIMIT_HEAVY is refused on either', async () => {
    const body = { format: 'limited', game: 'wow-tcg', main: [{ cardId: 'HOA-1', count: 1 }] };
    const checker = { 'x-forwarded-for': '10.3.2.1' };
    for (const http of [a, b, a]) expect((await http().post('/api/decks/check').set(checker).send(body)).status).not.toBe(429);
    for (const http of [b, a]) {
      const refused = await http().post('/api/decks/check').set(checker).send(body).expect(429);
      expect(refused.body).toMatchObject({ code: 'RATE_LIMITED' });
    }
    expect((await b().post('/api/decks/check').set('x-forwarded-for', '10.3.2.2').send(body)).status).not.toBe(429);
  });

  it('sign-in lockout: failures on both instances add up; the 10th locks the username on both, even for the right password', async () => {
    const attempt = (http: () => TestAgent, password: string) => http().post('/api/auth/login').set('x-forwarded-for', '10.3.3.1').send({ username: 'nobody.here', password });
    for (let i = 0; i < 10; i++) await attempt(i % 2 ? b : a, `guess number ${i}`).expect(401);
    for (const http of [a, b]) {
      const locked = await attempt(http, 'maybe the right one').expect(429);
      expect(locked.body).toMatchObject({ code: 'RATE_LIMITED', details: [expect.objectContaining({ field: 'username', rule: 'rateLimit' })] });
    }
  });
});
