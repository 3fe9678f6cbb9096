import { randomUUID } from 'node:crypto';
import { JSON_LIMIT } from '../../src/common/http/request-bodies';
import { MAX_ERROR_DETAILS } from '../../src/common/validation/validation';
import { MAX_DECK_ENTRIES, MAX_POOL_ENTRIES } from '../../src/decks/dto/deck.dto';
import { MAX_PACKS } from '../../src/events/dto/event.dto';
import { createEvent } from '../utils/events';
import { createTestApp, type TestApp } from '../utils/test-app';

const entries = (n: number, offset = 0) => Array.from({ length: n }, (_, i) => ({ cardId: `HOA-${((i + offset) % 361) + 1}`, count: 1 }));

/**
 * Arrays are refused by their size before a single element is transformed or validated, every
 * array of every request has a cap at its domain's maximum, and no error body grows with the input.
 */
describe('request limits: arrays and error bodies', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const expectMaxItems = (res: { status: number; body: { code: string; details: { field: string; rule: string }[] } }, field: string) => {
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.details).toEqual([expect.objectContaining({ field, rule: 'maxItems' })]);
  };

  describe('maxItems: a huge array is refused by its size, with one detail and a small body', () => {
    for (const route of ['/api/decks/check', '/api/decks/export?format=text']) {
      it(`${route}: main of 100,000 numbers`, async () => {
        const body = JSON.stringify({ game: 'wow-tcg', ...(route === '/api/decks/check' ? { format: 'constructed' } : {}), main: new Array(100_000).fill(0) });
        expect(body.length).toBeLessThan(JSON_LIMIT);
        const res = await t.http().post(route).set('content-type', 'application/json').send(body);
        expectMaxItems(res, 'main');
        // One detail, not one per element (the per-element validators never ran): the whole answer is small.
        expect(res.text.length).toBeLessThan(1000);
        expect(res.body.omittedDetails).toBeUndefined();
      });
    }

    it('main of 200,000 numbers (the 400 KB body of the report) is over the JSON limit: 413 from its Content-Length', async () => {
      const res = await t
        .http()
        .post('/api/decks/check')
        .set('content-type', 'application/json')
        .send(JSON.stringify({ game: 'wow-tcg', format: 'constructed', main: new Array(200_000).fill(0) }));
      expect(res.status).toBe(413);
      expect(res.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', details: [{ field: 'body', rule: 'maxSize' }] });
    });
  });

  describe('every array of every request is capped at its domain maximum', () => {
    const check = (body: Record<string, unknown>) =>
      t
        .http()
        .post('/api/decks/check')
        .send({ game: 'wow-tcg', format: 'limited', main: [], ...body });

    it(`deck check: main and sideboard ${MAX_DECK_ENTRIES} entries, pool ${MAX_POOL_ENTRIES} (a 720-card cube list fits), sets ${MAX_PACKS}`, async () => {
      expectMaxItems(await check({ main: entries(MAX_DECK_ENTRIES + 1) }), 'main');
      expectMaxItems(await check({ sideboard: entries(MAX_DECK_ENTRIES + 1) }), 'sideboard');
      expectMaxItems(await check({ pool: entries(MAX_POOL_ENTRIES + 1) }), 'pool');
      expectMaxItems(await check({ format: 'limited', sets: new Array(MAX_PACKS + 1).fill('HOA') }), 'sets');
      // At the caps the request is checked as a deck (the answer is about the deck, not the list sizes).
      const full = await check({ main: entries(30), sideboard: entries(MAX_DECK_ENTRIES, 30), pool: entries(720) }).expect(200);
      expect(full.body).toMatchObject({ legal: expect.any(Boolean), violations: expect.any(Array) });
      await check({ pool: entries(MAX_POOL_ENTRIES) }).expect(200);
    });

    it('events: packs (create and edit)', async () => {
      const create = await t
        .http()
        .post('/api/events')
        .set('authorization', t.organizer)
        .send({ name: 'Too many packs', game: 'wow-tcg', format: 'sealed', packs: new Array(MAX_PACKS + 1).fill('HOA') });
      expectMaxItems(create, 'packs');
      const event = await createEvent(t, { name: 'Caps', game: 'wow-tcg', format: 'sealed', packs: new Array(MAX_PACKS).fill('HOA') });
      expectMaxItems(
        await t
          .http()
          .patch(`/api/events/${event.id}`)
          .set('authorization', t.organizer)
          .send({ packs: new Array(MAX_PACKS + 1).fill('HOA') }),
        'packs',
      );
    });

    it('decks of an event and between games (a mapped DTO keeps the cap): main', async () => {
      const id = randomUUID();
      const organizer = await t
        .http()
        .put(`/api/events/${id}/players/${randomUUID()}/deck`)
        .set('authorization', t.organizer)
        .send({ main: entries(MAX_DECK_ENTRIES + 1) });
      expectMaxItems(organizer, 'main');
      const sideboarding = await t
        .http()
        .put(`/api/matches/${id}/deck`)
        .set('authorization', 'Bearer whoever')
        .send({ main: [], sideboard: entries(MAX_DECK_ENTRIES + 1) });
      expectMaxItems(sideboarding, 'sideboard');
    });

    it('teams: members, the shares of a split and the cards of a share (an array of objects holding arrays)', async () => {
      const id = randomUUID();
      const members = [1, 2, 3, 4].map((i) => ({ name: `Member ${i}` }));
      expectMaxItems(await t.http().post(`/api/events/${id}/teams`).send({ name: 'Four', members }), 'members');
      const share = (cards: number) => ({ playerId: randomUUID(), cards: entries(cards) });
      expectMaxItems(
        await t
          .http()
          .put(`/api/events/${id}/teams/${randomUUID()}/split`)
          .send({ shares: [share(1), share(1), share(1), share(1)] }),
        'shares',
      );
      expectMaxItems(
        await t
          .http()
          .put(`/api/events/${id}/teams/${randomUUID()}/split`)
          .send({ shares: [share(1), share(MAX_DECK_ENTRIES + 1)] }),
        'shares[1].cards',
      );
    });

    it('leagues: the placing points table (an array inside an object)', async () => {
      const res = await t
        .http()
        .post('/api/leagues')
        .set('authorization', t.organizer)
        .send({ name: 'Long table', game: 'wow-tcg', seasonStart: '2026-01-01', seasonEnd: '2026-12-31', scoring: { mode: 'placing', placingPoints: new Array(257).fill(1) } });
      expectMaxItems(res, 'scoring.placingPoints');
    });
  });

  it(`a validation failure lists the first ${MAX_ERROR_DETAILS} details and counts the others in omittedDetails`, async () => {
    const res = await t
      .http()
      .post('/api/decks/check')
      .send({ game: 'wow-tcg', format: 'constructed', main: Array.from({ length: 100 }, () => ({ cardId: 'nope', count: 0 })) })
      .expect(400);
    expect(res.body.details).toHaveLength(MAX_ERROR_DETAILS);
    expect(res.body.omittedDetails).toBe(200 - MAX_ERROR_DETAILS); // cardId and count of each of the 100 entries
    expect(res.body.message).toMatch(new RegExp(`; and ${200 - MAX_ERROR_DETAILS} more$`));
  });

  it('413 and 415 answer on any route a body is sent to, even one that takes none', async () => {
    const event = await createEvent(t, { name: 'Bodies', game: 'wow-tcg', format: 'sealed', packs: ['HOA'] });
    const wrongType = await t.http().post(`/api/events/${event.id}/complete`).set('authorization', t.organizer).set('content-type', 'text/plain').send('hello');
    expect(wrongType.status).toBe(415);
    expect(wrongType.body).toMatchObject({ statusCode: 415, code: 'UNSUPPORTED_MEDIA_TYPE' });
    const tooLarge = await t
      .http()
      .delete(`/api/events/${event.id}`)
      .set('authorization', t.organizer)
      .set('content-type', 'application/json')
      .send(JSON.stringify({ x: 'a'.repeat(JSON_LIMIT) }));
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body).toMatchObject({ statusCode: 413, code: 'PAYLOAD_TOO_LARGE' });
  });
});
