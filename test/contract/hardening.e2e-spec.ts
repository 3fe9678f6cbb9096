import { PrismaPg } from '@prisma/adapter-pg';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { isDatabaseUnavailable } from '../../src/common/errors/http-error.filter';
import { PrismaClient } from '../../src/generated/prisma/client';
import { createTestApp, type TestApp } from '../utils/test-app';

/** Bugs found by trying to break the foundation; each test fails without its fix. */
describe('hardening of the HTTP surface', () => {
  let t: TestApp;
  const logLines: string[] = [];
  beforeAll(async () => {
    t = await createTestApp({
      logStream: new Writable({
        write(chunk, _enc, done) {
          logLines.push(String(chunk));
          done();
        },
      }),
    });
  });
  afterAll(() => t.close());

  it('request logs never contain the bearer token', async () => {
    await t.http().post('/api/sets/import?format=product').set('authorization', t.organizer).set('content-type', 'application/json').send('{}');
    const token = t.organizer.split(' ')[1];
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.join('\n')).not.toContain(token);
  });

  it('stream tickets in the query string never reach the logs', async () => {
    await t.http().get('/api/events/00000000-0000-4000-8000-000000000000/stream?ticket=SECRET-TICKET-VALUE');
    expect(logLines.join('\n')).toContain('/stream?ticket=[Redacted]');
    expect(logLines.join('\n')).not.toContain('SECRET-TICKET-VALUE');
  });

  it('routes outside /api answer the JSON error shape, not an HTML page', async () => {
    for (const path of ['/', '//api/sets', '/favicon.ico']) {
      const res = await t.http().get(path).expect(404);
      expect(res.body).toMatchObject({ statusCode: 404, code: 'ROUTE_NOT_FOUND' });
    }
  });

  it('a set coded "import" still gets JSON booster requests (the import parser matches only its own path)', async () => {
    const file = JSON.parse(readFileSync(join(__dirname, '..', '..', 'data', 'sets', 'wow-tcg-wg.json'), 'utf8'));
    file.code = 'IMPORT';
    await t
      .http()
      .post('/api/sets/import?format=product&layout=wow-tcg-19')
      .set('authorization', t.organizer)
      .set('content-type', 'application/json')
      .send(JSON.stringify(file))
      .expect(200);
    const res = await t.http().post('/api/sets/IMPORT/boosters').send({ count: 1, seed: 'x' }).expect(200);
    expect(res.body.packs[0].cards).toHaveLength(19);
  });

  it('a JSON route given another media type answers 415', async () => {
    for (const type of ['application/x-www-form-urlencoded', 'text/plain']) {
      const res = await t.http().post('/api/sets/HOA/boosters').set('content-type', type).send('count=1').expect(415);
      expect(res.body.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    }
  });

  it.each([
    ['page=99999999999999999999', 'page'],
    ['page=1e3', 'page'],
    ['page=0x10', 'page'],
    ['page=', 'page'],
    ['page=1&page=2', 'page'],
    ['type=%00', 'type'],
    ['type=HERO', 'type'],
  ])('card query %s is a 400 naming %s, never a 500', async (query, field) => {
    const res = await t.http().get(`/api/sets/HOA/cards?${query}`).expect(400);
    expect(res.body.details).toEqual(expect.arrayContaining([expect.objectContaining({ field })]));
  });

  it('set codes follow one rule everywhere: ?code=A-B is a 400 before any import work', async () => {
    const res = await t.http().post('/api/sets/import?format=octgn&code=A-B').set('authorization', t.organizer).set('content-type', 'application/xml').send('<set/>').expect(400);
    expect(res.body.details).toEqual([expect.objectContaining({ field: 'code' })]);
  });

  it('a database that does not answer is recognized as unavailable (503), not a bug (500)', async () => {
    const prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: 'postgresql://nobody:x@127.0.0.1:1/none' }) });
    const error = await prisma.cardSet.findMany().catch((e: unknown) => e);
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(isDatabaseUnavailable(new Error('Unique constraint failed'))).toBe(false);
    await prisma.$disconnect();
  });
});
