import { threadId } from 'node:worker_threads';
import { DeckListReader } from '../../src/decks/deck-list-reader';
import { MAX_DECK_LIST_LINES } from '../../src/decks/rules/deck-policy';
import { createTestApp, type TestApp } from '../utils/test-app';

/**
 * Deck list imports are read in a worker thread from dist/ (`npm run test:system` builds first): a
 * 500-line list of unknown names (the closest-name search) and the parsing of every format never
 * run on the event loop, which keeps serving everyone else meanwhile.
 */
describe('deck list import (worker)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const post = (format: string, body: string, type = 'text/plain') => t.http().post(`/api/decks/import?format=${format}&game=wow-tcg`).set('content-type', type).send(body);

  it('a list of 500 unknown names is resolved, with "did you mean", in a worker thread, not on the event loop', async () => {
    const reader = t.app.get(DeckListReader);
    const list = Array.from({ length: MAX_DECK_LIST_LINES }, () => '1 Ironforge Gaurds').join('\n');
    const res = await post('text', list).expect(200);
    expect(res.body.unresolved).toHaveLength(MAX_DECK_LIST_LINES);
    expect(res.body.unresolved[0].message).toMatch(/Did you mean/);
    // Candidates come back as the API's cards (with their attributes), not as bare ids.
    expect(res.body.unresolved[0].candidates[0]).toMatchObject({ cardId: expect.any(String), name: expect.any(String), attributes: expect.any(Object) });
    expect(reader.lastReadOn).not.toBeNull();
    expect(reader.lastReadOn).not.toBe(threadId);
  });

  it('every format is parsed there too, and its refusals come back as the same 4xx', async () => {
    const reader = t.app.get(DeckListReader);
    for (const [format, body, type] of [
      ['csv', 'name,count\nIronforge Guards,2\n', 'text/csv'],
      ['o8d', '<deck><section name="Main"><card qty="2" id="x">Ironforge Guards</card></section></deck>', 'application/xml'],
      ['mwdeck', '2 [HOA] Ironforge Guards\n', 'text/plain'],
    ]) {
      reader.lastReadOn = null;
      const res = await post(format, body, type).expect(200);
      expect(res.body.deck.main).toEqual([expect.objectContaining({ count: 2, card: expect.objectContaining({ name: 'Ironforge Guards' }) })]);
      expect(reader.lastReadOn).not.toBe(threadId);
    }
    const cards = Array.from({ length: MAX_DECK_LIST_LINES + 1 }, (_, i) => `<card qty="1" id="x">Unknown ${i}</card>`).join('');
    const tooMany = await post('o8d', `<deck><section name="Main">${cards}</section></deck>`, 'application/xml').expect(413);
    expect(tooMany.body).toMatchObject({ statusCode: 413, code: 'PAYLOAD_TOO_LARGE', details: [{ field: 'body', rule: 'maxLines' }] });
    const notXml = await post('o8d', '<deck>', 'application/xml').expect(400);
    expect(notXml.body).toMatchObject({ code: 'MALFORMED_BODY' });
  });
});
