import { DraftTimersService } from '../../src/draft/draft-timers.service';
import { PodRepository } from '../../src/draft/pod.repository';
import { pickTimeLimitSeconds } from '../../src/draft/rules/pick-timer';
import { createTestApp, type TestApp } from '../utils/test-app';
import { createEvent, me, registerPlayers, start, type TestPlayer } from '../utils/events';

/** Pick timers as rows with the injected clock: each pod row holds its next deadline, the test moves time and polls. */
describe('pick timers, timeout picks and preselect', () => {
  let t: TestApp;
  let timers: DraftTimersService;
  let eventId: string;
  let players: TestPlayer[];

  beforeAll(async () => {
    t = await createTestApp();
    timers = t.app.get(DraftTimersService);
    const event = await createEvent(t, { name: 'Timed', game: 'wow-tcg', format: 'draft', packs: ['HOA'], seed: 'timers-seed-000000001', pickTimeSeconds: 60 });
    eventId = event.id;
    players = await registerPlayers(t, eventId, 4);
    await start(t, eventId);
  });
  afterAll(() => t.close());

  const podDeadline = async (): Promise<Date | null> => (await t.prisma.pod.findFirstOrThrow({ where: { eventId } })).nextDeadline;
  const timeoutPicks = () => t.prisma.pick.count({ where: { pod: { eventId }, source: 'timeout' } });

  it('each pick has a deadline computed from the injected clock when the pack reaches the seat; the pod row holds the earliest', async () => {
    const view = await me(t, eventId, players[0]);
    const deadline = new Date(t.clock.now().getTime() + 60_000);
    expect(view.deadline).toBe(deadline.toISOString());
    expect(await podDeadline()).toEqual(deadline);
  });

  it('nothing is due before the deadline; a pod claimed early (a lapsed claim, an upgrade) gets its real deadline back', async () => {
    expect(await timers.runDue()).toEqual([]);
    const real = await podDeadline();
    await t.prisma.pod.updateMany({ where: { eventId }, data: { nextDeadline: t.clock.now() } });
    const [outcome] = await timers.runDue();
    expect(outcome.timeouts).toBe(0);
    expect(await podDeadline()).toEqual(real);
    expect(await timeoutPicks()).toBe(0);
  });

  it('when the deadline passes, the preselected card is taken for that player and the bot rule picks for the others, each exactly once', async () => {
    const view = await me(t, eventId, players[1]);
    const wanted = view.currentPack!.cards[5].cardId;
    await t.http().put(`/api/events/${eventId}/preselect`).set('authorization', players[1].auth).send({ cardId: wanted }).expect(200);
    expect((await me(t, eventId, players[1])).preselected).toBe(wanted);
    t.clock.advance(61_000);
    const [outcome] = await timers.runDue();
    expect(outcome.timeouts).toBe(4);
    const after = await me(t, eventId, players[1]);
    expect(after.picks.map((c) => c.cardId)).toEqual([wanted]);
    expect(await timeoutPicks()).toBe(4);
    // Polled again: nothing more is due until the next picks' deadlines.
    expect((await timers.runDue()).every((o) => o.timeouts === 0)).toBe(true);
    expect(await timeoutPicks()).toBe(4);
    // The next pick (13 cards of 14): ceil(60 × 13 / 14) = 56 s from the timeout picks.
    expect((await me(t, eventId, players[0])).deadline).toBe(new Date(t.clock.now().getTime() + 56_000).toISOString());
  });

  it('timers stop while the pod is paused; after resume the pick gets its full time again', async () => {
    await t.http().post(`/api/events/${eventId}/pause`).set('authorization', t.organizer).send({}).expect(200);
    expect(await podDeadline()).toBeNull();
    t.clock.advance(120_000);
    expect(await timers.runDue()).toEqual([]);
    expect(await timeoutPicks()).toBe(4);
    await t.http().post(`/api/events/${eventId}/resume`).set('authorization', t.organizer).send({}).expect(200);
    const resumed = await me(t, eventId, players[3]);
    expect(resumed.deadline).toBe(new Date(t.clock.now().getTime() + 56_000).toISOString());
    expect(await podDeadline()).toEqual(new Date(t.clock.now().getTime() + 56_000));
    expect(await timers.runDue()).toEqual([]);
  });

  it('a cancelled draft runs no timers: its pods drop their deadline at the next poll', async () => {
    await t.http().delete(`/api/events/${eventId}`).set('authorization', t.organizer).send({}).expect(200);
    t.clock.advance(600_000);
    await timers.runDue();
    expect(await podDeadline()).toBeNull();
    expect(await timeoutPicks()).toBe(4);
    expect((await me(t, eventId, players[0])).currentPack).toBeNull();
  });

  it('shorter as packs shrink, never under the minimum', async () => {
    expect(pickTimeLimitSeconds(60, 14, 14)).toBe(60);
    expect(pickTimeLimitSeconds(60, 7, 14)).toBe(30);
    expect(pickTimeLimitSeconds(60, 1, 14)).toBe(5);
    expect(pickTimeLimitSeconds(60, 1, 14, 2)).toBe(5);
    expect(pickTimeLimitSeconds(0, 7, 14)).toBeNull();
  });
});

