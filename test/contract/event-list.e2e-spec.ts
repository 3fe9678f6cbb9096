import { createTestApp, type TestApp } from '../utils/test-app';
import { createEvent } from '../utils/events';

interface EventItem {
  id: string;
  name: string;
  code: string;
  game: string;
  state: string;
  createdAt: string;
}
interface Page {
  items: EventItem[];
  nextCursor: string | null;
}

/**
 * GET /api/events a page at a time: newest first by (creation, id), `limit` (default 50, at most
 * 200), keyset cursors in the body and in a Link header, with the filters kept across pages.
 */
describe('GET /api/events: pages', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  let n = 0;
  const create = (extra: Record<string, unknown> = {}) =>
    createEvent(t, { name: `Event ${++n}`, game: 'wow-tcg', format: 'sealed', packs: ['HOA'], seed: `event-list-seed-${String(n).padStart(6, '0')}`, ...extra });

  const get = async (query: string): Promise<{ page: Page; link: string | undefined }> => {
    const res = await t.http().get(`/api/events${query}`).expect(200);
    return { page: res.body as Page, link: res.headers.link as string | undefined };
  };

  /** Follows nextCursor from the first page; `between` runs after each page (events created meanwhile). */
  async function allPages(query: string, between?: (pageIndex: number) => Promise<void>): Promise<Page[]> {
    const pages: Page[] = [];
    let cursor: string | null = null;
    do {
      const { page } = await get(`${query}${cursor ? `&cursor=${cursor}` : ''}`);
      pages.push(page);
      cursor = page.nextCursor;
      await between?.(pages.length - 1);
    } while (cursor);
    return pages;
  }

  it('pages cover every event exactly once, newest first, even when events are created between pages', async () => {
    // Several events per instant (ties broken by id), at several instants.
    const before: string[] = [];
    for (let i = 0; i < 23; i++) {
      if (i % 4 === 0) t.clock.advance(1000);
      before.push((await create()).id);
    }
    const created: string[] = [];
    const pages = await allPages('?limit=5', async (index) => {
      if (index > 2) return;
      // One event at the same instant as the newest ones (it may fall either side of a cursor), one newer.
      created.push((await create()).id);
      t.clock.advance(1000);
      created.push((await create()).id);
    });
    const seen = pages.flatMap((p) => p.items.map((e) => e.id));
    expect(new Set(seen).size).toBe(seen.length); // nothing twice
    expect(before.filter((id) => !seen.includes(id))).toEqual([]); // nothing missed
    expect(seen.filter((id) => !before.includes(id)).every((id) => created.includes(id))).toBe(true);
    expect(pages.slice(0, -1).every((p) => p.items.length === 5)).toBe(true);
    expect(pages.at(-1)!.nextCursor).toBeNull();
    // Newest first: creation instants never increase along the pages.
    const instants = pages.flatMap((p) => p.items.map((e) => Date.parse(e.createdAt)));
    expect(instants).toEqual([...instants].sort((a, b) => b - a));
  });

  it('the filters (game, state, q) hold on every page, and the Link header names the next page with them', async () => {
    for (let i = 0; i < 7; i++) await create({ game: 'berserk', packs: ['S1', 'S1', 'S1', 'S1', 'S1', 'S1'], name: `Berserk night ${i}` });
    const cancelled = await create({ name: 'Called off' });
    await t.http().delete(`/api/events/${cancelled.id}`).set('authorization', t.organizer).expect(200);

    const first = await get('?game=berserk&limit=3');
    expect(first.page.items).toHaveLength(3);
    expect(first.link).toBe(`</api/events?game=berserk&limit=3&cursor=${first.page.nextCursor}>; rel="next"`);
    const pages = await allPages('?game=berserk&limit=3');
    const items = pages.flatMap((p) => p.items);
    expect(items).toHaveLength(7);
    expect(items.every((e) => e.game === 'berserk')).toBe(true);

    expect((await get('?state=cancelled')).page.items.map((e) => e.id)).toEqual([cancelled.id]);
    // The last page has no next one: no cursor, no Link header.
    const last = await get('?state=cancelled');
    expect(last.page.nextCursor).toBeNull();
    expect(last.link).toBeUndefined();
  });

  it('q finds events by name or event code, any case; % and _ are plain characters', async () => {
    const friday = await create({ name: 'Friday Draft 100% fun' });
    await create({ name: 'Friday_Sealed' });
    const names = async (q: string) => (await get(`?q=${encodeURIComponent(q)}&limit=200`)).page.items.map((e) => e.name);
    expect(await names('friday draft')).toEqual(['Friday Draft 100% fun']);
    expect(await names('100%')).toEqual(['Friday Draft 100% fun']);
    expect(await names('y_s')).toEqual(['Friday_Sealed']);
    expect(await names('y_d')).toEqual([]);
    expect(await names('%')).toEqual(['Friday Draft 100% fun']);
    expect(await names('\\')).toEqual([]);
    expect((await get(`?q=${friday.code.toLowerCase()}`)).page.items.map((e) => e.id)).toContain(friday.id);
  });

  it('limit: 50 by default, at most 200; out of range, not a number, or a forged cursor is a 400 naming the field', async () => {
    for (let i = 0; i < 30; i++) await create({ name: `Filler ${i}` });
    const all = (await get('?limit=200')).page.items.length;
    expect(all).toBeGreaterThan(50);
    expect((await get('')).page.items).toHaveLength(50);
    for (const [query, field] of [
      ['?limit=0', 'limit'],
      ['?limit=201', 'limit'],
      ['?limit=ten', 'limit'],
      ['?limit=1e2', 'limit'],
      ['?cursor=not%20a%20cursor', 'cursor'],
      [`?cursor=${Buffer.from('123.not-an-id').toString('base64url')}`, 'cursor'],
      ['?q=', 'q'],
    ]) {
      const res = await t.http().get(`/api/events${query}`).expect(400);
      expect({ query, body: res.body }).toMatchObject({
        query,
        body: { statusCode: 400, code: 'VALIDATION_FAILED', details: expect.arrayContaining([expect.objectContaining({ field })]) },
      });
    }
  });
});
