import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTestApp, type TestApp } from '../utils/test-app';

const fixture = (name: string): string => readFileSync(join(__dirname, '..', 'fixtures', 'sets', name), 'utf8');

interface Warning {
  rule: string;
  card?: string;
  message: string;
}

/**
 * Set files as the community writes them (test/fixtures/sets): they import with every row accounted
 * for, and a file of a set the catalog already has merges into it instead of making a second one.
 */
describe('POST /api/sets/import of the community’s set files', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const post = (query: string, body: string, type: string) => t.http().post(`/api/sets/import?${query}`).set('authorization', t.organizer).set('content-type', type).send(body);

  it('rule: an Icecrown JSON coded ICE, with loot in its own series, a totem and an Equipment named by its subtype, imports as ICC with each shape warned', async () => {
    const res = await post('format=wowtcg-json', fixture('wowtcg-icecrown-ice.json'), 'application/json').expect(200);
    expect(res.body).toMatchObject({ status: 'created', code: 'ICC', name: 'Icecrown', cardCount: 26, packSizes: [19] });
    const rules = (res.body.warnings as Warning[]).map((w) => w.rule).sort();
    expect(rules).toEqual(['equipmentSubtypeIsName', 'leftOut', 'printingByName', 'printingByName', 'setCodeAlias', 'typeAlias']);
    expect((res.body.warnings as Warning[]).find((w) => w.rule === 'leftOut')).toMatchObject({ card: "Invincible's Reins" });
    // Once more: the same set, not a second Icecrown.
    expect((await post('format=wowtcg-json', fixture('wowtcg-icecrown-ice.json'), 'application/json').expect(200)).body).toMatchObject({ status: 'unchanged', code: 'ICC' });
  });

  it('rule: an OCTGN Icecrown with an unknown hero class is refused naming ?onUnknown=keep; kept, its crafted cards are reported as left out', async () => {
    const refused = await post('format=octgn&code=ICX', fixture('octgn-icc-crafted.xml'), 'application/xml').expect(422);
    expect(refused.body).toMatchObject({ code: 'IMPORT_INVALID', message: expect.stringContaining('?onUnknown=keep') });
    const kept = await post('format=octgn&code=ICX&onUnknown=keep', fixture('octgn-icc-crafted.xml'), 'application/xml').expect(200);
    expect(kept.body).toMatchObject({ status: 'created', cardCount: 10 });
    const warnings = kept.body.warnings as Warning[];
    expect(warnings.filter((w) => w.rule === 'leftOut').map((w) => w.card)).toEqual(['Frostforged Circlet', 'Runed Saronite Band', 'Titansteel Ward']);
    expect(warnings.find((w) => w.card === 'The Lich King')).toMatchObject({ rule: 'isIn', message: expect.stringContaining('"King"') });
  });

  it('rule: a set without a known layout is refused naming ?layout= and ?code=', async () => {
    const text = fixture('wowtcg-icecrown-ice.json').replaceAll('"ICE"', '"ICX2"');
    const res = await post('format=wowtcg-json', text, 'application/json').expect(422);
    expect(res.body).toMatchObject({ code: 'BOOSTER_LAYOUT_REQUIRED', message: expect.stringMatching(/\?layout=.*wow-tcg-19.*\?code=/) });
  });

  it("rule: OCTGN's own Heroes of Azeroth file (two misnumbered cards, a faction the rules lack) merges into the shipped HOA: no second version, problems as warnings", async () => {
    const before = (await t.http().get('/api/sets/HOA?game=wow-tcg').expect(200)).body as { dataVersion: string };
    const res = await post('format=octgn', fixture('octgn-hoa.xml'), 'application/xml').expect(200);
    expect(res.body).toMatchObject({ code: 'HOA', dataVersion: before.dataVersion });
    expect(['merged', 'unchanged']).toContain(res.body.status);
    const warnings = res.body.warnings as Warning[];
    expect(warnings.filter((w) => w.rule === 'mergedByName').map((w) => w.card)).toEqual(expect.arrayContaining(['Fire Blast', 'Frost Nova']));
    expect(warnings.find((w) => w.rule === 'duplicateNumber')).toMatchObject({ message: expect.stringContaining('not taken') });
    expect((await t.prisma.setVersion.count({ where: { set: { codeKey: 'hoa', game: 'wow-tcg' } } })).valueOf()).toBe(1);
  });

  it('rule: an OCTGN file of a shipped set merges its GUIDs into cards that lack them, keeping every rules fact', async () => {
    const hoa = await t.prisma.cardSet.findFirstOrThrow({ where: { codeKey: 'hoa', game: 'wow-tcg' }, select: { currentVersionId: true } });
    const where = { versionId: hoa.currentVersionId!, cardId: 'HOA-52' };
    const guid = (await t.prisma.card.findFirstOrThrow({ where })).octgnId;
    await t.prisma.card.updateMany({ where, data: { octgnId: null } });
    const res = await post('format=octgn', fixture('octgn-hoa.xml'), 'application/xml').expect(200);
    expect(res.body.status).toBe('merged');
    const card = await t.prisma.card.findFirstOrThrow({ where });
    expect(card.octgnId).toBe(guid);
    expect(card.name).toBe('Fire Blast');
  });

  it('rule: an OCTGN file of the same cards as a shipped set (fewer facts: no talents) merges, never replaces it', async () => {
    const dow = fixture('../octgn-dow.xml');
    const before = (await t.http().get('/api/sets/DOW?game=wow-tcg').expect(200)).body as { dataVersion: string };
    const res = await post('format=octgn', dow, 'application/xml').expect(200);
    expect(['merged', 'unchanged']).toContain(res.body.status);
    expect(res.body.dataVersion).toBe(before.dataVersion);
    expect((res.body.warnings as Warning[]).some((w) => w.rule === 'factsKept')).toBe(true);
  });
});
