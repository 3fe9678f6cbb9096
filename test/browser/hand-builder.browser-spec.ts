import type { Browser, Locator, Page } from 'playwright-core';
import { join } from 'node:path';
import { createEvent, draftToTheEnd, registerPlayers, start, type TestPlayer } from '../utils/events';
import { createTestApp, type TestApp } from '../utils/test-app';
import { checkerFor, DESKTOP, launchChromium, PHONE, SCREENSHOTS, watchedPage, type Watched } from './browser-support';

/** Most taps a first-timer may need from the hero picker to a registered legal deck. */
const MAX_TAPS = 45;

/**
 * The by-hand builder (real Chromium, a phone at 360×640 and a desktop): from a real WoW TCG draft
 * pool (one player drafting with seven bots through the API), a scripted first-timer chooses the
 * hero the picker offers first, keeps the "cards my hero can play" filter on and adds cards one by
 * one with + until the builder says the deck is legal, then submits. Every tap is counted; no
 * answer may be a 429, the builder may not ask the server to check the deck while building, and
 * its status may never stay "…". Every API answer the pages get is checked against the OpenAPI
 * document; no page may log a console error.
 */
describe('building a deck by hand in the browser', () => {
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

  /** The whole page, and what the screen shows without scrolling (`-screen`). */
  const shot = async (page: Page, name: string) => {
    await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
    await page.screenshot({ path: join(SCREENSHOTS, `${name}-screen.png`) });
  };
  const open = async (name: string, options: object, path: string): Promise<Watched> => {
    const w = await watchedPage(browser, base, options, await checkerFor(base), name);
    watched.push(w);
    await w.page.goto(path);
    return w;
  };
  /** Whether the builder's bar shows a "…" (a check not answered yet). */
  const waitsOnACheck = async (page: Page) => ((await page.locator('.builder-bar').textContent()) ?? '').includes('…');
  const link = (code: string, p: TestPlayer, lang: string) => `/e/${code}?lang=${lang}#token=${encodeURIComponent(p.token)}`;

  /** A real draft pool: one player and seven bots draft HOA; the player takes Horde and Neutral cards first (allies before the rest, quests last). */
  async function draftedPool(seed: string) {
    const event = await createEvent(t, { name: 'Friday Draft', game: 'wow-tcg', format: 'draft', packs: ['HOA'], fillWithBots: true, seed, pickTimeSeconds: 0 });
    const [alice] = await registerPlayers(t, event.id, 1);
    await start(t, event.id);
    const cards = (await t.http().get('/api/sets/HOA/cards').query({ game: 'wow-tcg', pageSize: 500 }).expect(200)).body.items as {
      cardId: string;
      type: string;
      attributes: { faction?: string; classes?: string[] | null; talent?: string | null };
    }[];
    const byId = new Map(cards.map((c) => [c.cardId, c]));
    // As a Horde player drafts: Horde and Neutral cards, allies first, quests last.
    const score = (id: string) => {
      const c = byId.get(id);
      const a = c?.attributes ?? {};
      return (['Horde', 'Neutral'].includes(a.faction ?? '') ? 3 : 0) + (!a.classes?.length && !a.talent ? 1 : 0) + (c?.type === 'ally' ? 1 : 0) - (c?.type === 'quest' ? 3 : 0);
    };
    await draftToTheEnd(t, event.id, [alice], (pack) => pack.reduce((best, c) => (score(c.cardId) > score(best.cardId) ? c : best)).cardId);
    expect((await t.http().get(`/api/events/${event.id}`).expect(200)).body.state).toBe('building');
    return { event, alice };
  }

  it('a first-timer builds a legal WoW TCG deck from a real draft pool by hand: hero first, filter on, cards one by one, in at most 45 taps, with no 429 and no lasting "…"', async () => {
    const { event, alice } = await draftedPool('hand-builder-draft-0001');

    // The desktop shows the same first step: the hero picker.
    const desktop = await open('alice desktop', DESKTOP, link(event.code, alice, 'en'));
    await desktop.page.getByTestId('hero-picker').waitFor({ timeout: 30_000 });
    await shot(desktop.page, 'builder-hero-picker-desktop');

    const phone = await open('alice phone', PHONE, link(event.code, alice, 'en'));
    const { page } = phone;
    let taps = 0;
    const tap = async (target: Locator) => {
      taps++;
      await target.click();
    };

    // Step 1: the hero picker, grouped by faction and class, the best supported hero first.
    const picker = page.getByTestId('hero-picker');
    await picker.waitFor({ timeout: 30_000 });
    await page.getByTestId('builder-guide').filter({ hasText: 'Step 1: choose your hero.' }).waitFor();
    const first = picker.getByTestId('hero-option').first();
    const firstText = await first.innerText();
    const fits = Number(/(\d+) of your cards fit/.exec(firstText)?.[1]);
    expect(fits).toBeGreaterThanOrEqual(30);
    expect(firstText).toMatch(/Horde|Neutral/); // the pool was drafted Horde: a Horde hero fits it best
    const heroName = firstText.split('\n')[0].trim();
    await shot(page, 'builder-hero-picker-phone');
    await tap(first);

    // Step 2: the pool filtered to what the hero may play (on by default), + per card.
    await page.getByTestId('chosen-hero').filter({ hasText: heroName }).waitFor();
    expect(await page.getByTestId('playable-only').isChecked()).toBe(true);
    await page.getByText('30 more cards needed.').waitFor();
    await page
      .getByTestId('deck-status')
      .filter({ hasText: /^illegal$/ })
      .waitFor();
    await shot(page, 'builder-filtered-pool-phone');

    // The first-timer reads "N more cards needed" and taps + down the list until it says none.
    const rows = page.getByTestId('pool-row');
    const guide = page.getByTestId('builder-guide');
    for (let r = 0; /more cards? needed/.test(await guide.innerText());) {
      expect(taps).toBeLessThan(MAX_TAPS);
      const add = rows.nth(r).getByRole('button', { name: /^Add one / });
      if (await add.isDisabled()) {
        r++;
        continue;
      }
      const before = await guide.innerText();
      await tap(add);
      // The count moves at once; the status is the local check's: legal or illegal, never a "…".
      await page.waitForFunction(
        (b) =>
          (globalThis as unknown as { document: { querySelector(s: string): { textContent: string } } }).document.querySelector('[data-testid="builder-guide"]').textContent !== b,
        before,
      );
      expect(['legal', 'illegal']).toContain(await page.getByTestId('deck-status').innerText());
      if (taps === 16) await shot(page, 'builder-curve-counts-phone');
    }
    await page
      .getByTestId('deck-status')
      .filter({ hasText: /^legal$/ })
      .waitFor({ timeout: 5_000 });
    await guide.filter({ hasText: 'Your deck is legal: submit it.' }).waitFor();
    await page.getByText('Main deck: 30 / 30').waitFor();
    const curve = await page
      .getByTestId('cost-curve')
      .locator('li')
      .evaluateAll((bars) => bars.map((b) => Number(b.querySelector('.curve-n')?.textContent)));
    expect(curve.reduce((n, c) => n + c, 0)).toBeLessThanOrEqual(30);
    await shot(page, 'builder-legal-phone');

    // Register it: one more tap; the server agrees.
    await tap(page.getByRole('button', { name: 'Submit deck' }));
    await page.getByText('Your deck is registered and legal.').waitFor({ timeout: 30_000 });
    expect(taps).toBeLessThanOrEqual(MAX_TAPS);
    expect(taps).toBe(1 + 30 + 1); // hero, 30 cards, submit
    const deck = (await t.http().get(`/api/events/${event.id}/deck`).set('authorization', alice.auth).expect(200)).body;
    expect(deck).toMatchObject({ legal: true, mainCount: 30 });
    expect(deck.hero.name).toBe(heroName);

    // No 429, no deck check request while building (the builder checks the deck itself), and no "…" left waiting.
    expect(phone.seen.filter((x) => x.status === 429)).toEqual([]);
    expect(phone.seen.filter((x) => x.url.startsWith('/api/decks/check'))).toEqual([]);
    expect(await waitsOnACheck(page)).toBe(false);

    // The desktop, reloaded: the registered deck in the builder, legal, with its curve; then in Russian.
    await desktop.page.reload();
    await desktop.page.getByTestId('chosen-hero').filter({ hasText: heroName }).waitFor({ timeout: 30_000 });
    await desktop.page
      .getByTestId('deck-status')
      .filter({ hasText: /^legal$/ })
      .waitFor();
    await shot(desktop.page, 'builder-legal-desktop');
    await desktop.page.getByTestId('playable-only').uncheck();
    await shot(desktop.page, 'builder-whole-pool-desktop');
    const ru = await open('alice phone ru', PHONE, link(event.code, alice, 'ru'));
    await ru.page.locator('[data-testid="deck-status"][data-legal="true"]').waitFor({ timeout: 30_000 });
    expect(await ru.page.getByTestId('deck-status').innerText()).toBe('допустима');
    await ru.page.getByText('Колода допустима: сдавайте её.').waitFor();
    await shot(ru.page, 'builder-legal-phone-ru');
  }, 300_000);

  it('Berserk has no hero: the builder starts with the pool (elements shown), and + one by one reaches a legal 30-card deck, in Russian', async () => {
    const event = await createEvent(t, { name: 'Берсерк: силед', game: 'berserk', format: 'sealed', packs: ['S1', 'S1', 'S1', 'S1', 'S1', 'S1'], seed: 'hand-builder-berserk-01' });
    const [ivan] = await registerPlayers(t, event.id, 1);
    await start(t, event.id);
    const phone = await open('ivan phone', PHONE, link(event.code, ivan, 'ru'));
    const { page } = phone;
    const guide = page.getByTestId('builder-guide');
    await guide.filter({ hasText: 'Нужно ещё 30 карт.' }).waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('hero-picker').count()).toBe(0);
    expect(await page.getByTestId('playable-only').count()).toBe(0);
    await shot(page, 'builder-berserk-pool-phone-ru');
    let taps = 0;
    const rows = page.getByTestId('pool-row');
    for (let r = 0; /Нужн[аоы] ещё/.test(await guide.innerText());) {
      const add = rows.nth(r).getByRole('button', { name: /^Добавить одну карту/ });
      if (await add.isDisabled()) {
        r++;
        continue;
      }
      const before = await guide.innerText();
      taps++;
      await add.click();
      await page.waitForFunction(
        (b) =>
          (globalThis as unknown as { document: { querySelector(s: string): { textContent: string } } }).document.querySelector('[data-testid="builder-guide"]').textContent !== b,
        before,
      );
    }
    expect(taps).toBe(30);
    await page.locator('[data-testid="deck-status"][data-legal="true"]').waitFor({ timeout: 5_000 });
    expect(await page.getByTestId('deck-status').innerText()).toBe('допустима');
    await shot(page, 'builder-berserk-legal-phone-ru');
    await page.getByRole('button', { name: 'Сдать колоду' }).click();
    await page.getByText('Колода зарегистрирована и допустима.').waitFor({ timeout: 30_000 });
    expect(phone.seen.filter((x) => x.status === 429 || x.url.startsWith('/api/decks/check'))).toEqual([]);
    expect(await waitsOnACheck(page)).toBe(false);
  }, 120_000);
});
