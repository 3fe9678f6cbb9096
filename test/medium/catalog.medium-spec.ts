import { CatalogModule } from '../../src/catalog/catalog.module';
import { CatalogService } from '../../src/catalog/catalog.service';
import { createTestModule, type TestModule } from '../utils/test-module';

/** The catalog services on a real database (the shipped sets loaded), called directly: sets, card pages, image templates. */
describe('medium: catalog services', () => {
  let m: TestModule;
  let catalog: CatalogService;
  beforeAll(async () => {
    m = await createTestModule([CatalogModule]);
    catalog = m.get(CatalogService);
  });
  afterAll(() => m.close());

  it('the shipped sets are listed per game, each with its card count and data version', async () => {
    const wow = await catalog.listSets('wow-tcg');
    expect(wow.length).toBeGreaterThan(0);
    expect(wow.every((s) => s.game === 'wow-tcg')).toBe(true);
    const hoa = wow.find((s) => s.code === 'HOA')!;
    expect(hoa).toMatchObject({ boosters: true, dataVersion: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(hoa.cardCount).toBeGreaterThan(0);
  });

  it('a set code is found whatever its case; an unknown one is SET_NOT_FOUND', async () => {
    expect((await catalog.getSetDetail('hoa', 'wow-tcg')).code).toBe('HOA');
    await expect(catalog.getSet('NOPE')).rejects.toMatchObject({ code: 'SET_NOT_FOUND', details: [{ field: 'code', rule: 'exists' }] });
  });

  it('card pages filter by rarity and add up to the total (catalog paging)', async () => {
    const first = await catalog.pageCards('HOA', { game: 'wow-tcg', rarity: 'rare', page: 1, pageSize: 10 });
    expect(first.items).toHaveLength(Math.min(10, first.total));
    expect(first.items.every((c) => c.rarity === 'rare')).toBe(true);
    const all = await catalog.pageCards('HOA', { game: 'wow-tcg', rarity: 'rare', page: 1, pageSize: 1000 });
    expect(all.items).toHaveLength(first.total);
    const second = await catalog.pageCards('HOA', { game: 'wow-tcg', rarity: 'rare', page: 2, pageSize: 10 });
    expect(second.items.map((c) => c.cardId)).toEqual(all.items.slice(10, 20).map((c) => c.cardId));
  });

  it('an image template is stored with the set but is not part of its data (no new data version)', async () => {
    const before = await catalog.getSetDetail('HOA', 'wow-tcg');
    const after = await catalog.updateSet('HOA', 'wow-tcg', { imageTemplate: 'https://cards.example/{code}/{number}.jpg' });
    expect(after).toMatchObject({ imageTemplate: 'https://cards.example/{code}/{number}.jpg', dataVersion: before.dataVersion });
    expect((await catalog.updateSet('HOA', 'wow-tcg', { imageTemplate: null })).imageTemplate).toBeNull();
  });
});
