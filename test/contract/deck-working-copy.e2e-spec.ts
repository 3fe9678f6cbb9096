import type { Response } from 'supertest';
import { classAllows, factionAllows, talentAllows } from '../../src/decks/rules';
import { createResponseChecker, type ResponseChecker } from '../support/openapi-responses';
import { createEvent, registerPlayers, start, type TestPlayer } from '../utils/events';
import { createTestApp, type TestApp } from '../utils/test-app';

type Entry = { cardId: string; count: number };
type Card = {
  cardId: string;
  name: string;
  type: string;
  attributes: { faction?: string; classes?: string[] | null; talent?: string | null; heroClass?: string; heroTalent?: string };
};
type DeckBody = {
  playerId: string;
  hero: { cardId: string } | null;
  main: { card: { cardId: string }; count: number }[];
  mainCount: number;
  legal: boolean;
  violations: { code: string }[];
  submittedBy: string;
  updatedAt: string;
};
type PlayerDeck = DeckBody & { workingCopy: Omit<DeckBody, 'playerId'> | null };
type StatusRow = { playerId: string; status: string; deck: DeckBody | null; workingCopy: PlayerDeck['workingCopy']; team?: { status: string } | null };

const entries = (deck: { main: { card: { cardId: string }; count: number }[] }): Entry[] => deck.main.map((e) => ({ cardId: e.card.cardId, count: e.count }));

/**
 * REGISTERED_DECK_KEPT (src/decks/rules/deck-registration.ts): a submission that breaks a rule never
 * replaces a registered legal deck — it is kept as the player's working copy — and everything that
 * reads "the deck" (GET …/deck, the organizer's list, deck files, match decks from round 1) reads
 * the registered one. Bug: the broken deck replaced the registered one and round 1 was played with it.
 * Every answer here is also checked against the OpenAPI document.
 */
