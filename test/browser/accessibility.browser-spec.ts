import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { join } from 'node:path';
import { createEvent, registerPlayers, start, type TestPlayer } from '../utils/events';
import { createTestApp, ORGANIZER, type TestApp } from '../utils/test-app';
import { checkerFor, DESKTOP, launchChromium, PHONE, SCREENSHOTS, watchedPage, type Watched } from './browser-support';

/** WCAG 2.5.5 (target size, enhanced): 44 × 44 CSS pixels for what a finger taps on a phone. */
const MIN_TAP = 44;

/**
 * The night's screens for people who use a screen reader, zoom or big fingers: axe-core (WCAG 2.1
 * A/AA rules) finds no serious or critical violation on the join, draft, deck-building, round and
 * console screens, in English and Russian; and every control a phone player taps is at least 44 × 44
 * px (inline links inside a sentence are exempt, as in WCAG 2.5.5).
 */
describe('accessibility of the night’s screens (axe-core, tap targets)', () => {
  let t: TestApp;
  let base: string;
  let browser: Browser;
  const watched: Watched[] = [];

  beforeAll(async () => {
    browser = await launchChromium();
    t = await createTestApp({ webRoot: join(__dirname, '..', '..', 'dist', 'web'), clock: 'running' });
    await t.app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(t.app.getHttpServer().address() as { port: number }).port}`;
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

  const open = async (name: string, options: object, path: string): Promise<Watched> => {
    const w = await watchedPage(browser, base, options, await checkerFor(base), name);
    watched.push(w);
    await w.page.goto(path);
    return w;
  };
  const link = (code: string, p: TestPlayer, lang: string) => `/e/${code}?lang=${lang}#token=${encodeURIComponent(p.token)}`;

  /** axe's serious and critical findings, one line each (rule, impact, the first elements it names). */
  async function axeProblems(page: Page, screen: string): Promise<string[]> {
    // Card tiles are left out of one rule only: their accessible name is the card's name (what a
    // screen reader says first, and what players search by) while the tile shows more facts, which
    // label-content-name-mismatch reports. Every other rule runs on them.
    const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => (v.id === 'label-content-name-mismatch' ? { ...v, nodes: v.nodes.filter((n) => !n.html.startsWith('<button type="button" class="card ')) } : v))
      .filter((v) => v.nodes.length > 0)
      .map(
        (v) =>
          `${screen}: ${v.id} (${v.impact}) ${v.help} — ${v.nodes
            .slice(0, 3)
            .map((n) => n.target.join(' '))
            .join(' | ')}`,
      );
  }

  /** Visible controls smaller than 44 × 44 px, as "tag 'text' w×h" (inline links in running text excepted). */
  async function smallTargets(page: Page, screen: string): Promise<string[]> {
    const found = await page.evaluate((min) => {
      const doc = (globalThis as unknown as { document: { querySelectorAll(s: string): ArrayLike<HTMLLikeElement> } }).document;
      type HTMLLikeElement = {
        tagName: string;
        textContent: string | null;
        getAttribute(n: string): string | null;
        getBoundingClientRect(): { width: number; height: number };
        closest(s: string): unknown;
      };
      const view = globalThis as unknown as { getComputedStyle(e: unknown): { display: string; visibility: string } };
      const small: string[] = [];
      for (const el of Array.from(doc.querySelectorAll('button, a[href], input:not([type=hidden]), select, textarea, [role=button], summary'))) {
        const style = view.getComputedStyle(el);
        const box = el.getBoundingClientRect();
        if (style.visibility === 'hidden' || style.display === 'none' || box.width === 0 || box.height === 0) continue;
        if (el.tagName === 'A' && style.display === 'inline') continue; // a link inside a sentence
        // A checkbox or radio counts with its label, which is what a finger taps.
        const target = el.tagName === 'INPUT' && /checkbox|radio/.test(el.getAttribute('type') ?? '') && el.closest('label') ? (el.closest('label') as HTMLLikeElement) : el;
        const r = target.getBoundingClientRect();
        if (r.width < min - 0.5 || r.height < min - 0.5)
          small.push(`${el.tagName.toLowerCase()} '${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30)}' ${Math.round(r.width)}×${Math.round(r.height)}`);
      }
      return small;
    }, MIN_TAP);
    return found.map((f) => `${screen}: ${f}`);
  }

  async function check(w: Watched, screen: string, phone: boolean): Promise<string[]> {
    await w.page.screenshot({ path: join(SCREENSHOTS, `a11y-${screen}.png`), fullPage: true });
    return [...(await axeProblems(w.page, screen)), ...(phone ? await smallTargets(w.page, screen) : [])];
  }

  async function organizerConsole(eventId: string, options: object, lang: string, name: string): Promise<Watched> {
    const org = await open(name, options, `/organizer?lang=${lang}`);
    await org.page.evaluate(
      (token) => (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage.setItem('podium.organizer', token),
      ORGANIZER,
    );
    await org.page.goto(`/organizer/events/${eventId}?lang=${lang}`);
    await org.page.getByTestId('event-code').first().waitFor({ timeout: 30_000 });
    return org;
  }

  it.each(['en', 'ru'])(
    'no serious or critical axe violation and no tap target under 44 px: join, draft, console (%s)',
    async (lang) => {
      const problems: string[] = [];
      const event = await createEvent(t, { name: `A11y Draft ${lang}`, game: 'wow-tcg', format: 'draft', packs: ['HOA'], fillWithBots: true, seed: `accessibility-draft-${lang}` });

      const joiner = await open('join', PHONE, `/e/${event.code}?lang=${lang}`);
      await joiner.page.locator('form input').first().waitFor({ timeout: 30_000 });
      problems.push(...(await check(joiner, `join-phone-${lang}`, true)));
      const home = await open('home', PHONE, `/?lang=${lang}`);
      await home.page.locator('form input').first().waitFor({ timeout: 30_000 });
      problems.push(...(await check(home, `home-phone-${lang}`, true)));

      const [alice] = await registerPlayers(t, event.id, 1);
      const consoleDesktop = await organizerConsole(event.id, DESKTOP, lang, 'console desktop');
      problems.push(...(await check(consoleDesktop, `console-registration-desktop-${lang}`, false)));
      await start(t, event.id);
      const phone = await open('alice', PHONE, link(event.code, alice, lang));
      await phone.page.getByTestId('current-pack').waitFor({ timeout: 30_000 });
      problems.push(...(await check(phone, `draft-phone-${lang}`, true)));
      // A card chosen (the Pick button shows): the screen a player confirms on.
      await phone.page.locator('[data-testid="current-pack"] button').first().click();
      problems.push(...(await check(phone, `draft-chosen-phone-${lang}`, true)));
      // The card view over the pack (a modal dialog), and the pack again once it is closed.
      await phone.page.locator('[data-testid="current-pack"] .card-info').first().click();
      await phone.page.getByTestId('card-view').waitFor();
      problems.push(...(await check(phone, `card-view-phone-${lang}`, true)));
      await phone.page.keyboard.press('Escape');
      await phone.page.getByTestId('card-view').waitFor({ state: 'detached' });

      const consolePhone = await organizerConsole(event.id, PHONE, lang, 'console phone');
      problems.push(...(await check(consolePhone, `console-draft-phone-${lang}`, true)));
      await consoleDesktop.page.reload();
      await consoleDesktop.page.getByTestId('event-code').first().waitFor({ timeout: 30_000 });
      problems.push(...(await check(consoleDesktop, `console-draft-desktop-${lang}`, false)));
      expect(problems).toEqual([]);
    },
    240_000,
  );

  it.each(['en', 'ru'])(
    'no serious or critical axe violation and no tap target under 44 px: deck building, round, standings, console (%s)',
    async (lang) => {
      const problems: string[] = [];
      const event = await createEvent(t, { name: `A11y Sealed ${lang}`, game: 'wow-tcg', format: 'sealed', packs: ['HOA'], seed: `accessibility-sealed-${lang}` });
      const [alice, bob] = await registerPlayers(t, event.id, 2);
      await start(t, event.id);

      const phone = await open('alice', PHONE, link(event.code, alice, lang));
      await phone.page.getByTestId('pool').waitFor({ timeout: 30_000 });
      problems.push(...(await check(phone, `builder-phone-${lang}`, true)));
      const desktop = await open('bob desktop', DESKTOP, link(event.code, bob, lang));
      await desktop.page.getByTestId('pool').waitFor({ timeout: 30_000 });
      problems.push(...(await check(desktop, `builder-desktop-${lang}`, false)));

      for (const p of [alice, bob]) {
        const s = (await t.http().get(`/api/events/${event.id}/deck/suggestion`).set('authorization', p.auth).expect(200)).body;
        await t.http().put(`/api/events/${event.id}/deck`).set('authorization', p.auth).send({ hero: s.hero, main: s.main }).expect(200);
      }
      await t.http().post(`/api/events/${event.id}/rounds`).set('authorization', t.organizer).send({ force: true }).expect(201);
      await phone.page.reload();
      await phone.page.getByTestId('standings').or(phone.page.locator('select')).first().waitFor({ timeout: 30_000 });
      problems.push(...(await check(phone, `round-phone-${lang}`, true)));

      const consoleDesktop = await organizerConsole(event.id, DESKTOP, lang, 'console desktop');
      problems.push(...(await check(consoleDesktop, `console-round-desktop-${lang}`, false)));
      const consolePhone = await organizerConsole(event.id, PHONE, lang, 'console phone');
      problems.push(...(await check(consolePhone, `console-round-phone-${lang}`, true)));
      expect(problems).toEqual([]);
    },
    240_000,
  );
});
