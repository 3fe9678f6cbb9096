import { createEvent, draftToTheEnd, registerPlayers, start } from '../utils/events';
import { createTestApp, type TestApp } from '../utils/test-app';

interface Pairing {
  matchId: string;
  table: number;
  playerA: { playerId: string };
  playerB: { playerId: string } | null;
}

/** Draft rounds on a real PostgreSQL: pods first, at most one bye in the whole event. */
describe('draft pairing across pods', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  // Bug: each pod with an odd number of players got its own bye, so ten players in two pods of five
  // had two byes every round though ten players need none.
  it('rule: ten players in two pods of five get no bye; the two odd players meet across pods', async () => {
    const event = await createEvent(t, { name: 'Ten drafters', game: 'wow-tcg', format: 'draft', packs: ['HOA'], seed: 'draft-pairing-ten-000001', pickTimeSeconds: 0 });
    const players = await registerPlayers(t, event.id, 10);
    await start(t, event.id);
    const pods = (await t.http().get(`/api/events/${event.id}/pods`).expect(200)).body as { number: number; seats: { playerId: string | null }[] }[];
    expect(pods.map((p) => p.seats.length)).toEqual([5, 5]);
    const podOf = new Map(pods.flatMap((pod) => pod.seats.map((s) => [s.playerId!, pod.number] as const)));
    await draftToTheEnd(t, event.id, players);
    for (let round = 1; round <= 3; round++) {
      const r = (await t.http().post(`/api/events/${event.id}/rounds`).set('authorization', t.organizer).send({ force: true }).expect(201)).body as { pairings: Pairing[] };
      expect(r.pairings).toHaveLength(5);
      expect(r.pairings.filter((p) => p.playerB === null)).toEqual([]);
      const across = r.pairings.filter((p) => podOf.get(p.playerA.playerId) !== podOf.get(p.playerB!.playerId));
      expect(across).toHaveLength(1);
      for (const p of r.pairings) await t.http().put(`/api/matches/${p.matchId}/result`).set('authorization', t.organizer).send({ winsA: 2, winsB: 1 }).expect(200);
    }
  }, 120_000);

  it.each([4, 5, 6, 7, 8])(
    'rule: draft round 1 across the table (docs/rules.md; Wizards Event Companion, Draftmancer) — a %i-seat pod: seat i plays seat i + half the pod, never a neighbour',
    async (n) => {
      const event = await createEvent(t, { name: `Across ${n}`, game: 'wow-tcg', format: 'draft', packs: ['HOA'], seed: `draft-across-${n}-00000001`, pickTimeSeconds: 0 });
      const players = await registerPlayers(t, event.id, n);
      await start(t, event.id);
      const [pod] = (await t.http().get(`/api/events/${event.id}/pods`).expect(200)).body as { seats: { seat: number; playerId: string | null }[] }[];
      const position = new Map(pod.seats.sort((a, b) => a.seat - b.seat).map((s, i) => [s.playerId!, i + 1] as const));
      await draftToTheEnd(t, event.id, players);
      const r = (await t.http().post(`/api/events/${event.id}/rounds`).set('authorization', t.organizer).send({ force: true }).expect(201)).body as { pairings: Pairing[] };
      const half = Math.floor(n / 2);
      const played = r.pairings.filter((p) => p.playerB !== null).map((p) => [position.get(p.playerA.playerId)!, position.get(p.playerB!.playerId)!].sort((a, b) => a - b));
      expect(played).toEqual(Array.from({ length: half }, (_, i) => [i + 1, i + 1 + half]));
      // An odd pod's last seat has the bye (the only pod: nobody to cross to).
      expect(r.pairings.filter((p) => p.playerB === null).map((p) => position.get(p.playerA.playerId))).toEqual(n % 2 ? [n] : []);
    },
    120_000,
  );

  it('a random round 1 inside the pods stays an option (firstRound: random)', async () => {
    const event = await createEvent(t, { name: 'Random first round', game: 'wow-tcg', format: 'draft', packs: ['HOA'], seed: 'draft-random-first-0001', pickTimeSeconds: 0 });
    const players = await registerPlayers(t, event.id, 8);
    await start(t, event.id);
    await draftToTheEnd(t, event.id, players);
    const r = (await t.http().post(`/api/events/${event.id}/rounds`).set('authorization', t.organizer).send({ firstRound: 'random', force: true }).expect(201)).body as {
      pairings: Pairing[];
    };
    expect(r.pairings).toHaveLength(4);
    await t.http().post(`/api/events/${event.id}/rounds`).set('authorization', t.organizer).send({ firstRound: 'sideways' }).expect(400);
  }, 120_000);
});