describe('a resume or absent mark whose process dies before the deadline is stored', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  // Bug: the resume committed paused_at = null with no deadline and stored the deadline in a second
  // step; a process killed between the two left the pod with no timer for good.
  it('a resume commits the pod as due at once: the next poll (any instance) stores its real deadline', async () => {
    const event = await createEvent(t, { name: 'Resume crash', game: 'wow-tcg', format: 'draft', packs: ['HOA'], seed: 'resume-crash-seed-000001', pickTimeSeconds: 60 });
    await registerPlayers(t, event.id, 4);
    await start(t, event.id);
    await t.http().post(`/api/events/${event.id}/pause`).set('authorization', t.organizer).send({}).expect(200);
    const pod = await t.prisma.pod.findFirstOrThrow({ where: { eventId: event.id } });
    t.clock.advance(5_000);
    // Only what the resume commits first, as if its process were killed right after.
    await t.app.get(PodRepository).change(pod.id, null, (c) => PodRepository.setPaused(c, pod.id, false, t.clock.now()));
    expect((await t.prisma.pod.findUniqueOrThrow({ where: { id: pod.id } })).nextDeadline).toEqual(t.clock.now());
    await t.app.get(DraftTimersService).runDue();
    expect((await t.prisma.pod.findUniqueOrThrow({ where: { id: pod.id } })).nextDeadline).toEqual(new Date(t.clock.now().getTime() + 60_000));
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
      await t
        .http()
        .post(`/api/events/${event.id}/picks`)
        .set('authorization', players[i].auth)
        .send({ packNumber: v.packNumber, pickNumber: v.pickNumber, cardId: v.currentPack!.cards[0].cardId })
        .expect(200);
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

  it('pick clocks start when the start has committed: the time a large start spends writing is not taken from the first pick', async () => {
    const event = await createEvent(t, { name: 'Big start', game: 'wow-tcg', format: 'draft', packs: ['HOA'], seed: 'timers-seed-000000004', pickTimeSeconds: 60 });
    const players = await registerPlayers(t, event.id, 10);
    // Writing each pod takes time: 3 s per pod here (two pods of 5), as 50 pods do on a busy box.
    const repository = t.app.get(PodRepository);
    const createPod = repository.createPod.bind(repository);
    const slow = jest.spyOn(repository, 'createPod').mockImplementation(async (...args) => {
      t.clock.advance(3_000);
      return createPod(...args);
    });
    try {
      await start(t, event.id);
    } finally {
      slow.mockRestore();
    }
    const committedAt = t.clock.now().getTime();
    for (const p of players) expect((await me(t, event.id, p)).deadline).toBe(new Date(committedAt + 60_000).toISOString());
    const pods = await t.prisma.pod.findMany({ where: { eventId: event.id } });
    expect(pods).toHaveLength(2);
    for (const pod of pods) expect(pod.nextDeadline).toEqual(new Date(committedAt + 60_000));
    // Nothing is due 59 s after the commit (the start began 65 s before that); all 10 are at 60 s.
    t.clock.advance(59_000);
    expect((await t.app.get(DraftTimersService).runDue()).filter((o) => o.podId === pods[0].id || o.podId === pods[1].id).every((o) => o.timeouts === 0)).toBe(true);
    t.clock.advance(1_000);
    const outcomes = (await t.app.get(DraftTimersService).runDue()).filter((o) => o.podId === pods[0].id || o.podId === pods[1].id);
    expect(outcomes.reduce((n, o) => n + o.timeouts, 0)).toBe(10);
  });
});
