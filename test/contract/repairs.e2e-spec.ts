import { createEvent, registerPlayers, start, type TestPlayer } from '../utils/events';
import { createTestApp, type TestApp } from '../utils/test-app';

/**
 * Repairing the night (docs/rules.md "Penalties", "Corrections", "Decks before a round"): the deck
 * guard's per-player choices, penalties in matches and in standings, and a correction of an earlier
 * round's result with its consequences shown before it is applied.
 */
describe('repairs: deck guard choices, penalties, corrections', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const org = <T extends { set(k: string, v: string): T }>(req: T): T => req.set('authorization', t.organizer);
  const pair = (eventId: string, body: object = { force: true }) => t.http().post(`/api/events/${eventId}/rounds`).set('authorization', t.organizer).send(body);
  const result = (matchId: string, r: object) => t.http().put(`/api/matches/${matchId}/result`).set('authorization', t.organizer).send(r);
  const standings = async (eventId: string) =>
    (await t.http().get(`/api/events/${eventId}/standings`).expect(200)).body as {
      playerId: string;
      name: string;
      rank: number;
      matchPoints: number;
      record: string;
      penalties: Record<string, number>;
    }[];

  async function sealed(seed: string, players = 4): Promise<{ id: string; players: TestPlayer[] }> {
    const event = await createEvent(t, { name: seed, game: 'wow-tcg', format: 'sealed', packs: ['HOA'], seed });
    const registered = await registerPlayers(t, event.id, players);
    await start(t, event.id);
    return { id: event.id, players: registered };
  }

  it('rule: the deck guard pairs only with a choice for each player without a deck; a game loss lands in their match (MTR 7.9)', async () => {
    const event = await sealed('repairs-guard-0000000001');
    const [alice, bob, carol, dan] = event.players;
    const refused = await pair(event.id, { choices: [{ playerId: alice.playerId, choice: 'gameLoss' }] }).expect(409);
    expect(refused.body.code).toBe('DECKS_NOT_READY');
    expect(refused.body.details.map((d: { message: string }) => d.message.split(':')[0])).toEqual([bob.name, carol.name, dan.name]);
    expect(refused.body.details.map((d: { playerId: string }) => d.playerId)).toEqual([bob.playerId, carol.playerId, dan.playerId]);

    const choices = [alice, bob, carol].map((p) => ({ playerId: p.playerId, choice: 'gameLoss' })).concat([{ playerId: dan.playerId, choice: 'pairAnyway' }]);
    const round = (await pair(event.id, { choices }).expect(201)).body;
    expect(round.pairedWithoutDecks.map((p: { name: string; choice: string; reason: string }) => [p.name, p.choice, p.reason])).toEqual([
      [alice.name, 'gameLoss', 'no-deck'],
      [bob.name, 'gameLoss', 'no-deck'],
      [carol.name, 'gameLoss', 'no-deck'],
      [dan.name, 'pairAnyway', 'no-deck'],
    ]);
    const penalties = (await org(t.http().get(`/api/events/${event.id}/penalties`)).expect(200)).body as { playerId: string; kind: string; reason: string; round: number }[];
    expect(penalties.map((p) => [p.playerId, p.kind, p.round]).sort()).toEqual([alice, bob, carol].map((p) => [p.playerId, 'gameLoss', 1]).sort());
    expect(penalties[0].reason).toBe('No deck registered (MTR 7.9)');
    // The game loss is a game the opponent won: Alice cannot be entered as winning 2-0.
    const match = round.pairings.find((m: { playerA: { playerId: string }; playerB: { playerId: string } | null }) =>
      [m.playerA.playerId, m.playerB?.playerId].includes(alice.playerId),
    );
    const aliceIsA = match.playerA.playerId === alice.playerId;
    const refusedResult = await result(match.matchId, aliceIsA ? { winsA: 2, winsB: 0 } : { winsA: 0, winsB: 2 }).expect(400);
    expect(refusedResult.body.details[0]).toMatchObject({ field: 'result', rule: 'gameLossCounted' });
    await result(match.matchId, aliceIsA ? { winsA: 2, winsB: 1 } : { winsA: 1, winsB: 2 }).expect(200);
  });

  it('rule: penalties — a match loss gives the opponent 2-0 and stands; every penalty shows in standings and the CSV', async () => {
    const event = await sealed('repairs-penalty-00000001');
    const round = (await pair(event.id).expect(201)).body;
    const [m1, m2] = round.pairings;
    const loser = m1.playerA.playerId;
    const given = await org(t.http().post(`/api/matches/${m1.matchId}/penalties`))
      .send({ playerId: loser, kind: 'matchLoss', reason: 'Deck problem, unresolved' })
      .expect(201);
    expect(given.body).toMatchObject({ kind: 'matchLoss', round: 1, table: m1.table, playerId: loser, name: m1.playerA.name });
    const history = (await t.http().get(`/api/matches/${m1.matchId}/history`).expect(200)).body;
    expect(history.at(-1)).toMatchObject({ winsA: 0, winsB: 2, source: 'penalty' });
    const overruled = await result(m1.matchId, { winsA: 2, winsB: 0 }).expect(400);
    expect(overruled.body.details[0]).toMatchObject({ rule: 'matchLossStands' });
    // The opponent cannot get a match loss in the same match too; a bye takes none; a stranger is not in the match.
    expect(
      (
        await org(t.http().post(`/api/matches/${m1.matchId}/penalties`))
          .send({ playerId: m1.playerB.playerId, kind: 'matchLoss', reason: 'x' })
          .expect(409)
      ).body.details[0].rule,
    ).toBe('oneMatchLoss');
    expect(
      (
        await org(t.http().post(`/api/matches/${m1.matchId}/penalties`))
          .send({ playerId: m2.playerA.playerId, kind: 'warning', reason: 'x' })
          .expect(400)
      ).body.details[0].rule,
    ).toBe('playerInMatch');
    expect(
      (
        await org(t.http().post(`/api/matches/${m1.matchId}/penalties`))
          .send({ playerId: loser, kind: 'warning', reason: '   ' })
          .expect(400)
      ).body.details[0].field,
    ).toBe('reason');
    // A game loss after a recorded 2-0 the other way must come with a result that counts it.
    await result(m2.matchId, { winsA: 2, winsB: 0 }).expect(200);
    const notCounted = await org(t.http().post(`/api/matches/${m2.matchId}/penalties`))
      .send({ playerId: m2.playerA.playerId, kind: 'gameLoss', reason: 'Tardiness' })
      .expect(400);
    expect(notCounted.body.details[0].rule).toBe('gameLossCounted');
    await org(t.http().post(`/api/matches/${m2.matchId}/penalties`))
      .send({ playerId: m2.playerA.playerId, kind: 'gameLoss', reason: 'Tardiness', result: { winsA: 2, winsB: 1 } })
      .expect(201);
    await org(t.http().post(`/api/matches/${m2.matchId}/penalties`))
      .send({ playerId: m2.playerB.playerId, kind: 'warning', reason: 'Slow play' })
      .expect(201);

    const rows = await standings(event.id);
    const of = (id: string) => rows.find((r) => r.playerId === id)!;
    expect(of(loser)).toMatchObject({ matchPoints: 0, record: '0-1-0', penalties: { warning: 0, gameLoss: 0, matchLoss: 1 } });
    expect(of(m1.playerB.playerId)).toMatchObject({ matchPoints: 3, penalties: { warning: 0, gameLoss: 0, matchLoss: 0 } });
    expect(of(m2.playerA.playerId).penalties).toEqual({ warning: 0, gameLoss: 1, matchLoss: 0 });
    const csv = (await t.http().get(`/api/events/${event.id}/standings?format=csv`).expect(200)).text;
    expect(csv).toContain('match loss ×1');
    expect(csv).toContain('game loss ×1');
    expect(csv).toContain('warning ×1');

    // Revoking keeps the result (the organizer corrects it if the penalty decided it).
    const listed = (await org(t.http().get(`/api/events/${event.id}/penalties`)).expect(200)).body as { penaltyId: string; kind: string }[];
    const matchLoss = listed.find((p) => p.kind === 'matchLoss')!;
    await org(t.http().delete(`/api/events/${event.id}/penalties/${matchLoss.penaltyId}`)).expect(204);
    expect(of((await standings(event.id)).find((r) => r.playerId === loser)!.playerId)).toBeDefined();
    await result(m1.matchId, { winsA: 2, winsB: 1, reason: 'Penalty revoked: the match is played out' }).expect(200);
    expect((await standings(event.id)).find((r) => r.playerId === loser)).toMatchObject({ matchPoints: 3, penalties: { matchLoss: 0 } });
  });

  it('rule: a correction of a round-1 result after round 3 shows the standings diff first; applied, history keeps both versions', async () => {
    const event = await sealed('repairs-correct-00000001', 6);
    let first: { matchId: string; playerA: { playerId: string; name: string }; playerB: { playerId: string } } | undefined;
    for (let n = 1; n <= 3; n++) {
      const round = (await pair(event.id).expect(201)).body;
      if (n === 1) first = round.pairings[0];
      for (const m of round.pairings) if (m.playerB) await result(m.matchId, { winsA: 2, winsB: 0 }).expect(200);
    }
    const before = await standings(event.id);
    const preview = (
      await org(t.http().post(`/api/matches/${first!.matchId}/result/preview`))
        .send({ winsA: 0, winsB: 2 })
        .expect(200)
    ).body;
    expect(preview).toMatchObject({
      matchId: first!.matchId,
      round: 1,
      before: { winsA: 2, winsB: 0, draws: 0 },
      after: { winsA: 0, winsB: 2, draws: 0 },
      pairedSince: [2, 3],
      topCutSeeded: false,
    });
    const changeOf = (id: string) => preview.changes.find((c: { playerId: string }) => c.playerId === id);
    expect(changeOf(first!.playerA.playerId).before.matchPoints - changeOf(first!.playerA.playerId).after.matchPoints).toBe(3);
    expect(changeOf(first!.playerB.playerId).after.matchPoints - changeOf(first!.playerB.playerId).before.matchPoints).toBe(3);
    // Nothing changed yet.
    expect(await standings(event.id)).toEqual(before);
    // The preview refuses what the result would refuse.
    await org(t.http().post(`/api/matches/${first!.matchId}/result/preview`))
      .send({ winsA: 2, winsB: 2 })
      .expect(400);

    await result(first!.matchId, { winsA: 0, winsB: 2, reason: 'Slip swapped' }).expect(200);
    const after = await standings(event.id);
    for (const c of preview.changes)
      expect(after.find((s) => s.playerId === c.playerId)).toMatchObject({ rank: c.after.rank, matchPoints: c.after.matchPoints, record: c.after.record });
    const history = (await t.http().get(`/api/matches/${first!.matchId}/history`).expect(200)).body;
    expect(history.map((h: { winsA: number; winsB: number }) => `${h.winsA}-${h.winsB}`)).toEqual(['2-0', '0-2']);
  });
});
