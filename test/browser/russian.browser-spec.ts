import type { Browser, CDPSession, Page } from 'playwright-core';
import { join } from 'node:path';
import { createEvent, registerPlayers, start } from '../utils/events';
import { createTestApp, type TestApp } from '../utils/test-app';
import { checkerFor, DESKTOP, launchChromium, PHONE, SCREENSHOTS, watchedPage, type Watched } from './browser-support';

/**
 * Russian everywhere a player reads, and the join page on a store's slow Wi-Fi (real Chromium,
 * phone 360×640 and desktop): a server error is shown by its code in the UI language, the deck
 * status and the suggestion's reason are Russian in the Russian UI; the web app's files go out
 * precompressed (brotli), no source map is served, and the join page's bytes stay small.
 */
describe('Russian in the browser, and the join page on slow Wi-Fi', () => {
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

  it('a wrong join code: the Russian UI shows the text of JOIN_CODE_INVALID and the field by name, the English UI the server message', async () => {
    const event = await createEvent(t, { name: 'Пятничный силед', game: 'berserk', format: 'sealed', packs: Array(6).fill('S1'), joinCode: 'BERSERK7' });
    for (const [lang, options, device] of [
      ['ru', PHONE, 'phone'],
      ['ru', DESKTOP, 'desktop'],
      ['en', PHONE, 'phone'],
      ['en', DESKTOP, 'desktop'],
    ] as const) {
      const { page } = await open(`join ${lang} ${device}`, options, `/e/${event.code}?lang=${lang}`);
      const ru = lang === 'ru';
      await page.getByLabel(ru ? 'Ваше имя' : 'Your name').fill('Ольга');
      await shot(page, `russian-join-${device}-${lang}`);
      await page.getByLabel(ru ? 'Код доступа' : 'Join code').fill('WRONG1');
      await page.getByRole('button', { name: ru ? 'Участвовать' : 'Join' }).click();
      const alert = page.getByRole('alert');
      await alert.waitFor({ timeout: 30_000 });
      expect(await alert.getAttribute('data-code')).toBe('JOIN_CODE_INVALID');
      const text = await alert.innerText();
      if (ru) {
        expect(text).toContain('Неверный или пустой код доступа.');
        expect(text).toContain('Спросите код доступа у организатора.');
        // Only Russian in view: the server's English message is folded away under "Подробности".
        const visible = await alert.locator('strong').innerText();
        expect(visible).not.toMatch(/[A-Za-z]{3,}/);
        if (device === 'phone') expect((await alert.locator('summary').boundingBox())!.height).toBeGreaterThanOrEqual(44);
      } else {
        expect(text).toContain('Ask the organizer for the join code.');
        expect(text).not.toMatch(/[а-яё]/i);
      }
      await shot(page, `russian-join-error-${device}-${lang}`);
    }
  });

  it('deck status and the suggestion in Russian: «допустима» and the reason with the elements by name', async () => {
    const event = await createEvent(t, { name: 'Берсерк силед', game: 'berserk', format: 'sealed', packs: Array(6).fill('S1'), seed: 'browser-russian-0001' });
    const [olga] = await registerPlayers(t, event.id, 2);
    await start(t, event.id);
    for (const [lang, options, device] of [
      ['ru', PHONE, 'phone'],
      ['ru', DESKTOP, 'desktop'],
      ['en', PHONE, 'phone'],
      ['en', DESKTOP, 'desktop'],
    ] as const) {
      const { page } = await open(`deck ${lang} ${device}`, options, `/e/${event.code}?lang=${lang}#token=${encodeURIComponent(olga.token)}`);
      const ru = lang === 'ru';
      const status = page.getByTestId('deck-status');
      await status.filter({ hasText: ru ? /^недопустима$/ : /^illegal$/ }).waitFor({ timeout: 30_000 });
      expect(await status.getAttribute('data-legal')).toBe('false');
      await page.getByRole('button', { name: ru ? 'Предложить колоду' : 'Suggest a deck' }).click();
      await status.filter({ hasText: ru ? /^допустима$/ : /^legal$/ }).waitFor({ timeout: 30_000 });
      expect(await status.getAttribute('data-legal')).toBe('true');
      const reason = await page.getByTestId('suggestion-text').innerText();
      if (ru) {
        expect(reason).toMatch(/^Самые частые у вас стихии — (Степи|Леса|Горы|Болота|Тьма) \(\d+\) и (Степи|Леса|Горы|Болота|Тьма) \(\d+\)/);
        expect(reason).not.toMatch(/[A-Za-z]{3,}/);
      } else {
        expect(reason).toMatch(/^Your most common elements, /);
      }
      await shot(page, `russian-deck-status-${device}-${lang}`);
    }
  });

  it('the web app goes out precompressed with no public source map; the join page loads in few bytes (and its time at 400 ms / 50 KB/s is logged)', async () => {
    const event = await createEvent(t, { name: 'Slow Wi-Fi', game: 'wow-tcg', format: 'sealed', packs: ['HOA'] });
    const html = await (await fetch(`${base}/e/${event.code}`)).text();
    const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]);
    expect(assets.length).toBeGreaterThan(0);
    let decoded = 0;
    for (const path of assets) {
      const res = await fetch(`${base}${path}`, { headers: { 'accept-encoding': 'br, gzip' } });
      expect(res.status).toBe(200);
      const size = (await res.arrayBuffer()).byteLength; // fetch decodes; the wire bytes are counted in Chromium below
      decoded += size;
      // Scripts and styles over 1 KB go out as brotli (the build leaves smaller files alone).
      if (/\.(js|css)$/.test(path) && size >= 1024) expect(`${path} ${res.headers.get('content-encoding')}`).toBe(`${path} br`);
      expect(res.headers.get('cache-control')).toContain('immutable');
    }
    const script = assets.find((a) => /index-.*\.js$/.test(a))!;
    expect((await fetch(`${base}${script}.map`)).status).toBe(404);
    expect((await fetch(`${base}${script}.br`)).status).toBe(404);
    expect(html).not.toContain('sourceMappingURL');
    expect((await (await fetch(`${base}${script}`)).text()).includes('sourceMappingURL')).toBe(false);

    // What a phone transfers for the join page (HTML, scripts, styles, the event), compressed.
    const phone = await watchedPage(browser, base, PHONE, await checkerFor(base), 'slow phone');
    watched.push(phone);
    const cdp: CDPSession = await phone.context.newCDPSession(phone.page);
    await cdp.send('Network.enable');
    let wire = 0;
    cdp.on('Network.loadingFinished', (e: { encodedDataLength: number }) => (wire += e.encodedDataLength));
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 400, downloadThroughput: 50 * 1024, uploadThroughput: 50 * 1024 });
    const started = Date.now();
    await phone.page.goto(`/e/${event.code}?lang=en`);
    await phone.page.getByLabel('Your name').waitFor({ state: 'visible', timeout: 60_000 });
    const ms = Date.now() - started;
    await phone.page.getByLabel('Your name').fill('Slow');
    expect(await phone.page.getByRole('button', { name: 'Join' }).isEnabled()).toBe(true);
    console.log(`join page usable after ${ms} ms at 400 ms latency / 50 KB/s; ${Math.round(wire / 1024)} KB transferred (${Math.round(decoded / 1024)} KB of assets decoded)`);
    expect(wire).toBeLessThan(160 * 1024);
  });
});
