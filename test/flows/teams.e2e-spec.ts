import { classAllows, factionAllows, talentAllows } from '../../src/decks/rules';
import { parseEventExport } from '../../src/verification/parse-event-export';
import { verifyEvent } from '../../src/verification/verify-event';
import { createTestApp, type TestApp } from '../utils/test-app';
import { createEvent, draftToTheEnd, registerPlayers, start, type TestPlayer } from '../utils/events';

type Side = { playerId: string; name: string; teamId?: string; members?: { playerId: string; name: string }[] };
type Pairing = { matchId: string; table: number; playerA: Side; playerB: Side | null; rematch: boolean; result: unknown };
type Team = { teamId: string; name: string; members: (TestPlayer & { playerId: string })[] };
type Card = { cardId: string; type: string; attributes: { faction?: string; heroClass?: string; heroTalent?: string; classes?: string[] | null; talent?: string | null } };
type Pod = { podId: string; seats: { seat: number; playerId: string | null }[] };

describe('team events (WoW TCG team play): teams, alternating seats, team decks, team Swiss', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const registerTeam = async (eventId: string, name: string, size: number): Promise<Team> => {
    const res = await t
      .http()
      .post(`/api/events/${eventId}/teams`)
      .send({ name, members: Array.from({ length: size }, (_, i) => ({ name: `${name} ${i + 1}` })) });
    if (res.status !== 201) throw new Error(`team: ${res.status} ${JSON.stringify(res.body)}`);
    return { ...res.body, members: res.body.members.map((m: TestPlayer) => ({ ...m, auth: `Bearer ${m.token}` })) };
  };
  const teamEvent = async (seed: string, extra: Record<string, unknown>) =>
    createEvent(t, { name: 'Team event', game: 'wow-tcg', format: 'draft', packs: ['HOA'], seed, pickTimeSeconds: 0, ...extra });
  const pods = async (eventId: string): Promise<Pod[]> => (await t.http().get(`/api/events/${eventId}/pods`).expect(200)).body;
  const teamOfSeat = (pod: Pod, teams: Team[]) => pod.seats.map((s) => teams.find((tm) => tm.members.some((m) => m.playerId === s.playerId))?.teamId ?? null);
  const adjacentTeammates = (owners: (string | null)[]) => owners.some((team, s) => team !== null && team === owners[(s + 1) % owners.length]);

  it('registration: a team registers with exactly the team size of members, each with a token; names are unique; solo events have no teams', async () => {
    const event = await teamEvent('team-registration-seed-01', { teamSize: 2 });
    expect(event).toMatchObject({ teamSize: 2, pooledTeamSealed: false });
    const team = await registerTeam(event.id, 'Lions', 2);
    expect(team.members).toHaveLength(2);
    expect(team.members.every((m) => typeof m.token === 'string' && m.token.length > 20)).toBe(true);
    const me = await t.http().get(`/api/events/${event.id}/me`).set('authorization', team.members[0].auth).expect(200);
    expect(me.body.playerId).toBe(team.members[0].playerId);

    const tooMany = await t
      .http()
      .post(`/api/events/${event.id}/teams`)
      .send({ name: 'Three', members: [{ name: 'a' }, { name: 'b' }, { name: 'c' }] })
      .expect(400);
    expect(tooMany.body).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: 'members', rule: 'teamSize' }] });
    const taken = await t
      .http()
      .post(`/api/events/${event.id}/teams`)
      .send({ name: 'LIONS', members: [{ name: 'a' }, { name: 'b' }] })
      .expect(409);
    expect(taken.body).toMatchObject({ code: 'ALREADY_REGISTERED', details: [{ field: 'name', rule: 'uniqueTeamName' }] });
    const spaced = await t
      .http()
      .post(`/api/events/${event.id}/teams`)
      .send({ name: '  lions   ', members: [{ name: 'a' }, { name: 'b' }] })
      .expect(409);
    expect(spaced.body.details[0]).toMatchObject({ field: 'name', rule: 'uniqueTeamName' });
    const blank = await t
      .http()
      .post(`/api/events/${event.id}/teams`)
      .send({ name: '   ', members: [{ name: 'a' }, { name: 'b' }] })
      .expect(400);
    expect(blank.body.details[0]).toMatchObject({ field: 'name' });
    const missing = await t
      .http()
      .post(`/api/events/${event.id}/teams`)
      .send({ name: 'X', members: [{ name: '' }, {}] })
      .expect(400);
    expect(missing.body.code).toBe('VALIDATION_FAILED');

    const listed = (await t.http().get(`/api/events/${event.id}/teams`).expect(200)).body;
    expect(listed).toEqual([
      { teamId: team.teamId, number: 1, name: 'Lions', members: team.members.map((m) => ({ playerId: m.playerId, name: m.name })), complete: true, droppedAfterRound: null },
    ]);

    const solo = await createEvent(t, { name: 'Solo', game: 'wow-tcg', format: 'draft', packs: ['HOA'] });
    const refused = await t
      .http()
      .post(`/api/events/${solo.id}/teams`)
      .send({ name: 'Lions', members: [{ name: 'a' }, { name: 'b' }] })
      .expect(409);
    expect(refused.body).toMatchObject({ code: 'EVENT_STATE_CONFLICT', details: [{ rule: 'teamEvent' }] });
    const pooledDraft = await t
      .http()
      .post('/api/events')
      .set('authorization', t.organizer)
      .send({ name: 'x', game: 'wow-tcg', format: 'draft', packs: ['HOA'], teamSize: 2, pooledTeamSealed: true })
      .expect(400);
    expect(pooledDraft.body.details[0]).toMatchObject({ field: 'pooledTeamSealed' });
    const badSize = await t
      .http()
      .post('/api/events')
      .set('authorization', t.organizer)
      .send({ name: 'x', game: 'wow-tcg', format: 'draft', packs: ['HOA'], teamSize: 4 })
      .expect(400);
    expect(badSize.body.details[0]).toMatchObject({ field: 'teamSize' });
  });

  it('rule: 2v2 team draft seats alternate teams (A, B, C, D, A, B, C, D) and teammates are never adjacent', async () => {
    for (const [count, seed] of [
      [4, 'team-draft-2v2-seed-0001'],
      [3, 'team-draft-2v2-seed-0002'],
      [6, 'team-draft-2v2-seed-0003'],
    ] as const) {
      const event = await teamEvent(seed, { teamSize: 2 });
      const teams: Team[] = [];
      for (let i = 1; i <= count; i++) teams.push(await registerTeam(event.id, `T${i}`, 2));
      await start(t, event.id);
      const table = await pods(event.id);
      const expectedPods = count === 6 ? [6, 6] : [count * 2];
      expect(table.map((p) => p.seats.length)).toEqual(expectedPods);
      for (const pod of table) {
        const owners = teamOfSeat(pod, teams);
        expect(owners.every((o) => o !== null)).toBe(true);
        expect(pod.seats.map((s) => (s as { teamId?: string }).teamId)).toEqual(owners); // the public seating names each seat's team
        expect(adjacentTeammates(owners)).toBe(false);
        const k = new Set(owners).size;
        owners.forEach((o, s) => expect(o).toBe(owners[(s + k) % owners.length])); // round-robin: A B C A B C
      }
      // whole teams per pod
      for (const team of teams) expect(new Set(team.members.map((m) => table.find((p) => p.seats.some((s) => s.playerId === m.playerId))!.podId)).size).toBe(1);
    }
  });

  it('rule: 3v3 team draft pods hold two teams seated A, B, A, B, A, B; a pod that cannot alternate is refused at start', async () => {
    const event = await teamEvent('team-draft-3v3-seed-0001', { teamSize: 3 });
    const teams: Team[] = [];
    for (let i = 1; i <= 3; i++) teams.push(await registerTeam(event.id, `Trio ${i}`, 3));
    const refused = await t.http().post(`/api/events/${event.id}/start`).set('authorization', t.organizer).expect(409);
    expect(refused.body).toMatchObject({ code: 'TEAM_PODS_UNBALANCED', details: [{ field: 'teams', rule: 'alternatingSeats' }] });
    expect((await t.http().get(`/api/events/${event.id}`)).body.state).toBe('registration');

    teams.push(await registerTeam(event.id, 'Trio 4', 3));
    await start(t, event.id);
    const table = await pods(event.id);
    expect(table.map((p) => p.seats.length)).toEqual([6, 6]);
    for (const pod of table) {
      const owners = teamOfSeat(pod, teams);
      expect(owners[0]).not.toBe(owners[1]);
      expect(owners).toEqual([owners[0], owners[1], owners[0], owners[1], owners[0], owners[1]]);
    }

    // bug: team Swiss paired inside the pod, so two-team pods met again every round; now across pods once a pod has no new opponent
    await draftToTheEnd(
      t,
      event.id,
      teams.flatMap((tm) => tm.members),
    );
    const met = new Set<string>();
    for (let round = 1; round <= 3; round++) {
      const r = (await t.http().post(`/api/events/${event.id}/rounds`).set('authorization', t.organizer).send({ force: true }).expect(201)).body;
      for (const p of r.pairings as Pairing[]) {
        expect(p.rematch).toBe(false);
        const key = [p.playerA.playerId, p.playerB!.playerId].sort().join();
        expect(met.has(key)).toBe(false);
        met.add(key);
        await t.http().put(`/api/matches/${p.matchId}/result`).set('authorization', t.organizer).send({ winsA: 2, winsB: 0 }).expect(200);
      }
    }
    expect(met.size).toBe(6); // all pairs of 4 teams in 3 rounds
  });

  it('with bots allowed a lone team sits between bot seats (A, bot, A, bot)', async () => {
    const event = await teamEvent('team-draft-bots-seed-001', { teamSize: 2, fillWithBots: true });
    const team = await registerTeam(event.id, 'Alone', 2);
    await start(t, event.id);
    const [pod] = await pods(event.id);
    const ids = pod.seats.map((s) => s.playerId);
    expect(ids[1]).toBeNull();
    expect(ids[3]).toBeNull();
    expect(new Set([ids[0], ids[2]])).toEqual(new Set(team.members.map((m) => m.playerId)));
  });

  it('solo players: start refuses with TEAMS_INCOMPLETE naming them; the organizer groups them with teams/auto (seeded); leftovers are listed', async () => {
    const event = await teamEvent('team-auto-seed-0000001', { teamSize: 2 });
    const solo = await registerPlayers(t, event.id, 5);
    const refused = await t.http().post(`/api/events/${event.id}/start`).set('authorization', t.organizer).expect(409);
    expect(refused.body.code).toBe('TEAMS_INCOMPLETE');
    expect(refused.body.details).toHaveLength(5);
    expect(refused.body.details[0]).toMatchObject({ field: 'players', rule: 'hasTeam' });
    await t.http().post(`/api/events/${event.id}/teams/auto`).expect(401);
    const auto = (await t.http().post(`/api/events/${event.id}/teams/auto`).set('authorization', t.organizer).expect(200)).body;
    expect(auto.created).toHaveLength(2);
    expect(auto.created.map((c: { name: string }) => c.name)).toEqual(['Team 1', 'Team 2']);
    expect(auto.unassigned).toHaveLength(1);
    const grouped = [...auto.created.flatMap((c: { members: { playerId: string }[] }) => c.members.map((m) => m.playerId)), auto.unassigned[0].playerId];
    expect(new Set(grouped)).toEqual(new Set(solo.map((p) => p.playerId)));
    // a player left without a team still blocks the start until unregistered
    await t.http().post(`/api/events/${event.id}/start`).set('authorization', t.organizer).expect(409);
    await t.http().delete(`/api/events/${event.id}/players/${auto.unassigned[0].playerId}`).set('authorization', t.organizer).expect(204);
    // an incomplete team is named too
    const firstTeam = auto.created[0];
    await t.http().delete(`/api/events/${event.id}/players/${firstTeam.members[0].playerId}`).set('authorization', t.organizer).expect(204);
    const incomplete = await t.http().post(`/api/events/${event.id}/start`).set('authorization', t.organizer).expect(409);
    expect(incomplete.body.details).toEqual([expect.objectContaining({ field: 'teams', rule: 'teamSize', message: expect.stringContaining(firstTeam.name) })]);
    // a newcomer fills the free place first
    const [newcomer] = await registerPlayers(t, event.id, 1, { name: 'Newcomer' });
    const refill = (await t.http().post(`/api/events/${event.id}/teams/auto`).set('authorization', t.organizer).expect(200)).body;
    expect(refill).toMatchObject({ created: [], unassigned: [] });
    expect(refill.completed).toHaveLength(1);
    expect(refill.completed[0]).toMatchObject({ teamId: firstTeam.teamId, complete: true });
    expect(refill.completed[0].members.map((m: { playerId: string }) => m.playerId)).toContain(newcomer.playerId);
    // a member may withdraw the whole team
    const other = auto.created[1];
    const member = solo.find((p) => p.playerId === other.members[0].playerId)!;
    const intruder = solo.find((p) => p.playerId === firstTeam.members[1].playerId)!;
    await t.http().delete(`/api/events/${event.id}/teams/${other.teamId}`).set('authorization', intruder.auth).expect(403);
    await t.http().delete(`/api/events/${event.id}/teams/${other.teamId}`).set('authorization', member.auth).expect(204);
    expect((await t.http().get(`/api/events/${event.id}/teams`)).body.map((tm: { teamId: string }) => tm.teamId)).toEqual([firstTeam.teamId]);
  });

  it('bug: automatic teams never take a name a registered team chose ("Team 3", "Team 3 (2)" taken → "Team 3 (3)")', async () => {
    const event = await teamEvent('team-auto-names-seed-001', { teamSize: 2 });
    await registerTeam(event.id, 'Team 3', 2);
    await registerTeam(event.id, 'Team 3 (2)', 2);
    await registerPlayers(t, event.id, 4);
    const auto = (await t.http().post(`/api/events/${event.id}/teams/auto`).set('authorization', t.organizer).expect(200)).body;
    expect(auto.created.map((c: { name: string; number: number }) => [c.number, c.name])).toEqual([
      [3, 'Team 3 (3)'],
      [4, 'Team 4'],
    ]);
  });

  describe('a 4-team 2v2 draft from seats to standings', () => {
    let eventId: string;
    const teams: Team[] = [];
    const members = () => teams.flatMap((tm) => tm.members);
    const putDeck = (p: TestPlayer, body: object) => t.http().put(`/api/events/${eventId}/deck`).set('authorization', p.auth).send(body);

    beforeAll(async () => {
      eventId = (await teamEvent('team-full-flow-seed-0001', { teamSize: 2 })).id;
      for (const name of ['Lions', 'Wolves', 'Ravens', 'Bears']) teams.push(await registerTeam(eventId, name, 2));
      await start(t, eventId);
      // Teams draft toward their heroes (which must share a faction): each team plays one hero's
      // cards — two Alliance and two Horde teams, of different classes — and takes those first.
      all = new Map<string, Card>(((await t.http().get('/api/sets/HOA/cards?pageSize=500').expect(200)).body.items as Card[]).map((c) => [c.cardId, c]));
      const heroes = [...all.values()].filter((c) => c.type === 'hero');
      const pick2 = (faction: string) =>
        heroes
          .filter((h) => h.attributes.faction === faction)
          .filter((h, i, list) => list.findIndex((o) => o.attributes.heroClass === h.attributes.heroClass) === i)
          .slice(0, 2);
      const [a1, a2] = pick2('Alliance');
      const [h1, h2] = pick2('Horde');
      teamHero = [a1, h1, a2, h2];
      const heroOf = (p: TestPlayer) => teamHero[teams.findIndex((tm) => tm.members.some((m) => m.playerId === p.playerId))];
      await draftToTheEnd(t, eventId, members(), (cards, p) => (cards.find((c) => fits(heroOf(p), all.get(c.cardId)!)) ?? cards[0]).cardId);
    });
    let all: Map<string, Card>;
    let teamHero: Card[];
    const fits = (hero: Card, c: Card) =>
      c.type !== 'hero' &&
      factionAllows(hero.attributes.faction ?? null, c.attributes.faction ?? null) &&
      classAllows(hero.attributes.heroClass ?? null, c.attributes.classes ?? null) &&
      talentAllows(hero.attributes.heroTalent ?? null, c.attributes.talent ?? null);
    const deckFor = async (p: TestPlayer, hero: Card) => {
      const pool = (await t.http().get(`/api/events/${eventId}/me`).set('authorization', p.auth).expect(200)).body.pool as { cardId: string }[];
      const playable = pool
        .map((c) => all.get(c.cardId)!)
        .filter((c) => fits(hero, c))
        .slice(0, 30);
      const counts = new Map<string, number>();
      for (const c of playable) counts.set(c.cardId, (counts.get(c.cardId) ?? 0) + 1);
      return { hero: hero.cardId, main: [...counts].map(([cardId, count]) => ({ cardId, count })) };
    };

    it('a team’s deck suggestion takes a hero of the teammate’s faction; every member’s deck with the team’s hero is legal', async () => {
      for (const [i, team] of teams.entries()) {
        const [first, second] = team.members;
        expect((await putDeck(first, await deckFor(first, teamHero[i]))).body.violations).toEqual([]);
        const suggestion = (await t.http().get(`/api/events/${eventId}/deck/suggestion`).set('authorization', second.auth).expect(200)).body;
        const setHeroes = (
          await t
            .http()
            .get(`/api/sets/${suggestion.hero.split('-')[0]}/cards?type=hero&pageSize=500`)
            .expect(200)
        ).body.items as Card[];
        expect(setHeroes.find((h) => h.cardId === suggestion.hero)!.attributes.faction).toBe(teamHero[i].attributes.faction);
        expect((await putDeck(second, await deckFor(second, teamHero[i]))).body.violations).toEqual([]);
      }
      const status = (await t.http().get(`/api/events/${eventId}/decks`).set('authorization', t.organizer).expect(200)).body;
      expect(status).toHaveLength(8);
      for (const row of status) expect(row).toMatchObject({ status: 'legal', team: { status: 'legal' } });
    });

    it('rule: a team with an Alliance and a Horde hero is refused with TEAM_FACTION_MISMATCH naming both members; the registered decks stay (TEAM_REGISTRATION); fixing it clears the working copy', async () => {
      const [ann, bob] = teams[0].members;
      const opposite = teamHero[1]; // a Horde hero; the Lions play Alliance
      const bobDeck = (await t.http().get(`/api/events/${eventId}/deck`).set('authorization', bob.auth).expect(200)).body;
      const bobMain = bobDeck.main.map((e: { card: { cardId: string }; count: number }) => ({ cardId: e.card.cardId, count: e.count }));

      const refused = await putDeck(bob, { hero: opposite.cardId, main: bobMain }).expect(422);
      expect(refused.body.code).toBe('DECK_ILLEGAL');
      const mismatch = refused.body.violations.find((v: { code: string }) => v.code === 'TEAM_FACTION_MISMATCH');
      expect(mismatch.players).toEqual([ann.playerId, bob.playerId]);
      expect(mismatch.message).toContain('Team Lions');
      expect(mismatch.message).toContain(ann.name);
      expect(mismatch.message).toContain(bob.name);
      expect(refused.body.storedAs).toBe('working-copy');
      const status = (await t.http().get(`/api/events/${eventId}/decks`).set('authorization', t.organizer).expect(200)).body as {
        playerId: string;
        status: string;
        team: { status: string };
        deck: { violations: { code: string }[] };
        workingCopy: { violations: { code: string }[] } | null;
      }[];
      // Neither registered deck changed: the refused deck is Bob's working copy, the team still plays Alliance.
      const annRow = status.find((r) => r.playerId === ann.playerId)!;
      const bobRow = status.find((r) => r.playerId === bob.playerId)!;
      expect([annRow.status, annRow.deck.violations, annRow.workingCopy, annRow.team.status]).toEqual(['legal', [], null, 'legal']);
      expect([bobRow.status, bobRow.deck.violations]).toEqual(['legal', []]);
      expect(bobRow.workingCopy!.violations.map((v) => v.code)).toContain('TEAM_FACTION_MISMATCH');

      const fixed = await putDeck(bob, { hero: bobDeck.hero.cardId, main: bobMain }).expect(200);
      expect(fixed.body.violations).toEqual([]);
      const after = (await t.http().get(`/api/events/${eventId}/decks`).set('authorization', t.organizer).expect(200)).body as { status: string; workingCopy: unknown }[];
      expect(after.every((r) => r.status === 'legal' && r.workingCopy === null)).toBe(true);
    });

    it('rule: team Swiss pairs team against team with no rematch; members report for their team; standings rank the 4 teams', async () => {
      const met = new Set<string>();
      const teamIds = new Set(teams.map((tm) => tm.teamId));
      for (let round = 1; round <= 3; round++) {
        const r = (await t.http().post(`/api/events/${eventId}/rounds`).set('authorization', t.organizer).send({ force: true }).expect(201)).body;
        expect(r.pairings).toHaveLength(2);
        for (const p of r.pairings as Pairing[]) {
          expect(teamIds.has(p.playerA.playerId) && teamIds.has(p.playerB!.playerId)).toBe(true);
          expect(p.playerA.teamId).toBe(p.playerA.playerId);
          expect(p.playerA.members).toHaveLength(2);
          const key = [p.playerA.playerId, p.playerB!.playerId].sort().join();
          expect(met.has(key)).toBe(false);
          met.add(key);
          const a = teams.find((tm) => tm.teamId === p.playerA.playerId)!;
          const b = teams.find((tm) => tm.teamId === p.playerB!.playerId)!;
          const outsider = teams.find((tm) => tm !== a && tm !== b)!;
          const score = p.table === 1 ? { winsA: 2, winsB: 1 } : { winsA: 1, winsB: 1, draws: 1 };
          await t.http().post(`/api/matches/${p.matchId}/report`).set('authorization', outsider.members[0].auth).send(score).expect(403);
          await t.http().post(`/api/matches/${p.matchId}/report`).set('authorization', a.members[1].auth).send(score).expect(200);
          const decided = await t.http().post(`/api/matches/${p.matchId}/report`).set('authorization', b.members[0].auth).send(score).expect(200);
          expect(decided.body.result).toEqual({ draws: 0, ...score });
        }
      }
      const standings = (await t.http().get(`/api/events/${eventId}/standings`).expect(200)).body as {
        playerId: string;
        teamId: string;
        name: string;
        matchPoints: number;
        members: unknown[];
      }[];
      expect(standings).toHaveLength(4);
      expect(new Set(standings.map((s) => s.teamId))).toEqual(teamIds);
      expect(standings.every((s) => s.members.length === 2)).toBe(true);
      // 3 rounds × 2 matches: one win (3 points) and one draw (1 + 1) per round
      expect(standings.reduce((n, s) => n + s.matchPoints, 0)).toBe(3 * (3 + 2));
      const text = (await t.http().get(`/api/events/${eventId}/standings?format=text`).expect(200)).text;
      for (const tm of teams) expect(text).toContain(tm.name);
    });

    it('dropping a member drops the team; league standings credit each member with the team result', async () => {
      const dropped = teams[3];
      await t.http().post(`/api/events/${eventId}/players/${dropped.members[1].playerId}/drop`).set('authorization', t.organizer).expect(200);
      const listed = (await t.http().get(`/api/events/${eventId}/teams`)).body as { teamId: string; droppedAfterRound: number | null }[];
      expect(listed.find((tm) => tm.teamId === dropped.teamId)!.droppedAfterRound).toBe(3);
      const standings = (await t.http().get(`/api/events/${eventId}/standings`)).body as { teamId: string; dropped: boolean; matchPoints: number }[];
      expect(standings.find((s) => s.teamId === dropped.teamId)!.dropped).toBe(true);

      const league = (
        await t
          .http()
          .post('/api/leagues')
          .set('authorization', t.organizer)
          .send({ name: 'Team season', game: 'wow-tcg', seasonStart: '2026-01-01', seasonEnd: '2026-12-31', scoring: { mode: 'match-points' } })
          .expect(201)
      ).body;
      await t.http().post(`/api/leagues/${league.id}/events`).set('authorization', t.organizer).send({ eventId }).expect(200);
      const rows = (await t.http().get(`/api/leagues/${league.id}/standings`).expect(200)).body as { profileId: string; matchPoints: number }[];
      expect(rows).toHaveLength(8);
      for (const team of teams) {
        const teamPoints = standings.find((s) => s.teamId === team.teamId)!.matchPoints;
        for (const m of team.members) expect(rows.find((r) => r.profileId === m.profileId)!.matchPoints).toBe(teamPoints);
      }
    });

    it('verification regenerates the team seating from the seed and catches a swapped seat', async () => {
      await t.http().post(`/api/events/${eventId}/complete`).set('authorization', t.organizer).expect(200);
      await t.http().post(`/api/events/${eventId}/reveal`).set('authorization', t.organizer).expect(200);
      const report = (await t.http().get(`/api/events/${eventId}/verification`).expect(200)).body;
      expect(report.ok).toBe(true);
      expect(report.items.find((i: { item: string }) => i.item === 'seating pod-1').status).toBe('match');
      const file = (await t.http().get(`/api/events/${eventId}/export`).expect(200)).text;
      const parsed = parseEventExport(file);
      expect(parsed.event.teamSize).toBe(2);
      const seats = parsed.pods[0].seats;
      [seats[0].playerId, seats[1].playerId] = [seats[1].playerId, seats[0].playerId];
      const tampered = verifyEvent(parsed);
      expect(tampered.items.find((i) => i.item === 'seating pod-1')!.status).toBe('mismatch');
    });
  });

  describe('pooled team sealed: the team splits its boosters among members', () => {
    let eventId: string;
    let lions: Team;
    let wolves: Team;
    beforeAll(async () => {
      eventId = (await createEvent(t, { name: 'Pooled', game: 'wow-tcg', format: 'sealed', packs: ['HOA'], seed: 'team-pooled-sealed-seed1', teamSize: 2, pooledTeamSealed: true }))
        .id;
      lions = await registerTeam(eventId, 'Lions', 2);
      wolves = await registerTeam(eventId, 'Wolves', 2);
      await start(t, eventId);
    });
    const pool = (team: Team, auth: string) => t.http().get(`/api/events/${eventId}/teams/${team.teamId}/pool`).set('authorization', auth);
    const split = (team: Team, auth: string, shares: object) => t.http().put(`/api/events/${eventId}/teams/${team.teamId}/split`).set('authorization', auth).send({ shares });

    it('each member opened 6 boosters into one team pool that only the team (and the organizer) can see', async () => {
      const own = (await pool(lions, lions.members[0].auth).expect(200)).body;
      expect(own.shares).toBeNull();
      const cards = own.pool.reduce((n: number, c: { count: number }) => n + c.count, 0);
      expect(cards).toBeGreaterThanOrEqual(2 * 6 * 15); // 6 HOA boosters of 15+ cards per member
      await pool(lions, wolves.members[0].auth).expect(403);
      await pool(lions, t.organizer).expect(200);
      const early = await t.http().put(`/api/events/${eventId}/deck`).set('authorization', lions.members[0].auth).send({ main: [] }).expect(409);
      expect(early.body.details[0]).toMatchObject({ rule: 'teamSplit' });
      const noSuggestion = await t.http().get(`/api/events/${eventId}/deck/suggestion`).set('authorization', lions.members[0].auth).expect(409);
      expect(noSuggestion.body.details[0]).toMatchObject({ rule: 'teamSplit' });
      expect((await t.http().get(`/api/events/${eventId}/me`).set('authorization', lions.members[0].auth).expect(200)).body.pool).toEqual([]);
    });

    it('a split must give out the pool exactly (TEAM_SPLIT_INVALID naming the card); a valid split becomes each member’s pool', async () => {
      const listed = (await pool(lions, t.organizer)).body.pool as { cardId: string; count: number; card: { name: string; rarity: string } }[];
      expect(listed.every((c) => c.card.name.length > 0 && c.card.rarity.length > 0)).toBe(true); // what the team splits, by name
      const teamPool = listed.map(({ cardId, count }) => ({ cardId, count }));
      const [ann, bob] = lions.members;
      const short = await split(lions, ann.auth, [
        { playerId: ann.playerId, cards: teamPool.slice(1) },
        { playerId: bob.playerId, cards: [] },
      ]).expect(422);
      expect(short.body).toMatchObject({ code: 'TEAM_SPLIT_INVALID', details: [{ rule: 'exactSplit', card: teamPool[0].cardId }] });
      const stranger = await split(lions, ann.auth, [
        { playerId: ann.playerId, cards: teamPool },
        { playerId: wolves.members[0].playerId, cards: [] },
      ]).expect(422);
      expect(stranger.body.details.map((d: { rule: string }) => d.rule)).toEqual(['member', 'member']);
      await split(lions, wolves.members[0].auth, []).expect(400); // shares: at least one
      await split(lions, wolves.members[0].auth, [
        { playerId: ann.playerId, cards: teamPool },
        { playerId: bob.playerId, cards: [] },
      ]).expect(403);

      const half = Math.ceil(teamPool.length / 2);
      const ok = await split(lions, bob.auth, [
        { playerId: ann.playerId, cards: teamPool.slice(0, half) },
        { playerId: bob.playerId, cards: teamPool.slice(half) },
      ]).expect(200);
      expect(ok.body.shares).toHaveLength(2);
      // /me shows the share: what the player builds from (bug: it showed their own boosters)
      const mePool = (await t.http().get(`/api/events/${eventId}/me`).set('authorization', ann.auth).expect(200)).body.pool as { cardId: string }[];
      const share = teamPool.slice(0, half);
      expect(mePool.map((c) => c.cardId).sort()).toEqual(share.flatMap((c) => Array<string>(c.count).fill(c.cardId)).sort());

      const suggestion = (await t.http().get(`/api/events/${eventId}/deck/suggestion`).set('authorization', ann.auth).expect(200)).body;
      const shareIds = new Set(teamPool.slice(0, half).map((c) => c.cardId));
      expect(suggestion.main.every((c: { cardId: string }) => shareIds.has(c.cardId))).toBe(true);
      const submitted = await t.http().put(`/api/events/${eventId}/deck`).set('authorization', ann.auth).send({ hero: suggestion.hero, main: suggestion.main });
      expect(submitted.status).toBe(suggestion.legal ? 200 : 422);
      // a card of Bob's share is not in Ann's pool
      const foreign = teamPool[half];
      const res = await t
        .http()
        .put(`/api/events/${eventId}/deck`)
        .set('authorization', ann.auth)
        .send({ hero: suggestion.hero, main: [{ cardId: foreign.cardId, count: 1 }] })
        .expect(422);
      expect(res.body.violations.map((v: { code: string }) => v.code)).toContain('CARD_NOT_IN_POOL');
      // a teammate's deck saved illegal (a Neutral hero, no cards) does not steer the suggestion (bug: it did)
      await t.http().put(`/api/events/${eventId}/deck`).set('authorization', bob.auth).send({ hero: 'HFI-21', main: [] }).expect(422);
      expect((await t.http().get(`/api/events/${eventId}/deck/suggestion`).set('authorization', ann.auth).expect(200)).body.hero).toBe(suggestion.hero);
    });
  });
});
