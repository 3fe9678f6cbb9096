import { createTestApp, type TestApp } from '../utils/test-app';
import { createEvent, registerPlayers, start, type TestPlayer } from '../utils/events';

type Pairing = { matchId: string; table: number; playerA: { playerId: string }; playerB: { playerId: string } | null; result: unknown; disputed: boolean; rematch: boolean };

describe('tournament: Swiss rounds, results, drops, standings', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const sealedEvent = async (players: number, seed: string) => {
    const event = await createEvent(t, { name: 'Swiss', game: 'wow-tcg', format: 'sealed', packs: ['HOA'], seed });
    const ps = await registerPlayers(t, event.id, players);
    await start(t, event.id);
    return { id: event.id, players: ps };
  };
  const pair = (id: string) => t.http().post(`/api/events/${id}/rounds`).set('authorization', t.organizer).send({ force: true });
  const result = (matchId: string, winsA: number, winsB: number, draws = 0) =>
    t.http().put(`/api/matches/${matchId}/result`).set('authorization', t.organizer).send({ winsA, winsB, draws });

  it('a 6-player event: 3 Swiss rounds with results, no rematch, standings that add up', async () => {
    const { id } = await sealedEvent(6, 'swiss-six-players-seed1');
    const met = new Set<string>();
    for (let round = 1; round <= 3; round++) {
      const res = await pair(id).expect(201);
      expect(res.body).toMatchObject({ number: round, minutes: 50 });
      expect(res.body.pairings).toHaveLength(3);
      for (const p of res.body.pairings as Pairing[]) {
        const key = [p.playerA.playerId, p.playerB!.playerId].sort().join();
        expect(met.has(key)).toBe(false); // no rematches
        met.add(key);
        await result(p.matchId, 2, p.table % 2).expect(200);
      }
      if (round === 1) expect((await t.http().get(`/api/events/${id}`)).body.state).toBe('playing');
    }
    const standings = (await t.http().get(`/api/events/${id}/standings`).expect(200)).body;
    expect(standings).toHaveLength(6);
    expect(standings.reduce((n: number, s: { matchPoints: number }) => n + s.matchPoints, 0)).toBe(9 * 3); // 9 decided matches, 3 points each
    expect(standings.map((s: { rank: number }) => s.rank)).toEqual([1, 2, 3, 4, 5, 6]);
    const csv = await t.http().get(`/api/events/${id}/standings?format=csv`).expect(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.text.split('\r\n')[0]).toBe('rank,player,match points,record,OMW%,GW%,OGW%,status,penalties');
    const text = await t.http().get(`/api/events/${id}/rounds/3?format=text&sort=name`).expect(200);
    expect(text.text).toMatch(/Round 3/);
  });

  it('bug: a player who dropped after a round that is then undone is not paired in the repaired round', async () => {
    const { id, players } = await sealedEvent(5, 'swiss-undo-drop-seed-01');
    await pair(id).expect(201);
    await t.http().post(`/api/events/${id}/players/${players[0].playerId}/drop`).set('authorization', t.organizer).expect(200);
    await t.http().delete(`/api/events/${id}/rounds/1`).set('authorization', t.organizer).expect(204);
    const again = (await pair(id).expect(201)).body.pairings as Pairing[];
    const paired = again.flatMap((p) => [p.playerA.playerId, p.playerB?.playerId]);
    expect(paired).not.toContain(players[0].playerId);
    expect(again).toHaveLength(2);
  });

  it('a top cut needs at least as many players as its size (NOT_ENOUGH_PLAYERS)', async () => {
    const { id } = await sealedEvent(3, 'swiss-small-cut-seed-01');
    for (const p of (await pair(id).expect(201)).body.pairings as Pairing[]) if (p.playerB) await result(p.matchId, 2, 0).expect(200);
    const res = await t.http().post(`/api/events/${id}/top-cut`).set('authorization', t.organizer).send({ size: 4 }).expect(409);
    expect(res.body).toMatchObject({ code: 'NOT_ENOUGH_PLAYERS', details: [{ field: 'size', rule: 'enoughEntrants' }] });
  });

  it('a round cannot be paired before the previous one is complete; the latest round can be undone while it has no results', async () => {
    const { id } = await sealedEvent(4, 'swiss-undo-seed-000001');
    await pair(id).expect(201);
    const again = await pair(id).expect(409);
    expect(again.body.code).toBe('EVENT_STATE_CONFLICT');
    await t.http().delete(`/api/events/${id}/rounds/1`).set('authorization', t.organizer).expect(204);
    expect((await t.http().get(`/api/events/${id}`)).body.state).toBe('building');
    const r1 = (await pair(id).expect(201)).body;
    await result(r1.pairings[0].matchId, 2, 0).expect(200);
    await t.http().delete(`/api/events/${id}/rounds/1`).set('authorization', t.organizer).expect(409);
  });

  it('an odd count gets one bye (a 2-0 win) per round, never twice to the same player while another can take it', async () => {
    const { id } = await sealedEvent(5, 'swiss-bye-seed-0000001');
    const byes: string[] = [];
    for (let round = 1; round <= 3; round++) {
      const r = (await pair(id).expect(201)).body;
      const bye = (r.pairings as Pairing[]).filter((p) => p.playerB === null);
      expect(bye).toHaveLength(1);
      expect(bye[0].result).toEqual({ winsA: 2, winsB: 0, draws: 0 });
      byes.push(bye[0].playerA.playerId);
      for (const p of r.pairings as Pairing[]) if (p.playerB) await result(p.matchId, 1, 1, 1).expect(200);
    }
    expect(new Set(byes).size).toBe(3);
  });

  it('results: invalid best-of-three results are 400; the same result twice changes nothing; corrections are audited', async () => {
    const { id } = await sealedEvent(2, 'swiss-results-seed-0001');
    const m = (await pair(id).expect(201)).body.pairings[0].matchId;
    for (const [a, b, d] of [
      [2, 2, 0],
      [3, 0, 0],
      [2, 1, 1],
      [-1, 0, 0],
    ]) {
      const res = await result(m, a, b, d);
      expect(res.status).toBe(400);
    }
    await result(m, 2, 1).expect(200);
    await result(m, 2, 1).expect(200);
    // A correction needs its reason (CORRECTION_NEEDS_REASON).
    expect((await result(m, 1, 2).expect(400)).body.details[0].field).toBe('reason');
    await t.http().put(`/api/matches/${m}/result`).set('authorization', t.organizer).send({ winsA: 1, winsB: 2, reason: 'Slip read wrong' }).expect(200);
    const history = (await t.http().get(`/api/matches/${m}/history`).expect(200)).body;
    expect(history.map((h: { winsA: number; source: string }) => [h.winsA, h.source])).toEqual([
      [2, 'organizer'],
      [1, 'organizer'],
    ]);
  });

  it('players report: identical reports decide the match, differing ones mark it disputed', async () => {
    const { id, players } = await sealedEvent(4, 'swiss-reports-seed-0001');
    const r = (await pair(id).expect(201)).body.pairings as Pairing[];
    const byId = new Map(players.map((p) => [p.playerId, p]));
    const report = (p: TestPlayer, matchId: string, body: object) => t.http().post(`/api/matches/${matchId}/report`).set('authorization', p.auth).send(body);
    const [m1, m2] = r;
    await report(byId.get(m1.playerA.playerId)!, m1.matchId, { winsA: 2, winsB: 0 }).expect(200);
    const agreed = await report(byId.get(m1.playerB!.playerId)!, m1.matchId, { winsA: 2, winsB: 0 }).expect(200);
    expect(agreed.body).toMatchObject({ result: { winsA: 2, winsB: 0, draws: 0 }, disputed: false });
    await report(byId.get(m2.playerA.playerId)!, m2.matchId, { winsA: 2, winsB: 0 }).expect(200);
    const disputed = await report(byId.get(m2.playerB!.playerId)!, m2.matchId, { winsA: 0, winsB: 2 }).expect(200);
    expect(disputed.body).toMatchObject({ result: null, disputed: true });
    // A player of another match cannot report this one.
    await report(byId.get(m1.playerA.playerId)!, m2.matchId, { winsA: 2, winsB: 0 }).expect(403);
    // The organizer resolves the dispute.
    expect((await result(m2.matchId, 2, 1).expect(200)).body.disputed).toBe(false);
  });

  it('a dropped player is never paired again but stays in the standings and opponents’ tiebreakers; dropped before round 1 leaves them', async () => {
    const { id, players } = await sealedEvent(5, 'swiss-drops-seed-000001');
    await t.http().post(`/api/events/${id}/drop`).set('authorization', players[4].auth).expect(200); // before round 1
    const r1 = (await pair(id).expect(201)).body.pairings as Pairing[];
    expect(r1).toHaveLength(2);
    for (const p of r1) await result(p.matchId, 2, 0).expect(200);
    const loser = r1[0].playerB!.playerId;
    await t.http().post(`/api/events/${id}/players/${loser}/drop`).set('authorization', t.organizer).expect(200);
    const r2 = (await pair(id).expect(201)).body.pairings as Pairing[];
    const paired = r2.flatMap((p) => [p.playerA.playerId, p.playerB?.playerId]);
    expect(paired).not.toContain(loser);
    const standings = (await t.http().get(`/api/events/${id}/standings`).expect(200)).body;
    expect(standings.map((s: { playerId: string }) => s.playerId)).not.toContain(players[4].playerId);
    expect(standings.find((s: { playerId: string }) => s.playerId === loser)).toMatchObject({ dropped: true });
  });
});

