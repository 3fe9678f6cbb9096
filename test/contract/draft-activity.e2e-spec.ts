import { IDLE_AFTER_SECONDS, OFFLINE_AFTER_SECONDS } from '../../src/draft/rules/seat-activity';
import { createEvent, me, registerPlayers, start, type TestPlayer } from '../utils/events';
import { createTestApp, type TestApp } from '../utils/test-app';

interface Activity {
  at: string;
  seats: { podNumber: number; seat: number; playerId: string | null; name: string; state: string; heldSeconds: number | null; silentSeconds: number | null }[];
}

/**
 * The organizer's draft panel (issue "The organizer runs and repairs the night"): each seat picking,
 * waiting, idle for N s or offline, from the pods in memory and the phones' last sign of life.
 */
describe('GET /api/events/:id/draft/activity: seat states (idle, offline) for the organizer', () => {
  let t: TestApp;
  let eventId: string;
  let players: TestPlayer[];

  const activity = async (): Promise<Activity> => (await t.http().get(`/api/events/${eventId}/draft/activity`).set('authorization', t.organizer).expect(200)).body;
  const stateOf = (a: Activity, p: TestPlayer) => a.seats.find((s) => s.playerId === p.playerId)!;
  /** The phone's sign of life is written after the response (never delaying it): read until it shows. */
  const eventually = async (check: (a: Activity) => boolean): Promise<Activity> => {
    for (let i = 0; i < 50; i++) {
      const a = await activity();
      if (check(a)) return a;
      await new Promise((r) => setTimeout(r, 20));
    }
    return activity();
  };

  beforeAll(async () => {
    t = await createTestApp();
    const event = await createEvent(t, { name: 'Watch', game: 'wow-tcg', format: 'draft', packs: ['HOA', 'HOA', 'HOA'], seed: 'draft-activity-seed-0001', pickTimeSeconds: 0 });
    eventId = event.id;
    players = await registerPlayers(t, eventId, 4);
    await start(t, eventId);
  });
  afterAll(() => t.close());

  it('is the organizer’s only: a player’s token gets 401, no token 401', async () => {
    await t.http().get(`/api/events/${eventId}/draft/activity`).expect(401);
    await t.http().get(`/api/events/${eventId}/draft/activity`).set('authorization', players[0].auth).expect(401);
  });

  it('a phone never heard from is offline; once it asks for its draft view it is picking', async () => {
    const before = await activity();
    expect(before.seats).toHaveLength(4);
    for (const p of players) expect(stateOf(before, p).state).toBe('offline');
    await me(t, eventId, players[0]);
    const after = await eventually((a) => stateOf(a, players[0]).state !== 'offline');
    expect(stateOf(after, players[0])).toMatchObject({ state: 'picking', heldSeconds: 0, silentSeconds: 0 });
    expect(stateOf(after, players[1]).state).toBe('offline');
  });

  it(`idle after ${IDLE_AFTER_SECONDS} s with a pack, offline after ${OFFLINE_AFTER_SECONDS} s without a sign of life; a pick is a sign of life`, async () => {
    for (const p of players.slice(1)) await me(t, eventId, p);
    await eventually((a) => players.every((p) => stateOf(a, p).state !== 'offline'));
    t.clock.advance(IDLE_AFTER_SECONDS * 1000);
    // Player 2 picks now; the others keep their pack.
    const view = await me(t, eventId, players[1]);
    await t
      .http()
      .post(`/api/events/${eventId}/picks`)
      .set('authorization', players[1].auth)
      .send({ packNumber: view.packNumber, pickNumber: view.pickNumber, cardId: view.currentPack!.cards[0].cardId })
      .expect(200);
    const a = await activity();
    expect(stateOf(a, players[0])).toMatchObject({ state: 'idle', heldSeconds: IDLE_AFTER_SECONDS });
    expect(['picking', 'waiting']).toContain(stateOf(a, players[1]).state);
    t.clock.advance((OFFLINE_AFTER_SECONDS - IDLE_AFTER_SECONDS) * 1000);
    const later = await activity();
    expect(stateOf(later, players[0])).toMatchObject({ state: 'offline', heldSeconds: OFFLINE_AFTER_SECONDS, silentSeconds: OFFLINE_AFTER_SECONDS });
    // Player 2 picked 10 s ago: heard from since.
    expect(stateOf(later, players[1]).state).not.toBe('offline');
  });

  it('an absent player is absent, not offline', async () => {
    await t.http().post(`/api/events/${eventId}/players/${players[3].playerId}/absent`).set('authorization', t.organizer).send({ absent: true }).expect(200);
    expect(stateOf(await activity(), players[3]).state).toBe('absent');
  });
});
