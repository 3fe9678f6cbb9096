import { DraftTimersService } from '../../src/draft/draft-timers.service';
import { createTestApp, type TestApp } from '../utils/test-app';
import { createEvent, registerPlayers, start, type TestPlayer } from '../utils/events';

interface View {
  seat: number;
  name: string;
  pickNumber: number | null;
  packNumber: number | null;
  draftComplete: boolean;
  currentPack: { cards: { cardId: string; name: string }[] } | null;
  waitingFor: { kind: string; packNumber: number; seat: number; name: string } | null;
  autoPicked: { packNumber: number; pickNumber: number; card: { cardId: string; name: string } } | null;
  picks: { cardId: string }[];
  pickHistory: { packNumber: number; pickNumber: number; cardId: string; auto: boolean }[];
}

/** The player's draft view says whose pack they wait for and which card the timer took — to that player only. */
describe('GET /api/events/:id/me: waiting, timed-out picks and pick history', () => {
  let t: TestApp;
  let timers: DraftTimersService;
  let eventId: string;
  let players: TestPlayer[];
  let bySeat: TestPlayer[];
  let packSize: number;

  const view = async (p: TestPlayer): Promise<View> => (await t.http().get(`/api/events/${eventId}/me`).set('authorization', p.auth).expect(200)).body;
  const pick = (p: TestPlayer, v: View) =>
    t
      .http()
      .post(`/api/events/${eventId}/picks`)
      .set('authorization', p.auth)
      .send({ packNumber: v.packNumber, pickNumber: v.pickNumber, cardId: v.currentPack!.cards[0].cardId })
      .expect(200);

  beforeAll(async () => {
    t = await createTestApp();
    timers = t.app.get(DraftTimersService);
    const event = await createEvent(t, { name: 'Talk', game: 'wow-tcg', format: 'draft', packs: ['HOA', 'HOA', 'HOA'], seed: 'draft-talk-seed-0000001', pickTimeSeconds: 60 });
    eventId = event.id;
    players = await registerPlayers(t, eventId, 4);
    await start(t, eventId);
    bySeat = [];
    for (const p of players) bySeat[(await view(p)).seat] = p;
    packSize = (await view(players[0])).currentPack!.cards.length;
  });
  afterAll(() => t.close());

  it('names the player whose token asks (a phone that opened a rejoin link knows no other name), seated or not', async () => {
    for (const p of players) expect((await view(p)).name).toBe(p.name);
    const other = await createEvent(t, { name: 'Sealed', game: 'wow-tcg', format: 'sealed', packs: Array(6).fill('HOA'), seed: 'draft-talk-seed-0000002' });
    const [olga] = await registerPlayers(t, other.id, 1, { name: 'Olga' });
    expect((await t.http().get(`/api/events/${other.id}/me`).set('authorization', olga.auth).expect(200)).body.name).toBe('Olga');
  });

  it('a player with a pack waits for nothing; after picking, the next pack comes from the upstream player (pack 1 passes left: the previous seat)', async () => {
    const first = await view(bySeat[1]);
    expect(first.waitingFor).toBeNull();
    expect(first.draftComplete).toBe(false);
    await pick(bySeat[1], first);
    const after = await view(bySeat[1]);
    expect(after.currentPack).toBeNull();
    expect(after.waitingFor).toEqual({ kind: 'next-pick', packNumber: 1, seat: 0, name: bySeat[0].name });
    expect(after.pickHistory).toEqual([{ packNumber: 1, pickNumber: 1, cardId: first.currentPack!.cards[0].cardId, auto: false }]);
  });

  it('a timed-out pick names the card taken in that player’s view only, until their next pick', async () => {
    t.clock.advance(61_000);
    await timers.runDue();
    const timedOut = await view(bySeat[0]);
    const taken = timedOut.pickHistory[0];
    expect(taken).toMatchObject({ packNumber: 1, pickNumber: 1, auto: true });
    expect(timedOut.autoPicked).toEqual({ packNumber: 1, pickNumber: 1, card: expect.objectContaining({ cardId: taken.cardId }) });
    // The player who picked in time sees no automatic pick of theirs, nor anyone else's.
    const manual = await view(bySeat[1]);
    expect(manual.autoPicked).toBeNull();
    expect(manual.pickHistory.map((h) => h.auto)).toEqual([false]);
    expect(JSON.stringify(manual)).not.toContain('"auto":true');
    // The next pick (made by the player) clears it.
    await pick(bySeat[0], timedOut);
    expect((await view(bySeat[0])).autoPicked).toBeNull();
  });

  it('between packs the view names pack 2 and the nearest upstream player still picking — never "complete" before the draft is', async () => {
    // Everyone picks as fast as packs arrive, except seat 3, which stops one pick short of the round.
    for (let guard = 0; guard < 200; guard++) {
      let moved = false;
      for (let s = 0; s < 4; s++) {
        const v = await view(bySeat[s]);
        if (!v.currentPack || (s === 3 && v.pickNumber === packSize)) continue;
        await pick(bySeat[s], v);
        moved = true;
      }
      if (!moved) break;
    }
    const done = await view(bySeat[0]);
    expect(done.pickNumber).toBeNull();
    expect(done.draftComplete).toBe(false);
    expect(done.waitingFor).toEqual({ kind: 'next-pack', packNumber: 2, seat: 3, name: bySeat[3].name });
    expect((await view(bySeat[2])).waitingFor).toEqual({ kind: 'next-pack', packNumber: 2, seat: 3, name: bySeat[3].name });
    // Seat 3's last pick opens pack 2: everyone has a pack again (their own, opened).
    await pick(bySeat[3], await view(bySeat[3]));
    const pack2 = await view(bySeat[0]);
    expect(pack2.packNumber).toBe(2);
    expect(pack2.waitingFor).toBeNull();
    expect(pack2.pickHistory).toHaveLength(packSize);
  });
});
