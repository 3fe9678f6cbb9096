import type { Browser, Locator, Page } from 'playwright-core';
import { join } from 'node:path';
import { createEvent, draftToTheEnd, me, registerPlayers, type TestPlayer } from '../utils/events';
import { createTestApp, ORGANIZER, type TestApp } from '../utils/test-app';
import { checkerFor, DESKTOP, launchChromium, PHONE, SCREENSHOTS, watchedPage, type Watched } from './browser-support';

/**
 * The console by phase (issue "The organizer runs and repairs the night"): at every phase of a
 * draft night — registration, draft, deck building, rounds, top cut, finished — the phase's next
 * action is on screen without scrolling at 1280×800, the draft panel shows an idle and an offline
 * seat as such, and completing the event sits apart until the final's result is in.
 */
describe('the console by phase', () => {
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

  const shot = (page: Page, name: string) => page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
  /** Inside the first screen, as the page opens (no scrolling). */
  const expectInFirstScreen = async (page: Page, locator: Locator, height: number) => {
    await locator.first().waitFor({ timeout: 30_000 });
    expect(await page.evaluate('window.scrollY')).toBe(0);
    const box = (await locator.first().boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(height);
  };
  const api = () => t.http();
  const pairRound = (eventId: string) => api().post(`/api/events/${eventId}/rounds`).set('authorization', t.organizer).send({ force: true }).expect(201);
  const resultsIn = async (eventId: string, number: number) => {
    const round = (await api().get(`/api/events/${eventId}/rounds/${number}`).expect(200)).body as { pairings: { matchId: string; playerB: unknown; result: unknown }[] };
    for (const m of round.pairings)
      if (m.playerB && !m.result) await api().put(`/api/matches/${m.matchId}/result`).set('authorization', t.organizer).send({ winsA: 2, winsB: 1 }).expect(200);
  };

  it.each([
    [DESKTOP, 'desktop', 'en', 'console-phases-desktop-1'],
    [PHONE, 'phone', 'ru', 'console-phases-phone-00001'],
  ] as const)(
    'every phase puts its next action first; idle and offline seats show while drafting (%s)',
    async (options, device, lang, seed) => {
      const height = options.viewport.height;
      const event = await createEvent(t, { name: `Friday draft ${device}`, game: 'wow-tcg', format: 'draft', packs: ['HOA', 'HOA', 'HOA'], seed, pickTimeSeconds: 0 });
      const players: TestPlayer[] = await registerPlayers(t, event.id, 4);
      const w = await watchedPage(browser, base, options, await checkerFor(base), `console ${device}`);
      watched.push(w);
      const { page } = w;
      page.on('dialog', (d) => void d.accept());
      const open = async () => {
        await page.goto(`/organizer/events/${event.id}?lang=${lang}`);
        await page.getByTestId('next-step').waitFor({ timeout: 30_000 });
      };
      await page.goto(`/organizer/events/${event.id}?lang=${lang}`);
      await page.getByLabel(lang === 'en' ? 'Organizer token' : 'Токен организатора').fill(ORGANIZER);
      await page.getByRole('button', { name: lang === 'en' ? 'Sign in' : 'Войти' }).click();
      const nextIs = (step: string) => page.locator(`[data-testid="next-step"][data-next="${step}"]`).waitFor({ timeout: 30_000 });

      // Registration: Start is the next action.
      await page.getByTestId('next-step').waitFor({ timeout: 30_000 });
      await nextIs('start');
      const startButton = page.getByRole('button', { name: lang === 'en' ? 'Start' : 'Начать', exact: true });
      await expectInFirstScreen(page, startButton, height);
      await shot(page, `console-phase-1-registration-${device}-${lang}`);
      await startButton.click();

      // Draft: the seats first. Player 1's phone asked for its pack; the others' phones were never
      // heard from (offline). 31 s later player 1 still holds the pack: idle.
      await page.getByTestId('seat-watch').waitFor({ timeout: 30_000 });
      await me(t, event.id, players[0]);
      t.clock.advance(31_000);
      await open();
      await nextIs('watchDraft');
      const watch = page.getByTestId('seat-watch');
      await expectInFirstScreen(page, watch, height);
      if (lang === 'en') {
        await watch.getByText('1 idle:').waitFor({ timeout: 10_000 });
        expect(await watch.innerText()).toMatch(/Player 1 \(3\d s\)/);
        await watch.getByText('3 offline:').waitFor();
        expect(await page.locator('td[data-state="idle"]').count()).toBe(1);
        expect(await page.locator('td[data-state="offline"]').count()).toBe(3);
      } else {
        await watch.getByText('1 задумался:').waitFor({ timeout: 10_000 });
        await watch.getByText('3 не в сети:').waitFor();
      }
      await shot(page, `console-phase-2-draft-${device}-${lang}`);
      // The remedy from the panel: a bot picks for an offline player.
      await page.locator('td[data-state="offline"]').first().getByRole('button').click();
      await page.locator('td[data-state="absent"]').first().waitFor({ timeout: 10_000 });

      await draftToTheEnd(t, event.id, players);
      // Deck building: pairing round 1 is the next action.
      await open();
      await nextIs('pairFirstRound');
      await expectInFirstScreen(page, page.getByRole('button', { name: lang === 'en' ? 'Pair next round' : 'Составить пары', exact: true }), height);
      await shot(page, `console-phase-3-building-${device}-${lang}`);

      // Rounds: result entry by table is the next action.
      await pairRound(event.id);
      await open();
      await nextIs('enterResults');
      // The table number field, where a slip's result is typed first.
      const resultForm = page.getByRole('form', { name: lang === 'en' ? 'Enter a result by table number' : 'Внести результат по номеру стола' });
      await expectInFirstScreen(page, resultForm.locator('input').first(), height);
      await shot(page, `console-phase-4-rounds-${device}-${lang}`);
      // The wall sheet: every player alphabetically with table and opponent, printed on its own.
      await page.evaluate("document.body.dataset.print = 'by-name'");
      await page.emulateMedia({ media: 'print' });
      const sheet = page.locator('.by-name-sheet');
      expect(await sheet.isVisible()).toBe(true);
      expect(await page.getByRole('form', { name: lang === 'en' ? 'Enter a result by table number' : 'Внести результат по номеру стола' }).isVisible()).toBe(false);
      const names = await sheet.locator('tbody tr td:first-child').allInnerTexts();
      expect(names).toEqual(players.map((p) => p.name).sort((a, b) => a.localeCompare(b)));
      await shot(page, `console-pairings-by-name-${device}-${lang}`);
      await page.emulateMedia({ media: 'screen' });
      await page.evaluate('delete document.body.dataset.print');
      // A judge's penalty from the console: a warning to a player of table 1, listed with its reason.
      const penalties = page.getByRole('region', { name: lang === 'en' ? 'Penalties' : 'Наказания' });
      await penalties.getByLabel(lang === 'en' ? 'Table' : 'Стол', { exact: true }).fill('1');
      // The second select of the form (a select's name also holds its chosen option's text).
      const playerSelect = penalties.locator('form select').nth(1);
      await playerSelect.locator('option').nth(1).waitFor({ state: 'attached' });
      await playerSelect.selectOption({ index: 1 });
      await penalties.getByLabel(lang === 'en' ? 'Reason' : 'Причина').fill('Slow play');
      await penalties.getByRole('button', { name: lang === 'en' ? 'Give penalty' : 'Назначить' }).click();
      await penalties.getByTestId('penalties').getByText('Slow play').waitFor({ timeout: 10_000 });
      await penalties.screenshot({ path: join(SCREENSHOTS, `console-penalties-${device}-${lang}.png`) });
      const given = (await api().get(`/api/events/${event.id}/penalties`).set('authorization', t.organizer).expect(200)).body as { kind: string; reason: string }[];
      expect(given.map((p) => [p.kind, p.reason])).toEqual([['warning', 'Slow play']]);
      await resultsIn(event.id, 1);
      await open();
      await nextIs('pairNextRound');

      // Top cut: once the final has its result, Complete is the next action, in view.
      await api().post(`/api/events/${event.id}/top-cut`).set('authorization', t.organizer).send({ size: 2 }).expect(201);
      await open();
      await nextIs('enterResults');
      await resultsIn(event.id, 2);
      await open();
      await nextIs('completeEvent');
      const complete = page.getByRole('button', { name: lang === 'en' ? 'Complete' : 'Завершить', exact: true });
      await expectInFirstScreen(page, complete, height);
      // Only one Complete on the page: the one at the bottom is not shown as well.
      expect(await complete.count()).toBe(1);
      await shot(page, `console-phase-5-cut-${device}-${lang}`);
      await complete.click();

      // Finished: revealing the seed is the next action.
      await page.locator('[data-next="revealSeed"]').waitFor({ timeout: 30_000 });
      await expectInFirstScreen(page, page.getByRole('button', { name: lang === 'en' ? 'Reveal seed' : 'Раскрыть сид' }), height);
      await shot(page, `console-phase-6-finished-${device}-${lang}`);
    },
    180_000,
  );
});
