import type { Browser, Page } from 'playwright-core';
import { join } from 'node:path';
import { createEvent, registerPlayers, start } from '../utils/events';
import { createTestApp, ORGANIZER, type TestApp } from '../utils/test-app';
import { checkerFor, DESKTOP, launchChromium, PHONE, SCREENSHOTS, watchedPage, type Watched } from './browser-support';

/**
 * Repairing the night from the console in a real Chromium (desktop and phone): the deck guard asks
 * for a choice per player (a game loss for one, pair the others as they are), and a round-1 result
 * corrected after round 3 shows what changes — standings lines, rounds paired since — before it is
 * applied.
 */
describe('repairs in the console', () => {
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

  it.each([
    [DESKTOP, 'desktop', 'repairs-browser-desktop-01'],
    [PHONE, 'phone', 'repairs-browser-phone-0001'],
  ] as const)(
    'deck guard choices and a correction with its consequences (%s)',
    async (options, device, seed) => {
      const event = await createEvent(t, { name: `Repairs ${device}`, game: 'wow-tcg', format: 'sealed', packs: ['HOA'], seed });
      const players = await registerPlayers(t, event.id, 4);
      await start(t, event.id);
      const w = await watchedPage(browser, base, options, await checkerFor(base), `organizer ${device}`);
      watched.push(w);
      const { page } = w;
      await page.goto(`/organizer/events/${event.id}?lang=en`);
      await page.getByLabel('Organizer token').fill(ORGANIZER);
      await page.getByRole('button', { name: 'Sign in' }).click();

      await page.getByRole('button', { name: 'Pair next round' }).click();
      const notReady = page.getByTestId('decks-not-ready');
      await notReady.waitFor({ timeout: 30_000 });
      const choose = notReady.getByRole('button', { name: 'Pair with these choices' });
      expect(await choose.isDisabled()).toBe(true); // everyone waits until chosen
      const selects = await notReady.locator('select').all();
      expect(selects).toHaveLength(4);
      await selects[0].selectOption('gameLoss');
      for (const s of selects.slice(1)) await s.selectOption('pairAnyway');
      await shot(page, `repairs-guard-choices-${device}`);
      await choose.click();
      await page.getByRole('heading', { name: 'Round 1' }).waitFor({ timeout: 30_000 });
      const penalties = (await t.http().get(`/api/events/${event.id}/penalties`).set('authorization', t.organizer).expect(200)).body;
      expect(penalties.map((p: { name: string; kind: string }) => [p.name, p.kind])).toEqual([[players[0].name, 'gameLoss']]);

      // Rounds 1–3 with results (over the API: result entry is not what this test is about).
      const pairOver = () => t.http().post(`/api/events/${event.id}/rounds`).set('authorization', t.organizer).send({ force: true }).expect(201);
      const resultOf = async (number: number) => {
        const round = (await t.http().get(`/api/events/${event.id}/rounds/${number}`).expect(200)).body;
        for (const m of round.pairings)
          if (m.playerB && !m.result) await t.http().put(`/api/matches/${m.matchId}/result`).set('authorization', t.organizer).send({ winsA: 1, winsB: 2 }).expect(200);
        return round;
      };
      const round1 = await resultOf(1);
      await pairOver();
      await resultOf(2);
      await pairOver();
      await resultOf(3);
      await page.getByRole('heading', { name: 'Round 3' }).waitFor({ timeout: 30_000 });

      // Correct a round-1 result (1-2 → 2-0) at the table without the game loss (there, 2-0 for the
      // penalised player is refused: the game loss is a game the opponent won): the console shows
      // what changes first.
      const fixed = round1.pairings.find(
        (m: { playerA: { playerId: string }; playerB: { playerId: string } | null }) => m.playerB && ![m.playerA.playerId, m.playerB.playerId].includes(players[0].playerId),
      );
      const form = page.getByRole('form', { name: 'Enter a result by table number' });
      await form.getByLabel('Round').selectOption('1');
      await form.getByLabel('Table').fill(String(fixed.table));
      await form.getByText(`${fixed.playerA.name} — ${fixed.playerB.name} (1-2)`).waitFor({ timeout: 30_000 });
      await form.getByLabel('Player wins').selectOption('2');
      await form.getByLabel('Opponent wins').selectOption('0');
      await form.getByRole('button', { name: 'Show what changes' }).click();
      const preview = page.getByTestId('correction-preview');
      await preview.waitFor({ timeout: 30_000 });
      await expect(preview.innerText()).resolves.toContain('Rounds 2, 3 were paired from the old result');
      await shot(page, `repairs-correction-preview-${device}`);
      await form.getByTestId('correction-reason').fill('Slip filled in the wrong way round');
      await form.getByRole('button', { name: 'Apply correction' }).click();
      await preview.waitFor({ state: 'detached', timeout: 30_000 });
      const history = (await t.http().get(`/api/matches/${fixed.matchId}/history`).expect(200)).body;
      expect(history).toHaveLength(2);
      expect(history[0]).toMatchObject({ winsA: 1, winsB: 2 });
      await shot(page, `repairs-corrected-${device}`);
    },
    300_000,
  );
});
