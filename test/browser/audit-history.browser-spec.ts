import type { Browser } from 'playwright-core';
import { join } from 'node:path';
import { createEvent, registerPlayers } from '../utils/events';
import { createTestApp, ORGANIZER, type TestApp } from '../utils/test-app';
import { checkerFor, DESKTOP, launchChromium, PHONE, SCREENSHOTS, watchedPage, type Watched } from './browser-support';

/**
 * The console's event history (the audit trail): who changed what, when, before → after and why,
 * and a match's own history from its row; a correction asks for its reason.
 */
describe('the console: event history', () => {
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

  it.each([
    [DESKTOP, 'desktop', 'en', 'audit-history-desktop-01'],
    [PHONE, 'phone', 'ru', 'audit-history-phone-0001'],
  ] as const)('lists who changed what, with a correction’s reason, and a match’s history (%s)', async (options, device, lang, seed) => {
    const event = await createEvent(t, { name: `Audited sealed ${device}`, game: 'wow-tcg', format: 'sealed', packs: ['HOA'], seed });
    await registerPlayers(t, event.id, 4);
    const api = () => t.http();
    await api().post(`/api/events/${event.id}/start`).set('authorization', t.organizer).send({}).expect(200);
    const round = (await api().post(`/api/events/${event.id}/rounds`).set('authorization', t.organizer).send({ force: true }).expect(201)).body;
    const matchId = round.pairings[0].matchId as string;
    await api().put(`/api/matches/${matchId}/result`).set('authorization', t.organizer).send({ winsA: 2, winsB: 0 }).expect(200);
    await api().put(`/api/matches/${matchId}/result`).set('authorization', t.organizer).send({ winsA: 0, winsB: 2, reason: 'Slip filled in reversed' }).expect(200);

    const w = await watchedPage(browser, base, options, await checkerFor(base), `history ${device}`);
    watched.push(w);
    const { page } = w;
    await page.goto(`/organizer/events/${event.id}?lang=${lang}`);
    await page.getByLabel(lang === 'en' ? 'Organizer token' : 'Токен организатора').fill(ORGANIZER);
    await page.getByRole('button', { name: lang === 'en' ? 'Sign in' : 'Войти' }).click();
    const panel = page.getByTestId('history-panel');
    await panel.waitFor({ timeout: 30_000 });
    await panel.locator('summary').focus();
    await page.keyboard.press('Enter');
    const corrected = panel.locator('[data-action="result.corrected"]');
    await corrected.waitFor({ timeout: 30_000 });
    expect(await corrected.innerText()).toContain('Slip filled in reversed');
    expect(await corrected.innerText()).toContain('2-0-0 → 0-2-0');
    expect(await corrected.innerText()).toContain('Organizer token');
    await panel.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SCREENSHOTS, 'audit', `history-${device}.png`), fullPage: true });

    await corrected.getByRole('button').click();
    await panel.locator('[data-action="result.entered"]').waitFor({ timeout: 30_000 });
    expect(await panel.locator('.history-entry').count()).toBe(2); // entered, corrected
    await page.screenshot({ path: join(SCREENSHOTS, 'audit', `match-history-${device}.png`), fullPage: true });
  });
});
