import type { Browser, Page } from 'playwright-core';
import { join } from 'node:path';
import { createEvent, registerPlayers, start } from '../utils/events';
import { createTestApp, ORGANIZER, type TestApp } from '../utils/test-app';
import { checkerFor, DESKTOP, launchChromium, PHONE, SCREENSHOTS, watchedPage, type Watched } from './browser-support';

/**
 * The organizer repairs seats and pairings from the console in a real Chromium (desktop and phone):
 * a fixed table set in the players panel and kept by the pairing, two players swapped, the round
 * re-paired after a confirmation, and two draft seats swapped before picks.
 */
describe('pairing edits in the console', () => {
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

  /** Asks `read` every 200 ms until it answers `wanted` (30 s at most), then checks it. */
  async function until<T>(read: () => Promise<T>, wanted: T): Promise<void> {
    let last: T | undefined;
    for (let i = 0; i < 150; i++) {
      last = await read();
      if (JSON.stringify(last) === JSON.stringify(wanted)) return;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(last).toEqual(wanted);
  }

  const shot = (page: Page, name: string) => page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
  const signIn = async (page: Page, eventId: string) => {
    await page.goto(`/organizer/events/${eventId}?lang=en`);
    await page.getByLabel('Organizer token').fill(ORGANIZER);
    await page.getByRole('button', { name: 'Sign in' }).click();
  };

  it.each([
    [DESKTOP, 'desktop', 'pairing-edits-browser-d01'],
    [PHONE, 'phone', 'pairing-edits-browser-p01'],
  ] as const)(
    'fixed table, swap and re-pair (%s)',
    async (options, device, seed) => {
      const event = await createEvent(t, { name: `Pairing edits ${device}`, game: 'wow-tcg', format: 'sealed', packs: ['HOA'], seed });
      const players = await registerPlayers(t, event.id, 5);
      await start(t, event.id);
      const w = await watchedPage(browser, base, options, await checkerFor(base), `organizer ${device}`);
      watched.push(w);
      const { page } = w;
      await signIn(page, event.id);

      const fixed = page.getByLabel(`Fixed table of ${players[0].name}`);
      await fixed.fill('3');
      await fixed.press('Enter');
      await until(async () => (await t.http().get(`/api/events/${event.id}/players`).set('authorization', t.organizer)).body[0].fixedTable, 3);
      await shot(page, `pairing-edits-fixed-table-${device}`);
      await page
        .locator('table', { hasText: 'Claim code' })
        .first()
        .screenshot({ path: join(SCREENSHOTS, `pairing-edits-players-${device}.png`) });

      await t.http().post(`/api/events/${event.id}/rounds`).set('authorization', t.organizer).send({ force: true }).expect(201);
      await page.getByRole('heading', { name: 'Round 1' }).waitFor({ timeout: 30_000 });
      const row = page.locator('table.pairings tr', { hasText: players[0].name });
      await expect(row.first().innerText()).resolves.toMatch(/^3 \(fixed\)/);

      const edits = page.getByTestId('pairing-edits');
      const round = (await t.http().get(`/api/events/${event.id}/rounds/1`).expect(200)).body;
      const [m1, m2] = round.pairings.filter((p: { playerB: unknown }) => p.playerB !== null);
      await edits.getByLabel('First player').selectOption(m1.playerB.playerId);
      await edits.getByLabel('Second player').selectOption(m2.playerB.playerId);
      await shot(page, `pairing-edits-swap-chosen-${device}`);
      await edits.screenshot({ path: join(SCREENSHOTS, `pairing-edits-form-${device}.png`) });
      await edits.getByRole('button', { name: 'Swap players' }).click();
      await until(
        async () => (await t.http().get(`/api/events/${event.id}/rounds/1`).expect(200)).body.pairings.find((p: { matchId: string }) => p.matchId === m1.matchId).playerB.playerId,
        m2.playerB.playerId,
      );

      page.once('dialog', (d) => void d.accept());
      await edits.getByRole('button', { name: 'Re-pair round' }).click();
      await until(async () => (await t.http().get(`/api/events/${event.id}/rounds/1/edits`).set('authorization', t.organizer).expect(200)).body.length, 2);
      await page.locator('table.pairings').getByText(`${round.pairings[0].playerA.name}`).first().waitFor();
      await shot(page, `pairing-edits-repaired-${device}`);
    },
    300_000,
  );

  it.each([
    [DESKTOP, 'desktop', 'pairing-edits-seats-d0001'],
    [PHONE, 'phone', 'pairing-edits-seats-p0001'],
  ] as const)(
    'seat swap before picks (%s)',
    async (options, device, seed) => {
      const event = await createEvent(t, { name: `Seat swap ${device}`, game: 'wow-tcg', format: 'draft', packs: ['HOA'], seed });
      const players = await registerPlayers(t, event.id, 8);
      await start(t, event.id);
      const w = await watchedPage(browser, base, options, await checkerFor(base), `organizer seats ${device}`);
      watched.push(w);
      const { page } = w;
      await signIn(page, event.id);
      const swap = page.getByTestId('seat-swap');
      await swap.waitFor({ timeout: 30_000 });
      const pods = (await t.http().get(`/api/events/${event.id}/pods`).expect(200)).body;
      const [a, b] = [pods[0].seats[0].playerId, pods[0].seats[3].playerId];
      await swap.getByLabel('First player').selectOption(a);
      await swap.getByLabel('Second player').selectOption(b);
      await swap.getByRole('button', { name: 'Swap seats' }).click();
      await until(async () => (await t.http().get(`/api/events/${event.id}/pods`).expect(200)).body[0].seats[0].playerId, b);
      const first = page.getByTestId('pod-1').locator('tbody tr').first();
      await until(async () => (await first.innerText()).includes(players.find((p) => p.playerId === b)!.name), true);
      await shot(page, `pairing-edits-seats-${device}`);
    },
    300_000,
  );
});
