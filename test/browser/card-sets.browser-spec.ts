import type { Browser, Page } from 'playwright-core';
import { join } from 'node:path';
import { createTestApp, ORGANIZER, type TestApp } from '../utils/test-app';
import { checkerFor, DESKTOP, launchChromium, PHONE, SCREENSHOTS, watchedPage, type Watched } from './browser-support';

const FIXTURES = join(__dirname, '..', 'fixtures', 'sets');

/**
 * The console's "Card sets" page in a real Chromium (phone and desktop, English and Russian): the
 * organizer uploads an OCTGN Icecrown that a hero class the rules lack refuses — the problem is shown
 * with the option that imports it — ticks "keep", and sees what the import did: the status, every
 * warning (the crafted cards left out, the class kept), cards by rarity and a sample booster. Then
 * OCTGN's own Heroes of Azeroth merges into the shipped set.
 */
describe('the Card sets page in the browser', () => {
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

  const shot = (page: Page, name: string) => page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
  const fitsWidth = async (page: Page) => expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);

  it.each([
    ['en', DESKTOP, 'desktop', 'ICA'],
    ['en', PHONE, 'phone', 'ICB'],
    ['ru', PHONE, 'phone', 'ICR'],
  ] as const)(
    'upload, problems shown, import with "keep" (%s, %s)',
    async (lang, options, device, code) => {
      const ru = lang === 'ru';
      const w = await watchedPage(browser, base, options, await checkerFor(base), `organizer ${lang} ${device}`);
      watched.push(w);
      const { page } = w;
      await page.goto(`/organizer?lang=${lang}`);
      await page.getByLabel(ru ? 'Токен организатора' : 'Organizer token').fill(ORGANIZER);
      await page.getByRole('button', { name: ru ? 'Войти' : 'Sign in' }).click();
      await page.getByRole('link', { name: ru ? 'Выпуски карт' : 'Card sets' }).click();
      await page.getByLabel(ru ? 'Файл выпуска' : 'Set file').setInputFiles(join(FIXTURES, 'octgn-icc-crafted.xml'));
      // The format is recognised from the file.
      await expect(page.getByLabel(ru ? 'Формат' : 'Format').inputValue()).resolves.toBe('octgn');
      await page.getByLabel(ru ? 'Код выпуска' : 'Set code').fill(code);
      await page.getByRole('button', { name: ru ? 'Загрузить' : 'Import', exact: true }).click();

      const problems = page.getByTestId('import-problems');
      await problems.waitFor({ timeout: 30_000 });
      expect(await problems.getAttribute('data-code')).toBeNull();
      expect(await problems.locator('[data-code="IMPORT_INVALID"]').count()).toBe(1);
      await expect(problems.innerText()).resolves.toContain(ru ? 'Отметьте «Оставить значения…»' : 'Tick “Keep values Podium does not know”');
      if (!ru) await expect(problems.innerText()).resolves.toContain('The Lich King');
      await shot(page, `card-sets-refused-${device}-${lang}`);

      await page.getByTestId('keep-unknown').check();
      await page.getByRole('button', { name: ru ? 'Загрузить' : 'Import', exact: true }).click();
      const report = page.getByTestId('import-report');
      await report.waitFor({ timeout: 30_000 });
      await expect(report.innerText()).resolves.toContain(ru ? 'Загружен новый выпуск' : 'Imported: a new set');
      const warnings = await page
        .getByTestId('import-warnings')
        .locator('li')
        .evaluateAll((items) => items.map((li) => li.getAttribute('data-rule')));
      expect(warnings.filter((r) => r === 'leftOut')).toHaveLength(3);
      expect(warnings).toContain('isIn');
      await page.getByTestId('rarity-counts').waitFor();
      await expect(page.getByTestId('rarity-counts').innerText()).resolves.toMatch(
        ru ? /^обычная: 3 · необычная: 4 · редкая: 1 · эпическая: 2$/ : /^common: 3 · uncommon: 4 · rare: 1 · epic: 2$/,
      );
      await page.getByTestId('sample-booster').waitFor({ timeout: 30_000 });
      // The booster of this file's own <packaging>: 5 cards.
      expect(await page.getByTestId('sample-booster').locator('li').count()).toBe(5);
      // The new set is in the catalog list.
      await page.locator('.sets-table td', { hasText: code }).first().waitFor();
      if (device === 'phone') await fitsWidth(page);
      await shot(page, `card-sets-imported-${device}-${lang}`);
      await w.context.close();
    },
    120_000,
  );

  it("OCTGN's own Heroes of Azeroth merges into the shipped set, its problems shown as things to know", async () => {
    const w = await watchedPage(browser, base, DESKTOP, await checkerFor(base), 'organizer merge');
    watched.push(w);
    const { page } = w;
    await page.goto('/organizer/sets?lang=en');
    await page.getByLabel('Organizer token').fill(ORGANIZER);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByLabel('Set file').setInputFiles(join(FIXTURES, 'octgn-hoa.xml'));
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const report = page.getByTestId('import-report');
    await report.waitFor({ timeout: 30_000 });
    await expect(report.innerText()).resolves.toMatch(/HOA · Heroes of Azeroth[\s\S]*(Merged into the set in the catalog|Already in the catalog)/);
    const rules = await page
      .getByTestId('import-warnings')
      .locator('li')
      .evaluateAll((items) => items.map((li) => li.getAttribute('data-rule')));
    expect(rules.filter((r) => r === 'mergedByName')).toHaveLength(2);
    await shot(page, 'card-sets-merged-desktop-en');
    await w.context.close();
  }, 120_000);
});
