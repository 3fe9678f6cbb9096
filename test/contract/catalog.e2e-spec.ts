import { createTestApp, type TestApp } from '../utils/test-app';

describe('catalog API (shipped sets on a real PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('lists both games as rules profiles', async () => {
    const res = await t.http().get('/api/games').expect(200);
    expect(res.body.map((g: { id: string }) => g.id).sort()).toEqual(['berserk', 'wow-tcg']);
  });

  it('serves each game’s term table, public and cached: Berserk keywords with reminders, WoW terms as its rule texts', async () => {
    const berserk = await t.http().get('/api/games/berserk/terms').expect(200);
    expect(berserk.headers['cache-control']).toBe('public, max-age=3600');
    expect(berserk.body).toMatchObject({ game: 'berserk', languages: ['en', 'ru'] });
    expect(berserk.body.terms.keyword.defFromPoison).toEqual({ en: 'Poison protection', ru: 'Защита от отравления', reminder: { en: expect.any(String), ru: expect.any(String) } });
    expect(berserk.body.terms.type.equipment.ru).toBe('Экипировка');
    const wow = await t.http().get('/api/games/wow-tcg/terms').expect(200);
    expect(wow.body.terms.type.ally).toEqual({ en: 'Ally', ru: 'Соратник' });
    expect(wow.body.terms.class['Death Knight'].ru).toBe('Рыцарь смерти');
    const bad = await t.http().get('/api/games/chess/terms').expect(400);
    expect(bad.body).toMatchObject({ code: 'VALIDATION_FAILED', details: [expect.objectContaining({ field: 'game' })] });
  });

  it('ships Heroes of Azeroth, March of the Legion and Berserk Война стихий, loaded at first start', async () => {
    const res = await t.http().get('/api/sets').expect(200);
    const codes = res.body.map((s: { game: string; code: string }) => `${s.game}/${s.code}`);
    expect(codes).toEqual(expect.arrayContaining(['wow-tcg/HOA', 'wow-tcg/MOL', 'berserk/S1']));
    const s1 = res.body.find((s: { code: string }) => s.code === 'S1');
    expect(s1.name).toBe('Война стихий');
    expect(s1.dataVersion).toMatch(/^[0-9a-f]{64}$/);
  });

  it('filters sets by game and rejects an unknown game with the field named', async () => {
    const res = await t.http().get('/api/sets?game=berserk').expect(200);
    expect(res.body.every((s: { game: string }) => s.game === 'berserk')).toBe(true);
    const bad = await t.http().get('/api/sets?game=magic').expect(400);
    expect(bad.body).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED', details: [expect.objectContaining({ field: 'game', rule: 'isIn' })] });
  });

  it('finds a set by code case-insensitively, with its booster layout and data version', async () => {
    const res = await t.http().get('/api/sets/hoa').expect(200);
    expect(res.body).toMatchObject({ game: 'wow-tcg', code: 'HOA', name: 'Heroes of Azeroth', cardCount: 361, packSizes: [15] });
    expect(res.body.boosterLayout.variants.length).toBeGreaterThan(0);
    const mol = await t.http().get('/api/sets/MoL').expect(200);
    expect(mol.body.packSizes).toEqual([19]);
  });

  it('answers 404 SET_NOT_FOUND for an unknown set', async () => {
    const res = await t.http().get('/api/sets/NOPE').expect(404);
    expect(res.body).toMatchObject({ statusCode: 404, code: 'SET_NOT_FOUND', details: [expect.objectContaining({ field: 'code' })] });
  });

  it('pages cards by collector number, each card carrying cardId, setCode and number', async () => {
    const res = await t.http().get('/api/sets/HOA/cards?page=2&pageSize=50').expect(200);
    expect(res.body).toMatchObject({ total: 361, page: 2, pageSize: 50 });
    expect(res.body.items).toHaveLength(50);
    expect(res.body.items[0]).toMatchObject({ cardId: 'HOA-51', setCode: 'HOA', number: 51 });
    const numbers = res.body.items.map((c: { number: number }) => c.number);
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
  });

  it('filters cards by rarity and type (HoA: 22 epics, 16 heroes)', async () => {
    const epics = await t.http().get('/api/sets/HOA/cards?rarity=epic&pageSize=500').expect(200);
    expect(epics.body.total).toBe(22);
    const heroes = await t.http().get('/api/sets/HOA/cards?type=hero&pageSize=500').expect(200);
    expect(heroes.body.total).toBe(16);
    expect(heroes.body.items.every((c: { rarity: string }) => c.rarity === 'uncommon')).toBe(true);
    expect(heroes.body.items[0].attributes).toMatchObject({ game: 'wow-tcg', heroClass: expect.any(String) });
  });

  it('keeps extended-art and loot printings on the card, not as cards of their own', async () => {
    const res = await t.http().get('/api/sets/HOA/cards?pageSize=500').expect(200);
    const withPrintings = res.body.items.filter((c: { printings: unknown[] }) => c.printings.length > 0);
    expect(withPrintings.length).toBeGreaterThan(0);
    expect(new Set(res.body.items.map((c: { number: number }) => c.number)).size).toBe(361);
  });

  it('caps pageSize at 500 and names the field and rule', async () => {
    const res = await t.http().get('/api/sets/HOA/cards?pageSize=501').expect(400);
    expect(res.body.details).toEqual([expect.objectContaining({ field: 'pageSize', rule: 'max' })]);
    const neg = await t.http().get('/api/sets/HOA/cards?page=0&rarity=mythic').expect(400);
    expect(neg.body.details.map((d: { field: string }) => d.field).sort()).toEqual(['page', 'rarity']);
  });

  it('rejects unknown query fields', async () => {
    const res = await t.http().get('/api/sets/HOA/cards?colour=red').expect(400);
    expect(res.body.details).toEqual([expect.objectContaining({ field: 'colour', rule: 'unknownField' })]);
  });
});
