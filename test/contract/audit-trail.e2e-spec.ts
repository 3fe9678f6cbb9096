import { randomBytes, randomUUID } from 'node:crypto';
import { hashPlayerToken } from '../../src/common/auth/player-token';
import { createEvent, registerPlayers, type TestPlayer } from '../utils/events';
import { createTestApp, type TestApp } from '../utils/test-app';

interface Entry {
  id: string;
  at: string;
  action: string;
  actor: { kind: string; name: string; role: string | null; accountId: string | null; playerId: string | null };
  matchId: string | null;
  subject: Record<string, unknown>;
  before: unknown;
  after: unknown;
  reason: string | null;
}

/** A staff member of `storeId` with an API token, written straight into the tables (accounts have no routes on this branch). */
async function staffMember(t: TestApp, storeId: string, name: string, role: string): Promise<{ accountId: string; auth: string }> {
  const accountId = randomUUID();
  const token = `pdm.${randomBytes(24).toString('base64url')}`;
  const now = new Date();
  await t.prisma
    .$executeRaw`INSERT INTO account (id, username, name, password_hash, server_owner, created_at) VALUES (${accountId}::uuid, ${name.toLowerCase().replace(/\W+/g, '-')}, ${name}, 'not-a-hash', false, ${now})`;
  await t.prisma.$executeRaw`INSERT INTO staff_role (store_id, account_id, role, created_at) VALUES (${storeId}::uuid, ${accountId}::uuid, ${role}, ${now})`;
  await t.prisma
    .$executeRaw`INSERT INTO api_token (id, account_id, name, token_hash, created_at) VALUES (${randomUUID()}::uuid, ${accountId}::uuid, 'test', ${hashPlayerToken(token)}, ${now})`;
  return { accountId, auth: `Bearer ${token}` };
}

/**
 * The audit trail (issue "Staff accounts, stores and an audit trail"): every change of an event is
 * recorded with who made it — the staff member (account name and role), the player, or the
 * system — in the transaction of the change; GET /api/events/:id/audit lists it for the event's
 * staff, the staff export and the event archive carry it.
 */
