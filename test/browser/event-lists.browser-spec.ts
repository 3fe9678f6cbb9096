import type { Browser, Page } from 'playwright-core';
import { join } from 'node:path';
import { createEvent } from '../utils/events';
import { createTestApp, ORGANIZER, type TestApp } from '../utils/test-app';
import { checkerFor, DESKTOP, launchChromium, PHONE, SCREENSHOTS, watchedPage, type Watched } from './browser-support';

/**
 * A store with a long history: the organizer console lists the events a page at a time (newest
 * first, older ones on demand, a search by name or code), and a league still finds any event of
 * its game — the oldest one too — by search or by loading older events. Phone and desktop.
 */
describe('event lists of a store with many events, in the browser', () => {
  let t: TestApp;
  let base: string;
  let browser: Browser;
  const watched: Watched[] = [];
  const WOW_EVENTS = 56;

  beforeAll(async () => {
    browser = await launchChromium();
    // Real time: the events are created now, inside the default season of a new league (this year).
    t = await createTestApp({ webRoot: join(__dirname, '..', '..', 'dist', 'web'), clock: 'running' });
    await t.app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(t.app.getHttpServer().address() as { port: number }).port}`;
    // The oldest event first, so that it is on no first page.
    await createEvent(t, { name: 'Season Opener', game: 'wow-tcg', format: 'sealed', packs: ['HOA'] });
    for (let i = 2; i <= WOW_EVENTS; i++) await createEvent(t, { name: `Weekly Sealed #${i}`, game: 'wow-tcg', format: i % 2 ? 'sealed' : 'draft', packs: ['HOA'] });
    for (let i = 1; i <= 3; i++) await createEvent(t, { name: `Berserk Cup ${i}`, game: 'berserk', format: 'sealed', packs: ['S1', 'S1', 'S1', 'S1', 'S1', 'S1'] });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  afterEach(() => {
    const problems = watched.flatMap((w) => w.problems);
    watched.length = 0;
    expect(problems).toEqual([]);
  });

  const shot = (page: Page, name: string) => page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });

  async function signedIn(options: object, name: string, path: string): Promise<Watched> {
    const w = await watchedPage(browser, base, options, await checkerFor(base), name);
    watched.push(w);
    await w.page.goto(`${path}?lang=en`);
    await w.page.getByLabel('Organizer token').fill(ORGANIZER);
    await w.page.getByRole('button', { name: 'Sign in' }).click();
    return w;
  }

  const listed = (page: Page) => page.locator('ul.event-list li');

  /** A phone page must fit its width: nothing to scroll sideways. */
  const fitsWidth = async (page: Page) => expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);

  it('the console shows the newest events a page at a time, older ones on demand, and finds one by name or code', async () => {
    for (const [options, device] of [
      [DESKTOP, 'desktop'],
      [PHONE, 'phone'],
    ] as const) {
      const org = await signedIn(options, `organizer-${device}`, '/organizer');
      await listed(org.page).nth(19).waitFor();
      expect(await listed(org.page).count()).toBe(20);
      await expect(listed(org.page).first().innerText()).resolves.toContain('Berserk Cup 3');
      await shot(org.page, `organizer-events-${device}`);
      await fitsWidth(org.page);
      const older = org.page.getByRole('button', { name: 'Show older events' });
      await older.click();
      await listed(org.page).nth(39).waitFor();
      await older.click();
      await org.page.getByRole('link', { name: 'Season Opener' }).waitFor();
      expect(await listed(org.page).count()).toBe(WOW_EVENTS + 3);
      await expect(older.count()).resolves.toBe(0); // the last page: nothing older
      // A search asks the server: the oldest event by its name, then an event by its code.
      await org.page.getByLabel('Find an event').fill('opener');
      await listed(org.page).nth(1).waitFor({ state: 'detached' });
      await expect(listed(org.page).first().innerText()).resolves.toContain('Season Opener');
      await shot(org.page, `organizer-events-search-${device}`);
      const code = (await t.http().get('/api/events?q=Weekly%20Sealed%20%2317').expect(200)).body.items[0].code as string;
      await org.page.getByLabel('Find an event').fill(code.toLowerCase());
      await org.page.getByRole('link', { name: 'Weekly Sealed #17' }).waitFor();
      expect(await listed(org.page).count()).toBe(1);
      await org.page.getByLabel('Find an event').fill('no such event');
      await org.page.getByText('No event matches.').waitFor();
      await org.context.close();
    }
  }, 120_000);

  it('a league finds every event of its game: the oldest by search or by loading older events, never another game', async () => {
    for (const [options, device] of [
      [DESKTOP, 'desktop'],
      [PHONE, 'phone'],
    ] as const) {
      const org = await signedIn(options, `league-${device}`, '/organizer/leagues');
      const name = `Season League ${device}`;
      await org.page.getByLabel('Name', { exact: true }).fill(name);
      await org.page.getByRole('button', { name: 'Create league' }).click();
      const league = org.page.locator('section.league').filter({ has: org.page.getByRole('heading', { name }) });
      const choices = league.getByLabel('Event').locator('option');
      // The first page: the 50 newest events of the game (and the "choose" line); no Berserk event.
      await choices.nth(50).waitFor({ state: 'attached' });
      expect(await choices.count()).toBe(51);
      const labels = await choices.allInnerTexts();
      expect(labels.some((l) => l.startsWith('Berserk'))).toBe(false);
      expect(labels.some((l) => l.startsWith('Season Opener'))).toBe(false);
      await shot(org.page, `league-events-${device}`);
      await fitsWidth(org.page);
      if (device === 'desktop') {
        // Older events on demand: the rest of the game's events.
        await league.getByRole('button', { name: 'Older events' }).click();
        await choices.nth(WOW_EVENTS).waitFor({ state: 'attached' });
        expect(await choices.count()).toBe(WOW_EVENTS + 1);
        expect(await league.getByRole('button', { name: 'Older events' }).count()).toBe(0);
      } else {
        // A search: the oldest event of the season, added to the league.
        await league.getByLabel('Search').fill('opener');
        // The search's answer, not the moment between (the list is only the "choose" line while it loads).
        await choices
          .filter({ hasText: /^Season Opener/ })
          .first()
          .waitFor({ state: 'attached' });
        await choices.nth(2).waitFor({ state: 'detached' });
        expect(await choices.count()).toBe(2);
        const opener = (await choices.nth(1).innerText()).trim();
        expect(opener).toMatch(/^Season Opener \([2-9A-HJ-NP-Z]{6}\)$/);
        await league.getByLabel('Event').selectOption({ label: opener });
        await league.getByRole('button', { name: 'Add event' }).click();
        await league.getByText('Season Opener', { exact: true }).waitFor();
        await shot(org.page, `league-events-search-${device}`);
        await league.getByLabel('Search').fill('nothing like this');
        await league.getByText('No event of this game matches.').waitFor();
      }
      await org.context.close();
    }
  }, 120_000);
});
