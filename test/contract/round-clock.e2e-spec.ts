import { createEvent, registerPlayers, start } from '../utils/events';
import { createTestApp, type TestApp } from '../utils/test-app';

interface Round {
  number: number;
  minutes: number;
  extraMinutes: number;
  endsAt: string;
  paused: boolean;
  remainingSeconds: number;
  pairings: { matchId: string; table: number; extraMinutes: number; endsAt: string; playerB: unknown }[];
}

/** The round clock an organizer controls, on a real PostgreSQL with the injected clock. */
describe('round clock: pause, resume, extend, table extensions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const minute = 60_000;

  it('rule: time paused does not count; extend moves the whole round; a judge extension moves one table; both in the round routes', async () => {
    const event = await createEvent(t, { name: 'Clock', game: 'wow-tcg', format: 'sealed', packs: ['HOA'], seed: 'round-clock-seed-0000001' });
    await registerPlayers(t, event.id, 4);
    await start(t, event.id);
    const started = t.clock.now().getTime();
    const round = (await t.http().post(`/api/events/${event.id}/rounds`).set('authorization', t.organizer).send({ minutes: 50, force: true }).expect(201)).body as Round;
    expect(round).toMatchObject({ extraMinutes: 0, paused: false, remainingSeconds: 50 * 60, endsAt: new Date(started + 50 * minute).toISOString() });
    const clock = (action: string, body: object = {}) => t.http().post(`/api/events/${event.id}/rounds/1/${action}`).set('authorization', t.organizer).send(body);
    const get = async () => (await t.http().get(`/api/events/${event.id}/rounds/1`).expect(200)).body as Round;

    t.clock.advance(10 * minute);
    expect((await clock('pause').expect(200)).body).toMatchObject({ paused: true, remainingSeconds: 40 * 60 });
    t.clock.advance(7 * minute);
    expect(await get()).toMatchObject({ paused: true, remainingSeconds: 40 * 60, endsAt: new Date(started + 57 * minute).toISOString() });
    const again = await clock('pause').expect(409);
    expect(again.body).toMatchObject({ code: 'EVENT_STATE_CONFLICT', details: [{ rule: 'clockRunning' }] });
    expect((await clock('resume').expect(200)).body).toMatchObject({ paused: false, remainingSeconds: 40 * 60 });
    expect((await clock('resume').expect(409)).body.details[0].rule).toBe('clockPaused');

    const extended = (await clock('extend', { minutes: 5 }).expect(200)).body as Round;
    expect(extended).toMatchObject({ extraMinutes: 5, endsAt: new Date(started + 62 * minute).toISOString() });
    expect((await clock('extend', { minutes: 0 }).expect(400)).body.details[0].field).toBe('minutes');
    expect((await clock('extend', { minutes: 116 }).expect(400)).body.details[0].rule).toBe('maxExtraMinutes');

    const table = extended.pairings[0];
    const judged = (await t.http().put(`/api/matches/${table.matchId}/extension`).set('authorization', t.organizer).send({ extraMinutes: 3 }).expect(200)).body as Round;
    const byTable = new Map(judged.pairings.map((p) => [p.table, p]));
    expect(byTable.get(table.table)).toMatchObject({ extraMinutes: 3, endsAt: new Date(started + 65 * minute).toISOString() });
    for (const p of judged.pairings.filter((p) => p.table !== table.table)) expect(p).toMatchObject({ extraMinutes: 0, endsAt: new Date(started + 62 * minute).toISOString() });
    expect((await get()).pairings.find((p) => p.table === table.table)!.extraMinutes).toBe(3);

    // Only the organizer; only the current round.
    await t.http().post(`/api/events/${event.id}/rounds/1/pause`).send({}).expect(401);
    for (const p of judged.pairings) await t.http().put(`/api/matches/${p.matchId}/result`).set('authorization', t.organizer).send({ winsA: 2, winsB: 0 }).expect(200);
    // A decided match has no time left to extend.
    const decided = await t.http().put(`/api/matches/${table.matchId}/extension`).set('authorization', t.organizer).send({ extraMinutes: 6 }).expect(409);
    expect(decided.body.details[0].rule).toBe('matchOpen');
    await t.http().post(`/api/events/${event.id}/rounds`).set('authorization', t.organizer).send({ force: true }).expect(201);
    expect((await clock('pause').expect(409)).body.details[0].rule).toBe('currentRound');
    await t.http().post(`/api/events/${event.id}/rounds/3/pause`).set('authorization', t.organizer).send({}).expect(404);
  });
  it('rule: a bye has no table time to extend (409 notBye)', async () => {
    const event = await createEvent(t, { name: 'Bye clock', game: 'wow-tcg', format: 'sealed', packs: ['HOA'], seed: 'round-clock-bye-0000001' });
    await registerPlayers(t, event.id, 5);
    await start(t, event.id);
    const round = (await t.http().post(`/api/events/${event.id}/rounds`).set('authorization', t.organizer).send({ force: true }).expect(201)).body as Round;
    const bye = round.pairings.find((p) => p.playerB === null)!;
    const res = await t.http().put(`/api/matches/${bye.matchId}/extension`).set('authorization', t.organizer).send({ extraMinutes: 3 }).expect(409);
    expect(res.body.details[0].rule).toBe('notBye');
  });

  it("rule: the event's time zone (default the server's) sets the times of the printed and CSV pairings; a zone that does not exist is a 400", async () => {
    const bad = await t
      .http()
      .post('/api/events')
      .set('authorization', t.organizer)
      .send({ name: 'Bad zone', game: 'wow-tcg', format: 'sealed', packs: ['HOA'], timeZone: 'Mars/Olympus' })
      .expect(400);
    expect(bad.body.details[0]).toMatchObject({ field: 'timeZone', rule: 'isTimeZone' });
    const plain = await createEvent(t, { name: 'Server zone', game: 'wow-tcg', format: 'sealed', packs: ['HOA'] });
    expect((plain as unknown as { timeZone: string }).timeZone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    const event = await createEvent(t, { name: 'Moscow', game: 'wow-tcg', format: 'sealed', packs: ['HOA'], seed: 'round-clock-zone-000001', timeZone: 'Europe/Moscow' });
    expect((event as unknown as { timeZone: string }).timeZone).toBe('Europe/Moscow');
    await registerPlayers(t, event.id, 4);
    await start(t, event.id);
    const round = (await t.http().post(`/api/events/${event.id}/rounds`).set('authorization', t.organizer).send({ minutes: 40, force: true }).expect(201)).body as Round & {
      timeZone: string;
    };
    expect(round.timeZone).toBe('Europe/Moscow');
    const local = (iso: string) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));
    const text = (await t.http().get(`/api/events/${event.id}/rounds/1?format=text`).expect(200)).text;
    expect(text.split('\n')[0]).toContain(`to ${local(round.endsAt)} (Europe/Moscow)`);
    for (const p of round.pairings) expect(text).toContain(p.matchId);
    const csv = (await t.http().get(`/api/events/${event.id}/rounds/1?format=csv`).expect(200)).text.split('\r\n');
    expect(csv[0]).toBe('table,match id,player,opponent,result,ends (Europe/Moscow)');
    expect(csv[1]).toContain(`,${round.pairings[0].matchId},`);
    expect(csv[1].endsWith(` ${local(round.endsAt)}`)).toBe(true);
  });
});
