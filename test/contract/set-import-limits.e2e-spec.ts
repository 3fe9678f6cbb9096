import { fixture, shipped } from '../utils/files';
import { createTestApp, type TestApp } from '../utils/test-app';

/**
 * Hostile or broken set files get a 4xx naming what is wrong, never a 500, a hang or an
 * out-of-memory: layout size limits, parser limits, and the common set limits of every format.
 */
describe('set import limits (organizer)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const post = (query: string, body: string, type = 'application/json') =>
    t.http().post(`/api/sets/import?${query}`).set('authorization', t.organizer).set('content-type', type).send(body);
  const postXml = (query: string, body: string) => post(query, body, 'application/xml');
  const absent = async (code: string) => expect((await t.http().get(`/api/sets/${code}`)).status).toBe(404);

  /** The Drums of War OCTGN file with its booster pack's content replaced. */
  const dowWithPack = (content: string) => fixture('octgn-dow.xml').replace(/(<pack name="Booster"[^>]*>)[\s\S]*?(<\/pack>)/, `$1\n${content}\n$2`);
  const twoOptions =
    '<options><option probability="0.5"><pick qty="1" key="Rarity" value="C" /></option><option probability="0.5"><pick qty="1" key="Rarity" value="U" /></option></options>\n';

  describe('booster layout size', () => {
    it('OCTGN: 30 option groups (2^30 variants) → 422 IMPORT_INVALID at once, naming the pack and its line', async () => {
      // Building 2^30 variants first would exhaust the memory or the test's timeout: the refusal comes before.
      const res = await postXml('format=octgn&code=XOPT', dowWithPack(twoOptions.repeat(30))).expect(422);
      expect(res.body).toMatchObject({ code: 'IMPORT_INVALID', details: [expect.objectContaining({ field: 'packaging.pack[0]', rule: 'maxVariants', line: 5 })] });
      await absent('XOPT');
    });

    it('OCTGN: 12 option groups (4,096 variants) are refused too: a layout has at most 100 variants', async () => {
      const res = await postXml('format=octgn&code=XOPT', dowWithPack(twoOptions.repeat(12))).expect(422);
      expect(res.body.details[0]).toMatchObject({ rule: 'maxVariants', message: expect.stringContaining('4096') });
    });

    it('a pack of more than 40 cards → 422 BOOSTER_LAYOUT_INVALID naming the variant', async () => {
      const file = JSON.parse(shipped('wow-tcg-wg.json'));
      file.code = 'XBIG';
      file.boosterLayout = {
        sheets: { any: { filter: { rarity: ['common'] }, allowDuplicates: true } },
        variants: [
          {
            weight: 1,
            slots: [
              { sheet: 'any', count: 40 },
              { sheet: 'any', count: 40 },
              { sheet: 'any', count: 20 },
            ],
          },
        ],
      };
      const res = await post('format=product', JSON.stringify(file)).expect(422);
      expect(res.body).toMatchObject({ code: 'BOOSTER_LAYOUT_INVALID', details: [expect.objectContaining({ field: 'variants[0]', rule: 'packSize' })] });
      await absent('XBIG');
    });

    it('the largest pack allowed (40 cards) imports, and 1,000 of them are generated', async () => {
      const file = JSON.parse(shipped('wow-tcg-wg.json'));
      file.code = 'XFORTY';
      file.boosterLayout = {
        sheets: { any: { filter: { rarity: ['common'] }, allowDuplicates: true } },
        variants: [{ weight: 1, slots: [{ sheet: 'any', count: 40 }] }],
      };
      const res = await post('format=product', JSON.stringify(file)).expect(200);
      expect(res.body.packSizes).toEqual([40]);
      const packs = await t.http().post('/api/sets/XFORTY/boosters').send({ count: 1000, seed: 'big' }).expect(200);
      expect(packs.body.packs).toHaveLength(1000);
    });
  });

  describe('XML the parser refuses → 400 MALFORMED_BODY, never 500', () => {
    it('an external entity (<!ENTITY x SYSTEM "file:///etc/passwd">)', async () => {
      const xml = '<?xml version="1.0"?>\n<!DOCTYPE set [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n<set name="&x;"><cards/></set>';
      const res = await postXml('format=octgn&code=XENT', xml).expect(400);
      expect(res.body).toMatchObject({ code: 'MALFORMED_BODY', details: [expect.objectContaining({ line: 2, message: expect.stringContaining('External entities') })] });
    });

    it('entity expansion over the limit', async () => {
      const xml = `<!DOCTYPE set [<!ENTITY a "${'a'.repeat(9000)}">]>\n<set name="${'&a;'.repeat(200)}"><cards/></set>`;
      const res = await postXml('format=octgn&code=XENT', xml).expect(400);
      expect(res.body.details[0].message).toContain('entity expansion');
    });

    it('100,000 levels of nested tags', async () => {
      const xml = `<set name="x">\n${'<a>'.repeat(100_000)}${'</a>'.repeat(100_000)}</set>`;
      const res = await postXml('format=octgn&code=XDEEP', xml).expect(400);
      expect(res.body).toMatchObject({ code: 'MALFORMED_BODY', details: [expect.objectContaining({ line: 2 })] });
    });

    it('an unclosed tag is reported where it was opened, by name', async () => {
      const res = await postXml('format=octgn', '<?xml version="1.0"?>\n<set name="X">\n<cards>\n<card name="A">\n').expect(400);
      expect(res.body.details[0]).toMatchObject({ line: 4, message: expect.stringContaining('<card>') });
    });

    it('a reference to a control character (&#0;) names its line; &#65; / &#x42; are decoded', async () => {
      const lines = fixture('octgn-dow.xml').split('\n');
      const at = lines.findIndex((l) => l.includes('name="Grand Marshall Goldensword"'));
      lines[at] = lines[at].replace('Grand Marshall Goldensword', 'Grand Marshall &#0;Goldensword');
      const bad = await postXml('format=octgn&code=XNCR', lines.join('\n')).expect(400);
      expect(bad.body.details[0]).toMatchObject({ line: at + 1, message: expect.stringContaining('&#0;') });

      lines[at] = lines[at].replace('&#0;', '&#65;&#x42; ');
      await postXml('format=octgn&code=XNCR', lines.join('\n')).expect(200);
      const cards = await t.http().get('/api/sets/XNCR/cards?pageSize=1').expect(200);
      expect(cards.body.items[0].name).toBe('Grand Marshall AB Goldensword');
    });

    it('JSON nested 100,000 levels deep', async () => {
      const res = await post('format=product', `{"cards": ${'['.repeat(100_000)}${']'.repeat(100_000)}}`).expect(400);
      expect(res.body).toMatchObject({ code: 'MALFORMED_BODY', details: [expect.objectContaining({ rule: 'maxDepth', line: 1 })] });
    });
  });

  describe('text the database cannot store faithfully → 422 IMPORT_INVALID, never 500', () => {
    it('a NUL in a card name (product and wowtcg-json)', async () => {
      const file = JSON.parse(shipped('wow-tcg-wg.json'));
      file.code = 'XNUL';
      file.cards[0].name = 'Bad\u0000Name';
      const res = await post('format=product&layout=wow-tcg-19', JSON.stringify(file)).expect(422);
      expect(res.body).toMatchObject({ code: 'IMPORT_INVALID', details: [expect.objectContaining({ field: 'cards[0].name', rule: 'controlCharacter', card: 'XNUL-1' })] });

      const rows = JSON.parse(fixture('wowtcg-foo.json')) as { name: string; rarity: string }[];
      rows.find((r) => r.rarity === 'c')!.name += '\u0000';
      const wow = await post('format=wowtcg-json&code=XNUL', JSON.stringify(rows)).expect(422);
      expect(wow.body.details).toEqual([expect.objectContaining({ rule: 'controlCharacter' })]);
      await absent('XNUL');
    });

    it('a lone surrogate ("\\ud800") is refused instead of being stored as U+FFFD under a data version it no longer hashes to', async () => {
      const file = JSON.parse(shipped('wow-tcg-wg.json'));
      file.code = 'XSUR';
      file.name = 'Wrath Gate \ud800';
      const res = await post('format=product&layout=wow-tcg-19', JSON.stringify(file)).expect(422);
      expect(res.body.details).toEqual([expect.objectContaining({ field: 'name', rule: 'wellFormedText' })]);
      await absent('XSUR');
    });
  });
});
