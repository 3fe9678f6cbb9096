import { createTestApp, type TestApp } from '../utils/test-app';
import { createEvent, registerPlayers, start } from '../utils/events';

/**
 * Issue "Hardening" item 4: decks lock when round 1 is paired. Deck submissions in flight while
 * round 1 is paired either commit before it (the pairing waits for them) or are refused (409):
 * none changes a deck after the pairing has committed (it did in 11 of 30 trials).
 */
describe('deck lock at round 1', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const decks = async (eventId: string) => new Map((await t.prisma.deck.findMany({ where: { eventId } })).map((d) => [d.playerId, JSON.stringify(d.main)]));

  it('concurrent submissions while round 1 is paired: none commits after the lock', async () => {
    for (let trial = 0; trial < 4; trial++) {
      const event = await createEvent(t, { name: `Lock race ${trial}`, game: 'wow-tcg', format: 'sealed', packs: ['HOA'], seed: `deck-lock-race-seed-${trial}` });
      const players = await registerPlayers(t, event.id, 8);
      await start(t, event.id);
      // Distinct decks per submission (illegal ones are stored too, as drafts: 422).
      const submit = (playerId: string, k: number) =>
        t
          .http()
          .put(`/api/events/${event.id}/players/${playerId}/deck`)
          .set('authorization', t.organizer)
          .send({ main: [{ cardId: 'HOA-1', count: k }] });
      const inFlight = players.flatMap((p, i) => [1, 2, 3].map((k) => submit(p.playerId, i * 10 + k).then((r) => r.status)));
      await new Promise((r) => setTimeout(r, trial * 3));
      const paired = await t.http().post(`/api/events/${event.id}/rounds`).set('authorization', t.organizer).send({ force: true });
      expect(paired.status).toBe(201);
      const atPairing = await decks(event.id);
      const statuses = await Promise.all(inFlight);
      for (const s of statuses) expect([200, 409, 422]).toContain(s);
      expect(await decks(event.id)).toEqual(atPairing);
      // Afterwards every submission is refused.
      expect((await submit(players[0].playerId, 99)).status).toBe(409);
    }
  });
});
