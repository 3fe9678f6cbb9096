import { createTestApp, type TestApp } from '../utils/test-app';
import { createEvent } from '../utils/events';

/** Issue "Podium in the browser": joining without UUIDs — every event has a short code. */
describe('event codes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const draft = (seed: string) => createEvent(t, { name: 'Coded', game: 'wow-tcg', format: 'draft', packs: ['HOA'], seed });

  it('every event gets a 6-character code of the unambiguous alphabet, shown on every event object', async () => {
    const event = await draft('event-code-seed-00001');
    expect(event.code).toMatch(/^[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{6}$/);
    expect((await t.http().get(`/api/events/${event.id}`).expect(200)).body.code).toBe(event.code);
    const listed = (await t.http().get('/api/events').expect(200)).body.items as { id: string; code: string }[];
    expect(listed.find((e) => e.id === event.id)!.code).toBe(event.code);
  });

  it('GET /api/events/by-code/:code resolves a code (any case) to its event', async () => {
    const event = await draft('event-code-seed-00002');
    expect((await t.http().get(`/api/events/by-code/${event.code}`).expect(200)).body.id).toBe(event.id);
    expect((await t.http().get(`/api/events/by-code/${event.code.toLowerCase()}`).expect(200)).body.id).toBe(event.id);
  });

  it('unknown codes are 404, malformed ones 400', async () => {
    const unknown = await t.http().get('/api/events/by-code/ZZZZZZ');
    expect([404, 200]).toContain(unknown.status); // a random code could exist; this one is almost surely free
    if (unknown.status === 404) expect(unknown.body.code).toBe('EVENT_NOT_FOUND');
    for (const bad of ['ABC', 'ABCDEFG', 'O0O0O0', 'I1I1I1', 'AB%20CD']) {
      const res = await t.http().get(`/api/events/by-code/${bad}`).expect(400);
      expect(res.body.details).toEqual([expect.objectContaining({ field: 'code' })]);
    }
  });

  it('codes are unique, also for events with the same seed, and never reused, even once an event is gone', async () => {
    const a = await draft('event-code-same-seed');
    const b = await draft('event-code-same-seed');
    expect(a.code).not.toBe(b.code);
    // A cancelled event keeps its code (its page says it is cancelled).
    await t.http().delete(`/api/events/${a.id}`).set('authorization', t.organizer).expect(200);
    expect((await t.http().get(`/api/events/by-code/${a.code}`).expect(200)).body.state).toBe('cancelled');
    // An event removed from the database (the API never deletes one) leaves its code retired.
    await t.prisma.event.delete({ where: { id: a.id } });
    expect((await t.http().get(`/api/events/by-code/${a.code}`).expect(404)).body.code).toBe('EVENT_NOT_FOUND');
    // The same seed again: its first candidate is a's old code, which stays retired.
    const c = await draft('event-code-same-seed');
    expect([a.code, b.code]).not.toContain(c.code);
    expect(await t.prisma.eventCode.count({ where: { code: a.code } })).toBe(1);
  });

  it('concurrent creations with one seed all get different codes', async () => {
    const events = await Promise.all(Array.from({ length: 8 }, () => draft('event-code-race-seed')));
    expect(new Set(events.map((e) => e.code)).size).toBe(8);
  });
});
