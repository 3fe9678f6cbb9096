import { classAllows, factionAllows, talentAllows } from '../../src/decks/rules';
import { createTestApp, type TestApp } from '../utils/test-app';
import { createEvent, draftToTheEnd, me, start, type TestPlayer } from '../utils/events';

type Card = {
  cardId: string;
  type: string;
  rarity: string;
  attributes: { faction?: string; classes?: string[] | null; talent?: string | null; heroClass?: string; heroTalent?: string };
};
type Pairing = { matchId: string; table: number; playerB: unknown };

/**
 * The whole store flow, twice, then a league: 8-player WoW TCG draft → every player registers a legal
 * deck from their own picks → 3 Swiss rounds with results → standings → top 4 → league standings
 * over the two events, with CSV output.
 */
describe('a full event flow as a store runs it', () => {
  let t: TestApp;
  let catalog: Map<string, Card>;
  let heroes: Card[];
  beforeAll(async () => {
    t = await createTestApp();
    const all = (await t.http().get('/api/sets/HOA/cards?pageSize=500').expect(200)).body.items as Card[];
    catalog = new Map(all.map((c) => [c.cardId, c]));
    heroes = all.filter((c) => c.type === 'hero');
  });
  afterAll(() => t.close());

  const fits = (hero: Card, c: Card) =>
    factionAllows(hero.attributes.faction ?? null, c.attributes.faction ?? null) &&
    classAllows(hero.attributes.heroClass ?? null, c.attributes.classes ?? null) &&
    talentAllows(hero.attributes.heroTalent ?? null, c.attributes.talent ?? null);

  /** The hero that can play most of the pool, and 30 of those cards. */
  function deckFrom(pool: string[]) {
    const cards = pool.map((id) => catalog.get(id)!);
    const best = heroes.map((h) => ({ h, playable: cards.filter((c) => fits(h, c)) })).sort((a, b) => b.playable.length - a.playable.length)[0];
    const counts = new Map<string, number>();
    for (const c of best.playable.slice(0, 30)) counts.set(c.cardId, (counts.get(c.cardId) ?? 0) + 1);
    return { hero: best.h.cardId, main: [...counts].map(([cardId, count]) => ({ cardId, count })), playable: best.playable.length };
  }

  async function runEvent(seed: string): Promise<string> {
    const event = await createEvent(t, { name: `Draft ${seed}`, game: 'wow-tcg', format: 'draft', packs: ['HOA'], seed, pickTimeSeconds: 0 });
    const players: TestPlayer[] = [];
    for (let i = 1; i <= 8; i++) {
      const res = await t
        .http()
        .post(`/api/events/${event.id}/players`)
        .send({ name: `Member ${i}`, memberNumber: `FLOW-${i}` })
        .expect(201);
      players.push({ ...res.body, auth: `Bearer ${res.body.token}` });
    }
    await start(t, event.id);
    // Each player drafts for a hero chosen up front, as a careful drafter would: cards that hero can play first.
    const heroOf = new Map(players.map((p, i) => [p.playerId, heroes[(i * 2) % heroes.length]]));
    const choose = (cards: { cardId: string }[], p: TestPlayer) => (cards.find((c) => fits(heroOf.get(p.playerId)!, catalog.get(c.cardId)!)) ?? cards[0]).cardId;
    expect(await draftToTheEnd(t, event.id, players, choose)).toBe(8 * 4 * 14);
    for (const p of players) {
      const pool = (await me(t, event.id, p)).pool.map((c) => c.cardId);
      const deck = deckFrom(pool);
      expect(deck.playable).toBeGreaterThanOrEqual(30);
      const res = await t.http().put(`/api/events/${event.id}/deck`).set('authorization', p.auth).send({ hero: deck.hero, main: deck.main }).expect(200);
      expect(res.body.legal).toBe(true);
    }
    for (let round = 1; round <= 3; round++) {
      const r = (await t.http().post(`/api/events/${event.id}/rounds`).set('authorization', t.organizer).send({ force: true }).expect(201)).body;
      expect(r.pairings).toHaveLength(4);
      for (const p of r.pairings as Pairing[]) {
        await t
          .http()
          .put(`/api/matches/${p.matchId}/result`)
          .set('authorization', t.organizer)
          .send(p.table === 4 ? { winsA: 1, winsB: 1, draws: 1 } : { winsA: 2, winsB: 1 })
          .expect(200);
      }
    }
    const standings = (await t.http().get(`/api/events/${event.id}/standings`).expect(200)).body as { matchPoints: number }[];
    expect(standings.reduce((n, s) => n + s.matchPoints, 0)).toBe(3 * (3 * 3 + 2)); // per round: 3 decided matches and 1 draw
    let playoff = (await t.http().post(`/api/events/${event.id}/top-cut`).set('authorization', t.organizer).send({ size: 4 }).expect(201)).body;
    for (;;) {
      for (const p of playoff.pairings as Pairing[])
        await t.http().put(`/api/matches/${p.matchId}/result`).set('authorization', t.organizer).send({ winsA: 2, winsB: 0 }).expect(200);
      const next = await t.http().post(`/api/events/${event.id}/rounds`).set('authorization', t.organizer).send({ force: true });
      if (next.status === 409) break;
      playoff = next.body;
    }
    const placings = (await t.http().get(`/api/events/${event.id}/placings`).expect(200)).body;
    expect(placings[0].champion).toBe(true);
    await t.http().post(`/api/events/${event.id}/complete`).set('authorization', t.organizer).expect(200);
    return event.id;
  }

  it('two drafts with decks, Swiss rounds and a top 4, then league standings with CSV', async () => {
    const first = await runEvent('flow-event-seed-00000001');
    const second = await runEvent('flow-event-seed-00000002');
    const league = (
      await t
        .http()
        .post('/api/leagues')
        .set('authorization', t.organizer)
        .send({
          name: 'Flow league',
          game: 'wow-tcg',
          seasonStart: '2026-11-01',
          seasonEnd: '2026-12-31',
          scoring: { mode: 'placing', placingPoints: [8, 6, 4, 4, 2, 2, 2, 2], participationPoints: 1 },
        })
        .expect(201)
    ).body;
    for (const e of [first, second]) await t.http().post(`/api/leagues/${league.id}/events`).set('authorization', t.organizer).send({ eventId: e }).expect(200);
    const standings = (await t.http().get(`/api/leagues/${league.id}/standings`).expect(200)).body as { points: number; events: number }[];
    expect(standings).toHaveLength(8);
    expect(standings.every((s) => s.events === 2)).toBe(true);
    expect(standings.reduce((n, s) => n + s.points, 0)).toBe(2 * (30 + 8));
    const csv = await t.http().get(`/api/leagues/${league.id}/standings?format=csv`).expect(200);
    expect(csv.text.trim().split('\r\n')).toHaveLength(9);
  }, 180_000);
});
