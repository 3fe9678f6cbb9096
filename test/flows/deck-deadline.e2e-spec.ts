import { createEvent, draftToTheEnd, registerPlayers, start } from '../utils/events';
import { createTestApp, type TestApp } from '../utils/test-app';

interface EventView {
  state: string;
  deckBuildingMinutes: number | null;
  deckDeadline: string | null;
}

/** Deck-building time: a deadline players see, from the moment deck building begins. */
describe('deck-building deadline', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const view = async (id: string) => (await t.http().get(`/api/events/${id}`).expect(200)).body as EventView;
  const minute = 60_000;

  it('rule: sealed — decks are due deckBuildingMinutes after the start; the organizer still sees who is missing; no time set, no deadline', async () => {
    const event = await createEvent(t, { name: 'Sealed deadline', game: 'wow-tcg', format: 'sealed', packs: ['HOA'], seed: 'deck-deadline-sealed-001', deckBuildingMinutes: 30 });
    expect(await view(event.id)).toMatchObject({ deckBuildingMinutes: 30, deckDeadline: null });
    await registerPlayers(t, event.id, 4);
    const startedAt = t.clock.now().getTime();
    await start(t, event.id);
    t.clock.advance(5 * minute);
    expect(await view(event.id)).toMatchObject({ state: 'building', deckDeadline: new Date(startedAt + 30 * minute).toISOString() });
    const decks = (await t.http().get(`/api/events/${event.id}/decks`).set('authorization', t.organizer).expect(200)).body as { status: string }[];
    expect(decks.filter((d) => d.status === 'missing')).toHaveLength(4);
    // Pairing round 1 and undoing it does not move the deadline.
    await t.http().post(`/api/events/${event.id}/rounds`).set('authorization', t.organizer).send({ force: true }).expect(201);
    await t.http().delete(`/api/events/${event.id}/rounds/1`).set('authorization', t.organizer).expect(204);
    expect((await view(event.id)).deckDeadline).toBe(new Date(startedAt + 30 * minute).toISOString());

    const none = await createEvent(t, { name: 'No deadline', game: 'wow-tcg', format: 'sealed', packs: ['HOA'] });
    await registerPlayers(t, none.id, 2);
    await start(t, none.id);
    expect(await view(none.id)).toMatchObject({ deckBuildingMinutes: null, deckDeadline: null });
    const bad = await t
      .http()
      .post('/api/events')
      .set('authorization', t.organizer)
      .send({ name: 'Bad', game: 'wow-tcg', format: 'sealed', packs: ['HOA'], deckBuildingMinutes: 0 })
      .expect(400);
    expect(bad.body.details[0].field).toBe('deckBuildingMinutes');
  });

  it('rule: draft — the deadline counts from the last pick of the draft', async () => {
    const event = await createEvent(t, {
      name: 'Draft deadline',
      game: 'wow-tcg',
      format: 'draft',
      packs: ['HOA'],
      seed: 'deck-deadline-draft-0001',
      pickTimeSeconds: 0,
      deckBuildingMinutes: 25,
    });
    const players = await registerPlayers(t, event.id, 4);
    await start(t, event.id);
    expect((await view(event.id)).deckDeadline).toBeNull();
    t.clock.advance(40 * minute); // the draft takes a while
    const done = t.clock.now().getTime();
    await draftToTheEnd(t, event.id, players);
    expect(await view(event.id)).toMatchObject({ state: 'building', deckDeadline: new Date(done + 25 * minute).toISOString() });
  });
});