describe('decks: the registered deck stays the last legal one (working copies)', () => {
  let t: TestApp;
  let checker: ResponseChecker;
  beforeAll(async () => {
    t = await createTestApp();
    checker = createResponseChecker((await t.http().get('/api/docs-json').expect(200)).body as object);
  });
  afterAll(() => t.close());

  /** The response, after checking it against the OpenAPI document. */
  const documented = (res: Response, method: string, path: string): Response => {
    expect(checker.check(method, path, res.status, res.headers['content-type'], res.body)).toEqual([]);
    return res;
  };
  const putDeck = async (eventId: string, p: TestPlayer, body: object) =>
    documented(await t.http().put(`/api/events/${eventId}/deck`).set('authorization', p.auth).send(body), 'PUT', `/api/events/${eventId}/deck`);
  const putFor = async (eventId: string, playerId: string, body: object) =>
    documented(
      await t.http().put(`/api/events/${eventId}/players/${playerId}/deck`).set('authorization', t.organizer).send(body),
      'PUT',
      `/api/events/${eventId}/players/${playerId}/deck`,
    );
  const getDeck = async (eventId: string, p: TestPlayer) =>
    documented(await t.http().get(`/api/events/${eventId}/deck`).set('authorization', p.auth).expect(200), 'GET', `/api/events/${eventId}/deck`).body as PlayerDeck;
  const statuses = async (eventId: string) =>
    documented(await t.http().get(`/api/events/${eventId}/decks`).set('authorization', t.organizer).expect(200), 'GET', `/api/events/${eventId}/decks`).body as StatusRow[];
  const suggestion = async (eventId: string, p: TestPlayer) =>
    (await t.http().get(`/api/events/${eventId}/deck/suggestion`).set('authorization', p.auth).expect(200)).body as { hero: string; main: Entry[]; legal: boolean };

  /** A sealed event in deck building with `count` players. */
  const sealed = async (seed: string, count: number) => {
    const event = await createEvent(t, { name: 'Working copies', game: 'wow-tcg', format: 'sealed', packs: ['HOA'], seed });
    const players = await registerPlayers(t, event.id, count);
    await start(t, event.id);
    return { eventId: event.id, players };
  };

  it('rule REGISTERED_DECK_KEPT: register legal → submit illegal (422, working copy) → GET deck is still the legal one with its working copy → round 1 is played with the registered deck → a legal submission replaces it and clears the working copy', async () => {
    const { eventId, players } = await sealed('working-copy-seed-0001', 2);
    const [alice, bob] = players;
    for (const p of players) {
      const s = await suggestion(eventId, p);
      expect(s.legal).toBe(true);
      expect((await putDeck(eventId, p, { hero: s.hero, main: s.main })).status).toBe(200);
    }
    const registered = await getDeck(eventId, alice);
    expect(registered).toMatchObject({ legal: true, violations: [], workingCopy: null });

    // Fiddling after registering: five cards only.
    const broken = { hero: registered.hero!.cardId, main: entries(registered).slice(0, 5) };
    t.clock.advance(60_000);
    const refused = await putDeck(eventId, alice, broken);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: 'DECK_ILLEGAL', legal: false, storedAs: 'working-copy', deck: { legal: false, playerId: alice.playerId } });
    expect(refused.body.message).toMatch(/registered deck is unchanged/);
    expect(refused.body.violations.map((v: { code: string }) => v.code)).toContain('DECK_TOO_SMALL');
    expect(refused.body.registeredDeck).toEqual({ ...registered, workingCopy: undefined }); // unchanged (toEqual ignores the undefined key)

    const after = await getDeck(eventId, alice);
    expect(after).toMatchObject({ legal: true, violations: [], updatedAt: registered.updatedAt });
    expect(entries(after)).toEqual(entries(registered));
    expect(after.workingCopy).toMatchObject({ legal: false, submittedBy: 'player', updatedAt: t.clock.now().toISOString() });
    expect(entries(after.workingCopy!)).toEqual(broken.main);
    expect(after.workingCopy!.violations.map((v) => v.code)).toContain('DECK_TOO_SMALL');
    // The file exports are the registered deck too.
    const text = (await t.http().get(`/api/events/${eventId}/deck?format=text`).set('authorization', alice.auth).expect(200)).text;
    const mainLines = text
      .split(/^Sideboard:/m)[0]
      .split('\n')
      .filter((l) => /^\d+ /.test(l));
    expect(mainLines).toHaveLength(entries(registered).length);

    // The organizer sees Alice registered (legal) with unregistered changes beside her deck.
    const rows = await statuses(eventId);
    const aliceRow = rows.find((r) => r.playerId === alice.playerId)!;
    expect(aliceRow).toMatchObject({ status: 'legal', deck: { legal: true } });
    expect(aliceRow.workingCopy).toMatchObject({ legal: false, violations: expect.arrayContaining([expect.objectContaining({ code: 'DECK_TOO_SMALL' })]) });
    expect(rows.find((r) => r.playerId === bob.playerId)!.workingCopy).toBeNull();

    // Round 1: the match deck starts from the registered deck, not the working copy.
    const round = (await t.http().post(`/api/events/${eventId}/rounds`).set('authorization', t.organizer).send({ force: true }).expect(201)).body;
    const matchId = round.pairings[0].matchId as string;
    const matchDeck = documented(await t.http().get(`/api/matches/${matchId}/deck`).set('authorization', alice.auth).expect(200), 'GET', `/api/matches/${matchId}/deck`).body;
    expect(matchDeck).toMatchObject({ legal: true, mainCount: registered.mainCount });
    expect(entries(matchDeck)).toEqual(entries(registered));
    // Decks are locked: the working copy cannot be dropped now either.
    await t.http().delete(`/api/events/${eventId}/deck/working-copy`).set('authorization', alice.auth).expect(409);

    // Round 1 undone: building again; a legal submission registers and clears the working copy.
    await t.http().delete(`/api/events/${eventId}/rounds/1`).set('authorization', t.organizer).expect(204);
    const s = await suggestion(eventId, alice);
    const replaced = await putDeck(eventId, alice, { hero: s.hero, main: s.main.slice(1).concat(s.main.slice(0, 1)) });
    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({ legal: true, storedAs: 'registered', registeredDeck: { legal: true } });
    expect((await getDeck(eventId, alice)).workingCopy).toBeNull();
    expect((await statuses(eventId)).find((r) => r.playerId === alice.playerId)!.workingCopy).toBeNull();
  });

  it('rule REGISTERED_DECK_KEPT: with no legal deck yet an illegal submission is the deck of record, not registered (status illegal, no working copy); a later one replaces it', async () => {
    const { eventId, players } = await sealed('working-copy-seed-0002', 1);
    const [carol] = players;
    const first = await putDeck(eventId, carol, { main: [] });
    expect(first.status).toBe(422);
    expect(first.body).toMatchObject({ storedAs: 'unregistered', registeredDeck: null });
    expect(first.body.message).toMatch(/not registered until it is legal/);
    const s = await suggestion(eventId, carol);
    const second = await putDeck(eventId, carol, { hero: s.hero, main: s.main.slice(0, 3) });
    expect(second.body).toMatchObject({ storedAs: 'unregistered', registeredDeck: null });
    expect(await getDeck(eventId, carol)).toMatchObject({ legal: false, mainCount: s.main.slice(0, 3).reduce((n, e) => n + e.count, 0), workingCopy: null });
    expect(await statuses(eventId)).toEqual([expect.objectContaining({ status: 'illegal', workingCopy: null })]);
    // Nothing to drop: the deck of record stays.
    expect((await t.http().delete(`/api/events/${eventId}/deck/working-copy`).set('authorization', carol.auth).expect(200)).body).toMatchObject({
      legal: false,
      workingCopy: null,
    });
  });

  it('a player drops their working copy and is back to the registered deck; before any submission that is DECK_NOT_FOUND', async () => {
    const { eventId, players } = await sealed('working-copy-seed-0003', 2);
    const [dan, eve] = players;
    await t.http().delete(`/api/events/${eventId}/deck/working-copy`).set('authorization', eve.auth).expect(404);
    const s = await suggestion(eventId, dan);
    await putDeck(eventId, dan, { hero: s.hero, main: s.main });
    expect((await putDeck(eventId, dan, { hero: s.hero, main: [] })).status).toBe(422);
    expect((await getDeck(eventId, dan)).workingCopy).not.toBeNull();
    const dropped = documented(
      await t.http().delete(`/api/events/${eventId}/deck/working-copy`).set('authorization', dan.auth).expect(200),
      'DELETE',
      `/api/events/${eventId}/deck/working-copy`,
    );
    expect(dropped.body).toMatchObject({ legal: true, workingCopy: null, playerId: dan.playerId });
    expect(await getDeck(eventId, dan)).toMatchObject({ legal: true, workingCopy: null });
    expect(entries(await getDeck(eventId, dan))).toEqual(s.main);
  });

  it('rule REGISTERED_DECK_KEPT: the organizer’s submission for a player keeps the player’s registered deck too (an illegal paper list becomes the working copy)', async () => {
    const { eventId, players } = await sealed('working-copy-seed-0004', 1);
    const [finn] = players;
    const s = await suggestion(eventId, finn);
    expect((await putFor(eventId, finn.playerId, { hero: s.hero, main: s.main })).body).toMatchObject({ storedAs: 'registered', deck: { submittedBy: 'organizer' } });
    const paper = await putFor(eventId, finn.playerId, { hero: s.hero, main: s.main.slice(0, 10) });
    expect(paper.status).toBe(422);
    expect(paper.body).toMatchObject({ storedAs: 'working-copy', registeredDeck: { legal: true, submittedBy: 'organizer' } });
    const deck = await getDeck(eventId, finn);
    expect(deck).toMatchObject({ legal: true, workingCopy: { submittedBy: 'organizer' } });
    expect(entries(deck)).toEqual(s.main);
  });

  it('concurrent legal and illegal submissions of one player: the registered deck is always a legal one (one submission of a player at a time)', async () => {
    const { eventId, players } = await sealed('working-copy-seed-0005', 8);
    for (const p of players) {
      const s = await suggestion(eventId, p);
      const results = await Promise.all([putDeck(eventId, p, { hero: s.hero, main: s.main }), putDeck(eventId, p, { hero: s.hero, main: s.main.slice(0, 4) })]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 422]);
      const deck = await getDeck(eventId, p);
      expect(deck.legal).toBe(true);
      expect(entries(deck)).toEqual(s.main);
      // The illegal one is the working copy when it came second, gone when the legal one did.
      if (deck.workingCopy) expect(entries(deck.workingCopy)).toEqual(s.main.slice(0, 4));
    }
  });

  describe('team events (TEAM_REGISTRATION with TEAM_FACTION_MISMATCH), decks as lists of real boosters', () => {
    let eventId: string;
    let ann: TestPlayer;
    let bob: TestPlayer;
    let heroes: Card[];
    let all: Card[];
    const fits = (hero: Card, c: Card) =>
      c.type !== 'hero' &&
      factionAllows(hero.attributes.faction ?? null, c.attributes.faction ?? null) &&
      classAllows(hero.attributes.heroClass ?? null, c.attributes.classes ?? null) &&
      talentAllows(hero.attributes.heroTalent ?? null, c.attributes.talent ?? null);
    /** A legal list for `hero`: 30 different HOA cards it may play (offset: another 30). */
    const list = (hero: Card, offset = 0) => {
      const playable = all.filter((c) => fits(hero, c));
      expect(playable.length).toBeGreaterThanOrEqual(30 + offset);
      return { hero: hero.cardId, main: playable.slice(offset, offset + 30).map((c) => ({ cardId: c.cardId, count: 1 })) };
    };
    const heroOf = (faction: string, k = 0) => heroes.filter((h) => h.attributes.faction === faction)[k];

    beforeAll(async () => {
      const event = await createEvent(t, {
        name: 'Team lists',
        game: 'wow-tcg',
        format: 'sealed',
        packSource: 'physical',
        packs: ['HOA'],
        teamSize: 2,
        seed: 'working-copy-team-0001',
      });
      eventId = event.id;
      const team = (
        await t
          .http()
          .post(`/api/events/${eventId}/teams`)
          .send({ name: 'Lions', members: [{ name: 'Ann' }, { name: 'Bob' }] })
          .expect(201)
      ).body;
      [ann, bob] = team.members.map((m: { playerId: string; token: string }) => ({ ...m, auth: `Bearer ${m.token}` }));
      const other = (
        await t
          .http()
          .post(`/api/events/${eventId}/teams`)
          .send({ name: 'Wolves', members: [{ name: 'Cid' }, { name: 'Dee' }] })
          .expect(201)
      ).body;
      expect(other.members).toHaveLength(2);
      await start(t, eventId);
      all = (await t.http().get('/api/sets/HOA/cards?pageSize=500').expect(200)).body.items;
      heroes = all.filter((c) => c.type === 'hero');
    });

    it('rule: a member’s submission of another faction is refused and kept as their working copy; the teammate’s registered deck stays legal and unchanged', async () => {
      expect((await putDeck(eventId, ann, list(heroOf('Alliance')))).status).toBe(200);
      expect((await putDeck(eventId, bob, list(heroOf('Alliance', 1), 1))).status).toBe(200);
      const annBefore = await getDeck(eventId, ann);

      const refused = await putDeck(eventId, bob, list(heroOf('Horde')));
      expect(refused.status).toBe(422);
      expect(refused.body).toMatchObject({ storedAs: 'working-copy', registeredDeck: { legal: true, hero: { cardId: heroOf('Alliance', 1).cardId } } });
      const mismatch = refused.body.violations.find((v: { code: string }) => v.code === 'TEAM_FACTION_MISMATCH');
      expect(mismatch.players).toEqual([ann.playerId, bob.playerId]);
      expect(refused.body.violations.map((v: { code: string }) => v.code)).toEqual(['TEAM_FACTION_MISMATCH']);

      expect(await getDeck(eventId, ann)).toEqual(annBefore); // untouched: still legal, no team violation
      const rows = (await statuses(eventId)).filter((r) => [ann.playerId, bob.playerId].includes(r.playerId));
      expect(rows.map((r) => [r.status, r.team?.status, r.workingCopy !== null])).toEqual([
        ['legal', 'legal', false],
        ['legal', 'legal', true],
      ]);
    });

    it('rule: the whole team changes faction: the last member’s submission registers together with the teammate’s working copy that only waited for the team', async () => {
      // Bob's Horde working copy from the test before is waiting for the team; Ann now switches to Horde too.
      const annHorde = list(heroOf('Horde', 1), 2);
      const together = await putDeck(eventId, ann, annHorde);
      expect(together.status).toBe(200);
      expect(together.body).toMatchObject({ storedAs: 'registered', violations: [] });
      const [annDeck, bobDeck] = [await getDeck(eventId, ann), await getDeck(eventId, bob)];
      expect(annDeck).toMatchObject({ legal: true, hero: { cardId: heroOf('Horde', 1).cardId }, workingCopy: null });
      expect(bobDeck).toMatchObject({ legal: true, violations: [], hero: { cardId: heroOf('Horde').cardId }, workingCopy: null });
      expect((await statuses(eventId)).filter((r) => r.team && [ann.playerId, bob.playerId].includes(r.playerId)).every((r) => r.team!.status === 'legal')).toBe(true);
    });

    it('rule: a member with no registered deck yet who picks another faction is not registered (status illegal, team illegal); the registered teammate stays legal', async () => {
      const [cid, dee] = (await statuses(eventId)).filter((r) => ![ann.playerId, bob.playerId].includes(r.playerId)).map((r) => r.playerId);
      expect((await putFor(eventId, cid, list(heroOf('Alliance')))).status).toBe(200);
      const refused = await putFor(eventId, dee, list(heroOf('Horde')));
      expect(refused.status).toBe(422);
      expect(refused.body).toMatchObject({ storedAs: 'unregistered', registeredDeck: null });
      const rows = (await statuses(eventId)).filter((r) => [cid, dee].includes(r.playerId));
      expect(rows.map((r) => [r.status, r.deck?.violations.map((v) => v.code), r.team?.status])).toEqual([
        ['legal', [], 'illegal'],
        ['illegal', ['TEAM_FACTION_MISMATCH'], 'illegal'],
      ]);
      // Fixing it registers it.
      expect((await putFor(eventId, dee, list(heroOf('Alliance', 1), 1))).status).toBe(200);
      expect((await statuses(eventId)).filter((r) => [cid, dee].includes(r.playerId)).map((r) => r.team?.status)).toEqual(['legal', 'legal']);
    });
  });
});
