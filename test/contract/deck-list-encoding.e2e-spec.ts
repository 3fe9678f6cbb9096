import iconv from 'iconv-lite';
import { createTestApp, type TestApp } from '../utils/test-app';

/** A Russian Berserk list as Windows tools save it: Windows-1251, no charset, no byte order mark. */
const LIST = 'Колода «Степь»\r\n3 Кочевник\r\n3 Кшар\r\n3 Волхв\r\n2 Гиррит\r\n';
const NAMES = ['Кочевник', 'Кшар', 'Волхв', 'Гиррит'];

describe('POST /api/decks/import: the file’s encoding', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const post = (bytes: Buffer, contentType = 'text/plain', query = '') =>
    t.http().post(`/api/decks/import?format=text&game=berserk${query}`).set('content-type', contentType).send(bytes);
  const names = (body: { deck: { main: { card: { name: string } }[] } }) => body.deck.main.map((e) => e.card.name);

  it('bug: a Windows-1251 list (no charset) read every name as unknown; now detected, every card found, and the answer says so', async () => {
    const res = await post(iconv.encode(LIST, 'windows-1251')).expect(200);
    expect(names(res.body)).toEqual(NAMES);
    expect(res.body.unresolved).toEqual([]);
    expect(res.body.ignored).toEqual([{ line: 1, reason: 'title', text: 'Колода «Степь»' }]);
    expect(res.body.encoding).toMatchObject({ name: 'windows-1251', source: 'detected' });
    expect(res.body.encoding.tried).toContain('koi8-r');
  });

  it('KOI8-R too: the candidate whose names resolve is kept', async () => {
    const res = await post(iconv.encode(LIST.replace(/[«»]/g, '"'), 'koi8-r')).expect(200);
    expect(names(res.body)).toEqual(NAMES);
    expect(res.body.encoding).toMatchObject({ name: 'koi8-r', source: 'detected' });
  });

  it('a declared charset, a UTF-16 byte order mark and ?encoding= are honoured; UTF-8 is read as UTF-8', async () => {
    expect((await post(iconv.encode(LIST, 'windows-1251'), 'text/plain; charset=windows-1251').expect(200)).body.encoding).toEqual({
      name: 'windows-1251',
      source: 'declared',
      tried: ['windows-1251'],
    });
    const utf16 = await post(iconv.encode(LIST, 'utf-16le', { addBOM: true })).expect(200);
    expect([names(utf16.body), utf16.body.encoding.source]).toEqual([NAMES, 'bom']);
    const chosen = await post(iconv.encode(LIST, 'windows-1251'), 'text/plain', '&encoding=windows-1251').expect(200);
    expect(chosen.body.encoding).toEqual({ name: 'windows-1251', source: 'chosen', tried: ['windows-1251'] });
    const utf8 = await post(Buffer.from(LIST, 'utf8')).expect(200);
    expect([names(utf8.body), utf8.body.encoding]).toEqual([NAMES, { name: 'utf-8', source: 'utf-8', tried: ['utf-8'] }]);
  });

  it('an .o8d’s XML declaration names its encoding', async () => {
    const xml = '<?xml version="1.0" encoding="windows-1251"?>\n<deck><section name="Main"><card qty="3">Кочевник</card></section></deck>\n';
    const res = await t.http().post('/api/decks/import?format=o8d&game=berserk').set('content-type', 'application/xml').send(iconv.encode(xml, 'windows-1251')).expect(200);
    expect([names(res.body), res.body.encoding.source]).toEqual([['Кочевник'], 'xml-declaration']);
  });

  it('an unknown ?encoding= is a 400 on the field, an empty body a 400', async () => {
    const bad = await post(Buffer.from('3 Кшар'), 'text/plain', '&encoding=klingon-8').expect(400);
    expect(bad.body).toMatchObject({ code: 'VALIDATION_FAILED', details: [expect.objectContaining({ field: 'encoding', rule: 'encoding' })] });
    expect((await post(Buffer.alloc(0)).expect(400)).body.code).toBe('VALIDATION_FAILED');
  });
});
