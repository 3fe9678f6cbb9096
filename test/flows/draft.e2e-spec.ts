import { createTestApp, type TestApp } from '../utils/test-app';
import { createEvent, draftToTheEnd, me, registerPlayers, start, type TestPlayer } from '../utils/events';

describe('booster draft over HTTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const draftEvent = (extra: Record<string, unknown> = {}) =>
    createEvent(t, { name: 'Friday Draft', game: 'wow-tcg', format: 'draft', packs: ['HOA'], seed: 'friday-draft-seed-0001', ...extra });

  const pick = (eventId: string, p: TestPlayer, body: object) => t.http().post(`/api/events/${eventId}/picks`).set('authorization', p.auth).send(body);

  it('one full 8-player 4-pack draft: every card ends in exactly one pool', async () => {
    const event = await draftEvent();
    expect(event.packs).toHaveLength(4); // WoW draft: 4 boosters of a 15-card set
    const players = await registerPlayers(t, event.id, 8);
    const started = await start(t, event.id);
    expect(started.state).toBe('drafting');
    const picks = await draftToTheEnd(t, event.id, players);
    expect(picks).toBe(8 * 4 * 14); // WoW draft packs drop the hero slot: 14 cards
    const opened = await t.prisma.packCard.count({ where: { pack: { eventId: event.id } } });
    expect(opened).toBe(picks);
    const pools = await Promise.all(players.map((p) => me(t, event.id, p)));
    for (const view of pools) {
      expect(view.pool).toHaveLength(56);
      expect(view.pool.some((c) => c.type === 'hero')).toBe(false);
    }
    // Each opened card position is taken exactly once.
    const taken = await t.prisma.pick.groupBy({ by: ['packId', 'position'], where: { pod: { eventId: event.id } }, _count: true });
    expect(taken).toHaveLength(opened);
    expect(taken.every((x) => x._count === 1)).toBe(true);
    const after = await t.http().get(`/api/events/${event.id}`).expect(200);
    expect(after.body.state).toBe('building');
  });

  it('pack 1 passes left (to the next seat), pack 2 right', async () => {
    const event = await draftEvent({ seed: 'direction-check-seed-01' });
    const players = await registerPlayers(t, event.id, 4);
    await start(t, event.id);
    await draftToTheEnd(t, event.id, players);
    const pods = (await t.http().get(`/api/events/${event.id}/pods`).expect(200)).body;
    const log = (await t.http().get(`/api/events/${event.id}/pods/${pods[0].podId}/log`).set('authorization', t.organizer).expect(200)).body;
    const packOf = (packNumber: number, seat: number) => log.packs.find((p: { packNumber: number; seat: number }) => p.packNumber === packNumber && p.seat === seat).cards;
    const pickOf = (packNumber: number, pickNumber: number, seat: number) =>
      log.picks.find((p: { packNumber: number; pickNumber: number; seat: number }) => p.packNumber === packNumber && p.pickNumber === pickNumber && p.seat === seat).cardId;
    for (let seat = 0; seat < 4; seat++) {
      expect(packOf(1, (seat + 3) % 4)).toContain(pickOf(1, 2, seat)); // pick 2 of pack 1 comes from the seat before (passed left)
      expect(packOf(2, (seat + 1) % 4)).toContain(pickOf(2, 2, seat)); // pick 2 of pack 2 comes from the seat after (passed right)
    }
  });

  it('pods are split as equally as possible: 9 players → 5 and 4', async () => {
    const event = await draftEvent({ seed: 'nine-players-seed-0001' });
    await registerPlayers(t, event.id, 9);
    await start(t, event.id);
    const pods = (await t.http().get(`/api/events/${event.id}/pods`).expect(200)).body;
    expect(pods.map((p: { seats: unknown[] }) => p.seats.length)).toEqual([5, 4]);
  });

  it('fewer than 4 players: start refuses unless bots fill the seats', async () => {
    const event = await draftEvent({ seed: 'three-players-seed-01' });
    await registerPlayers(t, event.id, 3);
    const res = await t.http().post(`/api/events/${event.id}/start`).set('authorization', t.organizer).expect(409);
    expect(res.body.code).toBe('NOT_ENOUGH_PLAYERS');
    expect((await t.http().get(`/api/events/${event.id}`)).body.state).toBe('registration');

    const withBots = await draftEvent({ seed: 'three-players-bots-01', fillWithBots: true });
    const players = await registerPlayers(t, withBots.id, 3);
    await start(t, withBots.id);
    const pods = (await t.http().get(`/api/events/${withBots.id}/pods`).expect(200)).body;
    expect(pods[0].seats).toHaveLength(8);
    expect(pods[0].seats.filter((s: { bot: boolean }) => s.bot)).toHaveLength(5);
    const picks = await draftToTheEnd(t, withBots.id, players);
    expect(picks).toBe(3 * 4 * 14);
    expect((await t.http().get(`/api/events/${withBots.id}`)).body.state).toBe('building');
  });

  describe('exactly once', () => {
    let eventId: string;
    let players: TestPlayer[];
    beforeAll(async () => {
      const event = await draftEvent({ seed: 'exactly-once-seed-0001' });
      eventId = event.id;
      players = await registerPlayers(t, eventId, 4);
      await start(t, eventId);
    });

    it('a replayed pick returns the original response; concurrent identical picks make one pick', async () => {
      const view = await me(t, eventId, players[0]);
      const body = { packNumber: 1, pickNumber: 1, cardId: view.currentPack!.cards[2].cardId };
      const results = await Promise.all(Array.from({ length: 6 }, () => pick(eventId, players[0], body)));
      expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
      for (const r of results) expect(r.body).toEqual(results[0].body);
      expect(await t.prisma.pick.count({ where: { pod: { eventId }, seat: view.seat!, packNumber: 1, pickNumber: 1 } })).toBe(1);
    });

    it('PICK_ALREADY_MADE: the same pick number with another card', async () => {
      const res = await pick(eventId, players[0], { packNumber: 1, pickNumber: 1, cardId: 'HOA-1' });
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('PICK_ALREADY_MADE');
    });

    it('PACK_NOT_ARRIVED: the next pack is still with the upstream seat', async () => {
      const res = await pick(eventId, players[0], { packNumber: 1, pickNumber: 2, cardId: 'HOA-1' });
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('PACK_NOT_ARRIVED');
    });

    it('CARD_NOT_IN_PACK: a card that is not in the pack in front of the seat', async () => {
      const res = await pick(eventId, players[1], { packNumber: 1, pickNumber: 1, cardId: 'HOA-999' });
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('CARD_NOT_IN_PACK');
    });

    it('DRAFT_PAUSED while the organizer pauses; picks work again after resume', async () => {
      await t.http().post(`/api/events/${eventId}/pause`).set('authorization', t.organizer).send({}).expect(200);
      const view = await me(t, eventId, players[1]);
      expect(view.deadline).toBeNull();
      const body = { packNumber: 1, pickNumber: 1, cardId: view.currentPack!.cards[0].cardId };
      const res = await pick(eventId, players[1], body);
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('DRAFT_PAUSED');
      const pods = (await t.http().post(`/api/events/${eventId}/resume`).set('authorization', t.organizer).send({}).expect(200)).body;
      expect(pods[0].paused).toBe(false);
      await pick(eventId, players[1], body).expect(200);
    });

    it('seat queues: a fast seat picks the pack waiting for it without waiting for the table', async () => {
      // Seat order in the pod decides who passes to whom: find a player whose upstream neighbour has picked.
      const views = await Promise.all(players.map((p) => me(t, eventId, p)));
      const ready = views.filter((v) => v.currentPack && v.pickNumber === 2);
      expect(ready.length).toBeGreaterThan(0); // pick 2 arrived while other seats still hold pick 1
      const stillOnOne = views.filter((v) => v.pickNumber === 1);
      expect(stillOnOne.length).toBeGreaterThan(0);
    });
  });

  describe('hidden information', () => {
    it("a player's token reads only their own seat, pack and picks", async () => {
      const event = await draftEvent({ seed: 'hidden-information-01' });
      const [a, b, c, d] = await registerPlayers(t, event.id, 4);
      await start(t, event.id);
      const viewA = await me(t, event.id, a);
      const viewB = await me(t, event.id, b);
      expect(viewA.seat).not.toBe(viewB.seat);
      expect(viewA.currentPack!.cards).not.toEqual(viewB.currentPack!.cards);
      // The pick log (every pack) is the organizer's until the event is complete.
      const log = await t.http().get(`/api/events/${event.id}/pods/${viewA.podId}/log`).set('authorization', a.auth);
      expect(log.status).toBe(403);
      // A card of B's pack cannot be taken by A.
      const res = await pick(event.id, a, {
        packNumber: 1,
        pickNumber: 1,
        cardId: viewB.currentPack!.cards.find((x) => !viewA.currentPack!.cards.some((y) => y.cardId === x.cardId))!.cardId,
      });
      expect(res.status).toBe(409);
      // Public pod state shows seats and who is picking, no cards.
      const pods = (await t.http().get(`/api/events/${event.id}/pods`).expect(200)).body;
      expect(JSON.stringify(pods)).not.toMatch(/HOA-\d+/);
      void c;
      void d;
    });

    it('a token of another event is refused; no token is 401', async () => {
      const one = await draftEvent({ seed: 'token-scope-seed-00001' });
      const two = await draftEvent({ seed: 'token-scope-seed-00002' });
      const [p] = await registerPlayers(t, one.id, 1);
      await t.http().get(`/api/events/${two.id}/me`).set('authorization', p.auth).expect(403);
      const none = await t.http().get(`/api/events/${one.id}/me`).expect(401);
      expect(none.body.code).toBe('UNAUTHORIZED');
    });
  });

  it('an absent player: a bot picks for them at once', async () => {
    const event = await draftEvent({ seed: 'absent-player-seed-001' });
    const players = await registerPlayers(t, event.id, 4);
    await start(t, event.id);
    await t.http().post(`/api/events/${event.id}/players/${players[3].playerId}/absent`).set('authorization', t.organizer).send({}).expect(200);
    const view = await me(t, event.id, players[3]);
    expect(view.picks.length).toBeGreaterThanOrEqual(1);
    const picks = await draftToTheEnd(t, event.id, players.slice(0, 3));
    expect(picks).toBe(3 * 4 * 14);
    const bySource = await t.prisma.pick.groupBy({ by: ['source'], where: { pod: { eventId: event.id } }, _count: true });
    expect(bySource.find((s) => s.source === 'bot')?._count).toBe(4 * 14);
  });

  it('preselect: only a card of the pack in front of the player', async () => {
    const event = await draftEvent({ seed: 'preselect-seed-000001' });
    const [a] = await registerPlayers(t, event.id, 4);
    await start(t, event.id);
    const view = await me(t, event.id, a);
    const card = view.currentPack!.cards[3].cardId;
    const ok = await t.http().put(`/api/events/${event.id}/preselect`).set('authorization', a.auth).send({ cardId: card }).expect(200);
    expect(ok.body).toEqual({ packNumber: 1, pickNumber: 1, cardId: card });
    expect((await me(t, event.id, a)).preselected).toBe(card);
    const bad = await t.http().put(`/api/events/${event.id}/preselect`).set('authorization', a.auth).send({ cardId: 'HOA-9999' }).expect(409);
    expect(bad.body.code).toBe('CARD_NOT_IN_PACK');
  });
});
