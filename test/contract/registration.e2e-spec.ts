import { createTestApp, type TestApp } from '../utils/test-app';
import { createEvent, registerPlayers, type TestPlayer } from '../utils/events';

/** Registration: capacity, the waitlist that moves up, check-in, player import and claim codes. */
describe('registration: capacity, waitlist, check-in, import, claim codes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const sealed = (extra: Record<string, unknown> = {}) => createEvent(t, { name: 'Capped', game: 'wow-tcg', format: 'sealed', packs: ['HOA'], ...extra });
  const players = async (id: string) =>
    (await t.http().get(`/api/events/${id}/players`).set('authorization', t.organizer).expect(200)).body as {
      playerId: string;
      name: string;
      status: string;
      waitlistPosition: number | null;
      checkedInAt: string | null;
      claimCode: string | null;
      claimed: boolean;
    }[];
  const mine = async (id: string, p: { auth: string }) => (await t.http().get(`/api/events/${id}/players/me`).set('authorization', p.auth).expect(200)).body;

  it('a capacity set at creation waitlists registrations beyond it, in order, and counts only the registered', async () => {
    const event = await sealed({ capacity: 2 });
    const [a, b, c, d] = await registerPlayers(t, event.id, 4);
    expect([a, b, c, d].map((p) => (p as TestPlayer & { status: string }).status)).toEqual(['registered', 'registered', 'waitlisted', 'waitlisted']);
    expect(await mine(event.id, c)).toEqual({ playerId: c.playerId, name: c.name, status: 'waitlisted', waitlistPosition: 1, checkedIn: false, minMainDeck: null });
    expect((await mine(event.id, d)).waitlistPosition).toBe(2);
    expect(await mine(event.id, a)).toMatchObject({ status: 'registered', waitlistPosition: null });
    const shown = (await t.http().get(`/api/events/${event.id}`).expect(200)).body;
    expect(shown).toMatchObject({ capacity: 2, playerCount: 2, waitlistCount: 2 });
  });

  it('a player who unregisters before the start frees a seat the first waitlisted player takes at once', async () => {
    const event = await sealed({ capacity: 2 });
    const [a, , c, d] = await registerPlayers(t, event.id, 4);
    await t.http().delete(`/api/events/${event.id}/players/${a.playerId}`).set('authorization', a.auth).expect(204);
    expect(await mine(event.id, c)).toMatchObject({ status: 'registered', waitlistPosition: null });
    expect(await mine(event.id, d)).toMatchObject({ status: 'waitlisted', waitlistPosition: 1 });
    // The organizer removing a player moves the waitlist too.
    const list = await players(event.id);
    await t.http().delete(`/api/events/${event.id}/players/${list[0].playerId}`).set('authorization', t.organizer).expect(204);
    expect(await mine(event.id, d)).toMatchObject({ status: 'registered' });
  });

  it('the organizer edits the capacity during registration: raising it moves the waitlist up, lowering it takes no seat', async () => {
    const event = await sealed({ capacity: 1 });
    const [, b, c] = await registerPlayers(t, event.id, 3);
    const raised = await t.http().patch(`/api/events/${event.id}`).set('authorization', t.organizer).send({ capacity: 2 }).expect(200);
    expect(raised.body).toMatchObject({ capacity: 2, playerCount: 2, waitlistCount: 1 });
    expect((await mine(event.id, b)).status).toBe('registered');
    expect((await mine(event.id, c)).status).toBe('waitlisted');
    const lowered = await t.http().patch(`/api/events/${event.id}`).set('authorization', t.organizer).send({ capacity: 1 }).expect(200);
    expect(lowered.body).toMatchObject({ capacity: 1, playerCount: 2, waitlistCount: 1 });
    const unlimited = await t.http().patch(`/api/events/${event.id}`).set('authorization', t.organizer).send({ capacity: null }).expect(200);
    expect(unlimited.body).toMatchObject({ capacity: null, playerCount: 3, waitlistCount: 0 });
  });

  it('capacity is validated: a whole number of at least 1, and not in a team event', async () => {
    for (const capacity of [0, -1, 2.5, '8']) {
      const res = await t
        .http()
        .post('/api/events')
        .set('authorization', t.organizer)
        .send({ name: 'X', game: 'wow-tcg', format: 'sealed', packs: ['HOA'], capacity })
        .expect(400);
      expect(res.body.details).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'capacity' })]));
    }
    const team = await t
      .http()
      .post('/api/events')
      .set('authorization', t.organizer)
      .send({ name: 'T', game: 'wow-tcg', format: 'sealed', packs: ['HOA'], teamSize: 2, capacity: 8 });
    expect(team.status).toBe(400);
    expect(team.body.details).toEqual([expect.objectContaining({ field: 'capacity', rule: 'soloEventsOnly' })]);
  });

  it('concurrent registrations for the last seats never overfill: exactly the capacity is registered, the rest waitlisted in order', async () => {
    const event = await sealed({ capacity: 3 });
    await registerPlayers(t, event.id, 2);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        t
          .http()
          .post(`/api/events/${event.id}/players`)
          .send({ name: `Racer ${i}` }),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(6).fill(201));
    expect(answers.filter((r) => r.body.status === 'registered')).toHaveLength(1);
    const list = await players(event.id);
    expect(list.filter((p) => p.status === 'registered')).toHaveLength(3);
    expect(
      list
        .filter((p) => p.status === 'waitlisted')
        .map((p) => p.waitlistPosition)
        .sort(),
    ).toEqual([1, 2, 3, 4, 5]);
  });

  it('the start leaves the waitlist out: no pool, not counted; a late entry to a full started event is EVENT_FULL', async () => {
    const event = await sealed({ capacity: 2 });
    const [a, , c] = await registerPlayers(t, event.id, 3);
    const started = (await t.http().post(`/api/events/${event.id}/start`).set('authorization', t.organizer).expect(200)).body;
    expect(started).toMatchObject({ state: 'building', playerCount: 2, waitlistCount: 1 });
    expect((await t.http().get(`/api/events/${event.id}/me`).set('authorization', a.auth).expect(200)).body.pool.length).toBeGreaterThan(0);
    expect((await t.http().get(`/api/events/${event.id}/me`).set('authorization', c.auth).expect(200)).body.pool).toEqual([]);
    expect(await mine(event.id, c)).toMatchObject({ status: 'waitlisted', waitlistPosition: 1 });
    const late = await t.http().post(`/api/events/${event.id}/players`).send({ name: 'Late' }).expect(409);
    expect(late.body).toMatchObject({ code: 'EVENT_FULL', details: [{ field: 'capacity', rule: 'capacity' }] });
    // The verifier's export knows only who played.
    const exported = await t.http().get(`/api/events/${event.id}/export`).set('authorization', t.organizer);
    if (exported.status === 200) expect((exported.body.players as unknown[]).length).toBe(2);
  });

  it('check-in: the player from their phone or the organizer, during registration; another player cannot', async () => {
    const event = await sealed();
    const [a, b] = await registerPlayers(t, event.id, 2);
    expect((await t.http().post(`/api/events/${event.id}/players/${a.playerId}/check-in`).set('authorization', a.auth).send({}).expect(200)).body).toMatchObject({
      status: 'registered',
      checkedIn: true,
    });
    const other = await t.http().post(`/api/events/${event.id}/players/${a.playerId}/check-in`).set('authorization', b.auth).send({}).expect(403);
    expect(other.body.details).toEqual([expect.objectContaining({ field: 'authorization', rule: 'owner' })]);
    await t.http().post(`/api/events/${event.id}/players/${b.playerId}/check-in`).set('authorization', t.organizer).send({ checkedIn: true }).expect(200);
    await t.http().post(`/api/events/${event.id}/players/${b.playerId}/check-in`).set('authorization', t.organizer).send({ checkedIn: false }).expect(200);
    const list = await players(event.id);
    expect(list.map((p) => p.checkedInAt !== null)).toEqual([true, false]);
    await t.http().post(`/api/events/${event.id}/players/${a.playerId}/check-in`).set('authorization', t.organizer).send({ checkedIn: 'yes' }).expect(400);
    await t.http().post(`/api/events/${event.id}/players/${a.playerId}/check-in`).send({}).expect(401);
  });

  it('start with onlyCheckedIn: no-shows lose their seat to checked-in waitlisted players and get nothing', async () => {
    const event = await sealed({ capacity: 2 });
    const [a, b, c, d] = await registerPlayers(t, event.id, 4);
    for (const p of [a, d]) await t.http().post(`/api/events/${event.id}/players/${p.playerId}/check-in`).set('authorization', p.auth).send({}).expect(200);
    const started = (await t.http().post(`/api/events/${event.id}/start`).set('authorization', t.organizer).send({ onlyCheckedIn: true }).expect(200)).body;
    expect(started).toMatchObject({ playerCount: 2, waitlistCount: 1 });
    expect((await mine(event.id, a)).status).toBe('registered');
    expect((await mine(event.id, b)).status).toBe('noShow');
    expect((await mine(event.id, c)).status).toBe('waitlisted');
    expect((await mine(event.id, d)).status).toBe('registered');
    expect((await t.http().get(`/api/events/${event.id}/me`).set('authorization', b.auth).expect(200)).body.pool).toEqual([]);
    expect((await t.http().get(`/api/events/${event.id}/me`).set('authorization', d.auth).expect(200)).body.pool.length).toBeGreaterThan(0);
    await t.http().post(`/api/events/${event.id}/start`).set('authorization', t.organizer).send({ onlyCheckedIn: 'yes' }).expect(400);
  });

  it('import: every line becomes a player with a claim code (waitlisted beyond the capacity) or a problem', async () => {
    const event = await sealed({ capacity: 3 });
    await registerPlayers(t, event.id, 1);
    const res = await t
      .http()
      .post(`/api/events/${event.id}/players/import`)
      .set('authorization', t.organizer)
      .send({ text: 'Alice\n\nBob\nalice\nPlayer 1\nCarol\n' })
      .expect(200);
    expect(res.body.imported.map((p: { name: string; status: string }) => [p.name, p.status])).toEqual([
      ['Alice', 'registered'],
      ['Bob', 'registered'],
      ['Carol', 'waitlisted'],
    ]);
    expect(res.body.problems.map((p: { line: number; rule: string }) => [p.line, p.rule])).toEqual([
      [2, 'blank'],
      [4, 'duplicate'],
      [5, 'duplicate'],
    ]);
    const codes = res.body.imported.map((p: { claimCode: string }) => p.claimCode);
    for (const code of codes) expect(code).toMatch(/^[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{8}$/);
    expect(new Set(codes).size).toBe(3);
    // The organizer's list shows the codes; no public route does.
    const list = await players(event.id);
    expect(list.filter((p) => p.claimCode).map((p) => p.claimCode)).toEqual(codes);
    const pub = JSON.stringify([
      (await t.http().get(`/api/events/${event.id}`).expect(200)).body,
      (await t.http().get(`/api/events/by-code/${event.code}`).expect(200)).body,
      (await t.http().get(`/api/events/${event.id}/pods`)).body,
    ]);
    for (const code of codes) expect(pub).not.toContain(code);
    // Only the organizer imports.
    await t.http().post(`/api/events/${event.id}/players/import`).send({ text: 'Eve' }).expect(401);
  });

  it('import reads CSV with a header and member numbers', async () => {
    const event = await sealed();
    const res = await t
      .http()
      .post(`/api/events/${event.id}/players/import`)
      .set('authorization', t.organizer)
      .send({ text: 'name,memberNumber\nDana,5001\n"Smith, John",5002\nEve,5001\n' })
      .expect(200);
    expect(res.body.imported.map((p: { name: string; memberNumber: string }) => [p.name, p.memberNumber])).toEqual([
      ['Dana', '5001'],
      ['Smith, John', '5002'],
    ]);
    expect(res.body.problems).toEqual([expect.objectContaining({ line: 4, rule: 'duplicate' })]);
    await t.http().post(`/api/events/${event.id}/players/import`).set('authorization', t.organizer).send({ text: 'x', format: 'xml' }).expect(400);
    await t.http().post(`/api/events/${event.id}/players/import`).set('authorization', t.organizer).send({}).expect(400);
  });

  it('a claim code gives the seat its player token once; unknown codes are refused', async () => {
    const event = await sealed();
    const res = await t.http().post(`/api/events/${event.id}/players/import`).set('authorization', t.organizer).send({ text: 'Frank' }).expect(200);
    const code: string = res.body.imported[0].claimCode;
    const typed = `${code.slice(0, 4).toLowerCase()}-${code.slice(4).toLowerCase()}`;
    const claimed = await t.http().post(`/api/events/${event.id}/claim`).send({ claimCode: typed }).expect(200);
    expect(claimed.body).toMatchObject({ playerId: res.body.imported[0].playerId, name: 'Frank', status: 'registered' });
    expect(await mine(event.id, { auth: `Bearer ${claimed.body.token}` })).toMatchObject({ name: 'Frank', status: 'registered' });
    const again = await t.http().post(`/api/events/${event.id}/claim`).send({ claimCode: code }).expect(409);
    expect(again.body).toMatchObject({ code: 'CLAIM_CODE_USED', details: [{ field: 'claimCode', rule: 'once' }] });
    const unknown = await t.http().post(`/api/events/${event.id}/claim`).send({ claimCode: 'ZZZZZZZZ' }).expect(403);
    expect(unknown.body).toMatchObject({ code: 'CLAIM_CODE_INVALID', details: [{ field: 'claimCode', rule: 'exists' }] });
    const malformed = await t.http().post(`/api/events/${event.id}/claim`).send({ claimCode: 'O0O0' }).expect(400);
    expect(malformed.body.details).toEqual([expect.objectContaining({ field: 'claimCode' })]);
    expect((await players(event.id))[0].claimed).toBe(true);
  });
});