describe('audit trail: GET /api/events/:id/audit', () => {
  let t: TestApp;
  let event: { id: string; storeId: string };
  let players: TestPlayer[];
  let scorekeeper: { accountId: string; auth: string };
  let judge: { accountId: string; auth: string };
  let matches: { matchId: string; playerA: { playerId: string }; playerB: { playerId: string } | null }[];
  const audit = async (query = '', auth = t.organizer): Promise<{ items: Entry[]; nextCursor: string | null }> =>
    (await t.http().get(`/api/events/${event.id}/audit${query}`).set('authorization', auth).expect(200)).body;

  beforeAll(async () => {
    t = await createTestApp();
    event = (await createEvent(t, { name: 'Audited Sealed', game: 'wow-tcg', format: 'sealed', packs: ['HOA'], seed: 'audit-trail-seed-000001' })) as never;
    scorekeeper = await staffMember(t, event.storeId, 'Sam Scorekeeper', 'scorekeeper');
    judge = await staffMember(t, event.storeId, 'Judy Judge', 'judge');
    players = await registerPlayers(t, event.id, 4);
    await t.http().post(`/api/events/${event.id}/players/${players[0].playerId}/check-in`).set('authorization', players[0].auth).send({}).expect(200);
    await t.http().patch(`/api/events/${event.id}`).set('authorization', t.organizer).send({ name: 'Audited Sealed Night' }).expect(200);
    await t.http().post(`/api/events/${event.id}/start`).set('authorization', scorekeeper.auth).send({}).expect(200);
    const s = (await t.http().get(`/api/events/${event.id}/deck/suggestion`).set('authorization', players[0].auth).expect(200)).body;
    await t.http().put(`/api/events/${event.id}/deck`).set('authorization', players[0].auth).send({ hero: s.hero, main: s.main }).expect(200);
    await t.http().post(`/api/events/${event.id}/players/${players[1].playerId}/deck/suggestion`).set('authorization', scorekeeper.auth).expect(200);
    const round = (await t.http().post(`/api/events/${event.id}/rounds`).set('authorization', scorekeeper.auth).send({ force: true }).expect(201)).body;
    matches = round.pairings;
  });
  afterAll(() => t.close());

  it('names the actor of each kind of change: the server token as "Organizer token", staff by account and role, players by name', async () => {
    const { items } = await audit('?limit=200');
    // The oldest entry of each action (the list is newest first).
    const first = (action: string) => [...items].reverse().find((e) => e.action === action)!;
    expect(first('event.created').actor).toEqual({ kind: 'staff', name: 'Organizer token', role: 'owner', accountId: null, playerId: null });
    expect(first('event.edited')).toMatchObject({ before: { name: 'Audited Sealed' }, after: { name: 'Audited Sealed Night' } });
    expect(first('player.registered').actor).toMatchObject({ kind: 'player', name: players[0].name, playerId: players[0].playerId });
    expect(first('player.checkedIn').actor).toMatchObject({ kind: 'player', playerId: players[0].playerId });
    for (const action of ['event.started', 'deck.registeredByStaff', 'round.paired']) {
      expect([action, first(action).actor]).toEqual([action, { kind: 'staff', name: 'Sam Scorekeeper', role: 'scorekeeper', accountId: scorekeeper.accountId, playerId: null }]);
    }
    expect(first('event.started')).toMatchObject({ before: { state: 'registration' }, after: { state: 'building' } });
    expect(first('deck.submitted').actor).toMatchObject({ kind: 'player', playerId: players[0].playerId });
    // Newest first.
    expect(items.map((e) => e.at)).toEqual([...items.map((e) => e.at)].sort().reverse());
  });

  it('records the round clock and a table extension with the judge who gave it', async () => {
    const open = matches.find((m) => m.playerB && m !== matches[0])!;
    await t.http().post(`/api/events/${event.id}/rounds/1/pause`).set('authorization', judge.auth).send({}).expect(200);
    await t.http().post(`/api/events/${event.id}/rounds/1/resume`).set('authorization', judge.auth).send({}).expect(200);
    await t.http().put(`/api/matches/${open.matchId}/extension`).set('authorization', judge.auth).send({ extraMinutes: 5 }).expect(200);
    const clock = (await audit('?action=round')).items.filter((e) => e.action.startsWith('round.clock')).map((e) => [e.action, e.actor.name, e.actor.role]);
    expect(clock).toEqual([
      ['round.clockResumed', 'Judy Judge', 'judge'],
      ['round.clockPaused', 'Judy Judge', 'judge'],
    ]);
    const [extended] = (await audit(`?matchId=${open.matchId}&action=table.extended`)).items;
    expect(extended).toMatchObject({ actor: { name: 'Judy Judge', role: 'judge' }, after: { extraMinutes: 5 } });
  });

  it('CORRECTION_NEEDS_REASON: a result entered needs none; changing it needs a reason, stored in the trail and the public history with the staff member', async () => {
    const match = matches.find((m) => m.playerB)!;
    const put = (body: object, auth = scorekeeper.auth) => t.http().put(`/api/matches/${match.matchId}/result`).set('authorization', auth).send(body);
    await put({ winsA: 2, winsB: 0 }).expect(200);
    const refused = await put({ winsA: 0, winsB: 2 }).expect(400);
    expect(refused.body).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: 'reason', rule: 'required' }] });
    await put({ winsA: 0, winsB: 2, reason: '   ' }).expect(400);
    // The same result again is no change: no reason needed, nothing recorded.
    await put({ winsA: 2, winsB: 0 }).expect(200);
    await put({ winsA: 0, winsB: 2, reason: 'Slip filled in the wrong way round' }, judge.auth).expect(200);

    const results = (await audit(`?matchId=${match.matchId}&action=result`)).items;
    expect(results.map((e) => [e.action, e.actor.name, e.actor.role, e.before, e.after, e.reason])).toEqual([
      ['result.corrected', 'Judy Judge', 'judge', { winsA: 2, winsB: 0, draws: 0 }, { winsA: 0, winsB: 2, draws: 0 }, 'Slip filled in the wrong way round'],
      ['result.entered', 'Sam Scorekeeper', 'scorekeeper', null, { winsA: 2, winsB: 0, draws: 0 }, null],
    ]);
    expect(results[0].subject).toMatchObject({ round: 1, table: expect.any(Number), playerA: expect.any(String), playerB: expect.any(String) });
    const history = (await t.http().get(`/api/matches/${match.matchId}/history`).set('authorization', t.organizer).expect(200)).body;
    expect(history.map((h: { source: string; by: unknown; reason: unknown }) => [h.source, h.by, h.reason])).toEqual([
      ['organizer', { name: 'Sam Scorekeeper', role: 'scorekeeper' }, null],
      ['organizer', { name: 'Judy Judge', role: 'judge' }, 'Slip filled in the wrong way round'],
    ]);
    // STAFF_NAMES_NOT_PUBLIC: anyone else sees the role and the reason, not the staff member's name.
    const publicHistory = (await t.http().get(`/api/matches/${match.matchId}/history`).expect(200)).body;
    expect(publicHistory.map((h: { by: unknown; reason: unknown }) => [h.by, h.reason])).toEqual([
      [{ name: null, role: 'scorekeeper' }, null],
      [{ name: null, role: 'judge' }, 'Slip filled in the wrong way round'],
    ]);
  });

  it('records players’ reports, penalties given and revoked, and a player’s own drop', async () => {
    const match = matches.filter((m) => m.playerB)[1];
    const a = players.find((p) => p.playerId === match.playerA.playerId)!;
    const b = players.find((p) => p.playerId === match.playerB!.playerId)!;
    const penalty = (
      await t
        .http()
        .post(`/api/matches/${match.matchId}/penalties`)
        .set('authorization', judge.auth)
        .send({ playerId: a.playerId, kind: 'warning', reason: 'Slow play' })
        .expect(201)
    ).body;
    await t.http().delete(`/api/events/${event.id}/penalties/${penalty.penaltyId}`).set('authorization', judge.auth).expect(204);
    await t.http().post(`/api/matches/${match.matchId}/report`).set('authorization', a.auth).send({ winsA: 2, winsB: 1 }).expect(200);
    await t.http().post(`/api/matches/${match.matchId}/report`).set('authorization', b.auth).send({ winsA: 2, winsB: 1 }).expect(200);
    await t.http().post(`/api/events/${event.id}/drop`).set('authorization', b.auth).expect(200);

    const items = (await audit(`?matchId=${match.matchId}`)).items;
    expect(items.map((e) => [e.action, e.actor.kind, e.actor.name])).toEqual([
      ['result.confirmed', 'player', b.name],
      ['result.reported', 'player', b.name],
      ['result.reported', 'player', a.name],
      ['penalty.revoked', 'staff', 'Judy Judge'],
      ['penalty.given', 'staff', 'Judy Judge'],
      ['table.extended', 'staff', 'Judy Judge'], // the extension test, earlier, used this match
    ]);
    expect(items.find((e) => e.action === 'penalty.given')).toMatchObject({ reason: 'Slow play', after: { kind: 'warning' }, subject: { name: a.name } });
    const dropped = (await audit('?action=player.dropped')).items;
    expect(dropped).toHaveLength(1);
    expect(dropped[0]).toMatchObject({ actor: { kind: 'player', playerId: b.playerId }, after: { droppedAfterRound: 1 } });
  });

  it('pages newest first with a cursor and filters by action prefix', async () => {
    const all = (await audit('?limit=200')).items;
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { items: Entry[]; nextCursor: string | null } = await audit(`?limit=4${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.items.length).toBeLessThanOrEqual(4);
      seen.push(...page.items.map((e) => e.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all.map((e) => e.id));
    expect((await audit('?action=player')).items.every((e) => e.action.startsWith('player.'))).toBe(true);
    expect((await t.http().get(`/api/events/${event.id}/audit?cursor=nope`).set('authorization', t.organizer).expect(400)).body.details[0].field).toBe('cursor');
  });

  it('is written in the transaction of the change: a change that fails after its entry was written leaves neither', async () => {
    const match = matches.filter((m) => m.playerB)[0];
    // Fail the correction's commit after every statement ran (a deferred check of its history row).
    await t.prisma.$executeRawUnsafe(`CREATE FUNCTION audit_test_refuse() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
      IF NEW.reason = 'refused at commit' THEN RAISE EXCEPTION 'refused at commit'; END IF; RETURN NULL; END $$`);
    await t.prisma.$executeRawUnsafe(
      `CREATE CONSTRAINT TRIGGER audit_test_refuse AFTER INSERT ON result_change DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION audit_test_refuse()`,
    );
    try {
      const before = (await audit('?limit=200')).items.length;
      const res = await t.http().put(`/api/matches/${match.matchId}/result`).set('authorization', scorekeeper.auth).send({ winsA: 1, winsB: 2, reason: 'refused at commit' });
      expect(res.status).toBeGreaterThanOrEqual(500);
      expect((await audit('?limit=200')).items.length).toBe(before);
      expect(await t.prisma.match.findUniqueOrThrow({ where: { id: match.matchId } })).toMatchObject({ winsA: 0, winsB: 2 });
    } finally {
      await t.prisma.$executeRawUnsafe('DROP TRIGGER audit_test_refuse ON result_change');
      await t.prisma.$executeRawUnsafe('DROP FUNCTION audit_test_refuse()');
    }
  });

  it('is the staff’s only: 401 without a credential, 403 for a player and for staff of another store', async () => {
    await t.http().get(`/api/events/${event.id}/audit`).expect(401);
    await t
      .http()
      .get(`/api/events/${event.id}/audit`)
      .set('authorization', players[0].auth)
      .expect((res) => expect([401, 403]).toContain(res.status));
    const otherStore = randomUUID();
    await t.prisma.$executeRaw`INSERT INTO store (id, name, created_at) VALUES (${otherStore}::uuid, 'Other store', ${new Date()})`;
    const stranger = await staffMember(t, otherStore, 'Olga Owner', 'owner');
    const refused = await t.http().get(`/api/events/${event.id}/audit`).set('authorization', stranger.auth).expect(403);
    expect(refused.body.code).toBe('FORBIDDEN');
    // Every role of the event's store sees it.
    await audit('', judge.auth);
  });

  it('goes into the staff’s event export and the event archive, never the public export', async () => {
    await t.http().post(`/api/events/${event.id}/complete`).set('authorization', t.organizer).expect(200);
    const staffExport = (await t.http().get(`/api/events/${event.id}/export`).set('authorization', t.organizer).expect(200)).body;
    const trail = (await audit('?limit=200')).items;
    expect(staffExport.audit.map((e: Entry) => e.id)).toEqual(trail.map((e) => e.id).reverse());
    expect(staffExport.audit.at(-1)).toMatchObject({ action: 'event.completed', actor: { name: 'Organizer token' } });
    const publicExport = (await t.http().get(`/api/events/${event.id}/export`).expect(200)).body;
    expect(publicExport.audit).toBeUndefined();
    const archive = (await t.http().get(`/api/events/${event.id}/archive`).set('authorization', t.organizer).expect(200)).body;
    expect(archive.tables.audit_entry.rows).toHaveLength(trail.length);
  });
});
