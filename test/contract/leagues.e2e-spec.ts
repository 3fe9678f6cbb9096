import { createTestApp, type TestApp } from '../utils/test-app';
import { createEvent, start } from '../utils/events';

type Pairing = { matchId: string; table: number; playerB: unknown };

describe('leagues: standings by player profile across a season', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** A sealed event of 4 members who play 2 Swiss rounds (player A of each pairing wins 2-0). */
  async function playedEvent(seed: string, members: string[]) {
    const event = await createEvent(t, { name: `Event ${seed}`, game: 'wow-tcg', format: 'sealed', packs: ['HOA'], seed });
    for (const m of members)
      await t
        .http()
        .post(`/api/events/${event.id}/players`)
        .send({ name: `Player ${m}`, memberNumber: m })
        .expect(201);
    await start(t, event.id);
    for (let round = 1; round <= 2; round++) {
      const r = (await t.http().post(`/api/events/${event.id}/rounds`).set('authorization', t.organizer).send({ force: true }).expect(201)).body;
      for (const p of r.pairings as Pairing[])
        if (p.playerB) await t.http().put(`/api/matches/${p.matchId}/result`).set('authorization', t.organizer).send({ winsA: 2, winsB: 0 }).expect(200);
    }
    return event.id;
  }

  it('two events, match-points scoring with participation points; CSV; a player’s history', async () => {
    const e1 = await playedEvent('league-event-one-0001', ['M1', 'M2', 'M3', 'M4']);
    const e2 = await playedEvent('league-event-two-0001', ['M1', 'M2', 'M3', 'M4']);
    const league = (
      await t
        .http()
        .post('/api/leagues')
        .set('authorization', t.organizer)
        .send({ name: 'Winter', game: 'wow-tcg', seasonStart: '2026-11-01', seasonEnd: '2027-02-28', scoring: { mode: 'match-points', participationPoints: 1 } })
        .expect(201)
    ).body;
    for (const e of [e1, e2]) await t.http().post(`/api/leagues/${league.id}/events`).set('authorization', t.organizer).send({ eventId: e }).expect(200);
    const standings = (await t.http().get(`/api/leagues/${league.id}/standings`).expect(200)).body as {
      profileId: string;
      points: number;
      events: number;
      matchPoints: number;
      rank: number;
    }[];
    expect(standings).toHaveLength(4);
    expect(standings.every((s) => s.events === 2)).toBe(true);
    // 2 events × 2 rounds × 2 decided matches × 3 points, plus 1 participation point × 4 players × 2 events.
    expect(standings.reduce((n, s) => n + s.points, 0)).toBe(2 * 2 * 2 * 3 + 8);
    expect(standings.map((s) => s.rank)).toEqual([1, 2, 3, 4]);
    const csv = await t.http().get(`/api/leagues/${league.id}/standings?format=csv`).expect(200);
    expect(csv.text.split('\r\n')[0]).toBe('rank,player,points,events,match points,OMW%');
    const history = (await t.http().get(`/api/leagues/${league.id}/players/${standings[0].profileId}`).expect(200)).body;
    expect(history.events).toHaveLength(2);
  });

  it('only events of the league’s game within the season', async () => {
    const league = (
      await t
        .http()
        .post('/api/leagues')
        .set('authorization', t.organizer)
        .send({ name: 'Past', game: 'wow-tcg', seasonStart: '2025-01-01', seasonEnd: '2025-03-31', scoring: { mode: 'placing', placingPoints: [5, 3, 1] } })
        .expect(201)
    ).body;
    const event = await createEvent(t, { name: 'Now', game: 'wow-tcg', format: 'sealed', packs: ['HOA'] });
    const res = await t.http().post(`/api/leagues/${league.id}/events`).set('authorization', t.organizer).send({ eventId: event.id }).expect(400);
    expect(res.body.details[0].rule).toBe('inSeason');
    const bad = await t
      .http()
      .post('/api/leagues')
      .set('authorization', t.organizer)
      .send({ name: 'x', game: 'wow-tcg', seasonStart: '2026-02-30', seasonEnd: '2026-01-01', scoring: { mode: 'points' } })
      .expect(400);
    expect(bad.body.details.map((d: { field: string }) => d.field)).toEqual(expect.arrayContaining(['seasonStart', 'scoring.mode']));
  });

  it('a cancelled event gives nobody league points: adding it is a 409', async () => {
    const league = (
      await t
        .http()
        .post('/api/leagues')
        .set('authorization', t.organizer)
        .send({ name: 'Cancelled', game: 'wow-tcg', seasonStart: '2026-01-01', seasonEnd: '2027-12-31', scoring: { mode: 'match-points', participationPoints: 1 } })
        .expect(201)
    ).body;
    const event = await createEvent(t, { name: 'Rained off', game: 'wow-tcg', format: 'sealed', packs: ['HOA'] });
    await t.http().post(`/api/events/${event.id}/players`).send({ name: 'Wendy' }).expect(201);
    await t.http().delete(`/api/events/${event.id}`).set('authorization', t.organizer).send({}).expect(200);
    const res = await t.http().post(`/api/leagues/${league.id}/events`).set('authorization', t.organizer).send({ eventId: event.id }).expect(409);
    expect(res.body).toMatchObject({ code: 'EVENT_STATE_CONFLICT', details: [{ field: 'eventId', rule: 'notCancelled' }] });
    expect((await t.http().get(`/api/leagues/${league.id}/standings`).expect(200)).body).toEqual([]);
  });

  it('merging two profiles of one person joins their league results; two people of one event cannot be merged', async () => {
    const e1 = await playedEvent('league-merge-event-001', ['A1', 'B1', 'C1', 'D1']);
    const e2 = await playedEvent('league-merge-event-002', ['A1-NEW', 'B1', 'C1', 'D1']);
    const league = (
      await t
        .http()
        .post('/api/leagues')
        .set('authorization', t.organizer)
        .send({ name: 'Merge', game: 'wow-tcg', seasonStart: '2026-01-01', seasonEnd: '2026-12-31', scoring: { mode: 'match-points' } })
        .expect(201)
    ).body;
    for (const e of [e1, e2]) await t.http().post(`/api/leagues/${league.id}/events`).set('authorization', t.organizer).send({ eventId: e }).expect(200);
    expect((await t.http().get(`/api/leagues/${league.id}/standings`).expect(200)).body).toHaveLength(5);
    const profile = async (member: string) => (await t.prisma.playerProfile.findUniqueOrThrow({ where: { memberNumber: member } })).id;
    const [old, fresh, other] = [await profile('A1'), await profile('A1-NEW'), await profile('B1')];
    const clash = await t.http().post(`/api/profiles/${old}/merge`).set('authorization', t.organizer).send({ into: other }).expect(409);
    expect(clash.body.code).toBe('ALREADY_REGISTERED');
    await t.http().post(`/api/profiles/${fresh}/merge`).set('authorization', t.organizer).send({ into: old }).expect(200);
    const after = (await t.http().get(`/api/leagues/${league.id}/standings`).expect(200)).body as { profileId: string; events: number }[];
    expect(after).toHaveLength(4);
    expect(after.find((s) => s.profileId === old)!.events).toBe(2);
  });

  it('concurrent identical merges: one merges, the others find the profile gone (404), never a 500', async () => {
    await playedEvent('league-merge-race-001', ['R1', 'R2', 'R3', 'R4']);
    await playedEvent('league-merge-race-002', ['R1-NEW', 'R5', 'R6', 'R7']);
    const profile = async (member: string) => (await t.prisma.playerProfile.findUniqueOrThrow({ where: { memberNumber: member } })).id;
    const [from, into] = [await profile('R1-NEW'), await profile('R1')];
    const answers = await Promise.all(Array.from({ length: 10 }, () => t.http().post(`/api/profiles/${from}/merge`).set('authorization', t.organizer).send({ into })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array(9).fill(404)]);
    for (const a of answers.filter((x) => x.status === 404)) expect(a.body).toMatchObject({ code: 'PLAYER_NOT_FOUND' });
    expect(await t.prisma.eventPlayer.count({ where: { profileId: into } })).toBe(2);
  });

  it('the same event added to a league by concurrent requests: every answer 200, the event once', async () => {
    const event = await playedEvent('league-add-race-0001', ['S1', 'S2', 'S3', 'S4']);
    const league = (
      await t
        .http()
        .post('/api/leagues')
        .set('authorization', t.organizer)
        .send({ name: 'Race', game: 'wow-tcg', seasonStart: '2026-01-01', seasonEnd: '2026-12-31', scoring: { mode: 'match-points' } })
        .expect(201)
    ).body;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => t.http().post(`/api/leagues/${league.id}/events`).set('authorization', t.organizer).send({ eventId: event })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(await t.prisma.leagueEvent.count({ where: { leagueId: league.id } })).toBe(1);
  });

  it('a league needs its scoring: missing or not an object is a 400 naming the field', async () => {
    for (const scoring of [undefined, [], null, 'points']) {
      const res = await t
        .http()
        .post('/api/leagues')
        .set('authorization', t.organizer)
        .send({ name: 'No scoring', game: 'wow-tcg', seasonStart: '2026-01-01', seasonEnd: '2026-12-31', scoring })
        .expect(400);
      expect(res.body.details).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'scoring' })]));
    }
  });
});
