import { readFileSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { DraftTimersService } from '../../src/draft/draft-timers.service';
import { createEvent, me, registerPlayers, start, type TestPlayer } from '../utils/events';
import { createTestApp, type TestApp } from '../utils/test-app';

const TOKEN = 'prometheus-scrape-token-0123';

/** One sample of a Prometheus text exposition: `name{labels} value`; 0 when the series is absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const got = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([k, v]) => got[k] === v)) return Number(match[3]);
  }
  return 0;
}

/**
 * GET /metrics (src/common/metrics/): Prometheus's text format, the series move with a draft's
 * picks, timers and streams, and only this machine (or the METRICS_TOKEN) may read them.
 */
describe('metrics', () => {
  let t: TestApp;
  const scrape = async (): Promise<string> => {
    const res = await t.http().get('/metrics').expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.text;
  };

  beforeAll(async () => {
    t = await createTestApp({ config: { METRICS_TOKEN: TOKEN, DB_POOL_SIZE: '7', DB_DRAFT_POOL_SIZE: '3' } });
  });
  afterAll(() => t.close());

  it('every documented series is there from the start, the pools with their configured sizes', async () => {
    const text = await scrape();
    for (const name of [
      'podium_picks_total',
      'podium_pick_duration_seconds',
      'podium_commit_pods',
      'podium_commit_picks',
      'podium_pick_timer_lateness_seconds',
      'podium_live_streams',
      'podium_db_pool_max_connections',
      'podium_db_pool_connections',
      'podium_db_pool_idle_connections',
      'podium_db_pool_waiting_requests',
      'podium_database_available',
      'podium_http_requests_total',
      'podium_http_request_duration_seconds',
      'nodejs_eventloop_lag_seconds',
      'process_cpu_seconds_total',
    ]) {
      expect(text).toContain(`# TYPE ${name} `);
    }
    // docs/deploy.md lists each of ours.
    const documented = readFileSync(join(__dirname, '..', '..', 'docs', 'deploy.md'), 'utf8');
    const ours = [...text.matchAll(/^# TYPE (podium_\w+) /gm)].map((m) => m[1]);
    expect(ours.length).toBeGreaterThanOrEqual(13);
    expect(ours.filter((name) => !documented.includes(`\`${name}\``))).toEqual([]);
    expect(sample(text, 'podium_db_pool_max_connections', { pool: 'main' })).toBe(7);
    expect(sample(text, 'podium_db_pool_max_connections', { pool: 'draft' })).toBe(3);
    expect(sample(text, 'podium_db_pool_max_connections', { pool: 'league' })).toBe(2);
    expect(sample(text, 'podium_db_pool_max_connections', { pool: 'rate-limits' })).toBe(2);
    expect(sample(text, 'podium_database_available')).toBe(1);
  });

  it("a draft's picks, commits, timers and streams move their series", async () => {
    const before = await scrape();
    const draft = await createEvent(t, { name: 'Metered', game: 'wow-tcg', format: 'draft', packs: ['HOA'], fillWithBots: true, pickTimeSeconds: 60 });
    const players: TestPlayer[] = await registerPlayers(t, draft.id, 2);
    await start(t, draft.id);
    for (const p of players) {
      const view = await me(t, draft.id, p);
      await t
        .http()
        .post(`/api/events/${draft.id}/picks`)
        .set('authorization', p.auth)
        .send({ packNumber: 1, pickNumber: 1, cardId: view.currentPack!.cards[0].cardId })
        .expect(200);
    }
    // Both players' second picks time out 3 s after their deadlines.
    const deadline = new Date((await me(t, draft.id, players[0])).deadline!);
    t.clock.advance(deadline.getTime() - t.clock.now().getTime() + 3_000);
    const outcomes = await t.app.get(DraftTimersService).runDue();
    expect(outcomes.reduce((n, o) => n + o.timeouts, 0)).toBe(2);
    // A live stream held open while scraping.
    await t.app.listen(0, '127.0.0.1');
    const port = (t.app.getHttpServer().address() as AddressInfo).port;
    const ticket = (await t.http().post(`/api/events/${draft.id}/stream-ticket`).set('authorization', players[0].auth).expect(200)).body.ticket as string;
    const stream = await new Promise<http.ClientRequest>((resolve, reject) => {
      const req = http.get({ host: '127.0.0.1', port, path: `/api/events/${draft.id}/stream?ticket=${encodeURIComponent(ticket)}`, agent: false }, (res) => {
        expect(res.statusCode).toBe(200);
        res.once('data', () => resolve(req));
      });
      req.on('error', reject);
    });
    let after: string;
    try {
      after = await scrape();
      expect(sample(after, 'podium_live_streams')).toBe(1);
    } finally {
      stream.destroy();
    }

    const moved = (name: string, labels: Record<string, string> = {}) => sample(after, name, labels) - sample(before, name, labels);
    expect(moved('podium_picks_total', { source: 'player' })).toBe(2);
    expect(moved('podium_picks_total', { source: 'timeout' })).toBe(2);
    // The bots of the 6 other seats: as many as the database holds.
    const bots = await t.prisma.pick.count({ where: { pod: { eventId: draft.id }, source: 'bot' } });
    expect(bots).toBeGreaterThanOrEqual(6);
    expect(moved('podium_picks_total', { source: 'bot' })).toBe(bots);
    expect(moved('podium_pick_duration_seconds_count')).toBe(2);
    expect(moved('podium_commit_pods_count')).toBeGreaterThanOrEqual(3);
    // Every pick but the bots' first ones, which the start's own transaction committed (seq 1).
    const afterStart = await t.prisma.pick.count({ where: { pod: { eventId: draft.id }, seq: { gt: 1 } } });
    expect(moved('podium_commit_picks_sum')).toBe(afterStart);
    expect(moved('podium_pick_timer_lateness_seconds_count')).toBe(2);
    expect(moved('podium_pick_timer_lateness_seconds_sum')).toBeCloseTo(6, 6);
    expect(moved('podium_http_requests_total', { method: 'POST', route: '/api/events/:id/picks', status: '200' })).toBe(2);
    expect(moved('podium_http_request_duration_seconds_count', { method: 'POST', route: '/api/events/:id/picks' })).toBe(2);
    expect(moved('podium_http_requests_total', { method: 'GET', route: '/api/events/:id/me', status: '200' })).toBe(3);
    // The URL never becomes a label: no event id in the text.
    expect(after).not.toContain(draft.id);
  });

  it('requests no route matched are one series, whatever their URL', async () => {
    await t.http().get('/api/no-such-route/1').expect(404);
    await t.http().get('/api/no-such-route/2').expect(404);
    expect(sample(await scrape(), 'podium_http_requests_total', { method: 'GET', route: '(unmatched)', status: '404' })).toBeGreaterThanOrEqual(2);
  });

  describe('who may read them', () => {
    // A client elsewhere on the network: the request as it arrives from a socket whose peer is a phone's address.
    const fromPhone = (headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '192.168.1.20', headers });

    it('a client on the store network without the token is refused in the API error shape (401: send the token)', async () => {
      const res = await fromPhone();
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ statusCode: 401, code: 'UNAUTHORIZED', details: [{ field: 'authorization', rule: 'metricsToken' }] });
      expect(res.body).not.toContain('podium_');
    });

    it('X-Forwarded-For naming this machine opens nothing, also with TRUST_PROXY (the socket decides)', async () => {
      expect((await fromPhone({ 'x-forwarded-for': '127.0.0.1' })).statusCode).toBe(401);
    });

    it('a wrong token is refused; the METRICS_TOKEN opens them from anywhere', async () => {
      expect((await fromPhone({ authorization: `Bearer ${TOKEN}-wrong` })).statusCode).toBe(401);
      const res = await fromPhone({ authorization: `Bearer ${TOKEN}` });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('podium_picks_total');
    });

    it('a proxy on this machine forwarding a phone (loopback peer, X-Forwarded-For) is not local', async () => {
      const res = await t.http().get('/metrics').set('x-forwarded-for', '192.168.1.20').expect(401);
      expect(res.body.code).toBe('UNAUTHORIZED');
    });
  });

  describe('without METRICS_TOKEN', () => {
    let plain: TestApp;
    beforeAll(async () => {
      plain = await createTestApp({ config: { TRUST_PROXY: 'true' } });
    });
    afterAll(() => plain.close());

    it('this machine reads them; a phone gets 403 FORBIDDEN (rule loopback), even claiming to be 127.0.0.1 behind TRUST_PROXY', async () => {
      await plain.http().get('/metrics').expect(200);
      for (const headers of [{}, { 'x-forwarded-for': '127.0.0.1' }]) {
        const res = await plain.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '192.168.1.20', headers });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({ statusCode: 403, code: 'FORBIDDEN', details: [{ field: 'address', rule: 'loopback' }] });
      }
    });
  });
});
