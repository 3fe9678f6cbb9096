import { registerPlayers, type TestPlayer } from '../utils/events';
import { firstStoreId, insertStaff, insertStore, type TestStaff } from '../utils/staff';
import { createTestApp, type TestApp } from '../utils/test-app';

type Pairing = { matchId: string; table: number; playerA: { playerId: string; name: string }; playerB: { playerId: string; name: string } | null };
/** An audit entry as GET /api/events/:id/audit gives it (the fields this flow reads). */
type AuditEntry = { action: string; actor: { name: string; role: string | null }; reason: string | null };

/** A store's staff of the night, each with their own API token. */
interface Store {
  id: string;
  name: string;
  owner: TestStaff;
  scorekeeper: TestStaff;
  judge: TestStaff;
}

/**
 * The stores flow: two stores on one server, each with its own staff (owner, scorekeeper, judge,
 * signed in with API tokens), run a sealed event at the same time — registration, start, pairings,
 * results. Store B's staff cannot touch store A's event nor read its private data (the public pages
 * stay public). Store A's scorekeeper corrects a result with a reason, its judge gives a penalty,
 * and the event's audit trail names both.
 */
describe('two stores on one server, each running its event with its own staff', () => {
  let t: TestApp;
  let a: Store;
  let b: Store;

  const staffOf = async (storeId: string, name: string): Promise<Store> => ({
    id: storeId,
    name,
    owner: await insertStaff(t, storeId, 'owner', `${name} Owner`),
    scorekeeper: await insertStaff(t, storeId, 'scorekeeper', `${name} Scorekeeper`),
    judge: await insertStaff(t, storeId, 'judge', `${name} Judge`),
  });

  beforeAll(async () => {
    t = await createTestApp();
    a = await staffOf(await firstStoreId(t), 'Alpha');
    b = await staffOf(await insertStore(t, 'Beta Games'), 'Beta');
  });
  afterAll(() => t.close());

  /** The night of one store, up to round 1 with results: the owner creates, the scorekeeper runs it. */
  async function runNight(store: Store, seed: string) {
    const created = await t
      .http()
      .post('/api/events')
      .set('authorization', store.owner.auth)
      .send({ name: `${store.name} sealed`, game: 'wow-tcg', format: 'sealed', packs: ['HOA'], seed })
      .expect(201);
    const event = created.body as { id: string; storeId: string };
    expect(event.storeId).toBe(store.id);
    const players: TestPlayer[] = await registerPlayers(t, event.id, 4);
    await t.http().post(`/api/events/${event.id}/start`).set('authorization', store.scorekeeper.auth).expect(200);
    const round = await t.http().post(`/api/events/${event.id}/rounds`).set('authorization', store.scorekeeper.auth).send({ force: true }).expect(201);
    const pairings = round.body.pairings as Pairing[];
    for (const p of pairings)
      if (p.playerB) await t.http().put(`/api/matches/${p.matchId}/result`).set('authorization', store.scorekeeper.auth).send({ winsA: 2, winsB: 1 }).expect(200);
    return { eventId: event.id, players, pairings };
  }

  it('both nights run at once; store B cannot touch store A’s event; corrections and penalties are audited by name', async () => {
    const [nightA, nightB] = await Promise.all([runNight(a, 'two-stores-alpha-seed-01'), runNight(b, 'two-stores-beta-seed-001')]);
    const matchA = nightA.pairings.find((p) => p.playerB !== null)!;
    const matchB = nightB.pairings.find((p) => p.playerB !== null)!;

    // Each store's staff list only their own event's players.
    await t.http().get(`/api/events/${nightA.eventId}/players`).set('authorization', a.judge.auth).expect(200);
    await t.http().get(`/api/events/${nightB.eventId}/players`).set('authorization', b.judge.auth).expect(200);

    // Store B's staff, whatever their role, cannot change store A's event…
    const refusals: [TestStaff, 'get' | 'post' | 'put', string, object?][] = [
      [b.owner, 'put', `/api/matches/${matchA.matchId}/result`, { winsA: 0, winsB: 2 }],
      [b.scorekeeper, 'put', `/api/matches/${matchA.matchId}/result`, { winsA: 0, winsB: 2 }],
      [b.judge, 'post', `/api/matches/${matchA.matchId}/penalties`, { playerId: matchA.playerA.playerId, kind: 'warning', reason: 'Slow play' }],
      [b.scorekeeper, 'post', `/api/events/${nightA.eventId}/rounds`, { force: true }],
      [b.owner, 'post', `/api/events/${nightA.eventId}/players/${nightA.players[0].playerId}/drop`, {}],
      // …nor read its private data: players with their tokens' state, decks, penalties, the archive, the audit trail.
      [b.owner, 'get', `/api/events/${nightA.eventId}/players`],
      [b.owner, 'get', `/api/events/${nightA.eventId}/decks`],
      [b.judge, 'get', `/api/events/${nightA.eventId}/penalties`],
      [b.owner, 'get', `/api/events/${nightA.eventId}/archive`],
      [b.owner, 'get', `/api/events/${nightA.eventId}/audit`],
    ];
    for (const [staff, method, path, body] of refusals) {
      const req = t.http()[method](path).set('authorization', staff.auth);
      const res = body ? await req.send(body) : await req;
      expect({ path, method, status: res.status, rule: res.body?.details?.[0]?.rule }).toEqual({ path, method, status: 403, rule: 'store' });
    }
    // The public pages stay public, for them as for anyone.
    await t.http().get(`/api/events/${nightA.eventId}/standings`).set('authorization', b.owner.auth).expect(200);
    await t.http().get(`/api/events/${nightA.eventId}/rounds/1`).expect(200);

    // Inside store A, each role to its own work: the judge does not pair, the scorekeeper gives no penalty.
    expect((await t.http().post(`/api/events/${nightA.eventId}/rounds`).set('authorization', a.judge.auth).send({ force: true }).expect(403)).body.details[0].rule).toBe('role');
    await t
      .http()
      .post(`/api/matches/${matchA.matchId}/penalties`)
      .set('authorization', a.scorekeeper.auth)
      .send({ playerId: matchA.playerA.playerId, kind: 'warning', reason: 'x' })
      .expect(403);

    // Store A's scorekeeper corrects a result, with a reason; store A's judge gives a penalty.
    const corrected = await t
      .http()
      .put(`/api/matches/${matchA.matchId}/result`)
      .set('authorization', a.scorekeeper.auth)
      .send({ winsA: 1, winsB: 2, reason: 'Slip swapped: the players confirmed 1-2' })
      .expect(200);
    expect(corrected.body.result).toMatchObject({ winsA: 1, winsB: 2 });
    await t
      .http()
      .post(`/api/matches/${matchA.matchId}/penalties`)
      .set('authorization', a.judge.auth)
      .send({ playerId: matchA.playerA.playerId, kind: 'warning', reason: 'Marked cards (sleeves)' })
      .expect(201);
    // Store B's night went on untouched by all this.
    const roundB = (await t.http().get(`/api/events/${nightB.eventId}/rounds/1`).expect(200)).body as { pairings: (Pairing & { result: { winsA: number } | null })[] };
    expect(roundB.pairings.find((p) => p.matchId === matchB.matchId)?.result).toMatchObject({ winsA: 2, winsB: 1 });

    // The audit trail of store A's event names the scorekeeper and the judge, with the reasons.
    const audit = await t.http().get(`/api/events/${nightA.eventId}/audit`).set('authorization', a.owner.auth).expect(200);
    const entries = audit.body.items as AuditEntry[];
    const actorOf = (e: AuditEntry) => e.actor.name;
    const correction = entries.find((e) => e.action === 'result.corrected');
    const penalty = entries.find((e) => e.action === 'penalty.given');
    expect(correction?.actor).toMatchObject({ name: a.scorekeeper.name, role: 'scorekeeper' });
    expect(correction?.reason).toBe('Slip swapped: the players confirmed 1-2');
    expect(penalty?.actor).toMatchObject({ name: a.judge.name, role: 'judge' });
    expect(penalty?.reason).toBe('Marked cards (sleeves)');
    // Store B's audit trail has none of store A's staff.
    const auditB = await t.http().get(`/api/events/${nightB.eventId}/audit`).set('authorization', b.owner.auth).expect(200);
    const entriesB = auditB.body.items as AuditEntry[];
    expect(entriesB.some((e) => [a.scorekeeper.name, a.judge.name].includes(actorOf(e)))).toBe(false);
  });
});
