import { registerPlayers } from '../utils/events';
import { firstStoreId, insertStaff, insertStore, type TestStaff } from '../utils/staff';
import { createTestApp, type TestApp } from '../utils/test-app';

type League = { id: string; storeId: string; members: { storeId: string; name: string }[]; events: { eventId: string }[] };

describe('league member stores: a regional season takes in events of member stores; their private data stays walled', () => {
  let t: TestApp;
  let storeA: string;
  let storeB: string;
  let storeC: string;
  let ownerA: TestStaff;
  let organizerB: TestStaff;
  let organizerC: TestStaff;
  beforeAll(async () => {
    t = await createTestApp();
    storeA = await firstStoreId(t);
    storeB = await insertStore(t, 'Bravo Games');
    storeC = await insertStore(t, 'Charlie Cards');
    ownerA = await insertStaff(t, storeA, 'owner', 'Anna');
    organizerB = await insertStaff(t, storeB, 'organizer', 'Boris');
    organizerC = await insertStaff(t, storeC, 'organizer', 'Clara');
  });
  afterAll(() => t.close());

  const league = async (): Promise<League> =>
    (
      await t
        .http()
        .post('/api/leagues')
        .set('authorization', ownerA.auth)
        .send({ name: 'Regional', game: 'wow-tcg', seasonStart: '2026-11-01', seasonEnd: '2027-02-28', scoring: { mode: 'match-points' } })
        .expect(201)
    ).body;
  const eventOf = async (staff: TestStaff, name: string) => {
    const res = await t
      .http()
      .post('/api/events')
      .set('authorization', staff.auth)
      .send({ name, game: 'wow-tcg', format: 'sealed', packs: ['HOA'] })
      .expect(201);
    return res.body as { id: string; storeId: string };
  };

  it('PUT members (the league’s store, league.manage) sets the member stores; GET shows them; other stores’ staff are refused', async () => {
    const l = await league();
    expect(l).toMatchObject({ storeId: storeA, members: [] });
    const set = await t
      .http()
      .put(`/api/leagues/${l.id}/members`)
      .set('authorization', ownerA.auth)
      .send({ storeIds: [storeC, storeB] })
      .expect(200);
    expect(set.body.members).toEqual([
      { storeId: storeB, name: 'Bravo Games' },
      { storeId: storeC, name: 'Charlie Cards' },
    ]);
    expect((await t.http().get(`/api/leagues/${l.id}`).expect(200)).body.members).toHaveLength(2);
    // A member store's staff do not manage the league.
    const refused = await t.http().put(`/api/leagues/${l.id}/members`).set('authorization', organizerB.auth).send({ storeIds: [] }).expect(403);
    expect(refused.body.details[0]).toMatchObject({ rule: 'store' });
    await t.http().put(`/api/leagues/${l.id}/members`).send({ storeIds: [] }).expect(401);
    // Validation: its own store, twice the same, an unknown store, not a list.
    const own = await t
      .http()
      .put(`/api/leagues/${l.id}/members`)
      .set('authorization', ownerA.auth)
      .send({ storeIds: [storeA] })
      .expect(400);
    expect(own.body.details[0]).toMatchObject({ field: 'storeIds', rule: 'notOwnStore' });
    const twice = await t
      .http()
      .put(`/api/leagues/${l.id}/members`)
      .set('authorization', ownerA.auth)
      .send({ storeIds: [storeB, storeB] })
      .expect(400);
    expect(twice.body.details[0]).toMatchObject({ rule: 'unique' });
    const unknown = await t
      .http()
      .put(`/api/leagues/${l.id}/members`)
      .set('authorization', ownerA.auth)
      .send({ storeIds: ['00000000-0000-4000-8000-00000000000b'] })
      .expect(404);
    expect(unknown.body).toMatchObject({ code: 'STORE_NOT_FOUND' });
    await t.http().put(`/api/leagues/${l.id}/members`).set('authorization', ownerA.auth).send({ storeIds: 'x' }).expect(400);
    // Nothing half-written: the set is still the one stored before.
    expect((await t.http().get(`/api/leagues/${l.id}`).expect(200)).body.members).toHaveLength(2);
    const cleared = await t.http().put(`/api/leagues/${l.id}/members`).set('authorization', ownerA.auth).send({ storeIds: [] }).expect(200);
    expect(cleared.body.members).toEqual([]);
  });

  it('MEMBER_STORE_EVENTS: POST events takes the league store’s and member stores’ events, 403 memberStore for others; standings public; members’ private routes walled', async () => {
    const l = await league();
    await t
      .http()
      .put(`/api/leagues/${l.id}/members`)
      .set('authorization', ownerA.auth)
      .send({ storeIds: [storeB] })
      .expect(200);
    const own = await eventOf(ownerA, 'Home night');
    const member = await eventOf(organizerB, 'Member night');
    const stranger = await eventOf(organizerC, 'Other night');
    expect(member.storeId).toBe(storeB);
    for (const e of [own, member]) await t.http().post(`/api/leagues/${l.id}/events`).set('authorization', ownerA.auth).send({ eventId: e.id }).expect(200);
    const refused = await t.http().post(`/api/leagues/${l.id}/events`).set('authorization', ownerA.auth).send({ eventId: stranger.id }).expect(403);
    expect(refused.body).toMatchObject({ code: 'FORBIDDEN', details: [{ field: 'eventId', rule: 'memberStore' }] });
    const got = (await t.http().get(`/api/leagues/${l.id}`).expect(200)).body as League;
    expect(got.events.map((e) => e.eventId).sort()).toEqual([own.id, member.id].sort());

    // The member store's event is played; the league's standings (public) count it.
    const players = await registerPlayers(t, member.id, 4);
    await t.http().post(`/api/events/${member.id}/start`).set('authorization', organizerB.auth).expect(200);
    const round = (await t.http().post(`/api/events/${member.id}/rounds`).set('authorization', organizerB.auth).send({ force: true }).expect(201)).body;
    for (const p of round.pairings as { matchId: string; playerB: unknown }[])
      if (p.playerB) await t.http().put(`/api/matches/${p.matchId}/result`).set('authorization', organizerB.auth).send({ winsA: 2, winsB: 0 }).expect(200);
    const standings = (await t.http().get(`/api/leagues/${l.id}/standings`).expect(200)).body as { profileId: string }[];
    expect(standings).toHaveLength(players.length);

    // The league's store sees no more of the member's event than anyone: its private routes stay walled.
    for (const path of [`/api/events/${member.id}/players`, `/api/events/${member.id}/decks`, `/api/events/${member.id}/penalties`, `/api/events/${member.id}/archive`]) {
      const res = await t.http().get(path).set('authorization', ownerA.auth).expect(403);
      expect(res.body.details[0]).toMatchObject({ rule: 'store' });
    }
    await t.http().put(`/api/matches/${round.pairings[0].matchId}/result`).set('authorization', ownerA.auth).send({ winsA: 0, winsB: 2 }).expect(403);
    // And the member store does not reach into the league's store either.
    await t.http().get(`/api/events/${own.id}/players`).set('authorization', organizerB.auth).expect(403);
  });
});
