import type { DeckCard } from '../../src/decks/rules';
import { heroMayPlay } from '../../src/decks/rules/hero-may-play';
import { createEvent, registerPlayers, start, type TestPlayer } from '../utils/events';
import { createTestApp, type TestApp } from '../utils/test-app';

type Entry = { cardId: string; count: number };
type CatalogCard = DeckCard & { setCode: string };

/**
 * The organizer repairs the night before a round (docs/rules.md "The suggested deck as a fix", "A
 * lower minimum for one player", "Sideboarding allowed or not", "Team seating at the game table"):
 * the deck suggestion registered in one click (every hero tried), a lower minimum for one player
 * whose pool no hero fills, an event without sideboarding, and the team table's seat letters.
 */
describe('deck guard fixes: suggestion, lower minimum, no sideboarding, team seats', () => {
  let t: TestApp;
  let heroes: CatalogCard[];
  let cards: Map<string, CatalogCard>;
  beforeAll(async () => {
    t = await createTestApp();
    // Every card of the game: any hero may be chosen, whatever set it is from.
    const sets = (await t.http().get('/api/sets?game=wow-tcg').expect(200)).body as { code: string }[];
    const all: CatalogCard[] = [];
    for (const s of sets) {
      for (let page = 1; ; page++) {
        const body = (await t.http().get(`/api/sets/${s.code}/cards?game=wow-tcg&pageSize=500&page=${page}`).expect(200)).body;
        all.push(...body.items);
        if (body.items.length < 500) break;
      }
    }
    cards = new Map(all.map((c) => [c.cardId, c]));
    heroes = all.filter((c) => c.type === 'hero');
  });
  afterAll(() => t.close());

  const org = (req: ReturnType<ReturnType<TestApp['http']>['get']>) => req.set('authorization', t.organizer);
  const copies = (list: Entry[]) => list.reduce((n, e) => n + e.count, 0);

  /** The player's sealed pool as stored: the cards of their boosters. */
  async function poolOf(playerId: string): Promise<{ packId: string; position: number; cardId: string }[]> {
    return t.prisma.packCard.findMany({ where: { pack: { playerId } }, orderBy: [{ packId: 'asc' }, { position: 'asc' }] });
  }

  /** The largest main deck any hero of the game gets from a pool (heroes left out), by the deck rules' own test. */
  function bestFit(pool: readonly { cardId: string }[]): { hero: CatalogCard; fit: number } {
    const deckCards = pool.map((p) => cards.get(p.cardId)!).filter((c) => c.type !== 'hero');
    let best = { hero: heroes[0], fit: -1 };
    for (const hero of heroes) {
      const fit = deckCards.filter((c) => heroMayPlay(hero, c)).length;
      if (fit > best.fit) best = { hero, fit };
    }
    return best;
  }

  /** Cuts the player's pool down to `keep` cards the best hero may play (and nothing else): a pool no hero fills to 30. */
  async function shortenPool(playerId: string, keep: number): Promise<void> {
    const pool = await poolOf(playerId);
    const { hero } = bestFit(pool);
    const kept = pool.filter((p) => cards.get(p.cardId)!.type !== 'hero' && heroMayPlay(hero, cards.get(p.cardId)!)).slice(0, keep);
    const keepKeys = new Set(kept.map((p) => `${p.packId}/${p.position}`));
    for (const p of pool) {
      if (!keepKeys.has(`${p.packId}/${p.position}`)) await t.prisma.packCard.delete({ where: { packId_position: { packId: p.packId, position: p.position } } });
    }
  }

  describe('a sealed night with a short pool', () => {
    let eventId: string;
    let alice: TestPlayer, bob: TestPlayer, carol: TestPlayer, dan: TestPlayer;
    beforeAll(async () => {
      const event = await createEvent(t, { name: 'Repairs', game: 'wow-tcg', format: 'sealed', packs: ['HOA'], seed: 'deck-guard-fixes-000001' });
      eventId = event.id;
      [alice, bob, carol, dan] = await registerPlayers(t, eventId, 4);
      await start(t, eventId);
      await shortenPool(carol.playerId, 24);
    });

    it('rule: the organizer registers the suggestion for a player in one click — the hero with the biggest legal main deck of every hero', async () => {
      const res = await org(t.http().post(`/api/events/${eventId}/players/${alice.playerId}/deck/suggestion`)).expect(200);
      expect(res.body).toMatchObject({ legal: true, storedAs: 'registered', deck: { submittedBy: 'organizer', mainCount: 30 }, reason: { code: 'HERO_BEST' } });
      // Every hero of the game was tried: none fits more of her pool than the hero chosen.
      const best = bestFit(await poolOf(alice.playerId));
      expect(res.body.reason.params.fit).toBe(best.fit);
      const status = (await org(t.http().get(`/api/events/${eventId}/decks`)).expect(200)).body.find((r: { playerId: string }) => r.playerId === alice.playerId);
      expect(status).toMatchObject({ status: 'legal', mainDeckMinimum: 30, minMainDeck: null });
    });

    it('rule: the deck guard takes "suggest" as a choice, all or nothing: one suggestion short of its minimum stores none', async () => {
      // Bob has no deck; Carol's pool is short (her suggestion cannot reach 30): suggesting for her stores nothing for anyone.
      const short = await org(t.http().post(`/api/events/${eventId}/rounds`))
        .send({
          choices: [
            { playerId: bob.playerId, choice: 'suggest' },
            { playerId: carol.playerId, choice: 'suggest' },
            { playerId: dan.playerId, choice: 'gameLoss' },
          ],
        })
        .expect(409);
      expect(short.body).toMatchObject({
        code: 'SUGGESTION_SHORT',
        details: [{ field: 'deck', rule: 'minimum', playerId: carol.playerId, message: '24 of 30 cards; a lower minimum may go down to 20' }],
      });
      expect(short.body.message).toContain('every hero tried, the best deck has 24 of the 30 cards needed. Next: set a lower minimum of 24');
      expect(await t.prisma.deck.count({ where: { playerId: { in: [bob.playerId, carol.playerId] } } })).toBe(0);
      expect(await t.prisma.round.count({ where: { eventId } })).toBe(0);
    });

    it('rule: the suggestion route answers SUGGESTION_SHORT with the count and the next option; nothing is stored', async () => {
      const res = await org(t.http().post(`/api/events/${eventId}/players/${carol.playerId}/deck/suggestion`)).expect(409);
      expect(res.body.code).toBe('SUGGESTION_SHORT');
      expect(res.body.message).toMatch(/24 of the 30 cards needed\. Next: set a lower minimum of 24 .*deck-minimum/);
      expect(await t.prisma.deck.count({ where: { playerId: carol.playerId } })).toBe(0);
    });

    it('rule DECK_MINIMUM_RANGE: a lower minimum lies from 20 to 29 (or null); anything else is a 400 naming the range', async () => {
      for (const minMainDeck of [19, 30, 2.5]) {
        const res = await org(t.http().put(`/api/events/${eventId}/players/${carol.playerId}/deck-minimum`)).send({ minMainDeck });
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', details: [expect.objectContaining({ field: 'minMainDeck' })] });
      }
      await org(t.http().put(`/api/events/${eventId}/players/${carol.playerId}/deck-minimum`))
        .send({})
        .expect(400);
    });

    it('rule: a lower minimum makes a short deck legal for that player only; it is on her phone, in the console list and in the export', async () => {
      const set = await org(t.http().put(`/api/events/${eventId}/players/${carol.playerId}/deck-minimum`))
        .send({ minMainDeck: 24 })
        .expect(200);
      expect(set.body).toEqual({ playerId: carol.playerId, minMainDeck: 24, mainDeckMinimum: 24, gameMinimum: 30, floor: 20, status: 'missing' });
      const fixed = await org(t.http().post(`/api/events/${eventId}/players/${carol.playerId}/deck/suggestion`)).expect(200);
      expect(fixed.body).toMatchObject({ legal: true, storedAs: 'registered', deck: { mainCount: 24, submittedBy: 'organizer' } });

      // The same short deck is not legal for anyone else: Dan's 24 cards are DECK_TOO_SMALL.
      const danSuggestion = (await t.http().get(`/api/events/${eventId}/deck/suggestion`).set('authorization', dan.auth).expect(200)).body;
      let left = 24;
      const main: Entry[] = [];
      for (const e of danSuggestion.main as Entry[]) {
        if (left === 0) break;
        main.push({ cardId: e.cardId, count: Math.min(e.count, left) });
        left -= Math.min(e.count, left);
      }
      expect(copies(main)).toBe(24);
      const refused = await t.http().put(`/api/events/${eventId}/deck`).set('authorization', dan.auth).send({ hero: danSuggestion.hero, main }).expect(422);
      expect(refused.body.violations.map((v: { code: string }) => v.code)).toEqual(['DECK_TOO_SMALL']);

      const entry = (await t.http().get(`/api/events/${eventId}/players/me`).set('authorization', carol.auth).expect(200)).body;
      expect(entry.minMainDeck).toBe(24);
      const rows = (await org(t.http().get(`/api/events/${eventId}/decks`)).expect(200)).body as { playerId: string; mainDeckMinimum: number; minMainDeck: number | null }[];
      expect(rows.map((r) => [r.playerId, r.mainDeckMinimum, r.minMainDeck])).toEqual([
        [alice.playerId, 30, null],
        [bob.playerId, 30, null],
        [carol.playerId, 24, 24],
        [dan.playerId, 30, null],
      ]);
      const players = (await org(t.http().get(`/api/events/${eventId}/players`)).expect(200)).body as { playerId: string; minMainDeck: number | null }[];
      expect(players.find((p) => p.playerId === carol.playerId)?.minMainDeck).toBe(24);

      const exported = (await org(t.http().get(`/api/events/${eventId}/export`)).expect(200)).body;
      expect(exported.players.map((p: { playerId: string; minMainDeck?: number }) => [p.playerId, p.minMainDeck])).toEqual([
        [alice.playerId, undefined],
        [bob.playerId, undefined],
        [carol.playerId, 24],
        [dan.playerId, undefined],
      ]);
      const archive = (await org(t.http().get(`/api/events/${eventId}/archive`)).expect(200)).body;
      const table = archive.tables.event_player as { columns: string[]; rows: unknown[][] };
      const column = table.columns.indexOf('min_main_deck');
      const idColumn = table.columns.indexOf('id');
      expect(column).toBeGreaterThanOrEqual(0);
      expect(table.rows.find((r) => r[idColumn] === carol.playerId)?.[column]).toBe(24);
    });

    it('rule: back to the game minimum, her short deck is no longer registered; the guard then lists her', async () => {
      const back = await org(t.http().put(`/api/events/${eventId}/players/${carol.playerId}/deck-minimum`))
        .send({ minMainDeck: null })
        .expect(200);
      expect(back.body).toMatchObject({ minMainDeck: null, mainDeckMinimum: 30, status: 'illegal' });
      const refused = await org(t.http().post(`/api/events/${eventId}/rounds`))
        .send({ choices: [{ playerId: bob.playerId, choice: 'suggest' }] })
        .expect(409);
      expect(refused.body.code).toBe('DECKS_NOT_READY');
      expect(refused.body.details.map((d: { playerId: string; rule: string }) => [d.playerId, d.rule])).toEqual([
        [carol.playerId, 'illegal-deck'],
        [dan.playerId, 'illegal-deck'],
      ]);
      // Bob's suggestion was registered before the guard refused the others: it stays registered.
      expect((await t.prisma.deck.findUnique({ where: { playerId: bob.playerId } }))?.legal).toBe(true);
      await org(t.http().put(`/api/events/${eventId}/players/${carol.playerId}/deck-minimum`))
        .send({ minMainDeck: 24 })
        .expect(200);
      const round = await org(t.http().post(`/api/events/${eventId}/rounds`))
        .send({ choices: [{ playerId: dan.playerId, choice: 'gameLoss' }] })
        .expect(201);
      expect(round.body.pairedWithoutDecks).toEqual([{ playerId: dan.playerId, name: dan.name, reason: 'illegal-deck', choice: 'gameLoss' }]);
      // Decks lock at round 1: the minimum does too.
      await org(t.http().put(`/api/events/${eventId}/players/${carol.playerId}/deck-minimum`))
        .send({ minMainDeck: 25 })
        .expect(409);
    });
  });

  it('rule SIDEBOARDING_ALLOWED: an event without sideboarding refuses the exchange; the option changes until round 1 and is printed', async () => {
    const event = await createEvent(t, { name: 'No side', game: 'wow-tcg', format: 'sealed', packs: ['HOA'], seed: 'deck-guard-fixes-000002', sideboarding: false });
    expect(event).toMatchObject({ sideboarding: false });
    const players = await registerPlayers(t, event.id, 2);
    await start(t, event.id);
    // After the start, before round 1: the option may still change (and back).
    expect(
      (
        await org(t.http().patch(`/api/events/${event.id}`))
          .send({ sideboarding: true })
          .expect(200)
      ).body.sideboarding,
    ).toBe(true);
    expect(
      (
        await org(t.http().patch(`/api/events/${event.id}`))
          .send({ sideboarding: false })
          .expect(200)
      ).body.sideboarding,
    ).toBe(false);
    // Other options are not editable after the start.
    await org(t.http().patch(`/api/events/${event.id}`))
      .send({ sideboarding: true, name: 'Renamed' })
      .expect(409);
    for (const p of players) await org(t.http().post(`/api/events/${event.id}/players/${p.playerId}/deck/suggestion`)).expect(200);
    const round = (
      await org(t.http().post(`/api/events/${event.id}/rounds`))
        .send({})
        .expect(201)
    ).body;
    expect(round.sideboarding).toBe(false);
    const match = round.pairings[0];
    const player = players.find((p) => p.playerId === match.playerA.playerId)!;
    const deck = (await t.http().get(`/api/matches/${match.matchId}/deck`).set('authorization', player.auth).expect(200)).body;
    const refused = await t
      .http()
      .put(`/api/matches/${match.matchId}/deck`)
      .set('authorization', player.auth)
      .send({ main: deck.main.map((e: { card: { cardId: string }; count: number }) => ({ cardId: e.card.cardId, count: e.count })) })
      .expect(409);
    expect(refused.body).toMatchObject({ code: 'SIDEBOARDING_NOT_ALLOWED', details: [{ field: 'matchId', rule: 'sideboarding' }] });
    const sheet = await org(t.http().get(`/api/events/${event.id}/rounds/1?format=text`)).expect(200);
    expect(sheet.text.split('\n')[1]).toBe('No sideboarding: every game is played with the registered deck.');
    const locked = await org(t.http().patch(`/api/events/${event.id}`))
      .send({ sideboarding: true })
      .expect(409);
    expect(locked.body.details).toEqual([expect.objectContaining({ field: 'sideboarding', rule: 'beforeRoundOne' })]);
    const exported = (await org(t.http().get(`/api/events/${event.id}/export`)).expect(200)).body;
    expect(exported.event.sideboarding).toBe(false);
  });

  it('rule TEAM_TABLE_SEATS: a team pairing gives every member a seat letter facing the same letter, the teams alternating around the table', async () => {
    const event = await createEvent(t, { name: 'Teams', game: 'wow-tcg', format: 'sealed', packs: ['HOA'], teamSize: 2, seed: 'deck-guard-fixes-000003' });
    for (const [name, members] of [
      ['Lions', ['Ann', 'Bob']],
      ['Wolves', ['Cid', 'Dee']],
    ] as const) {
      await t
        .http()
        .post(`/api/events/${event.id}/teams`)
        .send({ name, members: members.map((n) => ({ name: n })) })
        .expect(201);
    }
    await start(t, event.id);
    const round = (
      await org(t.http().post(`/api/events/${event.id}/rounds`))
        .send({ force: true })
        .expect(201)
    ).body;
    const [pairing] = round.pairings;
    const seats = [...pairing.playerA.members, ...pairing.playerB.members]
      .map((m: { name: string; seat: string; tableSeat: number }): [number, string, string] => [m.tableSeat, m.seat, m.name])
      .sort((x, y) => x[0] - y[0]);
    const teamOf = (name: string) => (['Ann', 'Bob'].includes(name) ? 'Lions' : 'Wolves');
    expect(seats.map((s) => s[1])).toEqual(['A', 'A', 'B', 'B']);
    expect(seats.map((s) => teamOf(s[2]))).toEqual(pairing.playerA.name === 'Lions' ? ['Lions', 'Wolves', 'Lions', 'Wolves'] : ['Wolves', 'Lions', 'Wolves', 'Lions']);
    const sheet = (await org(t.http().get(`/api/events/${event.id}/rounds/1?format=text`)).expect(200)).text;
    const [a, b] = [pairing.playerA.members[0], pairing.playerB.members[0]];
    expect(sheet).toMatch(new RegExp(`seat A: ${a.name} \\(1\\)\\s+seat A: ${b.name} \\(2\\)`));
  });

  it('rule: a lower minimum in a team event of real boosters: the member’s short list registers with the team and keeps its sideboard', async () => {
    const event = await createEvent(t, {
      name: 'Team lists',
      game: 'wow-tcg',
      format: 'sealed',
      packSource: 'physical',
      packs: ['HOA'],
      teamSize: 2,
      seed: 'deck-guard-fixes-000004',
    });
    const members: TestPlayer[] = [];
    for (const [name, pair] of [
      ['Lions', ['Ann', 'Bob']],
      ['Wolves', ['Cid', 'Dee']],
    ] as const) {
      const team = (
        await t
          .http()
          .post(`/api/events/${event.id}/teams`)
          .send({ name, members: pair.map((n) => ({ name: n })) })
          .expect(201)
      ).body;
      members.push(...team.members.map((m: TestPlayer) => ({ ...m, auth: `Bearer ${m.token}` })));
    }
    await start(t, event.id);
    const [ann] = members;
    const hoa = [...cards.values()].filter((c) => c.setCode === 'HOA');
    const hero = heroes.find((h) => h.setCode === 'HOA' && hoa.filter((c) => c.type !== 'hero' && heroMayPlay(h, c)).length >= 30)!;
    const playable = hoa.filter((c) => c.type !== 'hero' && heroMayPlay(hero, c));
    const main = playable.slice(0, 24).map((c) => ({ cardId: c.cardId, count: 1 }));
    const sideboard = playable.slice(24, 26).map((c) => ({ cardId: c.cardId, count: 1 }));
    const short = await t.http().put(`/api/events/${event.id}/deck`).set('authorization', ann.auth).send({ hero: hero.cardId, main, sideboard }).expect(422);
    expect(short.body.violations.map((v: { code: string }) => v.code)).toEqual(['DECK_TOO_SMALL']);
    const set = await org(t.http().put(`/api/events/${event.id}/players/${ann.playerId}/deck-minimum`))
      .send({ minMainDeck: 24 })
      .expect(200);
    expect(set.body.status).toBe('legal');
    const deck = await t.prisma.deck.findUnique({ where: { playerId: ann.playerId } });
    expect(deck?.legal).toBe(true);
    expect(deck?.sideboard).toEqual(sideboard);
  });
});
