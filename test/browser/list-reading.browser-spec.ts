import type { Browser, Page } from 'playwright-core';
import iconv from 'iconv-lite';
import { join } from 'node:path';
import { createEvent, registerPlayers, start, type TestPlayer } from '../utils/events';
import { createTestApp, type TestApp } from '../utils/test-app';
import { checkerFor, DESKTOP, launchChromium, PHONE, SCREENSHOTS, watchedPage, type Watched } from './browser-support';

/** A list as a player pastes it from elsewhere: a title, a comment, a typo, an unreadable count, an SB: line. */
const LIST = ['Holy Boris — league week 3', 'Hero: Boris Brightbeard', '// allies', '4 Acolyte Demia', '3 Adeptt Breton', 'two Flash Heal', 'SB: 1 Mind Blast'].join('\n');

/**
 * Pasting a deck list (real boosters, real Chromium, phone and desktop, English and Russian): every
 * line that is no card of the deck is shown with its line number and what happened to it — the
 * title and the comment left out with their reason, the typo with the card it may mean, the line
 * that could not be read — and the SB: card lands in the sideboard. Nothing typed disappears.
 */
describe('reading a pasted deck list in the browser', () => {
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

  const shot = async (page: Page, name: string) => page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
  const link = (code: string, p: TestPlayer, lang: string) => `/e/${code}?lang=${lang}#token=${encodeURIComponent(p.token)}`;

  it.each([
    ['en', PHONE, 'phone'],
    ['ru', PHONE, 'phone'],
    ['en', DESKTOP, 'desktop'],
  ] as const)(
    'every line of a pasted list is accounted for on the screen (%s, %s)',
    async (lang, options, device) => {
      const event = await createEvent(t, {
        name: 'Real Sealed',
        game: 'wow-tcg',
        format: 'sealed',
        packSource: 'physical',
        packs: ['HOA'],
        seed: `list-reading-${lang}-${device}`,
      });
      const [alice] = await registerPlayers(t, event.id, 1);
      await start(t, event.id);
      const w = await watchedPage(browser, base, options, await checkerFor(base), `alice ${lang} ${device}`);
      watched.push(w);
      const { page } = w;
      await page.goto(link(event.code, alice, lang));
      const ru = lang === 'ru';
      await page.getByText(ru ? 'Вставить список колоды' : 'Paste a deck list').click({ timeout: 30_000 });
      await page.getByRole('textbox', { name: ru ? 'Вставить список колоды' : 'Paste a deck list' }).fill(LIST);
      await page.getByRole('button', { name: ru ? 'Прочитать список' : 'Read the list' }).click();
      const reading = page.getByTestId('list-reading');
      await reading.waitFor({ timeout: 30_000 });
      const lines = await reading.locator('li').allInnerTexts();
      expect(lines).toHaveLength(4);
      expect(lines[0]).toMatch(ru ? /^Строка 1 пропущена \(название списка\): Holy Boris/ : /^Line 1 left out \(the list’s title\): Holy Boris/);
      expect(lines[1]).toMatch(ru ? /^Строка 3 пропущена \(комментарий\): \/\/ allies/ : /^Line 3 left out \(a comment\): \/\/ allies/);
      expect(lines[2]).toMatch(/^(Line|Строка) 5: .*Adept Breton/);
      expect(lines[3]).toMatch(ru ? /^Строка 6 не прочитана: / : /^Line 6 was not read: /);
      // The cards read: the hero, 4 Acolyte Demia in the main deck, Mind Blast in the sideboard.
      expect(await page.getByRole('button', { name: 'Acolyte Demia' }).count()).toBeGreaterThan(0);
      expect(await page.getByRole('button', { name: 'Mind Blast' }).count()).toBeGreaterThan(0);
      await shot(page, `list-reading-${device}-${lang}`);
      await reading.scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(SCREENSHOTS, `list-reading-${device}-${lang}-screen.png`) });
      await w.context.close();
    },
    120_000,
  );

  it('a Russian Berserk list saved by a Windows tool (Windows-1251) opened as a file: every card found, the encoding named', async () => {
    const event = await createEvent(t, { name: 'Берсерк: силед', game: 'berserk', format: 'sealed', packSource: 'physical', packs: ['S1', 'S1'], seed: 'list-reading-cp1251' });
    const [ivan] = await registerPlayers(t, event.id, 1);
    await start(t, event.id);
    const w = await watchedPage(browser, base, PHONE, await checkerFor(base), 'ivan');
    watched.push(w);
    const { page } = w;
    await page.goto(link(event.code, ivan, 'ru'));
    await page.getByText('Вставить список колоды').click({ timeout: 30_000 });
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'степь.txt', mimeType: 'text/plain', buffer: iconv.encode('Колода «Степь»\r\n3 Кочевник\r\n3 Кшар\r\n', 'windows-1251') });
    await page.getByTestId('list-encoding').filter({ hasText: 'windows-1251' }).waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('list-reading').locator('li').allInnerTexts()).toEqual(['Строка 1 пропущена (название списка): Колода «Степь»']);
    for (const name of ['Кочевник', 'Кшар']) expect(await page.getByRole('button', { name }).count()).toBeGreaterThan(0);
    await page.getByTestId('list-reading').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SCREENSHOTS, 'list-reading-file-cp1251-phone-ru-screen.png') });
    await w.context.close();
  }, 120_000);
});
