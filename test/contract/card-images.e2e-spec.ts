import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestApp, type TestApp } from '../utils/test-app';

/** A 1×1 PNG: what the route must answer byte for byte. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

describe('card images: the store folder, the report, the template host in the CSP', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'podium-images-'));
    mkdirSync(join(dir, 'hoa'));
    writeFileSync(join(dir, 'hoa', '007.PNG'), PNG);
    writeFileSync(join(dir, 'hoa', '9999.png'), PNG);
    writeFileSync(join(dir, 'notes.txt'), 'not an image');
    t = await createTestApp({ config: { CARD_IMAGES_DIR: dir } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a card shown by a folder file links to it, and the route serves the file with a long cache', async () => {
    const page = await t.http().get('/api/sets/HOA/cards?pageSize=10').expect(200);
    const card = page.body.items.find((c: { number: number }) => c.number === 7);
    expect(card.image).toMatch(/^\/api\/card-images\/wow-tcg\/HOA\/7\?v=\w+$/);
    expect(page.body.items.find((c: { number: number }) => c.number === 8).image).toBeUndefined();
    const res = await t.http().get(card.image).expect(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Buffer.compare(res.body as Buffer, PNG)).toBe(0);
    await t.http().get('/api/card-images/wow-tcg/HOA/8').expect(404);
  });

  it('boosters carry the local image too (card objects everywhere)', async () => {
    // 24 boosters of HoA hold its hero #7 (one of 16 heroes, one hero slot a booster) for this seed.
    const res = await t.http().post('/api/sets/HOA/boosters').send({ count: 24, seed: 'images' }).expect(200);
    const images = [...JSON.stringify(res.body).matchAll(/"image":"([^"]+)"/g)].map((m) => m[1]);
    expect(images.length).toBeGreaterThan(0);
    expect(images.every((i) => /^\/api\/card-images\/wow-tcg\/HOA\/7\?v=/.test(i))).toBe(true);
  });

  it('reports the files that match no card (organizer), and rescans a folder the store filled later', async () => {
    await t.http().get('/api/card-images/report').expect(401);
    const report = await t.http().get('/api/card-images/report').set({ authorization: t.organizer }).expect(200);
    expect(report.body).toMatchObject({ exists: true, files: 3, matched: 1 });
    expect(report.body.unmatched).toEqual(
      expect.arrayContaining([
        { file: 'hoa/9999.png', reason: 'no-such-card' },
        { file: 'notes.txt', reason: 'not-an-image' },
      ]),
    );
    writeFileSync(join(dir, 'hoa', '8.webp'), PNG);
    const scan = await t.http().post('/api/card-images/scan').set({ authorization: t.organizer }).expect(200);
    expect(scan.body.matched).toBe(2);
    const page = await t.http().get('/api/sets/HOA/cards?pageSize=10').expect(200);
    expect(page.body.items.find((c: { number: number }) => c.number === 8).image).toMatch(/^\/api\/card-images\/wow-tcg\/HOA\/8\?v=/);
  });

  it('a set imported after the start shows the folder’s pictures of it at once (the import rescans)', async () => {
    mkdirSync(join(dir, 'xhoa'));
    writeFileSync(join(dir, 'xhoa', '1.png'), PNG);
    const hoa = JSON.parse(readFileSync(join(__dirname, '..', '..', 'data', 'sets', 'wow-tcg-hoa.json'), 'utf8')) as { code: string; name: string };
    const imported = await t
      .http()
      .post('/api/sets/import?format=product&layout=wow-tcg-19')
      .set('authorization', t.organizer)
      .set('content-type', 'application/json')
      .send(JSON.stringify({ ...hoa, code: 'XHOA', name: 'Heroes of Azeroth (image test)' }))
      .expect(200);
    expect(imported.body.status).toBe('created');
    const page = await t.http().get('/api/sets/XHOA/cards?pageSize=2').expect(200);
    expect(page.body.items.find((c: { number: number }) => c.number === 1).image).toMatch(/^\/api\/card-images\/wow-tcg\/XHOA\/1\?v=\w+$/);
    const report = await t.http().get('/api/card-images/report').set({ authorization: t.organizer }).expect(200);
    expect(report.body.unmatched).not.toContainEqual(expect.objectContaining({ file: 'xhoa/1.png' }));
  });

  it('the CSP img-src follows a configured image template host, at once', async () => {
    const before = await t.http().get('/api/health').expect(200);
    expect(before.headers['content-security-policy']).toContain("img-src 'self' data:;");
    await t.http().patch('/api/sets/MOL').set({ authorization: t.organizer }).send({ imageTemplate: 'http://127.0.0.1:4199/wow/{code}/{number}.jpg' }).expect(200);
    const after = await t.http().get('/api/health').expect(200);
    expect(after.headers['content-security-policy']).toContain("img-src 'self' data: http://127.0.0.1:4199;");
    const mol = await t.http().get('/api/sets/MOL/cards?pageSize=1').expect(200);
    expect(mol.body.items[0].image).toBe('http://127.0.0.1:4199/wow/MOL/1.jpg');
    await t.http().patch('/api/sets/MOL').set({ authorization: t.organizer }).send({ imageTemplate: null }).expect(200);
    const cleared = await t.http().get('/api/health').expect(200);
    expect(cleared.headers['content-security-policy']).toContain("img-src 'self' data:;");
  });
});
