import { DraftService, type PickTimerJob } from '../src/draft/draft.service';
import { pickTimeLimitSeconds } from '../src/draft/rules/pick-timer';
import { createTestApp, type TestApp } from './utils/test-app';
import { createEvent, me, registerPlayers, start, type TestPlayer } from './utils/events';

/** Pick timers with the injected clock: the job queue holds the deadlines, the test moves time. */
describe('pick timers, timeout picks and preselect', () => {
  let t: TestApp;
  let draft: DraftService;
  let eventId: string;
  let players: TestPlayer[];

  beforeAll(async () => {
    t = await createTestApp();
    draft = t.app.get(DraftService);
    const event = await createEvent(t, { name: 'Timed', game: 'wow-tcg', format: 'draft', packs: ['HOA'], seed: 'timers-seed-000000001', pickTimeSeconds: 60 });
    eventId = event.id;
    players = await registerPlayers(t, eventId, 4);
    await start(t, eventId);
  });
  afterAll(() => t.close());

  const jobsInQueue = async (): Promise<PickTimerJob[]> =>
    (await t.prisma.$queryRawUnsafe<{ data: PickTimerJob }[]>(`SELECT data FROM pgboss.job WHERE name = 'pick-timeout' ORDER BY data->>'seat'`)).map((r) => r.data);

  it('each pick has a deadline computed from the injected clock when the pack reaches the seat, stored as a job', async () => {
    const view = await me(t, eventId, players[0]);
    expect(view.deadline).toBe(new Date(t.clock.now().getTime() + 60_000).toISOString());
    const jobs = await jobsInQueue();
    expect(jobs.filter((j) => j.packNumber === 1 && j.pickNumber === 1)).toHaveLength(4);
  });

  it('a timer that fires before its deadline is rescheduled, not executed', async () => {
    const [job] = await jobsInQueue();
    expect(await draft.expire(job)).toBe('rescheduled');
  });

  it('when the deadline passes, the preselected card is taken for the player', async () => {
    const view = await me(t, eventId, players[1]);
    const wanted = view.currentPack!.cards[5].cardId;
    await t.http().put(`/api/events/${eventId}/preselect`).set('authorization', players[1].auth).send({ cardId: wanted }).expect(200);
    t.clock.advance(61_000);
    const job = (await jobsInQueue()).find((j) => j.seat === view.seat && j.pickNumber === 1)!;
    expect(await draft.expire(job)).toBe('picked');
    const after = await me(t, eventId, players[1]);
    expect(after.picks.map((c) => c.cardId)).toEqual([wanted]);
    const stored = await t.prisma.pick.findFirstOrThrow({ where: { pod: { eventId }, seat: view.seat!, packNumber: 1, pickNumber: 1 } });
    expect(stored.source).toBe('timeout');
  });

  it('without a preselect, the bot rule picks (deterministic from the seed), and the timer is a no-op once picked', async () => {
    const view = await me(t, eventId, players[2]);
    const job = (await jobsInQueue()).find((j) => j.seat === view.seat && j.pickNumber === 1)!;
    expect(await draft.expire(job)).toBe('picked');
    expect(await draft.expire(job)).toBe('already-picked');
    const stored = await t.prisma.pick.findFirstOrThrow({ where: { pod: { eventId }, seat: view.seat!, packNumber: 1, pickNumber: 1 } });
    expect(stored.source).toBe('timeout');
  });

  it('timers stop while the pod is paused; after resume the pick gets its full time again', async () => {
    await t.http().post(`/api/events/${eventId}/pause`).set('authorization', t.organizer).send({}).expect(200);
    const view = await me(t, eventId, players[3]);
    const job = (await jobsInQueue()).find((j) => j.seat === view.seat && j.pickNumber === 1)!;
    expect(await draft.expire(job)).toBe('paused');
    t.clock.advance(10_000);
    await t.http().post(`/api/events/${eventId}/resume`).set('authorization', t.organizer).send({}).expect(200);
    const resumed = await me(t, eventId, players[3]);
    expect(resumed.deadline).toBe(new Date(t.clock.now().getTime() + 60_000).toISOString());
    expect(await draft.expire(job)).toBe('rescheduled');
  });

  it('shorter as packs shrink, never under the minimum', async () => {
    expect(pickTimeLimitSeconds(60, 14, 14)).toBe(60);
    expect(pickTimeLimitSeconds(60, 7, 14)).toBe(30);
    expect(pickTimeLimitSeconds(60, 1, 14)).toBe(5);
    expect(pickTimeLimitSeconds(60, 1, 14, 2)).toBe(5);
    expect(pickTimeLimitSeconds(0, 7, 14)).toBeNull();
  });
});

describe('a pick timer starts when the player can see the pack', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('a pack queued behind another gets its full time from the previous pick, not from its arrival', async () => {
    const event = await createEvent(t, { name: 'Queue', game: 'wow-tcg', format: 'draft', packs: ['HOA'], seed: 'queue-timer-seed-000001', pickTimeSeconds: 60 });
    const players = await registerPlayers(t, event.id, 4);
    await start(t, event.id);
    const views = await Promise.all(players.map((p) => me(t, event.id, p)));
    const seatOf = (i: number) => views[i].seat!;
    // Pack 1 passes left: the upstream neighbour of seat s is seat s − 1.
    const target = 0;
    const upstream = views.findIndex((v) => v.seat === (seatOf(target) + 3) % 4);
    const pickFirst = async (i: number) => {
      const v = await me(t, event.id, players[i]);
      await t.http().post(`/api/events/${event.id}/picks`).set('authorization', players[i].auth).send({ packNumber: v.packNumber, pickNumber: v.pickNumber, cardId: v.currentPack!.cards[0].cardId }).expect(200);
    };
    await pickFirst(upstream); // the target's second pack arrives now, behind its first
    t.clock.advance(50_000);
    await pickFirst(target);
    const view = await me(t, event.id, players[target]);
    expect(view.pickNumber).toBe(2);
    expect(view.currentPack!.cards).toHaveLength(13);
    // 13 of 14 cards left: ceil(60 × 13 / 14) = 56 s from the moment the previous pick was made.
    expect(view.deadline).toBe(new Date(t.clock.now().getTime() + 56_000).toISOString());
  });
});
