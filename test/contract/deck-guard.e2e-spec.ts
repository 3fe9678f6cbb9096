import { createEvent, registerPlayers, start } from '../utils/events';
import { createTestApp, type TestApp } from '../utils/test-app';

/**
 * The deck guard before a round (docs/rules.md "Decks before a round"; MTR 7.9): a round is not paired
 * with players still in who have no legal registered deck unless the organizer says so — the refusal
 * names each of them; dropping them or registering a deck lets the round pair; `force` pairs anyway
 * and lists them in the answer.
 */
describe('POST /api/events/:id/rounds: the deck guard', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('rule: a round waits for a legal deck of every player still in — listed by name and reason; force pairs and lists them', async () => {
    const event = await createEvent(t, { name: 'Guarded', game: 'wow-tcg', format: 'sealed', packs: ['HOA'], seed: 'deck-guard-000000000001' });
    const [alice, bob, carol, dan] = await registerPlayers(t, event.id, 4);
    await start(t, event.id);
    const register = async (p: typeof alice) => {
      const s = (await t.http().get(`/api/events/${event.id}/deck/suggestion`).set('authorization', p.auth).expect(200)).body;
      await t.http().put(`/api/events/${event.id}/deck`).set('authorization', p.auth).send({ hero: s.hero, main: s.main }).expect(200);
    };
    await register(alice);
    await register(bob);
    // Carol submits an illegal deck (stored, marked illegal); Dan submits nothing.
    await t.http().put(`/api/events/${event.id}/deck`).set('authorization', carol.auth).send({ main: [] }).expect(422);
    const pair = (body: object) => t.http().post(`/api/events/${event.id}/rounds`).set('authorization', t.organizer).send(body);

    const refused = await pair({}).expect(409);
    expect(refused.body).toMatchObject({ code: 'DECKS_NOT_READY' });
    expect(refused.body.details.map((d: { rule: string; message: string }) => [d.rule, d.message.split(':')[0]])).toEqual([
      ['illegal-deck', carol.name],
      ['no-deck', dan.name],
    ]);
    expect(await t.prisma.round.count({ where: { eventId: event.id } })).toBe(0);

    // Dan drops: he no longer holds the round up.
    await t.http().post(`/api/events/${event.id}/players/${dan.playerId}/drop`).set('authorization', t.organizer).expect(200);
    expect((await pair({}).expect(409)).body.details).toHaveLength(1);

    const forced = await pair({ force: true }).expect(201);
    expect(forced.body.pairedWithoutDecks).toEqual([{ playerId: carol.playerId, name: carol.name, reason: 'illegal-deck', choice: 'pairAnyway' }]);
    expect(forced.body.pairings).toHaveLength(2);
  });
});
