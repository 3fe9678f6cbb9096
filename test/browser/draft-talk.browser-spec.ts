import type { Browser, Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createTestApp, type TestApp } from '../utils/test-app';
import { createEvent, draftToTheEnd, registerPlayers, start, type TestPlayer } from '../utils/events';
import { checkerFor, DESKTOP, launchChromium, PHONE, SCREENSHOTS, watchedPage, type Watched } from './browser-support';

interface View {
  seat: number;
  packNumber: number | null;
  pickNumber: number | null;
  currentPack: { cards: { cardId: string; name: string }[] } | null;
  autoPicked: { card: { name: string } } | null;
  pickHistory: { cardId: string; auto: boolean }[];
  picks: { cardId: string; name: string }[];
}

/**
 * A draft that says what happens, on phones at 360×640 (the organizer's part through the API):
 * between packs the phone names the upstream player; a pick the timer made names its card; a phone
 * cut from the network shows offline and comes back by itself; after a top cut phones and the TV
 * name the champion. Every API answer is checked against the OpenAPI document; no console errors.
 */
describe('a draft that talks, in the browser', () => {
  let t: TestApp;
  let base: string;
  let browser: Browser;
  const watched: Watched[] = [];
  const dir = join(SCREENSHOTS, 'draft-talk');

  beforeAll(async () => {
    mkdirSync(dir, { recursive: true });
    browser = await launchChromium();
    t = await createTestApp({ webRoot: join(__dirname, '..', '..', 'dist', 'web'), clock: 'running', config: { PICK_TIMERS: 'true' } });
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

  /** A screenshot at the phone's size, and the same page at desktop size. */
  async function shots(page: Page, name: string, desktopToo = true): Promise<void> {
    await page.screenshot({ path: join(dir, `${name}-360x640.png`), fullPage: true });
    if (!desktopToo) return;
    await page.setViewportSize(DESKTOP.viewport);
    await page.screenshot({ path: join(dir, `${name}-1280x800.png`), fullPage: true });
    await page.setViewportSize(PHONE.viewport);
  }

  const view = async (eventId: string, p: TestPlayer): Promise<View> => (await t.http().get(`/api/events/${eventId}/me`).set('authorization', p.auth).expect(200)).body;
  const pickFirst = (eventId: string, p: TestPlayer, v: View) =>
    t
      .http()
      .post(`/api/events/${eventId}/picks`)
      .set('authorization', p.auth)
      .send({ packNumber: v.packNumber, pickNumber: v.pickNumber, cardId: v.currentPack!.cards[0].cardId })
      .expect(200);

  /** The player's phone, signed in with their rejoin link (the token in the fragment). */
  async function phone(code: string, p: TestPlayer): Promise<Watched> {
    const w = await watchedPage(browser, base, PHONE, await checkerFor(base), p.name);
    watched.push(w);
    await w.page.goto(`/e/${code}?lang=en#token=${encodeURIComponent(p.token)}`);
    return w;
  }

  async function seated(eventId: string, players: TestPlayer[]): Promise<TestPlayer[]> {
    const bySeat: TestPlayer[] = [];
    for (const p of players) bySeat[(await view(eventId, p)).seat] = p;
    return bySeat;
  }

  it('between packs the phone names the upstream player; offline is shown and left on its own; the pick history; the champion on phones and the TV after a top 4', async () => {
    const event = await createEvent(t, {
      name: 'Talking Draft',
      game: 'wow-tcg',
      format: 'draft',
      packs: ['HOA', 'HOA', 'HOA'],
      seed: 'draft-talk-browser-0001',
      pickTimeSeconds: 0,
    });
    const players = await registerPlayers(t, event.id, 4);
    await start(t, event.id);
    const bySeat = await seated(event.id, players);
    const packSize = (await view(event.id, players[0])).currentPack!.cards.length;
    const me = await phone(event.code, bySeat[0]);
    const other = await phone(event.code, bySeat[2]);
    await me.page.getByTestId('current-pack').waitFor({ timeout: 30_000 });
    await me.page.locator('.live-open').waitFor({ timeout: 30_000 });

    // Everyone picks as packs arrive, except seat 3 (upstream of seat 0 in pack 1), one pick short of the round.
    for (let guard = 0; guard < 300; guard++) {
      let moved = false;
      for (let s = 0; s < 4; s++) {
        const v = await view(event.id, bySeat[s]);
        if (!v.currentPack || (s === 3 && v.pickNumber === packSize)) continue;
        await pickFirst(event.id, bySeat[s], v);
        moved = true;
      }
      if (!moved) break;
    }
    const waiting = me.page.getByTestId('draft-waiting');
    await waiting.filter({ hasText: `Waiting for pack 2 from ${bySeat[3].name}` }).waitFor({ timeout: 30_000 });
    expect(await me.page.getByText('Your draft is complete').count()).toBe(0);
    // The picks so far, by pack.
    await me.page
      .getByTestId('picks-panel')
      .getByRole('heading', { name: /^Pack 1/ })
      .waitFor();
    await shots(me.page, 'draft-waiting');
    await me.page.getByTestId('picks-panel').getByLabel('Group by').selectOption('type');
    await shots(me.page, 'picks-panel-by-type');

    // The phone loses the network: it says so, and comes back by itself.
    await me.context.setOffline(true);
    await me.page.locator('.live-offline').waitFor({ timeout: 30_000 });
    expect(await me.page.locator('.live-open').count()).toBe(0);
    await shots(me.page, 'offline', false);
    await me.context.setOffline(false);
    await me.page.locator('.live-open').waitFor({ timeout: 30_000 });

    // Seat 3's last pick opens pack 2 on the phone, from the stream.
    await pickFirst(event.id, bySeat[3], await view(event.id, bySeat[3]));
    await me.page.getByText(/^Pack 2 · pick 1$/).waitFor({ timeout: 30_000 });
    await draftToTheEnd(t, event.id, players);

    // After the draft: the whole pick history.
    await me.page.locator('summary').filter({ hasText: 'Pick history' }).click({ timeout: 60_000 });
    const history = me.page.getByTestId('pick-history');
    await history.waitFor();
    expect(await history.locator('tbody tr').count()).toBe(3 * packSize);
    await shots(me.page, 'pick-history');

    // Swiss round 1, then a top 4: semifinals, then the final.
    const pair = async () =>
      (await t.http().post(`/api/events/${event.id}/rounds`).set('authorization', t.organizer).send({ force: true }).expect(201)).body as { pairings: { matchId: string }[] };
    const decide = async (round: { pairings: { matchId: string }[] }) => {
      for (const p of round.pairings) await t.http().put(`/api/matches/${p.matchId}/result`).set('authorization', t.organizer).send({ winsA: 2, winsB: 0 }).expect(200);
    };
    await decide(await pair());
    const semis = (await t.http().post(`/api/events/${event.id}/top-cut`).set('authorization', t.organizer).send({ size: 4 }).expect(201)).body;
    await me.page.getByRole('heading', { name: 'Semifinal' }).waitFor({ timeout: 30_000 });
    await decide(semis);
    await decide(await pair());
    const placings = (await t.http().get(`/api/events/${event.id}/placings`).expect(200)).body as { name: string; champion: boolean }[];
    const champion = placings.find((p) => p.champion)!.name;
    await t.http().post(`/api/events/${event.id}/complete`).set('authorization', t.organizer).expect(200);

    for (const w of [me, other])
      await w.page
        .getByTestId('champion')
        .filter({ hasText: `Champion: ${champion}` })
        .waitFor({ timeout: 30_000 });
    const lines = await me.page.getByTestId('final-results').locator('li').allInnerTexts();
    expect(lines).toHaveLength(4);
    expect(lines[0]).toContain(champion);
    await shots(me.page, 'results-phone');

    const tv = await watchedPage(browser, base, DESKTOP, await checkerFor(base), 'tv');
    watched.push(tv);
    await tv.page.goto(`/e/${event.code}/screen?lang=en`);
    await tv.page
      .getByTestId('champion')
      .filter({ hasText: `Champion: ${champion}` })
      .waitFor({ timeout: 30_000 });
    expect(await tv.page.getByText('Thanks for playing').count()).toBe(0);
    await tv.page.screenshot({ path: join(dir, 'results-tv-1280x800.png'), fullPage: true });
    await tv.page.setViewportSize(PHONE.viewport);
    await tv.page.screenshot({ path: join(dir, 'results-tv-360x640.png'), fullPage: true });
    for (const w of [me, other, tv]) await w.context.close();
  }, 600_000);

  it('a pick the timer made names the card on the phone, until dismissed', async () => {
    const event = await createEvent(t, {
      name: 'Timed Draft',
      game: 'wow-tcg',
      format: 'draft',
      packs: ['HOA', 'HOA', 'HOA'],
      seed: 'draft-talk-browser-0002',
      pickTimeSeconds: 600,
    });
    const players = await registerPlayers(t, event.id, 4);
    await start(t, event.id);
    const bySeat = await seated(event.id, players);
    const me = await phone(event.code, bySeat[0]);
    await me.page.getByTestId('current-pack').waitFor({ timeout: 30_000 });
    // The others pick at once; the phone's player lets the time run out.
    for (let s = 1; s < 4; s++) await pickFirst(event.id, bySeat[s], await view(event.id, bySeat[s]));
    t.clock.advance(601_000);
    const notice = me.page.getByTestId('auto-pick');
    await notice.waitFor({ timeout: 30_000 });
    const auto = (await view(event.id, bySeat[0])).autoPicked!;
    expect(await notice.innerText()).toContain(`Time ran out — ${auto.card.name} was picked for you`);
    await shots(me.page, 'timed-out-notice');
    await notice.getByRole('button', { name: 'Dismiss' }).click();
    expect(await me.page.getByTestId('auto-pick').count()).toBe(0);
    await me.context.close();
    await t.http().delete(`/api/events/${event.id}`).set('authorization', t.organizer).send({}).expect(200);
  }, 300_000);
});
