import iconv from 'iconv-lite';
import { randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { createTestApp, type TestApp } from '../utils/test-app';
import { createEvent, registerPlayers, start } from '../utils/events';
import { JSON_LIMIT } from '../../src/common/http/request-bodies';

/** Raw HTTP on a socket: what a client gets when Node's parser (not a route) answers. */
function raw(port: number, request: string, waitMs = 5000): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    let answer = '';
    socket.on('data', (d) => (answer += d));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
    setTimeout(() => {
      socket.destroy();
      resolve(answer);
    }, waitMs);
  });
}

function jsonOf(answer: string): { statusCode: number; code: string; details: unknown[] } {
  return JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));
}

const errorShape = { statusCode: expect.any(Number), code: expect.any(String), message: expect.any(String), details: expect.any(Array) };

/**
 * The HTTP surface (hardening, and what a client would notice of the move from
 * Express to Fastify): every refusal in the one error shape, bodies read as their headers say.
 */
describe('the HTTP surface', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp({ requestTimeoutMs: 1000 });
    await t.app.listen(0, '127.0.0.1');
    port = (t.app.getHttpServer().address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  describe("Node's own refusals answer the API's error shape and close the connection", () => {
    it('431: URL and headers over 16 KB', async () => {
      const answer = await raw(port, `GET /api/games HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
      expect(answer).toMatch(/^HTTP\/1\.1 431 /);
      expect(answer).toMatch(/content-type: application\/json/i);
      expect(jsonOf(answer)).toMatchObject({ ...errorShape, statusCode: 431, code: 'REQUEST_HEADERS_TOO_LARGE' });
    });

    it('431: a URL over 16 KB (it counts with the headers), on a route with a body as on any other', async () => {
      for (const request of [
        `GET /api/events?state=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
        `POST /api/decks/check?x=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}`,
      ]) {
        const answer = await raw(port, request);
        expect(answer).toMatch(/^HTTP\/1\.1 431 /);
        expect(jsonOf(answer)).toMatchObject({ ...errorShape, statusCode: 431, code: 'REQUEST_HEADERS_TOO_LARGE', details: [{ field: 'headers', rule: 'maxSize' }] });
      }
    });

    it('408: a body that never arrives (REQUEST_TIMEOUT_MS)', async () => {
      const answer = await raw(port, 'POST /api/decks/check HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{', 8000);
      expect(answer).toMatch(/^HTTP\/1\.1 408 /);
      expect(jsonOf(answer)).toMatchObject({ ...errorShape, statusCode: 408, code: 'REQUEST_TIMEOUT' });
    });

    it('400: not HTTP at all', async () => {
      const answer = await raw(port, 'GARBAGE\r\n\r\n');
      expect(answer).toMatch(/^HTTP\/1\.1 400 /);
      expect(jsonOf(answer)).toMatchObject({ ...errorShape, code: 'MALFORMED_REQUEST' });
    });
  });

  it('an import without the organizer token is refused (401) from its headers, before its body is read', async () => {
    // Headers announce 9 MB and no byte of the body follows: the answer comes at once, not after the body (or a 408).
    const answer = await raw(port, `POST /api/sets/import?format=product HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${9 * 1024 * 1024}\r\n\r\n`, 800);
    expect(answer).toMatch(/^HTTP\/1\.1 401 /);
    expect(jsonOf(answer)).toMatchObject({ ...errorShape, code: 'UNAUTHORIZED' });
  });

  describe('JSON bodies', () => {
    it('__proto__, constructor and prototype keys are refused as unknown fields, not dropped', async () => {
      for (const body of ['{"__proto__":{"polluted":true},"main":[]}', '{"constructor":{"prototype":{}},"main":[]}', '{"main":[{"cardId":"HOA-1","count":1,"__proto__":{}}]}']) {
        const res = await t.http().post('/api/decks/check').set('content-type', 'application/json').send(body).expect(400);
        expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', details: [expect.objectContaining({ rule: 'unknownField' })] });
      }
    });

    it('null is refused where a field is optional but not nullable (it was stored, or taken as true)', async () => {
      const event = await createEvent(t, { name: 'Nulls', game: 'wow-tcg', format: 'draft', packs: ['HOA'], seed: 'null-fields-seed-0001' });
      const member = await t.http().post(`/api/events/${event.id}/players`).send({ name: 'Nobody', memberNumber: null }).expect(400);
      expect(member.body.details).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'memberNumber' })]));
      const absent = await t.http().post(`/api/events/${event.id}/players/${randomUUID()}/absent`).set('authorization', t.organizer).send({ absent: null }).expect(400);
      expect(absent.body.details).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'absent' })]));
      const resume = await t.http().post(`/api/events/${event.id}/resume`).set('authorization', t.organizer).send({ podId: null }).expect(400);
      expect(resume.body.details).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'podId' })]));
    });

    it('nested arrays in card-count lists are a 400, not a 500 or a card named "undefined"', async () => {
      const entry = { cardId: 'HOA-1', count: 1 };
      for (const field of ['main', 'sideboard', 'pool']) {
        const body = { format: 'limited', game: 'wow-tcg', main: [entry], [field]: [[entry]] };
        const res = await t.http().post('/api/decks/check').send(body).expect(400);
        expect(res.body.details).toEqual(expect.arrayContaining([expect.objectContaining({ field, rule: 'isObject' })]));
      }
      const split = await t
        .http()
        .put(`/api/events/${randomUUID()}/teams/${randomUUID()}/split`)
        .send({ shares: [[{ playerId: randomUUID(), cards: [] }]] })
        .expect(400);
      expect(split.body.details).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'shares', rule: 'isObject' })]));
    });

    it('a UTF-8 byte order mark is skipped; other charsets on JSON routes are 415', async () => {
      await t.http().post('/api/sets/HOA/boosters').set('content-type', 'application/json').send('\uFEFF{"count":1,"seed":"bom-seed"}').expect(200);
      const latin = await t.http().post('/api/sets/HOA/boosters').set('content-type', 'application/json; charset=iso-8859-1').send('{"count":1}').expect(415);
      expect(latin.body.details).toEqual([expect.objectContaining({ field: 'content-type', rule: 'charset' })]);
    });

    it('compressed bodies are refused plainly (415 naming Content-Encoding)', async () => {
      const res = await t.http().post('/api/sets/HOA/boosters').set('content-type', 'application/json').set('content-encoding', 'gzip').send(gzipSync('{"count":1}')).expect(415);
      expect(res.body.details).toEqual([expect.objectContaining({ field: 'content-encoding' })]);
    });

    it('an unparseable Content-Type is a 415 naming the header', async () => {
      const res = await t.http().post('/api/sets/HOA/boosters').set('content-type', 'application/').send('{}').expect(415);
      expect(res.body.details).toEqual([expect.objectContaining({ field: 'content-type', message: 'got application/' })]);
    });

    it('a chunked body over the route limit is a 413 with the limit', async () => {
      const answer = await raw(
        port,
        `POST /api/sets/HOA/boosters HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n${(2 * 1024 * 1024).toString(16)}\r\n${'a'.repeat(2 * 1024 * 1024)}\r\n0\r\n\r\n`,
      );
      expect(answer).toMatch(/^HTTP\/1\.1 413 /);
      expect(jsonOf(answer)).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', details: [{ field: 'body', rule: 'maxSize', message: `at most ${JSON_LIMIT} bytes` }] });
    });
  });

  describe('deck lists cost what a deck costs', () => {
    it('more than 500 lines is a 413 before any name is looked up', async () => {
      const list = Array.from({ length: 501 }, (_, i) => `1 Unknown card ${i}`).join('\n');
      const res = await t.http().post('/api/decks/import?format=text&game=wow-tcg').set('content-type', 'text/plain').send(list).expect(413);
      expect(res.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', details: [expect.objectContaining({ rule: 'maxLines' })] });
    });

    it('only the first 25 unknown names get "did you mean" (each is a pass over the catalog)', async () => {
      const list = Array.from({ length: 100 }, (_, i) => `1 Elitee Tauren Ghostwalker ${i}`).join('\n');
      const res = await t.http().post('/api/decks/import?format=text&game=wow-tcg').set('content-type', 'text/plain').send(list).expect(200);
      expect(res.body.unresolved).toHaveLength(100);
      const suggested = res.body.unresolved.filter((u: { message: string }) => /Did you mean/.test(u.message));
      expect(suggested.length).toBeLessThanOrEqual(25);
      expect(res.body.unresolved[99].message).toMatch(/^No card is named/);
    });
  });

  describe('text bodies are read in their charset', () => {
    it('a Berserk deck list in windows-1251 resolves its Russian card names', async () => {
      const utf8 = await t.http().post('/api/decks/import?format=text&game=berserk').set('content-type', 'text/plain').send('1 Кочевник\n1 Кшар\n').expect(200);
      expect(utf8.body.unresolved).toEqual([]);
      const cp1251 = await t
        .http()
        .post('/api/decks/import?format=text&game=berserk')
        .set('content-type', 'text/plain; charset=windows-1251')
        .send(iconv.encode('1 Кочевник\n1 Кшар\n', 'windows-1251'))
        .expect(200);
      expect(cp1251.body.main).toEqual(utf8.body.main);
      expect(cp1251.body.unresolved).toEqual([]);
    });

    it('an unknown charset is a 415', async () => {
      const res = await t.http().post('/api/decks/import?format=text&game=berserk').set('content-type', 'text/plain; charset=bogus').send('1 Кшар').expect(415);
      expect(res.body).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', details: [expect.objectContaining({ field: 'content-type', rule: 'charset' })] });
    });
  });

  describe('names a person can read (event, player, team, league)', () => {
    const unreadable = ['   ', '\u200B\u200D\u2060', '\uFEFF ', 'Bob\u202Egnirts', '\u2066Alice\u2069'];

    it('empty after trimming, invisible only, or with bidirectional controls: 400 readableName', async () => {
      const event = await createEvent(t, { name: 'Readable', game: 'wow-tcg', format: 'draft', packs: ['HOA'], seed: 'readable-names-0001' });
      for (const name of unreadable) {
        const created = await t
          .http()
          .post('/api/events')
          .set('authorization', t.organizer)
          .send({ name, game: 'wow-tcg', format: 'draft', packs: ['HOA'] })
          .expect(400);
        expect(created.body.details).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'name', rule: 'readableName' })]));
        const player = await t.http().post(`/api/events/${event.id}/players`).send({ name }).expect(400);
        expect(player.body.details).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'name', rule: 'readableName' })]));
        const league = await t
          .http()
          .post('/api/leagues')
          .set('authorization', t.organizer)
          .send({ name, game: 'wow-tcg', seasonStart: '2026-01-01', seasonEnd: '2026-12-31', scoring: { mode: 'match-points' } })
          .expect(400);
        expect(league.body.details).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'name', rule: 'readableName' })]));
        const team = await t
          .http()
          .post(`/api/events/${event.id}/teams`)
          .send({ name, members: [{ name: 'A' }, { name: 'B' }] });
        expect(team.status).toBe(400);
        expect(team.body.details).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'name', rule: 'readableName' })]));
      }
    });

    it('two players of one name: allowed, and pairings and standings tell them apart by number', async () => {
      const event = await createEvent(t, { name: 'Two Alexes', game: 'wow-tcg', format: 'sealed', packs: ['HOA'], seed: 'readable-names-0003' });
      const a1 = (await t.http().post(`/api/events/${event.id}/players`).send({ name: 'Alex' }).expect(201)).body;
      const a2 = (await t.http().post(`/api/events/${event.id}/players`).send({ name: 'alex' }).expect(201)).body;
      expect([a1.name, a2.name]).toEqual(['Alex', 'alex']);
      await registerPlayers(t, event.id, 2);
      await start(t, event.id);
      const round = (await t.http().post(`/api/events/${event.id}/rounds`).set('authorization', t.organizer).send({ force: true }).expect(201)).body;
      const shown = round.pairings.flatMap((p: { playerA: { name: string }; playerB: { name: string } | null }) => [p.playerA.name, p.playerB?.name]);
      expect(shown).toEqual(expect.arrayContaining(['Alex (#1)', 'alex (#2)']));
      const standings = (await t.http().get(`/api/events/${event.id}/standings`).expect(200)).body.map((s: { name: string }) => s.name);
      expect(standings).toEqual(expect.arrayContaining(['Alex (#1)', 'alex (#2)', 'Player 1', 'Player 2']));
    });

    it('names are stored trimmed and NFC-normalized', async () => {
      const event = await createEvent(t, { name: '  Friday Draft  ', game: 'wow-tcg', format: 'draft', packs: ['HOA'], seed: 'readable-names-0002' });
      expect(event.name).toBe('Friday Draft');
      const player = await t.http().post(`/api/events/${event.id}/players`).send({ name: '  Jose\u0301 ' }).expect(201);
      expect(player.body.name).toBe('Jos\u00E9');
    });
  });

  describe('routing as clients expect it', () => {
    it('a trailing slash and another letter case reach the route', async () => {
      await t.http().get('/api/games/').expect(200);
      await t.http().get('/API/Games').expect(200);
    });

    it('a URL with bad percent-encoding is a 400 in the error shape, with its request id', async () => {
      const res = await t.http().get('/api/events/%E0%A4%A').set('x-request-id', 'bad-url-1').expect(400);
      expect(res.body).toMatchObject({ ...errorShape, code: 'MALFORMED_REQUEST', details: [expect.objectContaining({ field: 'url' })] });
      expect(res.headers['x-request-id']).toBe('bad-url-1');
    });

    it('a long path parameter gets the route’s validation error', async () => {
      const res = await t
        .http()
        .get(`/api/events/${'a'.repeat(150)}`)
        .expect(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', details: [expect.objectContaining({ field: 'id' })] });
    });
  });

  it('CSV and text answers say their charset (UTF-8), and CSV never carries a live formula', async () => {
    const event = await createEvent(t, { name: 'Charset', game: 'wow-tcg', format: 'sealed', packs: ['HOA'], seed: 'charset-seed-000001' });
    await registerPlayers(t, event.id, 2);
    await t.http().post(`/api/events/${event.id}/players`).send({ name: '=HYPERLINK("http://evil.example","Win")' }).expect(201);
    await start(t, event.id);
    const csv = await t.http().get(`/api/events/${event.id}/standings?format=csv`).expect(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    // A name that is a formula is written as text (a leading quote), so a spreadsheet never runs it.
    expect(csv.text).toContain('"\'=HYPERLINK(""http://evil.example"",""Win"")"');
    expect(csv.text).not.toMatch(/(^|,)=HYPERLINK/m);
    const text = await t.http().get(`/api/events/${event.id}/standings?format=text`).expect(200);
    expect(text.headers['content-type']).toBe('text/plain; charset=utf-8');
  });
});
