import { createEvent, draftToTheEnd, me, registerPlayers, start, type TestPlayer } from '../utils/events';
import { createTestApp, type TestApp } from '../utils/test-app';

interface Pairing {
  matchId: string;
  table: number;
  playerA: { playerId: string };
  playerB: { playerId: string } | null;
}
interface Standing {
  playerId: string;
  record: string;
  matchPoints: number;
  mwp: number;
  gwp: number;
  omwp: number;
  missedRounds?: number;
}
interface Entry {
  cardId: string;
  count: number;
}

/**
 * Late entry after round 1 (docs/rules.md "Late entry after round 1"; MTR practice: a match loss for
 * each round missed): the organizer adds a player while the event is playing; sealed opens their pool
 * from the event seed, a draft takes them only with a legal deck list; standings carry the losses,
 * pairing takes them from the next round, and the seed still verifies the event.
 */
describe('late entry after round 1', () => {
  let t: TestApp;
  /** A legal HOA deck (hero + main) from a generated sealed pool's suggestion: a list without a pool, by the game's rules. */
  let legalList: { hero: string; main: Entry[] };
  beforeAll(async () => {
    t = await createTestApp();
    const source = await createEvent(t, { name: 'List source', game: 'wow-tcg', format: 'sealed', packs: ['HOA'], seed: 'late-entry-list-source-01' });
    const [p] = await registerPlayers(t, source.id, 1);
    await start(t, source.id);
    const s = (await t.http().get(`/api/events/${source.id}/deck/suggestion`).set('authorization', p.auth).expect(200)).body;
    expect(s.legal).toBe(true);
    legalList = { hero: s.hero, main: s.main };
  }, 60_000);
  afterAll(() => t.close());

  const late = (eventId: string, body: object, auth: string | null = t.organizer) => {
    const req = t.http().post(`/api/events/${eventId}/players/late`);
    return (auth ? req.set('authorization', auth) : req).send(body);
  };
  const pair = (eventId: string, body: object = { force: true }) => t.http().post(`/api/events/${eventId}/rounds`).set('authorization', t.organizer).send(body);
  const decideAll = async (pairings: Pairing[]) => {
    for (const p of pairings) {
      if (p.playerB === null) continue;
      await t.http().put(`/api/matches/${p.matchId}/result`).set('authorization', t.organizer).send({ winsA: 2, winsB: 1 }).expect(200);
    }
  };
  const standings = async (eventId: string) => (await t.http().get(`/api/events/${eventId}/standings`).expect(200)).body as Standing[];
  const poolOf = async (eventId: string, p: { auth: string }) => (await me(t, eventId, { auth: p.auth } as TestPlayer)).pool.map((c) => c.cardId).sort();

  async function sealedPlaying(seed: string, players = 4, extra: object = {}): Promise<{ id: string; players: TestPlayer[]; round1: Pairing[] }> {
    const event = await createEvent(t, { name: seed, game: 'wow-tcg', format: 'sealed', packs: ['HOA'], seed, ...extra });
    const registered = await registerPlayers(t, event.id, players);
    await start(t, event.id);
    const round1 = (await pair(event.id).expect(201)).body.pairings as Pairing[];
    return { id: event.id, players: registered, round1 };
  }

  it('rule LATE_ENTRY_MISSED_ROUNDS: a sealed late entry after round 2 has two losses, is paired in round 3, gets the pool of the seed, and the event verifies', async () => {
    const seed = 'late-entry-sealed-000001';
    const event = await sealedPlaying(seed);
    await decideAll(event.round1);
    const round2 = (await pair(event.id).expect(201)).body.pairings as Pairing[];

    // Round 2 has no results yet: a late entry is allowed at any time while playing.
    const entered = await late(event.id, { name: 'Late Lara' }).expect(201);
    expect(entered.body).toMatchObject({ name: 'Late Lara', status: 'registered', firstRound: 3, missedRounds: 2, deck: null });
    expect(entered.body.token).toEqual(expect.any(String));
    expect(entered.body.standing).toMatchObject({ playerId: entered.body.playerId, record: '0-2-0', matchPoints: 0, missedRounds: 2, mwp: 0.33, gwp: 0.33 });
    const lara = { ...entered.body, auth: `Bearer ${entered.body.token}` } as TestPlayer;

    // The organizer's list shows the late entry and the round they start in.
    const listed = (await t.http().get(`/api/events/${event.id}/players`).set('authorization', t.organizer).expect(200)).body as {
      playerId: string;
      lateEntry: boolean;
      firstRound?: number;
    }[];
    expect(listed.find((p) => p.playerId === lara.playerId)).toMatchObject({ lateEntry: true, firstRound: 3 });
    expect(listed.filter((p) => p.firstRound !== undefined)).toHaveLength(1);

    // Pool from the seed, on the player's own streams: the same seed with a fifth player before the start gives the same pool.
    const pool = await poolOf(event.id, lara);
    expect(pool.length).toBeGreaterThan(60);
    const twin = await createEvent(t, { name: 'twin', game: 'wow-tcg', format: 'sealed', packs: ['HOA'], seed });
    const twinPlayers = await registerPlayers(t, twin.id, 5);
    await start(t, twin.id);
    expect(await poolOf(twin.id, twinPlayers[4])).toEqual(pool);
    // Nobody else's pool changed.
    expect(await poolOf(event.id, event.players[0])).toEqual(await poolOf(twin.id, twinPlayers[0]));

    // LATE_DECK_OPEN: the late player builds and registers a deck until their first round is paired; the others' decks are locked.
    const suggestion = (await t.http().get(`/api/events/${event.id}/deck/suggestion`).set('authorization', lara.auth).expect(200)).body;
    await t.http().put(`/api/events/${event.id}/deck`).set('authorization', lara.auth).send({ hero: suggestion.hero, main: suggestion.main }).expect(200);
    const locked = await t
      .http()
      .put(`/api/events/${event.id}/deck`)
      .set('authorization', event.players[0].auth)
      .send({ hero: suggestion.hero, main: suggestion.main })
      .expect(409);
    expect(locked.body.code).toBe('EVENT_STATE_CONFLICT');

    // Round 3 pairs the late player (five players: one bye) with the points they have.
    await decideAll(round2);
    const round3 = (await pair(event.id).expect(201)).body.pairings as Pairing[];
    expect(round3.flatMap((p) => [p.playerA.playerId, p.playerB?.playerId])).toContain(lara.playerId);
    const again = await t.http().put(`/api/events/${event.id}/deck`).set('authorization', lara.auth).send({ hero: suggestion.hero, main: suggestion.main }).expect(409);
    expect(again.body.code).toBe('EVENT_STATE_CONFLICT');
    await decideAll(round3);

    const table = await standings(event.id);
    const line = table.find((s) => s.playerId === lara.playerId)!;
    expect(line.missedRounds).toBe(2);
    expect(
      line.record
        .split('-')
        .map(Number)
        .reduce((a, b) => a + b),
    ).toBe(3);
    expect(Number(line.record.split('-')[1])).toBeGreaterThanOrEqual(2);
    expect(table.filter((s) => s.missedRounds !== undefined)).toHaveLength(1);
    // The missed rounds have no opponent: every other player's OMW% averages real opponents only (4 players × 3 rounds, one bye).
    expect(table).toHaveLength(5);

    // The CSV and text listings read the same standings.
    await t.http().get(`/api/events/${event.id}/standings?format=csv`).expect(200);

    // Complete, reveal: the seed verifies every pool, the late player's included.
    await t.http().post(`/api/events/${event.id}/complete`).set('authorization', t.organizer).expect(200);
    await t.http().post(`/api/events/${event.id}/reveal`).set('authorization', t.organizer).expect(200);
    const report = (await t.http().get(`/api/events/${event.id}/verification`).expect(200)).body as { ok: boolean; items: { item: string; status: string }[] };
    expect(report.items.filter((i) => i.status !== 'match')).toEqual([]);
    expect(report.ok).toBe(true);
    expect(report.items.map((i) => i.item)).toContain('pack pack/player-5/pack-6');
    const exported = (await t.http().get(`/api/events/${event.id}/export`).expect(200)).body as { players: { playerId: string; firstRound?: number }[] };
    expect(exported.players.find((p) => p.playerId === lara.playerId)).toMatchObject({ firstRound: 3 });
  }, 120_000);

  it('rule LATE_ENTRY_NEEDS_LIST: a draft takes a late player only with a legal list the organizer registers; the seating still verifies', async () => {
    const event = await createEvent(t, { name: 'late draft', game: 'wow-tcg', format: 'draft', packs: ['HOA', 'HOA'], seed: 'late-entry-draft-0000001', pickTimeSeconds: 0 });
    const players = await registerPlayers(t, event.id, 4);
    await start(t, event.id);
    await draftToTheEnd(t, event.id, players);
    const round1 = (await pair(event.id).expect(201)).body.pairings as Pairing[];
    const count = async () => ((await t.http().get(`/api/events/${event.id}/players`).set('authorization', t.organizer).expect(200)).body as unknown[]).length;

    const refused = await late(event.id, { name: 'Late Dan' }).expect(422);
    expect(refused.body).toMatchObject({ code: 'LATE_ENTRY_DECK_REQUIRED', details: [{ field: 'deck', rule: 'required' }] });

    // An illegal list (too few cards) is refused with its violations, and nothing is stored.
    const short = await late(event.id, { name: 'Late Dan', deck: { hero: legalList.hero, main: legalList.main.slice(0, 3) } }).expect(422);
    expect(short.body.code).toBe('DECK_ILLEGAL');
    expect(short.body.details[0]).toMatchObject({ field: 'deck', rule: expect.any(String) });
    expect(await count()).toBe(4);

    const entered = await late(event.id, { name: 'Late Dan', deck: legalList }).expect(201);
    expect(entered.body).toMatchObject({ firstRound: 2, missedRounds: 1, deck: { legal: true, submittedBy: 'organizer' }, standing: { record: '0-1-0', missedRounds: 1 } });
    const decks = (await t.http().get(`/api/events/${event.id}/decks`).set('authorization', t.organizer).expect(200)).body as { playerId: string; status: string }[];
    expect(decks.find((d) => d.playerId === entered.body.playerId)!.status).toBe('legal');

    await decideAll(round1);
    const round2 = (await pair(event.id).expect(201)).body.pairings as Pairing[];
    expect(round2.flatMap((p) => [p.playerA.playerId, p.playerB?.playerId])).toContain(entered.body.playerId);
    await decideAll(round2);
    await t.http().post(`/api/events/${event.id}/complete`).set('authorization', t.organizer).expect(200);
    await t.http().post(`/api/events/${event.id}/reveal`).set('authorization', t.organizer).expect(200);
    const report = (await t.http().get(`/api/events/${event.id}/verification`).expect(200)).body as { ok: boolean; items: { item: string; status: string }[] };
    expect(report.items.filter((i) => i.status !== 'match')).toEqual([]);
    expect(report.ok).toBe(true);
    // The pods were seated before the late player came: the seating replays without them.
    expect(report.items.map((i) => i.item)).toEqual(expect.arrayContaining(['pod sizes', 'seating pod-1', 'picks pod-1']));
  }, 180_000);

  it('undo: undoing the round paired before a late entry gives the player that round to play (one missed round fewer)', async () => {
    const event = await sealedPlaying('late-entry-undo-00000001');
    const entered = (await late(event.id, { name: 'Late Uma' }).expect(201)).body;
    expect(entered).toMatchObject({ firstRound: 2, missedRounds: 1 });
    await t.http().delete(`/api/events/${event.id}/rounds/1`).set('authorization', t.organizer).expect(204);
    const line = (await standings(event.id)).find((s) => s.playerId === entered.playerId)!;
    expect(line).toMatchObject({ record: '0-0-0' });
    expect(line.missedRounds).toBeUndefined();
    const round1 = (await pair(event.id).expect(201)).body.pairings as Pairing[];
    expect(round1.flatMap((p) => [p.playerA.playerId, p.playerB?.playerId])).toContain(entered.playerId);
  }, 60_000);

  it('refusals: organizer only, only while playing, no seat in a full event, no team event, not once the top cut started', async () => {
    const event = await sealedPlaying('late-entry-refusals-0001', 4, { capacity: 5 });
    expect((await late(event.id, { name: 'X' }, null).expect(401)).body.code).toBe('UNAUTHORIZED');
    expect((await late(event.id, { name: 'X' }, event.players[0].auth).expect(401)).body.code).toBe('UNAUTHORIZED');
    const invalid = await late(event.id, { name: '' }).expect(400);
    expect(invalid.body.code).toBe('VALIDATION_FAILED');
    expect((await late(event.id, { name: 'X', deck: 'a list' }).expect(400)).body.details[0]).toMatchObject({ field: 'deck' });
    expect((await late('00000000-0000-4000-8000-000000000000', { name: 'X' }).expect(404)).body.code).toBe('EVENT_NOT_FOUND');

    // Capacity 5: one late seat, then EVENT_FULL.
    await late(event.id, { name: 'Fifth' }).expect(201);
    const full = await late(event.id, { name: 'Sixth' }).expect(409);
    expect(full.body).toMatchObject({ code: 'EVENT_FULL', details: [{ field: 'capacity', rule: 'capacity' }] });

    // Before round 1 (building): the ordinary registration takes late entries; this route is for after round 1.
    const building = await createEvent(t, { name: 'b', game: 'wow-tcg', format: 'sealed', packs: ['HOA'], seed: 'late-entry-building-001' });
    await registerPlayers(t, building.id, 2);
    await start(t, building.id);
    expect((await late(building.id, { name: 'X' }).expect(409)).body).toMatchObject({ code: 'EVENT_STATE_CONFLICT', details: [{ field: 'state', rule: 'enterLate' }] });

    // Top cut started: no Swiss round left.
    const cut = await sealedPlaying('late-entry-topcut-000001');
    await decideAll(cut.round1);
    await t.http().post(`/api/events/${cut.id}/top-cut`).set('authorization', t.organizer).send({ size: 2 }).expect(201);
    expect((await late(cut.id, { name: 'X' }).expect(409)).body).toMatchObject({ code: 'EVENT_STATE_CONFLICT', details: [{ field: 'state', rule: 'topCut' }] });

    // Complete: over.
    await t.http().post(`/api/events/${event.id}/complete`).set('authorization', t.organizer).expect(200);
    expect((await late(event.id, { name: 'X' }).expect(409)).body.code).toBe('EVENT_STATE_CONFLICT');

    // A team event seats whole teams: no late entry.
    const teams = await createEvent(t, { name: 'teams', game: 'wow-tcg', format: 'sealed', packSource: 'physical', packs: ['HOA'], teamSize: 2, seed: 'late-entry-teams-0000001' });
    for (const name of ['Lions', 'Wolves'])
      await t
        .http()
        .post(`/api/events/${teams.id}/teams`)
        .send({ name, members: [{ name: `${name} A` }, { name: `${name} B` }] })
        .expect(201);
    await start(t, teams.id);
    await pair(teams.id).expect(201);
    expect((await late(teams.id, { name: 'X', deck: legalList }).expect(409)).body).toMatchObject({
      code: 'EVENT_STATE_CONFLICT',
      details: [{ field: 'state', rule: 'registration' }],
    });
  }, 120_000);
});
