import type { Browser, Page } from 'playwright-core';
import { join } from 'node:path';
import { createEvent, registerPlayers, start, type TestPlayer } from '../utils/events';
import { createTestApp, ORGANIZER, type TestApp } from '../utils/test-app';
import { checkerFor, DESKTOP, launchChromium, PHONE, SCREENSHOTS, watchedPage, type Watched } from './browser-support';

type PlayerDeck = { legal: boolean; mainCount: number; workingCopy: { mainCount: number; violations: { code: string }[] } | null };

/**
 * REGISTERED_DECK_KEPT in the player's and the organizer's screens (real Chromium, phone 360×640 and
 * desktop, English and Russian): after a legal deck is registered, a submission that breaks a rule
 * shows "Registered: …" still, and "Your latest changes are not registered" with the reasons and a
 * way back to the registered deck or on with the changes; the organizer sees who has unregistered
 * changes. Every API answer the pages get is checked against the OpenAPI document.
 */
describe('the registered deck and the working copy in the browser', () => {
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

  /** The whole page, and what the screen shows without scrolling (`-screen`: a phone's 360×640). */
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
  const deckOf = async (eventId: string, p: TestPlayer) => (await t.http().get(`/api/events/${eventId}/deck`).set('authorization', p.auth).expect(200)).body as PlayerDeck;
  const link = (code: string, p: TestPlayer, lang: string) => `/e/${code}?lang=${lang}#token=${encodeURIComponent(p.token)}`;

  it('rule REGISTERED_DECK_KEPT: a broken submission after registering leaves "Registered: …" and shows the unregistered changes, on phone and desktop, in English and Russian; the player goes back to the registered deck; the organizer sees who has unregistered changes', async () => {
    const event = await createEvent(t, { name: 'Friday Sealed', game: 'wow-tcg', format: 'sealed', packs: ['HOA'], seed: 'browser-working-copy-0001' });
    const [alice, bob] = await registerPlayers(t, event.id, 2);
    await start(t, event.id);
    for (const p of [alice, bob]) {
      const s = (await t.http().get(`/api/events/${event.id}/deck/suggestion`).set('authorization', p.auth).expect(200)).body;
      await t.http().put(`/api/events/${event.id}/deck`).set('authorization', p.auth).send({ hero: s.hero, main: s.main }).expect(200);
    }
    const registered = await deckOf(event.id, alice);

    // Alice's phone: her registered deck is said at the top of the builder.
    const phone = await open('alice phone', PHONE, link(event.code, alice, 'en'));
    const { page } = phone;
    await page
      .getByTestId('registered-summary')
      .filter({ hasText: `Registered: ` })
      .filter({ hasText: `· ${registered.mainCount} cards` })
      .waitFor({ timeout: 30_000 });
    await page.getByText(`Main deck: ${registered.mainCount} / 30`).waitFor();
    expect(await page.getByTestId('working-copy').count()).toBe(0);
    await shot(page, 'player-deck-registered-summary-phone');

    // She empties the main deck and submits: refused, the registered deck stays and the changes are kept.
    await page.getByRole('button', { name: 'Move all to sideboard' }).click();
    await page.getByText('Main deck: 0 / 30').waitFor();
    await page.getByRole('button', { name: 'Submit deck' }).click();
    await page
      .getByTestId('submission-result')
      .filter({ hasText: 'Not registered: this deck breaks a rule. Your registered deck is unchanged and still counts.' })
      .waitFor({ timeout: 30_000 });
    const notice = page.getByTestId('working-copy');
    await notice.getByText('Your latest changes are not registered:').waitFor({ timeout: 30_000 });
    await notice.getByText(/^Your main deck has 0 cards; a Limited .* deck needs at least 30/).waitFor();
    await page
      .getByTestId('registered-summary')
      .filter({ hasText: `· ${registered.mainCount} cards` })
      .waitFor();
    await shot(page, 'player-deck-working-copy-phone');
    const afterSubmit = await deckOf(event.id, alice);
    expect(afterSubmit).toMatchObject({ legal: true, mainCount: registered.mainCount, workingCopy: { mainCount: 0 } });

    // A reload brings back her changes (the working copy) and the notice.
    await page.reload();
    await page.getByTestId('working-copy').waitFor({ timeout: 30_000 });
    await page.getByText('Main deck: 0 / 30').waitFor({ timeout: 30_000 });

    // The same screen on a desktop, and in Russian on both.
    const desktop = await open('alice desktop', DESKTOP, link(event.code, alice, 'en'));
    await desktop.page.getByTestId('working-copy').getByText('Your latest changes are not registered:').waitFor({ timeout: 30_000 });
    await shot(desktop.page, 'player-deck-working-copy-desktop');
    const phoneRu = await open('alice phone ru', PHONE, link(event.code, alice, 'ru'));
    await phoneRu.page.getByTestId('working-copy').getByText('Ваши последние изменения не зарегистрированы:').waitFor({ timeout: 30_000 });
    await phoneRu.page.getByTestId('working-copy').getByText('В основной колоде мало карт: нужно не меньше 30.').waitFor();
    await phoneRu.page
      .getByTestId('registered-summary')
      .filter({ hasText: /^Зарегистрирована: / })
      .waitFor();
    await shot(phoneRu.page, 'player-deck-working-copy-phone-ru');
    const desktopRu = await open('alice desktop ru', DESKTOP, link(event.code, alice, 'ru'));
    await desktopRu.page.getByTestId('working-copy').getByText('Ваши последние изменения не зарегистрированы:').waitFor({ timeout: 30_000 });
    await shot(desktopRu.page, 'player-deck-working-copy-desktop-ru');

    // The organizer's decks panel: Alice's deck is registered and legal, with unregistered changes beside it.
    const org = await open('organizer', DESKTOP, '/organizer?lang=en');
    await org.page.getByLabel('Organizer token').fill(ORGANIZER);
    await org.page.getByRole('button', { name: 'Sign in' }).click();
    await org.page.getByLabel('Organizer token').waitFor({ state: 'detached', timeout: 30_000 });
    await org.page.goto(`/organizer/events/${event.id}`);
    await org.page.getByTestId('working-copies').filter({ hasText: '1 player has unregistered changes: their registered deck counts.' }).waitFor({ timeout: 30_000 });
    const aliceRow = org.page.locator('tr').filter({ hasText: 'Player 1' });
    await aliceRow.getByTestId('working-copy-badge').waitFor();
    await aliceRow.getByText('legal', { exact: true }).waitFor();
    await aliceRow.locator('details.working-copy summary').click();
    await aliceRow.getByText(/^Your main deck has 0 cards; a Limited .* deck needs at least 30/).waitFor();
    expect(await org.page.locator('tr').filter({ hasText: 'Player 2' }).getByTestId('working-copy-badge').count()).toBe(0);
    await shot(org.page, 'organizer-decks-working-copy-desktop');

    // Back on the phone: "Keep editing" keeps the changes in the builder; "Back to my registered deck" drops them.
    await notice.getByRole('button', { name: 'Keep editing my changes' }).click();
    await page.getByText('Main deck: 0 / 30').waitFor();
    await notice.getByRole('button', { name: 'Back to my registered deck' }).click();
    await page.getByTestId('working-copy').waitFor({ state: 'detached', timeout: 30_000 });
    await page.getByText(`Main deck: ${registered.mainCount} / 30`).waitFor({ timeout: 30_000 });
    await page
      .getByTestId('deck-status')
      .filter({ hasText: /^legal$/ })
      .waitFor({ timeout: 30_000 });
    await shot(page, 'player-deck-back-to-registered-phone');
    expect(await deckOf(event.id, alice)).toMatchObject({ legal: true, mainCount: registered.mainCount, workingCopy: null });
    // The organizer's panel follows (it refreshes every few seconds).
    await org.page.getByTestId('working-copy-badge').waitFor({ state: 'detached', timeout: 30_000 });
  }, 300_000);

  it('rule REGISTERED_DECK_KEPT with real boosters: the list builder shows the registered list and the unregistered one', async () => {
    const event = await createEvent(t, {
      name: 'Booster Box Sealed',
      game: 'wow-tcg',
      format: 'sealed',
      packSource: 'physical',
      packs: ['HOA'],
      seed: 'browser-working-copy-0002',
    });
    const [gus] = await registerPlayers(t, event.id, 1);
    await start(t, event.id);
    // A legal list: a hero and 30 different HOA cards it may play, as the server's own check confirms.
    const source = await createEvent(t, { name: 'List source', game: 'wow-tcg', format: 'sealed', packs: ['HOA'], seed: 'browser-working-copy-src1' });
    const [lister] = await registerPlayers(t, source.id, 1);
    await start(t, source.id);
    const s = (await t.http().get(`/api/events/${source.id}/deck/suggestion`).set('authorization', lister.auth).expect(200)).body;
    await t.http().put(`/api/events/${event.id}/deck`).set('authorization', gus.auth).send({ hero: s.hero, main: s.main }).expect(200);
    await t
      .http()
      .put(`/api/events/${event.id}/deck`)
      .set('authorization', gus.auth)
      .send({ hero: s.hero, main: s.main.slice(0, 3) })
      .expect(422);

    const phone = await open('gus phone', PHONE, link(event.code, gus, 'en'));
    await phone.page.getByTestId('list-builder').waitFor({ timeout: 30_000 });
    await phone.page.getByTestId('working-copy').getByText('Your latest changes are not registered:').waitFor({ timeout: 30_000 });
    await phone.page
      .getByTestId('registered-summary')
      .filter({ hasText: /^Registered: / })
      .waitFor();
    await shot(phone.page, 'player-list-builder-working-copy-phone');
    await phone.page.getByRole('button', { name: 'Back to my registered deck' }).click();
    await phone.page.getByTestId('working-copy').waitFor({ state: 'detached', timeout: 30_000 });
    expect((await deckOf(event.id, gus)).workingCopy).toBeNull();
  }, 120_000);
});