describe('top cut', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('top 4 after 3 Swiss rounds: 1v4 and 2v3, no draws, the final from the winners, placings playoff-first', async () => {
    const event = await createEvent(t, { name: 'Cut', game: 'wow-tcg', format: 'sealed', packs: ['HOA'], seed: 'top-cut-seed-0000000001' });
    await registerPlayers(t, event.id, 8);
    await start(t, event.id);
    const pair = () => t.http().post(`/api/events/${event.id}/rounds`).set('authorization', t.organizer).send({ force: true });
    const result = (matchId: string, winsA: number, winsB: number, draws = 0) =>
      t.http().put(`/api/matches/${matchId}/result`).set('authorization', t.organizer).send({ winsA, winsB, draws });
    for (let round = 1; round <= 3; round++) {
      const r = (await pair().expect(201)).body;
      for (const p of r.pairings as Pairing[]) await result(p.matchId, 2, p.table % 2).expect(200);
    }
    const standings = (await t.http().get(`/api/events/${event.id}/standings`).expect(200)).body as { playerId: string }[];
    const semis = (await t.http().post(`/api/events/${event.id}/top-cut`).set('authorization', t.organizer).send({ size: 4 }).expect(201)).body;
    expect(semis.kind).toBe('playoff');
    const seeds = (semis.pairings as Pairing[]).map((p) => [
      standings.findIndex((s) => s.playerId === p.playerA.playerId) + 1,
      standings.findIndex((s) => s.playerId === p.playerB!.playerId) + 1,
    ]);
    expect(seeds).toEqual([
      [1, 4],
      [2, 3],
    ]);
    const draw = await result(semis.pairings[0].matchId, 1, 1, 1).expect(400);
    expect(draw.body.details[0].rule).toBe('noDraw');
    await result(semis.pairings[0].matchId, 0, 2).expect(200); // seed 4 beats seed 1
    await result(semis.pairings[1].matchId, 2, 0).expect(200); // seed 2 beats seed 3
    const final = (await pair().expect(201)).body;
    expect(final.pairings).toHaveLength(1);
    await result(final.pairings[0].matchId, 2, 1).expect(200);
    await pair().expect(409); // the final is over
    const placings = (await t.http().get(`/api/events/${event.id}/placings`).expect(200)).body as { place: number; playerId: string; champion: boolean }[];
    expect(placings[0].champion).toBe(true);
    expect(
      placings
        .slice(0, 2)
        .map((p) => p.playerId)
        .sort(),
    ).toEqual([standings[1].playerId, standings[3].playerId].sort());
    expect(placings[4].playerId).toBe(standings[4].playerId); // then Swiss order
  });
  it('rule: top-cut sizes 2 (a final) to 32, or a cut by match points padded to the next power of two; both or neither is a 400', async () => {
    const event = await createEvent(t, { name: 'Cut sizes', game: 'wow-tcg', format: 'sealed', packs: ['HOA'], seed: 'top-cut-sizes-000000001' });
    await registerPlayers(t, event.id, 6);
    await start(t, event.id);
    for (let round = 1; round <= 2; round++) {
      const r = (await t.http().post(`/api/events/${event.id}/rounds`).set('authorization', t.organizer).send({ force: true }).expect(201)).body;
      for (const p of r.pairings as Pairing[]) await t.http().put(`/api/matches/${p.matchId}/result`).set('authorization', t.organizer).send({ winsA: 2, winsB: 0 }).expect(200);
    }
    const cut = (body: Record<string, unknown>) => t.http().post(`/api/events/${event.id}/top-cut`).set('authorization', t.organizer).send(body);
    const both = await cut({ size: 4, minMatchPoints: 3 }).expect(400);
    expect(both.body).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: 'minMatchPoints', rule: 'exclusiveWithSize' }] });
    const neither = await cut({}).expect(400);
    expect(neither.body.details[0].field).toBe('size');
    expect((await cut({ size: 6 }).expect(400)).body.details[0].field).toBe('size');
    expect((await cut({ size: 16 }).expect(409)).body.code).toBe('NOT_ENOUGH_PLAYERS');
    // After two rounds of 2-0 wins: 6 points ×1–2, 3 points ×2–3, 0 points: "at least 3 points" is 3–5 players → a top 4 or 8.
    const standings = (await t.http().get(`/api/events/${event.id}/standings`).expect(200)).body as { playerId: string; matchPoints: number }[];
    const qualified = standings.filter((s) => s.matchPoints >= 3).length;
    const expected = qualified <= 2 ? 2 : qualified <= 4 ? 4 : 8;
    const first = (await cut({ minMatchPoints: 3 }).expect(201)).body as { kind: string; pairings: Pairing[] };
    expect(first.kind).toBe('playoff');
    // Every seat of the bracket is a qualifier or the next players by standings; seats the field cannot fill are walkovers.
    const seated = first.pairings.flatMap((p) => [p.playerA.playerId, ...(p.playerB ? [p.playerB.playerId] : [])]);
    expect(seated.sort()).toEqual(
      standings
        .slice(0, Math.min(expected, standings.length))
        .map((s) => s.playerId)
        .sort(),
    );
    expect(first.pairings).toHaveLength(expected / 2);
  });
  it('rule: a cut by match points with byes for the top seeds (fill: byes) seats only the qualifiers; the best seeds advance by walkover', async () => {
    const event = await createEvent(t, { name: 'Cut with byes', game: 'wow-tcg', format: 'sealed', packs: ['HOA'], seed: 'top-cut-byes-00000000001' });
    await registerPlayers(t, event.id, 10);
    await start(t, event.id);
    for (let round = 1; round <= 2; round++) {
      const r = (await t.http().post(`/api/events/${event.id}/rounds`).set('authorization', t.organizer).send({ force: true }).expect(201)).body;
      for (const p of r.pairings as Pairing[])
        if (p.playerB) await t.http().put(`/api/matches/${p.matchId}/result`).set('authorization', t.organizer).send({ winsA: 2, winsB: 0 }).expect(200);
    }
    const standings = (await t.http().get(`/api/events/${event.id}/standings`).expect(200)).body as { playerId: string; matchPoints: number }[];
    // A threshold whose qualifiers do not fill a bracket (3, 5, 6 or 7 of them), so some seeds get byes.
    const threshold = [...new Set(standings.map((s) => s.matchPoints))].find((x) => [3, 5, 6, 7].includes(standings.filter((s) => s.matchPoints >= x).length))!;
    expect(threshold).toBeDefined();
    const qualifiers = standings.filter((s) => s.matchPoints >= threshold).map((s) => s.playerId);
    const size = qualifiers.length <= 4 ? 4 : 8;
    const cut = (body: Record<string, unknown>) => t.http().post(`/api/events/${event.id}/top-cut`).set('authorization', t.organizer).send(body);
    expect((await cut({ size: 4, fill: 'byes' }).expect(400)).body.details[0]).toMatchObject({ field: 'fill', rule: 'withMinMatchPoints' });
    const first = (await cut({ minMatchPoints: threshold, fill: 'byes' }).expect(201)).body as { pairings: Pairing[] };
    const seated = first.pairings.flatMap((p) => [p.playerA.playerId, ...(p.playerB ? [p.playerB.playerId] : [])]);
    expect(seated.sort()).toEqual([...qualifiers].sort());
    const seed = (id: string) => standings.findIndex((s) => s.playerId === id) + 1;
    const byes = first.pairings.filter((p) => p.playerB === null).map((p) => seed(p.playerA.playerId));
    expect(byes.sort((a, b) => a - b)).toEqual(Array.from({ length: size - qualifiers.length }, (_, i) => i + 1));
  });
  it('rule: a top 16 after 4 Swiss rounds seeds 1v16, 8v9 … and plays down to one champion', async () => {
    const event = await createEvent(t, { name: 'Top 16', game: 'wow-tcg', format: 'sealed', packs: ['HOA'], seed: 'top-16-seed-000000000001' });
    await registerPlayers(t, event.id, 20);
    await start(t, event.id);
    const pair = () => t.http().post(`/api/events/${event.id}/rounds`).set('authorization', t.organizer).send({ force: true });
    const win = (matchId: string) => t.http().put(`/api/matches/${matchId}/result`).set('authorization', t.organizer).send({ winsA: 2, winsB: 0 }).expect(200);
    for (let round = 1; round <= 4; round++) for (const p of (await pair().expect(201)).body.pairings as Pairing[]) if (p.playerB) await win(p.matchId);
    const standings = (await t.http().get(`/api/events/${event.id}/standings`).expect(200)).body as { playerId: string }[];
    const seed = (id: string) => standings.findIndex((s) => s.playerId === id) + 1;
    let round = (await t.http().post(`/api/events/${event.id}/top-cut`).set('authorization', t.organizer).send({ size: 16 }).expect(201)).body as { pairings: Pairing[] };
    expect(round.pairings.map((p) => [seed(p.playerA.playerId), seed(p.playerB!.playerId)])).toEqual(Array.from({ length: 8 }, (_, i) => [i + 1, 16 - i]));
    for (const size of [8, 4, 2, 1]) {
      for (const p of round.pairings) await win(p.matchId); // the better seed wins every match
      if (size === 1) break;
      round = (await pair().expect(201)).body;
      expect(round.pairings).toHaveLength(size / 2);
    }
    await pair().expect(409);
    const placings = (await t.http().get(`/api/events/${event.id}/placings`).expect(200)).body as { playerId: string; champion: boolean }[];
    expect(placings[0]).toMatchObject({ playerId: standings[0].playerId, champion: true });
  });
});
