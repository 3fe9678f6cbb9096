import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestApp, type TestApp } from '../utils/test-app';
import { createEvent, registerPlayers, start } from '../utils/events';
import { firstStoreId, insertApiToken, insertStaff } from '../utils/staff';
import { advanceWallClock, restoreWallClock } from '../utils/wall-clock';

/**
 * Limits per client, with small limits set for the test: 429 in the
 * error shape with Retry-After; security headers; CORS only when configured.
 */
describe('limits per client', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    // TRUST_PROXY: each test client says which address it is with X-Forwarded-For.
    t = await createTestApp({ config: { RATE_LIMIT_REGISTRATIONS: '5', RATE_LIMIT_HEAVY: '2', RATE_LIMIT_JOIN_GUESSES: '3', STREAMS_PER_PLAYER: '2', TRUST_PROXY: 'true' } });
    await t.app.listen(0, '127.0.0.1');
    port = (t.app.getHttpServer().address() as AddressInfo).port;
  });
  afterAll(async () => {
    restoreWallClock();
    await t.close();
  });

  const limited = { statusCode: 429, code: 'RATE_LIMITED', message: expect.any(String), details: [expect.objectContaining({ rule: 'rateLimit' })] };

  it('registrations per event and address: the 6th in a minute is a 429 with Retry-After; another event is counted apart', async () => {
    const event = await createEvent(t, { name: 'Busy', game: 'wow-tcg', format: 'draft', packs: ['HOA'], seed: 'rate-limit-reg-0001' });
    for (let i = 0; i < 5; i++)
      await t
        .http()
        .post(`/api/events/${event.id}/players`)
        .send({ name: `P${i}` })
        .expect(201);
    const refused = await t.http().post(`/api/events/${event.id}/players`).send({ name: 'P5' }).expect(429);
    expect(refused.body).toMatchObject(limited);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const other = await createEvent(t, { name: 'Other', game: 'wow-tcg', format: 'draft', packs: ['HOA'], seed: 'rate-limit-reg-0002' });
    await t.http().post(`/api/events/${other.id}/players`).send({ name: 'Q0' }).expect(201);
  });

  it('heavy public routes per address: deck checks beyond the limit are 429', async () => {
    const body = { format: 'limited', game: 'wow-tcg', main: [{ cardId: 'HOA-1', count: 1 }] };
    for (let i = 0; i < 2; i++) expect((await t.http().post('/api/decks/check').send(body)).status).not.toBe(429);
    const refused = await t.http().post('/api/decks/check').send(body).expect(429);
    expect(refused.body).toMatchObject(limited);
    expect(refused.headers['retry-after']).toBeDefined();
    // Other routes are not limited.
    await t.http().get('/api/games').expect(200);
  });

  it('wrong join codes count per client address, never per event: the guesser waits (429) on every event, even with the right code; a player with the right code joins', async () => {
    const guesser = { 'x-forwarded-for': '10.1.0.66' };
    const event = await createEvent(t, { name: 'Coded', game: 'wow-tcg', format: 'draft', packs: ['HOA'], seed: 'rate-limit-join-001', joinCode: 'frog-42' });
    const other = await createEvent(t, { name: 'Coded too', game: 'wow-tcg', format: 'draft', packs: ['HOA'], seed: 'rate-limit-join-002', joinCode: 'toad-7' });
    for (let i = 0; i < 3; i++)
      await t
        .http()
        .post(`/api/events/${event.id}/players`)
        .set(guesser)
        .send({ name: `G${i}`, joinCode: `wrong-${i}` })
        .expect(403);
    const blocked = await t.http().post(`/api/events/${event.id}/players`).set(guesser).send({ name: 'Lucky', joinCode: 'frog-42' }).expect(429);
    expect(blocked.body).toMatchObject({ ...limited, details: [expect.objectContaining({ field: 'joinCode' })] });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Another event changes nothing for the guesser: the count is theirs, not the event's.
    await t.http().post(`/api/events/${other.id}/players`).set(guesser).send({ name: 'Lucky', joinCode: 'toad-7' }).expect(429);
    // The players of the event, from their own addresses, are not locked out by the guesses.
    await t.http().post(`/api/events/${event.id}/players`).set('x-forwarded-for', '10.1.0.7').send({ name: 'Real', joinCode: 'frog-42' }).expect(201);
    await t.http().post(`/api/events/${other.id}/players`).set('x-forwarded-for', '10.1.0.8').send({ name: 'Real too', joinCode: 'toad-7' }).expect(201);
    // The organizer needs no code and is never counted, from any address.
    await t.http().post(`/api/events/${other.id}/players`).set(guesser).set('authorization', t.organizer).send({ name: 'Walk-in', joinCode: 'any' }).expect(201);
    // A minute later (the limits read the wall clock) the guesser may try again.
    advanceWallClock(61_000);
    await t.http().post(`/api/events/${event.id}/players`).set(guesser).send({ name: 'Lucky', joinCode: 'frog-42' }).expect(201);
  });

  it('live streams per player: a third at once is a 429; closing one lets the next in', async () => {
    const event = await createEvent(t, { name: 'Streams', game: 'wow-tcg', format: 'draft', packs: ['HOA'], seed: 'rate-limit-streams-1' });
    const [p] = await registerPlayers(t, event.id, 4);
    await start(t, event.id);
    const ticket = (await t.http().post(`/api/events/${event.id}/stream-ticket`).set('authorization', p.auth).expect(200)).body.ticket;
    const open = () =>
      new Promise<{ status: number; req: http.ClientRequest; body: string }>((resolve, reject) => {
        const req = http.get({ host: '127.0.0.1', port, path: `/api/events/${event.id}/stream?ticket=${encodeURIComponent(ticket)}`, agent: false }, (res) => {
          if (res.statusCode === 200) return resolve({ status: 200, req, body: '' });
          let body = '';
          res.on('data', (c) => (body += c));
          res.on('end', () => resolve({ status: res.statusCode!, req, body }));
        });
        req.on('error', reject);
      });
    const first = await open();
    const second = await open();
    expect([first.status, second.status]).toEqual([200, 200]);
    const third = await open();
    expect(third.status).toBe(429);
    expect(JSON.parse(third.body)).toMatchObject({ code: 'RATE_LIMITED' });
    first.req.destroy();
    let fourth = await open();
    for (let i = 0; i < 20 && fourth.status !== 200; i++) {
      await new Promise((r) => setTimeout(r, 50)); // the server hears of the closed socket
      fourth = await open();
    }
    expect(fourth.status).toBe(200);
    second.req.destroy();
    fourth.req.destroy();
  });

  it('security headers on every answer (helmet); no CORS headers unless CORS_ORIGINS is set', async () => {
    const res = await t.http().get('/api/games').set('origin', 'https://elsewhere.example').expect(200);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    // A store serves it over plain http on its LAN: nothing may be upgraded to an https port nobody listens on.
    expect(res.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    const error = await t.http().get('/api/nowhere').expect(404);
    expect(error.headers['x-content-type-options']).toBe('nosniff');
  });

  it('CORS_ORIGINS lets the named origin call the API from a browser', async () => {
    const cors = await createTestApp({ corsOrigins: 'https://podium.example' });
    try {
      const allowed = await cors.http().get('/api/games').set('origin', 'https://podium.example').expect(200);
      expect(allowed.headers['access-control-allow-origin']).toBe('https://podium.example');
      const other = await cors.http().get('/api/games').set('origin', 'https://elsewhere.example').expect(200);
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await cors.close();
    }
  });

  describe('event creation per account (RATE_LIMIT_EVENT_CREATIONS)', () => {
    let c: TestApp;
    beforeAll(async () => {
      c = await createTestApp({ config: { RATE_LIMIT_EVENT_CREATIONS: '3', TRUST_PROXY: 'true' } });
    });
    afterAll(() => c.close());

    const body = (n: number) => ({ name: `Flood ${n}`, game: 'wow-tcg', format: 'sealed', packs: ['HOA'] });
    const listed = async () => (await c.http().get('/api/events?limit=200').expect(200)).body.items.length as number;

    it('the 4th event a minute with one token is a 429 with Retry-After, from whatever address; nothing is created; a minute later creation works again', async () => {
      // A wrong token is refused before the limit and counts nowhere.
      for (let i = 0; i < 5; i++) await c.http().post('/api/events').set('authorization', 'Bearer not-the-organizer-token').send(body(i)).expect(401);
      for (let i = 0; i < 3; i++)
        await c
          .http()
          .post('/api/events')
          .set('authorization', c.organizer)
          .set('x-forwarded-for', `10.2.0.${i + 1}`)
          .send(body(i))
          .expect(201);
      const refused = await c.http().post('/api/events').set('authorization', c.organizer).set('x-forwarded-for', '10.2.0.9').send(body(3)).expect(429);
      expect(refused.body).toMatchObject(limited);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(await listed()).toBe(3);
      // Still refused while blocked, and a wrong token still gets its 401.
      await c.http().post('/api/events').set('authorization', c.organizer).send(body(4)).expect(429);
      await c.http().post('/api/events').set('authorization', 'Bearer not-the-organizer-token').send(body(4)).expect(401);
      advanceWallClock(61_000);
      await c.http().post('/api/events').set('authorization', c.organizer).send(body(5)).expect(201);
      expect(await listed()).toBe(4);
    });

    it('counts per account, whichever of its tokens it uses; another account of the store has its own count', async () => {
      const store = await firstStoreId(c);
      const alice = await insertStaff(c, store, 'organizer', 'Alice');
      const aliceSecond = await insertApiToken(c, alice.accountId);
      const bob = await insertStaff(c, store, 'organizer', 'Bob');
      for (let i = 0; i < 3; i++)
        await c
          .http()
          .post('/api/events')
          .set('authorization', alice.auth)
          .send(body(10 + i))
          .expect(201);
      await c.http().post('/api/events').set('authorization', aliceSecond).send(body(13)).expect(429);
      await c.http().post('/api/events').set('authorization', bob.auth).send(body(14)).expect(201);
    });
  });
});
