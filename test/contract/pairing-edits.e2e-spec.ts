import { createEvent, me, registerPlayers, start, type TestPlayer } from '../utils/events';
import { createTestApp, type TestApp } from '../utils/test-app';

/**
 * The organizer repairs seats and pairings (docs/rules.md "Pairing corrections", "Fixed tables",
 * "Seat swaps"): swap two players of the latest round, re-pair it, refusals once a result, a report or
 * a penalty is in, the rematch guard, fixed tables kept across rounds, draft seat swaps before picks.
 */
describe('pairing edits: swaps, re-pairs, fixed tables, seat swaps', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  type Side = { playerId: string; name: string } | null;
  type Pairing = { matchId: string; table: number; playerA: { playerId: string; name: string }; playerB: Side; result: unknown; fixedTable?: boolean };
  const org = <T extends { set(k: string, v: string): T }>(req: T): T => req.set('authorization', t.organizer);
  const pair = (eventId: string) => org(t.http().post(`/api/events/${eventId}/rounds`)).send({ force: true });
  const swap = (eventId: string, n: number, body: object) => org(t.http().post(`/api/events/${eventId}/rounds/${n}/swap`)).send(body);
  const repair = (eventId: string, n: number) => org(t.http().post(`/api/events/${eventId}/rounds/${n}/repair`)).send({});
  const result = (matchId: string, r: object) => org(t.http().put(`/api/matches/${matchId}/result`)).send(r);
  const fix = (eventId: string, playerId: string, fixedTable: number | null) => org(t.http().put(`/api/events/${eventId}/players/${playerId}/fixed-table`)).send({ fixedTable });
  const pairs = (ps: Pairing[]) => ps.map((p) => [p.table, p.playerA.playerId, p.playerB?.playerId ?? null]);
  const tableOf = (ps: Pairing[], id: string) => ps.find((p) => p.playerA.playerId === id || p.playerB?.playerId === id)!;

  async function sealed(seed: string, players: number): Promise<{ id: string; players: TestPlayer[] }> {
    const event = await createEvent(t, { name: seed, game: 'wow-tcg', format: 'sealed', packs: ['HOA'], seed });
    const registered = await registerPlayers(t, event.id, players);
    await start(t, event.id);
    return { id: event.id, players: registered };
  }

  it('rule: a swap trades two players between matches (or with the bye), is recorded, and keeps the previous pairings in the answer', async () => {
    const event = await sealed('pairing-edit-swap-000001', 5);
    const round = (await pair(event.id).expect(201)).body as { pairings: Pairing[] };
    const [m1, m2, bye] = round.pairings;
    expect(bye.playerB).toBeNull();
    const x = m1.playerB!.playerId;
    const y = m2.playerA.playerId;
    const swapped = (await swap(event.id, 1, { playerId: x, withPlayerId: y }).expect(200)).body;
    expect(swapped.edit).toMatchObject({ kind: 'swap', source: 'organizer' });
    expect(swapped.edit.before).toEqual(pairs(round.pairings).map(([table, playerA, playerB]) => ({ table, playerA, playerB })));
    expect(pairs(swapped.round.pairings)).toEqual([
      [m1.table, m1.playerA.playerId, y],
      [m2.table, x, m2.playerB!.playerId],
      [bye.table, bye.playerA.playerId, null],
    ]);
    // With the bye: the player takes the bye (its 2-0 moves with it), the bye's receiver takes their seat.
    const withBye = (await swap(event.id, 1, { playerId: m1.playerA.playerId, withPlayerId: bye.playerA.playerId }).expect(200)).body;
    const after = withBye.round.pairings as Pairing[];
    expect(after.find((p) => p.playerB === null)!.playerA.playerId).toBe(m1.playerA.playerId);
    expect(after.find((p) => p.playerB === null)!.result).toEqual({ winsA: 2, winsB: 0, draws: 0 });
    expect(tableOf(after, bye.playerA.playerId).table).toBe(m1.table);
    const edits = (await org(t.http().get(`/api/events/${event.id}/rounds/1/edits`)).expect(200)).body;
    expect(edits.map((e: { kind: string }) => e.kind)).toEqual(['swap', 'swap']);
    expect(edits[1].before).toEqual(swapped.edit.after);
    // Organizer only; the same match; a player not paired.
    await t.http().post(`/api/events/${event.id}/rounds/1/swap`).send({ playerId: x, withPlayerId: y }).expect(401);
    const same = await swap(event.id, 1, { playerId: after[0].playerA.playerId, withPlayerId: after[0].playerB!.playerId }).expect(400);
    expect(same.body.details[0].rule).toBe('differentMatches');
    await swap(event.id, 1, { playerId: x }).expect(400);
  });

  it('rule: no swap nor re-pair once a result, a report or a penalty is in; only the latest round', async () => {
    const event = await sealed('pairing-edit-locked-0001', 8);
    const round = (await pair(event.id).expect(201)).body as { pairings: Pairing[] };
    const [m1, m2, m3, m4] = round.pairings;
    // A player's report locks their match.
    const reporter = event.players.find((p) => p.playerId === m1.playerA.playerId)!;
    await t.http().post(`/api/matches/${m1.matchId}/report`).set('authorization', reporter.auth).send({ winsA: 2, winsB: 0 }).expect(200);
    const reported = await swap(event.id, 1, { playerId: m1.playerB!.playerId, withPlayerId: m2.playerB!.playerId }).expect(409);
    expect(reported.body).toMatchObject({ code: 'PAIRING_LOCKED', details: [{ field: `table ${m1.table}`, rule: 'report' }] });
    // A penalty locks its match.
    await org(t.http().post(`/api/matches/${m3.matchId}/penalties`))
      .send({ playerId: m3.playerA.playerId, kind: 'warning', reason: 'Tardiness' })
      .expect(201);
    expect((await swap(event.id, 1, { playerId: m3.playerA.playerId, withPlayerId: m2.playerA.playerId }).expect(409)).body.details[0].rule).toBe('penalty');
    // Matches without either still swap; the round as a whole no longer re-pairs.
    await swap(event.id, 1, { playerId: m2.playerA.playerId, withPlayerId: m4.playerA.playerId }).expect(200);
    expect((await repair(event.id, 1).expect(409)).body.code).toBe('PAIRING_LOCKED');
    // A result locks its match.
    await result(m4.matchId, { winsA: 2, winsB: 1 }).expect(200);
    expect((await swap(event.id, 1, { playerId: m4.playerA.playerId, withPlayerId: m2.playerA.playerId }).expect(409)).body.details[0].rule).toBe('result');
    // Round 1 is over: round 2 is the latest, round 1 cannot be edited any more.
    for (const m of [m1, m2, m3]) await result(m.matchId, { winsA: 2, winsB: 0 }).expect(200);
    await pair(event.id).expect(201);
    expect((await swap(event.id, 1, { playerId: m4.playerA.playerId, withPlayerId: m2.playerA.playerId }).expect(409)).body.details[0].rule).toBe('latestRound');
  });

  it('rule: a re-pair pairs the round again from a new seed stream, reproducibly; a swap never creates a rematch silently', async () => {
    const event = await sealed('pairing-edit-repair-0001', 8);
    const round1 = (await pair(event.id).expect(201)).body as { pairings: Pairing[] };
    for (const m of round1.pairings) await result(m.matchId, { winsA: 2, winsB: 0 }).expect(200);
    const round2 = (await pair(event.id).expect(201)).body as { pairings: Pairing[] };
    const first = (await repair(event.id, 2).expect(200)).body;
    expect(first.edit.before).toEqual(pairs(round2.pairings).map(([table, playerA, playerB]) => ({ table, playerA, playerB })));
    expect(first.edit.kind).toBe('repair');
    // Still Swiss by points: winners meet winners; and no rematch of round 1.
    const winners = new Set(round1.pairings.map((m) => m.playerA.playerId));
    const met = new Set(round1.pairings.map((m) => [m.playerA.playerId, m.playerB!.playerId].sort().join()));
    for (const p of first.round.pairings as Pairing[]) {
      expect(winners.has(p.playerA.playerId)).toBe(winners.has(p.playerB!.playerId));
      expect(met.has([p.playerA.playerId, p.playerB!.playerId].sort().join())).toBe(false);
    }
    // Reproducible: the same seed, the same rounds give the same re-pair (a second event with this seed).
    const twin = await sealed('pairing-edit-repair-0001', 8);
    const twinRound1 = (await pair(twin.id).expect(201)).body as { pairings: Pairing[] };
    const byNumber = (e: { players: TestPlayer[] }, id: string) => e.players.findIndex((p) => p.playerId === id);
    expect(twinRound1.pairings.map((p) => byNumber(twin, p.playerA.playerId))).toEqual(round1.pairings.map((p) => byNumber(event, p.playerA.playerId)));
    for (const m of twinRound1.pairings) await result(m.matchId, { winsA: 2, winsB: 0 }).expect(200);
    await pair(twin.id).expect(201);
    const twinRepair = (await repair(twin.id, 2).expect(200)).body;
    const shape = (e: { players: TestPlayer[] }, ps: Pairing[]) => ps.map((p) => [p.table, byNumber(e, p.playerA.playerId), byNumber(e, p.playerB!.playerId)]);
    expect(shape(twin, twinRepair.round.pairings)).toEqual(shape(event, first.round.pairings));

    // The rematch guard: swap so that two players of a round-1 match meet again.
    const now = first.round.pairings as Pairing[];
    const [a, b] = [round1.pairings[0].playerA.playerId, round1.pairings[0].playerB!.playerId];
    const ma = tableOf(now, a);
    const other = ma.playerA.playerId === a ? ma.playerB!.playerId : ma.playerA.playerId;
    const refused = await swap(event.id, 2, { playerId: other, withPlayerId: b }).expect(409);
    expect(refused.body.code).toBe('PAIRING_REMATCH');
    expect(refused.body.details.some((d: { rule: string; field: string }) => d.rule === 'rematch' && d.field.split(',').sort().join() === [a, b].sort().join())).toBe(true);
    const allowed = (await swap(event.id, 2, { playerId: other, withPlayerId: b, allowRematch: true }).expect(200)).body;
    expect(allowed.round.pairings.find((p: Pairing & { rematch: boolean }) => p.playerA.playerId === a || p.playerB?.playerId === a).rematch).toBe(true);
  });

  it('rule: fixed tables — kept across rounds, the lower of two, refused twice, shown in printed pairings', async () => {
    const event = await sealed('pairing-edit-fixed-00001', 8);
    const [p1, p2, p3] = event.players;
    await fix(event.id, p1.playerId, 3).expect(200, { playerId: p1.playerId, fixedTable: 3 });
    const taken = await fix(event.id, p2.playerId, 3).expect(409);
    expect(taken.body).toMatchObject({ code: 'FIXED_TABLE_TAKEN', details: [{ field: 'fixedTable', rule: 'unique', playerId: p1.playerId }] });
    await fix(event.id, p2.playerId, 0).expect(400);
    await fix(event.id, p3.playerId, 2).expect(200);
    await t.http().put(`/api/events/${event.id}/players/${p2.playerId}/fixed-table`).send({ fixedTable: 4 }).expect(401);

    for (let round = 1; round <= 3; round++) {
      const r = (await pair(event.id).expect(201)).body as { pairings: Pairing[] };
      const m1 = tableOf(r.pairings, p1.playerId);
      const m3 = tableOf(r.pairings, p3.playerId);
      if (m1 === m3) expect(m1.table).toBe(2);
      else {
        expect(m1.table).toBe(3);
        expect(m3.table).toBe(2);
      }
      expect(m1.fixedTable).toBe(true);
      expect(r.pairings.map((p) => p.table).sort()).toEqual([1, 2, 3, 4]);
      if (round === 1) {
        // A swap keeps the fixed player at their table: the two matches trade numbers.
        const other = r.pairings.find((p) => p !== m1 && p !== m3)!;
        const partner = m1.playerA.playerId === p1.playerId ? m1.playerB!.playerId : m1.playerA.playerId;
        const swapped = (await swap(event.id, 1, { playerId: p1.playerId, withPlayerId: other.playerA.playerId }).expect(200)).body.round.pairings as Pairing[];
        expect(tableOf(swapped, p1.playerId).table).toBe(m1.table);
        expect(tableOf(swapped, partner).table).toBe(other.table);
        const text = (await t.http().get(`/api/events/${event.id}/rounds/1?format=text`).expect(200)).text;
        expect(text).toMatch(/fixed/i);
        for (const m of swapped) await result(m.matchId, { winsA: 2, winsB: 0 }).expect(200);
      } else for (const m of r.pairings) await result(m.matchId, { winsA: 2, winsB: 0 }).expect(200);
    }
    await fix(event.id, p1.playerId, null).expect(200, { playerId: p1.playerId, fixedTable: null });
  });

  it('rule: seat swaps — two players trade seats (same pod or across pods) before picking, then pick from their new seat; refused once a seat picked', async () => {
    const event = await createEvent(t, { name: 'Seat swaps', game: 'wow-tcg', format: 'draft', packs: ['HOA'], seed: 'pairing-edit-seats-00001' });
    const players = await registerPlayers(t, event.id, 10);
    const swapSeats = (body: object) => org(t.http().post(`/api/events/${event.id}/seats/swap`)).send(body);
    // Before the draft: nothing to swap yet.
    expect((await swapSeats({ playerId: players[0].playerId, withPlayerId: players[1].playerId }).expect(409)).body.code).toBe('EVENT_STATE_CONFLICT');
    await start(t, event.id);
    type Pod = { id: string; number: number; seats: { seat: number; playerId: string | null }[] };
    const pods = (await t.http().get(`/api/events/${event.id}/pods`).expect(200)).body as Pod[];
    expect(pods.length).toBe(2);
    const where = (ps: Pod[], id: string) => {
      const pod = ps.find((p) => p.seats.some((s) => s.playerId === id))!;
      return { pod: pod.id, seat: pod.seats.find((s) => s.playerId === id)!.seat };
    };
    const [x, y] = [pods[0].seats[1].playerId!, pods[1].seats[2].playerId!];
    const [px, py] = [players.find((p) => p.playerId === x)!, players.find((p) => p.playerId === y)!];
    const packOf = async (p: TestPlayer) => (await me(t, event.id, p)).currentPack!.cards.map((c) => c.cardId).join();
    const packX = await packOf(px);
    const packY = await packOf(py);
    const after = (await swapSeats({ playerId: x, withPlayerId: y }).expect(200)).body as Pod[];
    expect(where(after, x)).toEqual(where(pods, y));
    expect(where(after, y)).toEqual(where(pods, x));
    // Each now holds the other seat's pack and picks from it (the seat directory of the start is corrected).
    expect(await packOf(px)).toBe(packY);
    const view = await me(t, event.id, px);
    await t
      .http()
      .post(`/api/events/${event.id}/picks`)
      .set('authorization', px.auth)
      .send({ packNumber: 1, pickNumber: 1, cardId: view.currentPack!.cards[0].cardId })
      .expect(200);
    expect((await me(t, event.id, px)).picks.length).toBe(1);
    expect(await packOf(py)).toBe(packX);
    // Within one pod too; then refusals: a seat that picked, the same player twice, a stranger.
    const [u, v] = [after[0].seats[3].playerId!, after[0].seats[4].playerId!];
    const inPod = (await swapSeats({ playerId: u, withPlayerId: v }).expect(200)).body as Pod[];
    expect(inPod[0].seats[3].playerId).toBe(v);
    const picked = await swapSeats({ playerId: x, withPlayerId: u }).expect(409);
    expect(picked.body).toMatchObject({ code: 'SEATS_LOCKED', details: [{ field: 'playerId', rule: 'picked' }] });
    expect((await swapSeats({ playerId: u, withPlayerId: u }).expect(400)).body.details[0].rule).toBe('differentPlayers');
    await swapSeats({ playerId: u, withPlayerId: '00000000-0000-4000-8000-000000000000' }).expect(404);
    await t.http().post(`/api/events/${event.id}/seats/swap`).send({ playerId: u, withPlayerId: v }).expect(401);
    // An absent player's seat: a bot picks for it at once, so it has picked.
    await org(t.http().post(`/api/events/${event.id}/players/${v}/absent`))
      .send({ absent: true })
      .expect(200);
    expect((await swapSeats({ playerId: u, withPlayerId: v }).expect(409)).body.details[0].field).toBe('withPlayerId');
  });

  it('rule: team events swap teams — a member’s id names their team; a member’s fixed table is the team’s', async () => {
    const event = await createEvent(t, {
      name: 'Team edits',
      game: 'wow-tcg',
      format: 'sealed',
      packSource: 'physical',
      packs: ['HOA'],
      teamSize: 2,
      seed: 'pairing-edit-teams-00001',
    });
    const teams: { teamId: string; members: { playerId: string }[] }[] = [];
    for (const name of ['Lions', 'Wolves', 'Bears', 'Owls']) {
      const team = (
        await t
          .http()
          .post(`/api/events/${event.id}/teams`)
          .send({ name, members: [{ name: `${name} A` }, { name: `${name} B` }] })
          .expect(201)
      ).body;
      teams.push({ teamId: team.teamId ?? team.id, members: team.members });
    }
    await fix(event.id, teams[0].members[1].playerId, 2).expect(200);
    // Teammates may share a table; another team may not.
    await fix(event.id, teams[0].members[0].playerId, 2).expect(200);
    expect((await fix(event.id, teams[1].members[0].playerId, 2).expect(409)).body.code).toBe('FIXED_TABLE_TAKEN');
    await start(t, event.id);
    const round = (await pair(event.id).expect(201)).body as { pairings: Pairing[] };
    const lions = round.pairings.find((p) => p.playerA.name === 'Lions' || p.playerB?.name === 'Lions')!;
    expect(lions.table).toBe(2);
    const other = round.pairings.find((p) => p !== lions)!;
    const lionsId = lions.playerA.name === 'Lions' ? lions.playerA.playerId : lions.playerB!.playerId;
    const rival = lions.playerA.playerId === lionsId ? lions.playerB!.playerId : lions.playerA.playerId;
    // Swap the Lions (named by a member) with a team of the other match: the Lions keep table 2.
    const swapped = (await swap(event.id, 1, { playerId: teams[0].members[0].playerId, withPlayerId: other.playerA.playerId }).expect(200)).body.round.pairings as Pairing[];
    const now = tableOf(swapped, lionsId);
    expect(now.table).toBe(2);
    expect([now.playerA.playerId, now.playerB!.playerId]).toContain(other.playerB!.playerId);
    expect(tableOf(swapped, rival).table).toBe(other.table);
  });
});
