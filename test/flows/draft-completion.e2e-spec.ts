import { DraftTimersService } from '../../src/draft/draft-timers.service';
import { PgPool } from '../../src/common/database/pg-pool';
import { createEvent, registerPlayers, start } from '../utils/events';
import { createTestApp, type TestApp } from '../utils/test-app';

/**
 * The rule "a draft whose pods are all complete is not left drafting" (event-lifecycle: finishDraft),
 * whatever path completed the last pod.
 */
describe('draft completion', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const organizer = () => t.organizer;
  const state = async (eventId: string) => ((await t.http().get(`/api/events/${eventId}`).expect(200)).body as { state: string }).state;

  it('finishDraft at the start: bots fill the pod and the only player is absent — the event goes to deck building at once', async () => {
    const event = await createEvent(t, { name: 'All bots', game: 'wow-tcg', format: 'draft', packs: ['HOA'], fillWithBots: true, seed: 'all-bots-at-start-0001' });
    const [alone] = await registerPlayers(t, event.id, 1);
    await t.http().post(`/api/events/${event.id}/players/${alone.playerId}/absent`).set('authorization', organizer()).send({}).expect(200);
    const started = (await t.http().post(`/api/events/${event.id}/start`).set('authorization', organizer()).expect(200)).body as { state: string };
    expect(started.state).toBe('building');
    expect(await state(event.id)).toBe('building');
    const pods = (await t.http().get(`/api/events/${event.id}/pods`).expect(200)).body as { complete: boolean }[];
    expect(pods.every((p) => p.complete)).toBe(true);
    // The player's pool is whole: every pick was made for them.
    const me = (await t.http().get(`/api/events/${event.id}/me`).set('authorization', `Bearer ${alone.token}`).expect(200)).body as { pool: unknown[] };
    expect(me.pool.length).toBeGreaterThan(0);
  });

  it('finishDraft at the start: every registered player absent (no bots asked for) — deck building at once', async () => {
    const event = await createEvent(t, { name: 'All absent', game: 'wow-tcg', format: 'draft', packs: ['HOA'], seed: 'all-absent-at-start-01' });
    const players = await registerPlayers(t, event.id, 4);
    for (const p of players) await t.http().post(`/api/events/${event.id}/players/${p.playerId}/absent`).set('authorization', organizer()).send({}).expect(200);
    await start(t, event.id);
    expect(await state(event.id)).toBe('building');
  });

  it('finishDraft sweep: an event left drafting with every pod complete is moved on by any instance, once', async () => {
    const event = await createEvent(t, { name: 'Left behind', game: 'wow-tcg', format: 'draft', packs: ['HOA'], seed: 'left-drafting-seed-001', pickTimeSeconds: 0 });
    await registerPlayers(t, event.id, 4);
    await start(t, event.id);
    expect(await state(event.id)).toBe('drafting');
    const timers = t.app.get(DraftTimersService);
    // Not complete yet: the sweep leaves it alone.
    expect(await timers.finishCompleteDrafts()).not.toContain(event.id);
    // What an older release, or a path that missed the last step, leaves behind: every pod complete, the event drafting.
    await t.app.get(PgPool).query('UPDATE pod SET completed_at = now() WHERE event_id = $1', [event.id]);
    const [first, second] = await Promise.all([timers.finishCompleteDrafts(), timers.finishCompleteDrafts()]);
    expect(first).toContain(event.id);
    expect(second).toBe(first); // one sweep at a time in a process: the second call shares the first
    expect(await timers.finishCompleteDrafts()).not.toContain(event.id); // once
    expect(await state(event.id)).toBe('building');
  });
});
