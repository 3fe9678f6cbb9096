import type { Browser, Page } from 'playwright-core';
import { join } from 'node:path';
import { createEvent, draftToTheEnd, registerPlayers, start } from '../utils/events';
import { createTestApp, ORGANIZER, type TestApp } from '../utils/test-app';
import { checkerFor, DESKTOP, launchChromium, PHONE, SCREENSHOTS, watchedPage, type Watched } from './browser-support';

/**
 * Late entry after round 1 from the console in a real Chromium (desktop and phone): in a draft the
 * organizer pastes the late player's deck list; in sealed only the name. The answer shows the
 * player, their missed-round losses and their seat link as a QR code.
 */
describe('late entry in the console', () => {
  let t: TestApp;
  let base: string;
  let browser: Browser;
  let listText: string;
  const watched: Watched[] = [];

  beforeAll(async () => {
    browser = await launchChromium();
    t = await createTestApp({ webRoot: join(__dirname, '..', '..', 'dist', 'web'), clock: 'running' });
    await t.app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(t.app.getHttpServer().address() as { port: number }).port}`;
    // A legal HOA list as text, as a player hands it in on paper.
    const source = await createEvent(t, { name: 'List source', game: 'wow-tcg', format: 'sealed', packs: ['HOA'], seed: 'late-browser-list-000001' });
    const [p] = await registerPlayers(t, source.id, 1);
    await start(t, source.id);
    const s = (await t.http().get(`/api/events/${source.id}/deck/suggestion`).set('authorization', p.auth).expect(200)).body;
    await t.http().put(`/api/events/${source.id}/deck`).set('authorization', p.auth).send({ hero: s.hero, main: s.main }).expect(200);
    listText = (await t.http().get(`/api/events/${source.id}/deck?format=text`).set('authorization', p.auth).expect(200)).text;
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
  const pairOver = (eventId: string) => t.http().post(`/api/events/${eventId}/rounds`).set('authorization', t.organizer).send({ force: true }).expect(201);

  async function signIn(page: Page, eventId: string) {
    await page.goto(`/organizer/events/${eventId}?lang=en`);
    await page.getByLabel('Organizer token').fill(ORGANIZER);
    await page.getByRole('button', { name: 'Sign in' }).click();
  }

  it.each([
    [DESKTOP, 'desktop', 'late-browser-draft-desk-01'],
    [PHONE, 'phone', 'late-browser-draft-phone-1'],
  ] as const)(
    'a draft takes a late player with the list the organizer pastes (%s)',
    async (options, device, seed) => {
      const event = await createEvent(t, { name: `Late draft ${device}`, game: 'wow-tcg', format: 'draft', packs: ['HOA', 'HOA'], seed, pickTimeSeconds: 0 });
      const players = await registerPlayers(t, event.id, 4);
      await start(t, event.id);
      await draftToTheEnd(t, event.id, players);
      await pairOver(event.id);
      const w = await watchedPage(browser, base, options, await checkerFor(base), `organizer ${device}`);
      watched.push(w);
      const { page } = w;
      await signIn(page, event.id);

      const panel = page.getByTestId('late-entry');
      await panel.getByText('Add a late player').click();
      await panel.getByText('They are paired from round 2. Round 1 is already paired: it counts as a loss (0-2) for them').waitFor();
      await panel.getByLabel('Name').fill('Late Lena');
      await panel.getByLabel('Deck list').fill(listText);
      await shot(page, `late-entry-draft-form-${device}`);
      await panel.getByRole('button', { name: 'Add late player' }).click();
      const result = page.getByTestId('late-entry-result');
      await result.waitFor({ timeout: 30_000 });
      expect(await result.innerText()).toContain('paired from round 2; 1 missed round counts as a loss (record 0-1-0)');
      expect(await result.innerText()).toMatch(/Deck registered \(\d+ cards\)/);
      await shot(page, `late-entry-draft-result-${device}`);
      // The panel alone: what the organizer reads on a phone without scrolling the whole console.
      await panel.screenshot({ path: join(SCREENSHOTS, `late-entry-draft-panel-${device}.png`) });
      await page.getByText('late entry, plays from round 2').waitFor({ timeout: 10_000 });

      const listed = (await t.http().get(`/api/events/${event.id}/players`).set('authorization', t.organizer).expect(200)).body as { name: string; firstRound?: number }[];
      expect(listed.find((p) => p.name === 'Late Lena')).toMatchObject({ firstRound: 2 });
    },
    120_000,
  );

  it('sealed: only the name; the answer says the player builds on their phone', async () => {
    const event = await createEvent(t, { name: 'Late sealed', game: 'wow-tcg', format: 'sealed', packs: ['HOA'], seed: 'late-browser-sealed-00001' });
    await registerPlayers(t, event.id, 4);
    await start(t, event.id);
    await pairOver(event.id);
    const w = await watchedPage(browser, base, DESKTOP, await checkerFor(base), 'organizer sealed');
    watched.push(w);
    const { page } = w;
    await signIn(page, event.id);
    const panel = page.getByTestId('late-entry');
    await panel.getByText('Add a late player').click();
    expect(await panel.getByLabel('Deck list').count()).toBe(0);
    await panel.getByLabel('Name').fill('Late Sam');
    await panel.getByRole('button', { name: 'Add late player' }).click();
    const result = page.getByTestId('late-entry-result');
    await result.waitFor({ timeout: 30_000 });
    expect(await result.innerText()).toContain('They register their deck on their phone before round 2 is paired.');
    await shot(page, 'late-entry-sealed-result-desktop');
    // The decks and standings show the late player at once, their missed round as a loss.
    await page.locator('table').filter({ hasText: 'W-L-D' }).getByText('Late Sam').waitFor({ timeout: 10_000 });

    // The late player opens the seat link on their phone: the event is playing, yet they build their deck from their pool.
    const link = await result.locator('input').inputValue();
    const phone = await watchedPage(browser, base, PHONE, await checkerFor(base), 'late player phone');
    watched.push(phone);
    const url = new URL(link);
    url.searchParams.set('lang', 'en');
    await phone.page.goto(url.pathname + url.search + url.hash);
    await phone.page.getByTestId('late-build').getByText('You joined after round 1: that round counts as a loss (0-2) for you.').waitFor({ timeout: 30_000 });
    await phone.page.getByRole('button', { name: 'Suggest a deck' }).click();
    await phone.page.getByTestId('builder-guide').getByText('Your deck is legal').waitFor({ timeout: 30_000 });
    await phone.page.getByRole('button', { name: 'Submit deck' }).click();
    const registered = async () =>
      ((await t.http().get(`/api/events/${event.id}/decks`).set('authorization', t.organizer).expect(200)).body as { name: string; status: string }[]).find(
        (d) => d.name === 'Late Sam',
      )!.status;
    for (let i = 0; i < 60 && (await registered()) !== 'legal'; i++) await phone.page.waitForTimeout(250);
    expect(await registered()).toBe('legal');
    await phone.page.getByRole('button', { name: 'Submit deck' }).waitFor({ state: 'visible' });
    await phone.page.evaluate('window.scrollTo(0, 0)');
    await phone.page.screenshot({ path: join(SCREENSHOTS, 'late-entry-sealed-player-phone.png') });
  }, 120_000);
});
