import { createTestApp, type TestApp } from '../utils/test-app';

describe('platform: health, OpenAPI, error shape, request ids', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('GET /api/health reports the database up', async () => {
    const res = await t.http().get('/api/health').expect(200);
    expect(res.body).toMatchObject({ status: 'ok', info: { database: { status: 'up' } } });
  });

  it('serves the OpenAPI document with every route', async () => {
    const res = await t.http().get('/api/docs-json').expect(200);
    const paths = Object.keys(res.body.paths);
    expect(paths).toEqual(
      expect.arrayContaining(['/api/games', '/api/sets', '/api/sets/{code}', '/api/sets/{code}/cards', '/api/sets/{code}/boosters', '/api/sets/import', '/api/health']),
    );
    await t.http().get('/api/docs').redirects(1).expect(200);
  });

  it('an unknown route answers the one error shape', async () => {
    const res = await t.http().get('/api/nothing-here').expect(404);
    expect(res.body).toEqual({ statusCode: 404, code: 'ROUTE_NOT_FOUND', message: expect.any(String), details: [] });
  });

  it('every response carries a request id, echoing a valid one given by the client', async () => {
    const res = await t.http().get('/api/games').set('x-request-id', 'abc-123').expect(200);
    expect(res.headers['x-request-id']).toBe('abc-123');
    const fresh = await t.http().get('/api/games').expect(200);
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
