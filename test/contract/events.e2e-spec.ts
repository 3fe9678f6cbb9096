import { createHash } from 'node:crypto';
import { createTestApp, type TestApp } from '../utils/test-app';
import { createEvent, me, registerPlayers, start } from '../utils/events';

describe('events: lifecycle, seeds, registration and sealed pools', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const sealed = (extra: Record<string, unknown> = {}) => createEvent(t, { name: 'Sealed Saturday', game: 'wow-tcg', format: 'sealed', packs: ['HOA'], ...extra });

  describe('creating events', () => {
    it('needs the organizer token', async () => {
      const res = await t
        .http()
        .post('/api/events')
        .send({ name: 'x', game: 'wow-tcg', format: 'sealed', packs: ['HOA'] })
        .expect(401);
      expect(res.body.code).toBe('UNAUTHORIZED');
    });

    it('publishes the SHA-256 commitment of the seed and keeps the seed secret', async () => {
      const seed = 'organizer-chosen-seed-42';
      const event = await sealed({ seed });
      expect(event.seedCommitment).toBe(createHash('sha256').update(seed, 'utf8').digest('hex'));
      expect(event.seed).toBeNull();
      const pub = await t.http().get(`/api/events/${event.id}`).expect(200);
      expect(JSON.stringify(pub.body)).not.toContain(seed);
    });

    it('generates a 128-bit seed when none is given', async () => {
      const event = await sealed();
      expect(event.seedCommitment).toMatch(/^[0-9a-f]{64}$/);
      const row = await t.prisma.event.findUniqueOrThrow({ where: { id: event.id } });
      expect(row.seed).toMatch(/^[0-9a-f]{32}$/);
    });

    it('WoW TCG sealed: one set code means 6 boosters of it; the data version is pinned', async () => {
      const event = await sealed();
      expect(event.packs).toHaveLength(6);
      const set = (await t.http().get('/api/sets/HOA').expect(200)).body;
      expect(event.packs.every((p: { setCode: string; dataVersion?: string }) => p.setCode === 'HOA' && (p as { dataVersion: string }).dataVersion === set.dataVersion)).toBe(true);
    });

    it.each([
      [{ seed: 'too-short' }, 'seed', 'minLength'],
      [{ seed: 'has/a/slash/in/the/seed' }, 'seed', 'matches'],
      [{ format: 'cube' }, 'format', 'isIn'],
      [{ packs: [] }, 'packs', 'arrayMinSize'],
      [{ packs: ['H-A'] }, 'packs', 'matches'],
      [{ pickTimeSeconds: -1 }, 'pickTimeSeconds', 'min'],
      [{ surprise: true }, 'surprise', 'unknownField'],
    ])('rejects %j with 400 naming %s', async (extra, field, rule) => {
      const res = await t
        .http()
        .post('/api/events')
        .set('authorization', t.organizer)
        .send({ name: 'x', game: 'wow-tcg', format: 'sealed', packs: ['HOA'], ...extra })
        .expect(400);
      expect(res.body.details).toEqual(expect.arrayContaining([expect.objectContaining({ field, rule })]));
    });

    it('an unknown set is a 404', async () => {
      const res = await t
        .http()
        .post('/api/events')
        .set('authorization', t.organizer)
        .send({ name: 'x', game: 'wow-tcg', format: 'sealed', packs: ['NOPE'] })
        .expect(404);
      expect(res.body.code).toBe('SET_NOT_FOUND');
    });
  });

  describe('registration', () => {
    it('creates a profile, returns a token once, and stores only its hash', async () => {
      const event = await sealed();
      const [p] = await registerPlayers(t, event.id, 1);
      expect(p.token.length).toBeGreaterThanOrEqual(40);
      const row = await t.prisma.eventPlayer.findUniqueOrThrow({ where: { id: p.playerId } });
      expect(row.tokenHash).toBe(createHash('sha256').update(p.token).digest('hex'));
      expect(JSON.stringify(row)).not.toContain(p.token);
    });

    it('a member number links the same store profile across events; twice in one event is refused', async () => {
      const one = await sealed();
      const two = await sealed();
      const a = (await t.http().post(`/api/events/${one.id}/players`).send({ name: 'Alice', memberNumber: 'M-001' }).expect(201)).body;
      const b = (await t.http().post(`/api/events/${two.id}/players`).send({ name: 'Alice', memberNumber: 'M-001' }).expect(201)).body;
      expect(b.profileId).toBe(a.profileId);
      const again = await t.http().post(`/api/events/${one.id}/players`).send({ name: 'Alice again', memberNumber: 'M-001' }).expect(409);
      expect(again.body.code).toBe('ALREADY_REGISTERED');
    });

    it('a join code is required when set (not for the organizer)', async () => {
      const event = await sealed({ joinCode: 'frog' });
      const none = await t.http().post(`/api/events/${event.id}/players`).send({ name: 'Bob' }).expect(403);
      expect(none.body.code).toBe('JOIN_CODE_INVALID');
      await t.http().post(`/api/events/${event.id}/players`).send({ name: 'Bob', joinCode: 'toad' }).expect(403);
      await t.http().post(`/api/events/${event.id}/players`).send({ name: 'Bob', joinCode: 'frog' }).expect(201);
      await t.http().post(`/api/events/${event.id}/players`).set('authorization', t.organizer).send({ name: 'Walk-in' }).expect(201);
    });

    it('a player may unregister themself before start, not someone else', async () => {
      const event = await sealed();
      const [a, b] = await registerPlayers(t, event.id, 2);
      await t.http().delete(`/api/events/${event.id}/players/${b.playerId}`).set('authorization', a.auth).expect(403);
      await t.http().delete(`/api/events/${event.id}/players/${a.playerId}`).set('authorization', a.auth).expect(204);
      expect((await t.http().get(`/api/events/${event.id}`)).body.playerCount).toBe(1);
    });

    it('the organizer can reissue a lost token; the old one stops working', async () => {
      const event = await sealed();
      const [a] = await registerPlayers(t, event.id, 1);
      const fresh = (await t.http().post(`/api/events/${event.id}/players/${a.playerId}/token`).set('authorization', t.organizer).expect(200)).body;
      await t.http().get(`/api/events/${event.id}/me`).set('authorization', a.auth).expect(401);
      await t.http().get(`/api/events/${event.id}/me`).set('authorization', `Bearer ${fresh.token}`).expect(200);
    });
  });

  describe('sealed', () => {
    it('WoW TCG sealed: each player opens 6 boosters; the pool is stored and seen only by its owner', async () => {
      const event = await sealed({ seed: 'sealed-pools-seed-0001' });
      const players = await registerPlayers(t, event.id, 3);
      const started = await start(t, event.id);
      expect(started.state).toBe('building');
      const pools = await Promise.all(players.map((p) => me(t, event.id, p)));
      for (const view of pools) {
        expect(view.pool).toHaveLength(6 * 15);
        expect(view.pool.filter((c) => c.type === 'hero')).toHaveLength(6); // one hero per booster
      }
      expect(JSON.stringify(pools[0].pool)).not.toBe(JSON.stringify(pools[1].pool));
    });

    it('late entry: a sealed event accepts a player until round 1; their boosters open on joining', async () => {
      const event = await sealed({ seed: 'late-entry-seed-000001' });
      await registerPlayers(t, event.id, 2);
      await start(t, event.id);
      const late = (await t.http().post(`/api/events/${event.id}/players`).send({ name: 'Late' }).expect(201)).body;
      const view = await me(t, event.id, { ...late, auth: `Bearer ${late.token}` });
      expect(view.pool).toHaveLength(90);
    });

    it('the same seed gives the same pools (replayable)', async () => {
      const a = await sealed({ seed: 'replayable-seed-000001' });
      const b = await sealed({ seed: 'replayable-seed-000001' });
      const pa = await registerPlayers(t, a.id, 2);
      const pb = await registerPlayers(t, b.id, 2);
      await start(t, a.id);
      await start(t, b.id);
      for (let i = 0; i < 2; i++) expect((await me(t, a.id, pa[i])).pool).toEqual((await me(t, b.id, pb[i])).pool);
    });
  });

  describe('lifecycle', () => {
    it('edit only before start; start only once; complete, then reveal', async () => {
      const event = await sealed({ seed: 'lifecycle-seed-0000001' });
      await t.http().patch(`/api/events/${event.id}`).set('authorization', t.organizer).send({ name: 'Renamed' }).expect(200);
      await registerPlayers(t, event.id, 1);
      await start(t, event.id);
      const again = await t.http().post(`/api/events/${event.id}/start`).set('authorization', t.organizer).expect(409);
      expect(again.body.code).toBe('EVENT_STATE_CONFLICT');
      await t.http().patch(`/api/events/${event.id}`).set('authorization', t.organizer).send({ name: 'Too late' }).expect(409);
      await t.http().post(`/api/events/${event.id}/reveal`).set('authorization', t.organizer).expect(409);
      await t.http().post(`/api/events/${event.id}/complete`).set('authorization', t.organizer).expect(200);
      const revealed = (await t.http().post(`/api/events/${event.id}/reveal`).set('authorization', t.organizer).expect(200)).body;
      expect(revealed.seed).toBe('lifecycle-seed-0000001');
    });

    it('cancel from any state before complete; the event stays readable', async () => {
      const event = await sealed();
      const res = await t.http().delete(`/api/events/${event.id}`).set('authorization', t.organizer).expect(200);
      expect(res.body.state).toBe('cancelled');
      await t.http().delete(`/api/events/${event.id}`).set('authorization', t.organizer).expect(409);
      await t.http().get(`/api/events/${event.id}`).expect(200);
    });

    it('unknown and malformed event ids', async () => {
      await t.http().get('/api/events/00000000-0000-4000-8000-000000000000').expect(404);
      const bad = await t.http().get('/api/events/not-a-uuid').expect(400);
      expect(bad.body.details[0].field).toBe('id');
    });
  });
});
