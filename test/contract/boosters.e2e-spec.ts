import { createTestApp, type TestApp } from '../utils/test-app';

type Pack = { number: number; cards: { cardId: string; setCode: string; number: number; rarity: string; type: string }[] };

describe('booster generation API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const generate = (code: string, body: object) => t.http().post(`/api/sets/${code}/boosters`).send(body);

  it('same seed gives identical packs, byte for byte', async () => {
    const a = await generate('HOA', { count: 6, seed: 'store-night-2026-11-30' }).expect(200);
    const b = await generate('hoa', { count: 6, seed: 'store-night-2026-11-30' }).expect(200);
    expect(JSON.stringify(a.body)).toBe(JSON.stringify(b.body));
    expect(a.body).toMatchObject({ seed: 'store-night-2026-11-30', setCode: 'HOA', dataVersion: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(a.body.packs).toHaveLength(6);
  });

  it('rule: every shipped Berserk booster set opens 12-card boosters; the promo set laar is listed but opens none, and no event can use it', async () => {
    const sets = (await t.http().get('/api/sets?game=berserk').expect(200)).body as { code: string; boosters: boolean }[];
    expect(sets.map((s) => [s.code, s.boosters])).toEqual([
      ['LAAR', false],
      ['S1', true],
      ['S2', true],
      ['S3', true],
      ['S4', true],
    ]);
    for (const code of ['S2', 'S3', 'S4']) {
      const res = await generate(code, { count: 5, seed: `berserk-${code}` }).expect(200);
      for (const pack of res.body.packs as Pack[]) {
        expect(pack.cards).toHaveLength(12);
        expect(pack.cards.filter((c) => c.rarity === 'common')).toHaveLength(8);
        expect(pack.cards.filter((c) => c.rarity === 'uncommon')).toHaveLength(3);
      }
    }
    expect((await t.http().get('/api/sets/LAAR?game=berserk').expect(200)).body).toMatchObject({ boosters: false, packSizes: [], cardCount: 19 });
    expect((await generate('LAAR', { count: 1 }).expect(422)).body).toMatchObject({ code: 'NOT_A_BOOSTER_SET', details: [{ field: 'code', rule: 'boosterSet' }] });
    const event = await t
      .http()
      .post('/api/events')
      .set('authorization', t.organizer)
      .send({ name: 'Promo', game: 'berserk', format: 'sealed', packs: Array(6).fill('LAAR') })
      .expect(422);
    expect(event.body).toMatchObject({ code: 'NOT_A_BOOSTER_SET', details: [{ field: 'packs' }] });
    // Its cards are cards like any other: a Constructed check knows them.
    const check = await t
      .http()
      .post('/api/decks/check')
      .send({ game: 'berserk', format: 'constructed', main: [{ cardId: 'LAAR-1', count: 1 }] })
      .expect(200);
    expect(check.body.violations.map((v: { code: string }) => v.code)).not.toContain('UNKNOWN_CARD');
  });

  it('different seeds give different packs', async () => {
    const a = await generate('HOA', { count: 3, seed: 'seed-one' }).expect(200);
    const b = await generate('HOA', { count: 3, seed: 'seed-two' }).expect(200);
    expect(JSON.stringify(a.body.packs)).not.toBe(JSON.stringify(b.body.packs));
  });

  it('pack 17 does not depend on the packs before it', async () => {
    const many = await generate('MOL', { count: 17, seed: 'independent' }).expect(200);
    const again = await generate('MOL', { count: 20, seed: 'independent' }).expect(200);
    expect(again.body.packs[16]).toEqual(many.body.packs[16]);
  });

  it('without a seed the server draws a 128-bit one and returns it', async () => {
    const res = await generate('S1', { count: 1 }).expect(200);
    expect(res.body.seed).toMatch(/^[0-9a-f]{32}$/);
    const replay = await generate('S1', { count: 1, seed: res.body.seed }).expect(200);
    expect(replay.body.packs).toEqual(res.body.packs);
  });

  it('WoW TCG 15-card booster: 10 common, 3 uncommon, 1 rare or epic, exactly 1 hero, no duplicates', async () => {
    const res = await generate('HOA', { count: 50, seed: 'composition' }).expect(200);
    for (const pack of res.body.packs as Pack[]) {
      expect(pack.cards).toHaveLength(15);
      const heroes = pack.cards.filter((c) => c.type === 'hero');
      expect(heroes).toHaveLength(1);
      const rest = pack.cards.filter((c) => c.type !== 'hero');
      expect(rest.filter((c) => c.rarity === 'common')).toHaveLength(10);
      expect(rest.filter((c) => c.rarity === 'uncommon')).toHaveLength(3);
      expect(rest.filter((c) => c.rarity === 'rare' || c.rarity === 'epic')).toHaveLength(1);
      expect(new Set(pack.cards.map((c) => c.cardId)).size).toBe(15);
      expect(pack.cards.every((c) => c.setCode === 'HOA' && c.cardId === `HOA-${c.number}`)).toBe(true);
    }
  });

  it('WoW TCG 19-card booster (March of the Legion): 13 C, 4 U, 1 R/E, 1 hero', async () => {
    const res = await generate('MOL', { count: 30, seed: 'mol' }).expect(200);
    for (const pack of res.body.packs as Pack[]) {
      expect(pack.cards).toHaveLength(19);
      expect(pack.cards.filter((c) => c.type === 'hero')).toHaveLength(1);
      const rest = pack.cards.filter((c) => c.type !== 'hero');
      expect(rest.filter((c) => c.rarity === 'common')).toHaveLength(13);
      expect(rest.filter((c) => c.rarity === 'uncommon')).toHaveLength(4);
    }
  });

  it('Berserk booster: 12 cards = 8 common, 3 uncommon, 1 rare or ultra-rare', async () => {
    const res = await generate('S1', { count: 30, seed: 'berserk' }).expect(200);
    for (const pack of res.body.packs as Pack[]) {
      expect(pack.cards).toHaveLength(12);
      expect(pack.cards.filter((c) => c.rarity === 'common')).toHaveLength(8);
      expect(pack.cards.filter((c) => c.rarity === 'uncommon')).toHaveLength(3);
      expect(pack.cards.filter((c) => c.rarity === 'rare' || c.rarity === 'ultra-rare')).toHaveLength(1);
      expect(new Set(pack.cards.map((c) => c.cardId)).size).toBe(12);
    }
  });

  it.each([
    [{ count: 0 }, 'count', 'min'],
    [{ count: 1001 }, 'count', 'max'],
    [{ count: 'six' }, 'count', 'isInt'],
    [{ count: 1.5 }, 'count', 'isInt'],
    [{}, 'count', 'isInt'],
    [{ count: 1, seed: '' }, 'seed', 'minLength'],
    [{ count: 1, seed: 42 }, 'seed', 'isString'],
    [{ count: 1, seed: 'a/b' }, 'seed', 'matches'],
    [{ count: 1, seed: 'x'.repeat(257) }, 'seed', 'maxLength'],
    [{ count: 1, colour: 'red' }, 'colour', 'unknownField'],
  ])('rejects %j with 400 naming %s / %s', async (body, field, rule) => {
    const res = await generate('HOA', body).expect(400);
    expect(res.body).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED' });
    expect(res.body.details).toEqual(expect.arrayContaining([expect.objectContaining({ field, rule })]));
  });

  it('malformed JSON is a 400 MALFORMED_BODY, not a 500', async () => {
    const res = await t.http().post('/api/sets/HOA/boosters').set('content-type', 'application/json').send('{"count": 3,').expect(400);
    expect(res.body).toMatchObject({ statusCode: 400, code: 'MALFORMED_BODY' });
  });

  it('a JSON array or scalar body is a 400', async () => {
    const res = await t.http().post('/api/sets/HOA/boosters').set('content-type', 'application/json').send('[1,2]').expect(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
  });

  it('unknown set is a 404 SET_NOT_FOUND', async () => {
    const res = await generate('XYZ', { count: 1 }).expect(404);
    expect(res.body.code).toBe('SET_NOT_FOUND');
  });
});
