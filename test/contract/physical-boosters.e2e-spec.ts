import { createEvent, me, registerPlayers, start, type TestPlayer } from '../utils/events';
import { createTestApp, type TestApp } from '../utils/test-app';

interface Pairing {
  matchId: string;
  table: number;
  playerA: { playerId: string };
  playerB: { playerId: string } | null;
}
interface ListEntry {
  card: { cardId: string };
  count: number;
}
interface ImportedList {
  deck: { hero: { cardId: string } | null; main: ListEntry[] };
  unresolved: unknown[];
}

/**
 * Events with real boosters (packSource "physical") on a real
 * PostgreSQL: seating from the seed, no packs, decks registered as lists, then rounds, standings,
 * top cut and verification as for any event.
 */
describe('events with real boosters (packSource physical)', () => {
  let t: TestApp;
  /** A legal HOA deck as a text list, as a player would type or paste it. */
  let deckText: string;
  beforeAll(async () => {
    t = await createTestApp();
    // The list comes from a generated sealed pool's suggestion, written out as text.
    const source = await createEvent(t, { name: 'List source', game: 'wow-tcg', format: 'sealed', packs: ['HOA'], seed: 'physical-list-source-0001' });
    const [p] = await registerPlayers(t, source.id, 1);
    await start(t, source.id);
    const s = (await t.http().get(`/api/events/${source.id}/deck/suggestion`).set('authorization', p.auth).expect(200)).body;
    expect(s.legal).toBe(true);
    await t.http().put(`/api/events/${source.id}/deck`).set('authorization', p.auth).send({ hero: s.hero, main: s.main }).expect(200);
    deckText = (await t.http().get(`/api/events/${source.id}/deck?format=text`).set('authorization', p.auth).expect(200)).text;
  }, 60_000);
  afterAll(() => t.close());

  const importList = async (text: string) =>
    (await t.http().post('/api/decks/import?format=text&game=wow-tcg&sets=HOA').set('content-type', 'text/plain').send(text).expect(200)).body as ImportedList;
  const asSubmission = (list: ImportedList) => ({ hero: list.deck.hero?.cardId, main: list.deck.main.map((e) => ({ cardId: e.card.cardId, count: e.count })) });
  const submit = (eventId: string, p: TestPlayer, body: object) => t.http().put(`/api/events/${eventId}/deck`).set('authorization', p.auth).send(body);

  it('rule: a physical-booster draft of 10 players — seated from the seed, drafted at the table, decks as lists — to final standings and a verified seed', async () => {
    const event = await createEvent(t, {
      name: 'Real boosters',
      game: 'wow-tcg',
      format: 'draft',
      packSource: 'physical',
      packs: ['HOA'],
      seed: 'physical-draft-ten-00001',
      deckBuildingMinutes: 30,
    });
    expect(event).toMatchObject({ packSource: 'physical' });
    const players = await registerPlayers(t, event.id, 10);
    const started = await start(t, event.id);
    expect(started.state).toBe('drafting');

    // The seating sheet: two pods of 5, every player seated once; no packs, no clocks.
    const pods = (await t.http().get(`/api/events/${event.id}/pods`).expect(200)).body as {
      podId: string;
      seats: { playerId: string }[];
      picking: number[];
      complete: boolean;
      direction: string;
    }[];
    expect(pods.map((p) => p.seats.length)).toEqual([5, 5]);
    expect(pods.flatMap((p) => p.seats.map((s) => s.playerId)).sort()).toEqual(players.map((p) => p.playerId).sort());
    expect(pods.every((p) => p.picking.length === 0 && !p.complete && p.direction === 'left')).toBe(true);
    const view = await me(t, event.id, players[0]);
    expect(view).toMatchObject({ state: 'drafting', currentPack: null, picks: [], pool: [] });
    expect(pods.find((p) => p.podId === view.podId)!.seats[view.seat!].playerId).toBe(players[0].playerId);
    expect(await t.prisma.pack.count({ where: { eventId: event.id } })).toBe(0);

    // Nothing to pick, pause or absent-mark: a clear 409, not a 500.
    const pick = await t.http().post(`/api/events/${event.id}/picks`).set('authorization', players[0].auth).send({ packNumber: 1, pickNumber: 1, cardId: 'HOA-1' }).expect(409);
    expect(pick.body.code).toBe('PHYSICAL_BOOSTERS');
    expect((await t.http().post(`/api/events/${event.id}/pause`).set('authorization', t.organizer).send({}).expect(409)).body.code).toBe('PHYSICAL_BOOSTERS');
    expect(
      (await t.http().post(`/api/events/${event.id}/players/${players[1].playerId}/absent`).set('authorization', t.organizer).send({ absent: true }).expect(409)).body.code,
    ).toBe('PHYSICAL_BOOSTERS');
    expect((await submit(event.id, players[0], asSubmission(await importList(deckText))).expect(409)).body.code).toBe('EVENT_STATE_CONFLICT');

    // The table is done: the organizer finishes the draft; deck building (and its deadline) starts.
    await t.http().post(`/api/events/${event.id}/draft/finish`).expect(401);
    const building = (await t.http().post(`/api/events/${event.id}/draft/finish`).set('authorization', t.organizer).expect(200)).body;
    expect(building.state).toBe('building');
    expect(building.deckDeadline).not.toBeNull();
    await t.http().post(`/api/events/${event.id}/draft/finish`).set('authorization', t.organizer).expect(409);
    expect(((await t.http().get(`/api/events/${event.id}/pods`).expect(200)).body as { complete: boolean }[]).every((p) => p.complete)).toBe(true);

    // Decks as lists: the same legal list for everyone (no pool to compare with).
    const list = await importList(deckText);
    expect(list.unresolved).toEqual([]);
    for (const p of players) {
      const res = await submit(event.id, p, asSubmission(list)).expect(200);
      expect(res.body.legal).toBe(true);
      expect(res.body.deck.sideboard).toEqual([]);
    }
    // A list with a card of another set is refused as not from the boosters; stored illegal, then fixed.
    const dow = (await t.http().get('/api/sets/DOW/cards?game=wow-tcg&type=ally').expect(200)).body as { items: { cardId: string }[] };
    const foreign = dow.items[0];
    const bad = asSubmission(list);
    bad.main = [...bad.main.slice(1), { cardId: foreign.cardId, count: bad.main[0].count }];
    const illegal = await submit(event.id, players[9], bad).expect(422);
    expect(illegal.body.violations).toContainEqual(expect.objectContaining({ code: 'CARD_NOT_IN_POOL', cards: [foreign.cardId] }));
    await submit(event.id, players[9], asSubmission(list)).expect(200);

    // Rounds, results and standings as for any event: 3 Swiss rounds, never a bye for ten players.
    const pair = () => t.http().post(`/api/events/${event.id}/rounds`).set('authorization', t.organizer).send({ force: true });
    for (let round = 1; round <= 3; round++) {
      const r = (await pair().expect(201)).body as { pairings: Pairing[] };
      expect(r.pairings).toHaveLength(5);
      expect(r.pairings.every((p) => p.playerB !== null)).toBe(true);
      for (const p of r.pairings)
        await t
          .http()
          .put(`/api/matches/${p.matchId}/result`)
          .set('authorization', t.organizer)
          .send({ winsA: 2, winsB: p.table % 2 })
          .expect(200);
    }
    const standings = (await t.http().get(`/api/events/${event.id}/standings`).expect(200)).body as { playerId: string; matchPoints: number }[];
    expect(standings).toHaveLength(10);
    expect(standings[0].matchPoints).toBeGreaterThanOrEqual(standings[9].matchPoints);
    // A decklist is locked once round 1 is paired.
    await submit(event.id, players[0], asSubmission(list)).expect(409);

    // Top 2: the final between the first two, then the event completes and its seed verifies the seating.
    const final = (await t.http().post(`/api/events/${event.id}/top-cut`).set('authorization', t.organizer).send({ size: 2 }).expect(201)).body as { pairings: Pairing[] };
    expect([final.pairings[0].playerA.playerId, final.pairings[0].playerB!.playerId]).toEqual([standings[0].playerId, standings[1].playerId]);
    await t.http().put(`/api/matches/${final.pairings[0].matchId}/result`).set('authorization', t.organizer).send({ winsA: 1, winsB: 2 }).expect(200);
    const placings = (await t.http().get(`/api/events/${event.id}/placings`).expect(200)).body as { playerId: string; champion: boolean }[];
    expect(placings[0]).toMatchObject({ playerId: standings[1].playerId, champion: true });
    await t.http().post(`/api/events/${event.id}/complete`).set('authorization', t.organizer).expect(200);
    await t.http().post(`/api/events/${event.id}/reveal`).set('authorization', t.organizer).expect(200);
    const report = (await t.http().get(`/api/events/${event.id}/verification`).expect(200)).body as { ok: boolean; items: { item: string; status: string }[] };
    expect(report.items.filter((i) => i.status !== 'match')).toEqual([]);
    expect(report.ok).toBe(true);
    expect(report.items.map((i) => i.item)).toEqual(['seedCommitment', 'dataVersion HOA', 'pod sizes', 'seating pod-1', 'seating pod-2']);
  }, 120_000);

  it('rule: physical sealed — no pool is opened, the list is checked for size, copies and sets, and no deck can be suggested', async () => {
    const event = await createEvent(t, { name: 'Real sealed', game: 'wow-tcg', format: 'sealed', packSource: 'physical', packs: ['HOA'], seed: 'physical-sealed-000000001' });
    const [a, b] = await registerPlayers(t, event.id, 2);
    expect((await start(t, event.id)).state).toBe('building');
    expect((await me(t, event.id, a)).pool).toEqual([]);
    // Bug: a late entry of a physical sealed event got generated boosters.
    const [late] = await registerPlayers(t, event.id, 1, { name: 'Late Lou' });
    expect((await me(t, event.id, late)).pool).toEqual([]);
    expect(await t.prisma.pack.count({ where: { eventId: event.id } })).toBe(0);
    expect((await t.http().get(`/api/events/${event.id}/deck/suggestion`).set('authorization', a.auth).expect(409)).body.code).toBe('PHYSICAL_BOOSTERS');
    const list = asSubmission(await importList(deckText));
    expect((await submit(event.id, a, list).expect(200)).body.legal).toBe(true);
    // One copy rule: no copy limit in Limited; copies beyond one a booster opened (6 here) are a
    // MANY_COPIES warning for the judge. Five copies are fine; seven are legal and warned.
    const common = list.main.find((e) => e.count === 1)!;
    const withCopies = (n: number) => ({ ...list, main: [...list.main.filter((e) => e !== common), { cardId: common.cardId, count: n }] });
    const five = await submit(event.id, b, withCopies(5)).expect(200);
    expect(five.body).toMatchObject({ legal: true });
    expect(five.body.warnings).toBeUndefined();
    const seven = await submit(event.id, b, withCopies(7)).expect(200);
    expect(seven.body.legal).toBe(true);
    expect(seven.body.warnings.map((w: { code: string; cards: string[] }) => [w.code, w.cards])).toEqual([['MANY_COPIES', [common.cardId]]]);
    // The stand-alone check of the web's deck builder answers the same with the event's boosters.
    const check = (
      await t
        .http()
        .post('/api/decks/check')
        .send({ game: 'wow-tcg', format: 'limited', sets: Array(6).fill('HOA'), ...withCopies(7) })
        .expect(200)
    ).body;
    expect(check.legal).toBe(true);
    expect(check.warnings.map((w: { code: string }) => w.code)).toEqual(['MANY_COPIES']);
    const both = await t
      .http()
      .post('/api/decks/check')
      .send({ game: 'wow-tcg', format: 'limited', sets: ['HOA'], pool: [], ...list })
      .expect(400);
    expect(both.body.details[0]).toMatchObject({ field: 'sets', rule: 'exclusiveWithPool' });
    expect(
      (
        await t
          .http()
          .post('/api/decks/check')
          .send({ game: 'wow-tcg', format: 'limited', sets: [], ...list })
          .expect(400)
      ).body.details[0].field,
    ).toBe('sets');
    expect(
      (
        await t
          .http()
          .post('/api/decks/check')
          .send({ game: 'wow-tcg', format: 'constructed', sets: ['HOA'], ...list })
          .expect(400)
      ).body.details[0].rule,
    ).toBe('limitedOnly');
    expect(
      (
        await t
          .http()
          .post('/api/decks/check')
          .send({ game: 'wow-tcg', format: 'limited', sets: ['XYZ'], ...list })
          .expect(404)
      ).body.code,
    ).toBe('SET_NOT_FOUND');
    // Bug: the sideboard of a list went unchecked — 9 copies of a card of another set waited there for game 2.
    const tdp = ((await t.http().get('/api/sets/TDP/cards?game=wow-tcg&type=ally').expect(200)).body as { items: { cardId: string }[] }).items[0];
    const hidden = await submit(event.id, b, {
      ...list,
      sideboard: [
        { cardId: tdp.cardId, count: 9 },
        { cardId: common.cardId, count: 4 },
      ],
    }).expect(422);
    expect(hidden.body.violations.map((v: { code: string; cards: string[] }) => [v.code, v.cards])).toEqual([['CARD_NOT_IN_POOL', [tdp.cardId]]]);
    // The sideboard counts for copies too: 9 of a card from 6 boosters is for the judge to see.
    const sideCheck = (
      await t
        .http()
        .post('/api/decks/check')
        .send({ game: 'wow-tcg', format: 'limited', sets: Array(6).fill('HOA'), ...list, sideboard: [{ cardId: common.cardId, count: 8 }] })
        .expect(200)
    ).body;
    expect(sideCheck.warnings.map((w: { code: string; cards: string[] }) => [w.code, w.cards])).toEqual([['MANY_COPIES', [common.cardId]]]);
    // Sideboarding between games draws only on the registered list.
    const r = (await t.http().post(`/api/events/${event.id}/rounds`).set('authorization', t.organizer).send({ force: true }).expect(201)).body as { pairings: Pairing[] };
    const swapped = await t
      .http()
      .put(`/api/matches/${r.pairings[0].matchId}/deck`)
      .set('authorization', a.auth)
      .send({ main: [...list.main, { cardId: common.cardId, count: 1 }] });
    expect(swapped.status).toBe(422);
  }, 60_000);

  it('rule: real boosters have no bots and no pooled team sealed (400 naming the field)', async () => {
    const bots = await t
      .http()
      .post('/api/events')
      .set('authorization', t.organizer)
      .send({ name: 'x', game: 'wow-tcg', format: 'draft', packSource: 'physical', packs: ['HOA'], fillWithBots: true })
      .expect(400);
    expect(bots.body).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: 'fillWithBots', rule: 'generatedPacksOnly' }] });
    const pooled = await t
      .http()
      .post('/api/events')
      .set('authorization', t.organizer)
      .send({ name: 'x', game: 'wow-tcg', format: 'sealed', packSource: 'physical', packs: ['HOA'], teamSize: 2, pooledTeamSealed: true })
      .expect(400);
    expect(pooled.body.details[0]).toMatchObject({ field: 'pooledTeamSealed', rule: 'generatedPacksOnly' });
    const bad = await t
      .http()
      .post('/api/events')
      .set('authorization', t.organizer)
      .send({ name: 'x', game: 'wow-tcg', format: 'draft', packSource: 'paper', packs: ['HOA'] })
      .expect(400);
    expect(bad.body.details[0].field).toBe('packSource');
    // A generated draft finishes by itself: the organizer cannot end it early.
    const generated = await createEvent(t, { name: 'Generated', game: 'wow-tcg', format: 'draft', packs: ['HOA'], seed: 'physical-generated-000001', fillWithBots: true });
    await registerPlayers(t, generated.id, 1);
    await start(t, generated.id);
    const early = await t.http().post(`/api/events/${generated.id}/draft/finish`).set('authorization', t.organizer).expect(409);
    expect(early.body.details[0]).toMatchObject({ field: 'packSource', rule: 'physicalDraftOnly' });
  }, 60_000);
});
