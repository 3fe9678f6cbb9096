import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type TestAgent from 'supertest/lib/agent';
import { createEvent } from '../utils/events';
import { createSecondInstance, createTestApp, type TestApp } from '../utils/test-app';

/**
 * Two server instances on one database (as behind a load balancer): the limits that must hold
 * across instances are counted in PostgreSQL, so a client cannot multiply them by the number of
 * instances, and an instance that counted nothing still refuses a client the other one blocked.
 */
describe('limits counted across instances', () => {
  // TRUST_PROXY: each test client says which address it is with X-Forwarded-For.
  const limits = { RATE_LIMIT_JOIN_GUESSES: '3', RATE_LIMIT_EVENT_CREATIONS: '3', TRUST_PROXY: 'true' };
  let t: TestApp;
  let second: NestFastifyApplication;
  let b: () => TestAgent;
  beforeAll(async () => {
    t = await createTestApp({ config: limits });
    ({ app: second, http: b } = await createSecondInstance(t, { config: limits }));
  });
  afterAll(async () => {
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
    // The join tests created three events through `a` at this instant: the minute is used up.
    t.clock.advance(61_000);
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
});
