import { shipped } from '../utils/files';
import { classAllows, factionAllows, talentAllows } from '../../src/decks/rules';
import { createTestApp, type TestApp } from '../utils/test-app';
import { createEvent, registerPlayers, start, type TestPlayer } from '../utils/events';

type Card = {
  cardId: string;
  name: string;
  type: string;
  attributes: { faction?: string; classes?: string[] | null; talent?: string | null; heroClass?: string; heroTalent?: string };
};

describe('decks: submitting and checking to each game’s rules', () => {
  let t: TestApp;
  let eventId: string;
  let alice: TestPlayer;
  let bob: TestPlayer;
  let heroes: Card[];
  let pool: Card[];

  beforeAll(async () => {
    t = await createTestApp();
    const event = await createEvent(t, { name: 'Sealed decks', game: 'wow-tcg', format: 'sealed', packs: ['HOA'], seed: 'deck-building-seed-0001' });
    eventId = event.id;
    [alice, bob] = await registerPlayers(t, eventId, 2);
    await start(t, eventId);
    heroes = (await t.http().get('/api/sets/HOA/cards?type=hero&pageSize=500').expect(200)).body.items;
    const me = (await t.http().get(`/api/events/${eventId}/me`).set('authorization', alice.auth).expect(200)).body;
    const all = new Map<string, Card>((await t.http().get('/api/sets/HOA/cards?pageSize=500').expect(200)).body.items.map((c: Card) => [c.cardId, c]));
    pool = me.pool.map((c: { cardId: string }) => all.get(c.cardId)!);
  });
  afterAll(() => t.close());

  const counts = (cards: Card[]) => {
    const m = new Map<string, number>();
    for (const c of cards) m.set(c.cardId, (m.get(c.cardId) ?? 0) + 1);
    return [...m].map(([cardId, count]) => ({ cardId, count }));
  };
  const fits = (hero: Card, c: Card) =>
    c.type !== 'hero' &&
    factionAllows(hero.attributes.faction ?? null, c.attributes.faction ?? null) &&
    classAllows(hero.attributes.heroClass ?? null, c.attributes.classes ?? null) &&
    talentAllows(hero.attributes.heroTalent ?? null, c.attributes.talent ?? null);
  /** A hero and 30 pool cards it may play: a legal Limited deck from Alice's real pool. */
  const legalDeck = () => {
    for (const hero of heroes) {
      const playable = pool.filter((c) => fits(hero, c));
      if (playable.length >= 30) return { hero: hero.cardId, main: counts(playable.slice(0, 30)) };
    }
    throw new Error('no hero fits 30 cards of this pool');
  };
  const put = (p: TestPlayer, body: object) => t.http().put(`/api/events/${eventId}/deck`).set('authorization', p.auth).send(body);

  it('WoW TCG Limited: a legal 30-card deck from the pool with any hero is accepted; the sideboard is the rest of the pool', async () => {
    const deck = legalDeck();
    const res = await put(alice, deck).expect(200);
    expect(res.body).toMatchObject({ legal: true, violations: [] });
    expect(res.body.deck.mainCount).toBe(30);
    const sideboard = res.body.deck.sideboard.reduce((n: number, e: { count: number }) => n + e.count, 0);
    expect(sideboard).toBe(pool.length - 30);
  });

  it('the deck reads back as JSON and as deck list files', async () => {
    const json = await t.http().get(`/api/events/${eventId}/deck`).set('authorization', alice.auth).expect(200);
    expect(json.body.legal).toBe(true);
    const text = await t.http().get(`/api/events/${eventId}/deck?format=text`).set('authorization', alice.auth).expect(200);
    expect(text.text).toMatch(/Hero:/);
    // A file name with its extension (it once lacked the dot: "decktxt").
    expect(text.headers['content-disposition']).toBe('attachment; filename="deck.txt"');
    const o8d = await t.http().get(`/api/events/${eventId}/deck?format=o8d`).set('authorization', alice.auth).expect(200);
    expect(o8d.text).toMatch(/<deck/);
  });

  it('all violations together: too small, a card not in the pool, an extra copy (stored as an illegal draft, 422)', async () => {
    const inPool = counts(pool.filter((c) => c.type !== 'hero')).find((c) => c.count === 1)!;
    const notInPool = (await t.http().get('/api/sets/HOA/cards?pageSize=500').expect(200)).body.items.find(
      (c: Card) => c.type !== 'hero' && !pool.some((p) => p.cardId === c.cardId),
    );
    const res = await put(bob, {
      hero: heroes[0].cardId,
      main: [
        { cardId: inPool.cardId, count: 1 },
        { cardId: notInPool.cardId, count: 1 },
      ],
    }).expect(422);
    expect(res.body).toMatchObject({ statusCode: 422, code: 'DECK_ILLEGAL', legal: false });
    const codes = res.body.violations.map((v: { code: string }) => v.code);
    expect(codes).toEqual(expect.arrayContaining(['DECK_TOO_SMALL', 'CARD_NOT_IN_POOL']));
    const status = (await t.http().get(`/api/events/${eventId}/decks`).set('authorization', t.organizer).expect(200)).body;
    expect(status.map((s: { status: string }) => s.status)).toEqual(['legal', 'illegal']);
  });

  it('a deck built from someone else’s pool is refused with CARD_NOT_IN_POOL', async () => {
    const res = await put(bob, legalDeck()).expect(422);
    expect(res.body.violations.map((v: { code: string }) => v.code)).toContain('CARD_NOT_IN_POOL');
  });

  it('more copies than owned is TOO_MANY_COPIES', async () => {
    const deck = legalDeck();
    deck.main[0] = { cardId: deck.main[0].cardId, count: deck.main[0].count + 3 };
    const res = await put(alice, deck).expect(422);
    expect(res.body.violations.map((v: { code: string }) => v.code)).toContain('TOO_MANY_COPIES');
    await put(alice, legalDeck()).expect(200);
  });

  it('a player cannot read or change another player’s deck', async () => {
    await t.http().put(`/api/events/${eventId}/players/${alice.playerId}/deck`).set('authorization', bob.auth).send(legalDeck()).expect(401);
    const own = await t.http().get(`/api/events/${eventId}/deck`).set('authorization', bob.auth).expect(200);
    expect(own.body.playerId).toBe(bob.playerId);
    await t.http().get(`/api/events/${eventId}/decks`).set('authorization', bob.auth).expect(401);
  });

  it('the organizer may submit for a player', async () => {
    const res = await t.http().put(`/api/events/${eventId}/players/${alice.playerId}/deck`).set('authorization', t.organizer).send(legalDeck()).expect(200);
    expect(res.body.deck.submittedBy).toBe('organizer');
  });

  it('registered decks lock when round 1 is paired (event playing)', async () => {
    await t.prisma.event.update({ where: { id: eventId }, data: { state: 'playing' } });
    const res = await put(alice, legalDeck()).expect(409);
    expect(res.body.code).toBe('EVENT_STATE_CONFLICT');
    await t.prisma.event.update({ where: { id: eventId }, data: { state: 'building' } });
  });

  it('stand-alone check of a Constructed deck: 200 with every violation', async () => {
    const ally = (await t.http().get('/api/sets/HOA/cards?type=ally&pageSize=500').expect(200)).body.items.find((c: Card) => c.attributes.faction === 'Neutral');
    const res = await t
      .http()
      .post('/api/decks/check')
      .send({ game: 'wow-tcg', format: 'constructed', hero: heroes[0].cardId, main: [{ cardId: ally.cardId, count: 5 }] })
      .expect(200);
    expect(res.body.legal).toBe(false);
    expect(res.body.violations.map((v: { code: string }) => v.code)).toEqual(expect.arrayContaining(['DECK_TOO_SMALL', 'TOO_MANY_COPIES']));
    const bad = await t.http().post('/api/decks/check').send({ game: 'wow-tcg', format: 'vintage', main: [] }).expect(400);
    expect(bad.body.details[0].field).toBe('format');
  });

  it('deck list import resolves names and reports unknown ones with the closest matches', async () => {
    const hero = heroes[0];
    const body = `Hero: ${hero.name}\n2 ${pool.find((c) => c.type !== 'hero')!.name}\n1 Orgrimar Grunts\n`;
    const res = await t.http().post('/api/decks/import?format=text&game=wow-tcg&sets=HOA').set('content-type', 'text/plain').send(body).expect(200);
    expect(res.body.deck.hero.cardId).toBe(hero.cardId);
    expect(res.body.deck.main).toHaveLength(1);
    expect(res.body.unresolved).toEqual([expect.objectContaining({ name: 'Orgrimar Grunts', reason: 'unknown' })]);
    expect(res.body.unresolved[0].candidates.map((c: { name: string }) => c.name)).toContain('Orgrimmar Grunts');
  });

  it('the deck-list name index is kept between requests and follows the catalog: a card renamed by a new set version is found', async () => {
    const list = '1 Orgrimmar Grunts Reborn\n';
    const before = (await t.http().post('/api/decks/import?format=text&game=wow-tcg').set('content-type', 'text/plain').send(list).expect(200)).body;
    expect(before.deck.main).toEqual([]);
    const hoa = JSON.parse(shipped('wow-tcg-hoa.json')) as { cards: { name: string }[] };
    hoa.cards.find((c) => c.name === 'Orgrimmar Grunts')!.name = 'Orgrimmar Grunts Reborn';
    const imported = await t
      .http()
      .post('/api/sets/import?format=product')
      .set('authorization', t.organizer)
      .set('content-type', 'application/json')
      .send(JSON.stringify(hoa))
      .expect(200);
    expect(imported.body.status).toBe('new-version');
    const after = (await t.http().post('/api/decks/import?format=text&game=wow-tcg').set('content-type', 'text/plain').send(list).expect(200)).body;
    expect(after.unresolved).toEqual([]);
    expect(after.deck.main).toEqual([expect.objectContaining({ count: 1, card: expect.objectContaining({ name: 'Orgrimmar Grunts Reborn', setCode: 'HOA' }) })]);
  });

  it('the shipped HoA, DoW and MoL carry their OCTGN GUIDs: an .o8d of a HoA deck names every card by GUID and reads back to the same cards', async () => {
    const deck = {
      game: 'wow-tcg',
      hero: 'HOA-1',
      main: [
        { cardId: 'HOA-175', count: 2 },
        { cardId: 'DOW-12', count: 1 },
        { cardId: 'MOL-11', count: 1 },
      ],
    };
    const file = (await t.http().post('/api/decks/export?format=o8d').send(deck).expect(200)).text;
    const ids = [...file.matchAll(/<card qty="\d+" id="([^"]+)">/g)].map((m) => m[1]);
    expect(ids).toHaveLength(4);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(ids[0]).toBe('c49f1fed-a1a1-46b1-8d47-8c711550bdf1'); // Boris Brightbeard in OCTGN's HoA definition
    expect(file).toContain('<notes><![CDATA[]]></notes>');
    const back = (await t.http().post('/api/decks/import?format=o8d&game=wow-tcg').set('content-type', 'application/xml').send(file).expect(200)).body;
    expect(back.deck.hero.cardId).toBe('HOA-1');
    expect(back.deck.main.map((e: { card: { cardId: string }; count: number }) => [e.card.cardId, e.count])).toEqual([
      ['HOA-175', 2],
      ['DOW-12', 1],
      ['MOL-11', 1],
    ]);
    expect(back.unresolved).toEqual([]);
  });
});
