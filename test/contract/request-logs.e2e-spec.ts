import { Writable } from 'node:stream';
import { AccountsService } from '../../src/staff/accounts.service';
import { createEvent, me, registerPlayers, start } from '../utils/events';
import { createTestApp, type TestApp } from '../utils/test-app';

interface LogLine {
  level: number;
  msg?: string;
  reqId?: string;
  route?: string | null;
  responseTime?: number;
  req?: { method: string; url: string; headers: Record<string, string> };
  res?: { statusCode: number; headers: Record<string, unknown> };
}

/**
 * Request-scoped logs (src/common/logging/request-logging.ts) as the server writes them at the
 * default level (info): what an operator reads to follow one request through the log.
 */
describe('request logs', () => {
  let t: TestApp;
  const raw: string[] = [];
  const lines = (): LogLine[] =>
    raw
      .join('')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as LogLine);
  const answered = (reqId: string) => lines().filter((l) => l.reqId === reqId && l.msg === 'request completed');

  beforeAll(async () => {
    // nestjs-pino keeps the first logger of the process: this file's only app.
    t = await createTestApp({
      logStream: new Writable({
        write(chunk, _enc, done) {
          raw.push(String(chunk));
          done();
        },
      }),
    });
  });
  afterAll(() => t.close());

  it('each answered request: one line with its id, the route pattern (not the URL), the status and the time taken', async () => {
    const event = await createEvent(t, { name: 'Logged', game: 'wow-tcg', format: 'sealed', packs: ['HOA'] });
    const res = await t.http().get(`/api/events/${event.id}`).set('x-request-id', 'log-line-1').expect(200);
    expect(res.headers['x-request-id']).toBe('log-line-1');
    const [line, ...more] = answered('log-line-1');
    expect(more).toEqual([]);
    expect(line).toMatchObject({ level: 30, route: '/api/events/:id', res: { statusCode: 200 }, req: { method: 'GET', url: `/api/events/${event.id}` } });
    expect(line.responseTime).toEqual(expect.any(Number));
  });

  it('health checks and metrics scrapes (every few seconds) write no line', async () => {
    const health = await t.http().get('/api/health').expect(200);
    const metrics = await t.http().get('/metrics').expect(200);
    expect(answered(health.headers['x-request-id'] as string)).toEqual([]);
    expect(answered(metrics.headers['x-request-id'] as string)).toEqual([]);
  });

  it("a line a service writes while serving a request with a body carries that request's id", async () => {
    const event = await createEvent(t, { name: 'Archived', game: 'wow-tcg', format: 'sealed', packs: ['HOA'] });
    const archive = await t.http().get(`/api/events/${event.id}/archive`).set('authorization', t.organizer).expect(200);
    const res = await t
      .http()
      .post('/api/events/import?replace=true')
      .set('authorization', t.organizer)
      .set('content-type', 'application/json')
      .send(JSON.stringify(archive.body))
      .expect(200);
    const reqId = res.headers['x-request-id'] as string;
    // EventArchiveService logs the replacement after the body was read and the transaction committed.
    const replaced = lines().find((l) => l.msg?.includes(`event ${event.id} replaced from an archive`));
    expect(replaced?.reqId).toBe(reqId);
    expect(answered(reqId)).toEqual([expect.objectContaining({ route: '/api/events/import', res: expect.objectContaining({ statusCode: 200 }) })]);
  });

  it('a draft pick writes no line at the default level (the other routes of the draft do)', async () => {
    const draft = await createEvent(t, { name: 'Quiet picks', game: 'wow-tcg', format: 'draft', packs: ['HOA'], fillWithBots: true });
    const [player] = await registerPlayers(t, draft.id, 1);
    await start(t, draft.id);
    const view = await me(t, draft.id, player);
    const pick = await t
      .http()
      .post(`/api/events/${draft.id}/picks`)
      .set('authorization', player.auth)
      .send({ packNumber: 1, pickNumber: 1, cardId: view.currentPack!.cards[0].cardId })
      .expect(200);
    expect(answered(pick.headers['x-request-id'] as string)).toEqual([]);
    expect(lines().some((l) => l.route === '/api/events/:id/me')).toBe(true);
  });

  it('staff session cookies reach the logs neither way (Set-Cookie at sign-in, Cookie after)', async () => {
    const link = await t.app.get(AccountsService).prepareSetupLink('http://podium.test');
    const token = new URL(link!).hash.replace(/^#token=/, '');
    const setup = await t
      .http()
      .post('/api/auth/setup')
      .send({ token, storeName: 'Log store', name: 'Lena Logs', username: 'lena', password: 'correct horse battery' })
      .expect(201);
    const cookie = ([] as string[])
      .concat(setup.headers['set-cookie'] as unknown as string[])
      .find((c) => c.startsWith('podium_session='))!
      .split(';')[0];
    const session = cookie.split('=')[1];
    expect(session.length).toBeGreaterThan(20);
    await t.http().get('/api/me').set('cookie', cookie).expect(200);
    expect(raw.join('')).not.toContain(session);
    expect(lines().some((l) => l.route === '/api/auth/setup' && JSON.stringify(l.res?.headers).includes('[Redacted]'))).toBe(true);
  });
});
