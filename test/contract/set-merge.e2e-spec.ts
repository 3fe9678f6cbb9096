import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createEvent } from '../utils/events';
import { createTestApp, type TestApp } from '../utils/test-app';

const hoaFile = () =>
  JSON.parse(readFileSync(join(__dirname, '..', '..', 'data', 'sets', 'wow-tcg-hoa.json'), 'utf8')) as { cards: { number: number; text?: string; image?: string }[] };

/**
 * Importing a set that is already in the catalog with the same cards and sheets (an OCTGN file's
 * GUIDs, a file with rules text or images) merges those facts into the version events pinned: no
 * second version, the same data version, nothing the store had already set overwritten.
 */
describe('POST /api/sets/import of a set already in the catalog: merged, not a second version', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const importFile = (file: object) =>
    t.http().post('/api/sets/import?format=product').set('authorization', t.organizer).set('content-type', 'application/json').send(JSON.stringify(file)).expect(200);
  const detail = async () => (await t.http().get('/api/sets/HOA?game=wow-tcg').expect(200)).body as { dataVersion: string };
  const card = async (n: number) =>
    ((await t.http().get('/api/sets/HOA/cards?game=wow-tcg&pageSize=500').expect(200)).body.items as { number: number; text?: string; image?: string }[]).find(
      (c) => c.number === n,
    )!;

  it('rule: text and images merge into the pinned version (status merged), its data version unchanged; a later file never overwrites them', async () => {
    const event = await createEvent(t, { name: 'Pinned before the merge', game: 'wow-tcg', format: 'sealed', packs: ['HOA'], seed: 'set-merge-0000000001' });
    const before = await detail();
    const file = hoaFile();
    file.cards[0].text = 'Holy hero. Flip: heal 2.';
    file.cards[1].image = 'https://img.example.org/hoa/2.png';
    expect((await importFile(file)).body.status).toBe('merged');
    expect((await detail()).dataVersion).toBe(before.dataVersion);
    expect((await card(1)).text).toBe('Holy hero. Flip: heal 2.');
    expect((await card(2)).image).toBe('https://img.example.org/hoa/2.png');

    file.cards[0].text = 'Another text.';
    expect((await importFile(file)).body.status).toBe('unchanged');
    expect((await card(1)).text).toBe('Holy hero. Flip: heal 2.');
    // The event created before still points at the same version.
    const pinned = (await t.http().get(`/api/events/${event.id}`).expect(200)).body as { packs: { dataVersion: string }[] };
    expect(pinned.packs.every((p) => p.dataVersion === before.dataVersion)).toBe(true);
  });
});
