import type { Browser, Locator, Page } from 'playwright-core';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { en } from '../../web/src/i18n/en';
import { ru } from '../../web/src/i18n/ru';
import { createEvent, draftToTheEnd, start, type TestPlayer } from '../utils/events';
import { createTestApp, ORGANIZER, type TestApp } from '../utils/test-app';
import { checkerFor, DESKTOP, launchChromium, PHONE, SCREENSHOTS, watchedPage, type Watched } from './browser-support';

/** A 1×1 PNG: the store's folder and the template host both serve it. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
/** Most taps from the hero picker to a registered legal deck (the hand builder's promise to a first-timer). */
const MAX_TAPS = 45;
/**
 * What a player must never read on a tile or in the card view: a program identifier (camelCase
 * such as `defFromPoison`, or a stored value with a dash or an underscore such as `master-hero`).
 */
const IDENTIFIER = /\b[a-z]+[A-Z][A-Za-z]*\b|\b[a-z]+[-_][a-z]+(?:[-_][a-z]+)*\b/;
const EN_NAMES = ['Alice', 'Bob', 'Carol', 'Dave', 'Erin', 'Frank', 'Grace', 'Heidi'];
const RU_NAMES = ['Аня', 'Борис', 'Вера', 'Глеб', 'Дина', 'Егор', 'Жанна', 'Зоя'];

type Strings = typeof en;
const fill = (template: string, values: Record<string, string | number>) => template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k]));

interface View {
  seat: number;
  packNumber: number | null;
  pickNumber: number | null;
  currentPack: { cards: { cardId: string; name: string }[] } | null;
  autoPicked: { card: { name: string } } | null;
}

/**
 * A player's draft night, in real Chromium: eight phones at 360×640, the store's TV and the
 * organizer's console, first in English (a WoW TCG draft whose set has rules text and pictures from
 * the store's folder and from an image host), then in Russian (a Berserk draft). It asserts what a
 * player must be able to read: no tile or card view shows a program identifier; the card view shows
 * the rules text and the picture (both sources); a pick the timer made names its card; between
 * packs the phone names whose pack it waits for; a by-hand deck from the real draft pool in at most
 * 45 taps with no 429 and no deck check request; a server error in Russian in the Russian UI; the
 * champion named on every phone and on the TV. Every API answer is checked against the OpenAPI
 * document, and no page may log a console error. Screenshots in .data/screenshots/players-night/.
 */
describe('a player’s night in the browser: eight phones, the TV and the console, in English and in Russian', () => {
  let t: TestApp;
  let base: string;
  let browser: Browser;
  let images: string;
  let host: Server;
  let hostBase: string;
  let hostHits = 0;
  const watched: Watched[] = [];
  const dir = join(SCREENSHOTS, 'players-night');

  beforeAll(async () => {
    mkdirSync(dir, { recursive: true });
    // The store's folder holds pictures of HOA's odd numbers; an image host serves every card.
    images = mkdtempSync(join(tmpdir(), 'podium-night-images-'));
    mkdirSync(join(images, 'hoa'));
    for (let n = 1; n <= 400; n += 2) writeFileSync(join(images, 'hoa', `${n}.png`), PNG);
    host = createServer((req, res) => {
      hostHits++;
      res.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'no-store' }).end(PNG);
    });
    await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
    hostBase = `http://127.0.0.1:${(host.address() as { port: number }).port}`;

    browser = await launchChromium();
    t = await createTestApp({ webRoot: join(__dirname, '..', '..', 'dist', 'web'), clock: 'running', config: { PICK_TIMERS: 'true', CARD_IMAGES_DIR: images } });
    await t.app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(t.app.getHttpServer().address() as { port: number }).port}`;

    // HOA as a set file with rules text (as OCTGN and WoW JSON imports carry it), and an image template.
    const hoa = JSON.parse(readFileSync(join(__dirname, '..', '..', 'data', 'sets', 'wow-tcg-hoa.json'), 'utf8')) as { cards: { name: string; text?: string }[] };
    for (const c of hoa.cards) c.text = `When ${c.name} enters play, draw a card.`;
    await t.http().post('/api/sets/import?format=product').set('authorization', t.organizer).set('content-type', 'application/json').send(JSON.stringify(hoa)).expect(200);
    await t
      .http()
      .patch('/api/sets/HOA?game=wow-tcg')
      .set('authorization', t.organizer)
      .send({ imageTemplate: `${hostBase}/wow/{code}/{number}.png` })
      .expect(200);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await t?.close();
    await new Promise((resolve) => host?.close(resolve));
    rmSync(images, { recursive: true, force: true });
  });

  afterEach(() => {
    const problems = watched.flatMap((w) => w.problems);
    watched.length = 0;
    expect(problems).toEqual([]);
  });

  async function shots(page: Page, name: string): Promise<void> {
    await page.screenshot({ path: join(dir, `${name}-360x640.png`) });
    await page.screenshot({ path: join(dir, `${name}-360x640-full.png`), fullPage: true });
  }
  async function desktopShot(page: Page, name: string): Promise<void> {
    await page.setViewportSize(DESKTOP.viewport);
    await page.screenshot({ path: join(dir, `${name}-1280x800.png`), fullPage: true });
    await page.setViewportSize(PHONE.viewport);
  }

  async function open(name: string, options: object, path: string): Promise<Watched> {
    const w = await watchedPage(browser, base, options, await checkerFor(base), name);
    watched.push(w);
    await w.page.goto(path);
    return w;
  }
  const phone = (code: string, p: TestPlayer, lang: string) => open(p.name, PHONE, `/e/${code}?lang=${lang}#token=${encodeURIComponent(p.token)}`);
  async function console_(eventId: string, lang: string): Promise<Watched> {
    const w = await watchedPage(browser, base, DESKTOP, await checkerFor(base), 'console');
    watched.push(w);
    await w.context.addInitScript(
      (token) => (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage.setItem('podium.organizer', token),
      ORGANIZER,
    );
    await w.page.goto(`/organizer/events/${eventId}?lang=${lang}`);
    return w;
  }

  async function register(eventId: string, names: string[], joinCode?: string): Promise<TestPlayer[]> {
    const players: TestPlayer[] = [];
    for (const name of names) {
      const res = await t.http().post(`/api/events/${eventId}/players`).send({ name, joinCode }).expect(201);
      players.push({ ...res.body, auth: `Bearer ${res.body.token}` });
    }
    return players;
  }
  const view = async (eventId: string, p: TestPlayer): Promise<View> => (await t.http().get(`/api/events/${eventId}/me`).set('authorization', p.auth).expect(200)).body;
  const pick = (eventId: string, p: TestPlayer, v: View, cardId = v.currentPack!.cards[0].cardId) =>
    t.http().post(`/api/events/${eventId}/picks`).set('authorization', p.auth).send({ packNumber: v.packNumber, pickNumber: v.pickNumber, cardId }).expect(200);
  async function bySeat(eventId: string, players: TestPlayer[]): Promise<TestPlayer[]> {
    const seats: TestPlayer[] = [];
    for (const p of players) seats[(await view(eventId, p)).seat] = p;
    return seats;
  }

  /** Every tile and card view on the page reads as words, never as a program identifier. */
  async function expectNoIdentifiers(page: Page, where: string): Promise<void> {
    const texts = await page.locator('.card, .card-view').allInnerTexts();
    expect(texts.length).toBeGreaterThan(0);
    const names = await page.locator('.card .card-name, .card-view h2').allInnerTexts();
    // Card names are the data's own (some carry dashes or capitals): only the rest is checked.
    const strip = (s: string) => names.reduce((x, n) => x.split(n).join(' '), s);
    expect([where, texts.map(strip).filter((s) => IDENTIFIER.test(s))]).toEqual([where, []]);
  }

  /** The card view of a tile, opened by its ⓘ button: name, facts, rules text and a loaded picture. */
  async function cardView(page: Page, tile: Locator): Promise<Locator> {
    await tile.locator('xpath=..').locator('.card-info').click();
    const dialog = page.getByTestId('card-view');
    await dialog.waitFor();
    // The picture has loaded (a CSP block or a missing file leaves it 0 wide).
    await page.waitForFunction(() => {
      const img = (globalThis as unknown as { document: { querySelector(s: string): { complete: boolean; naturalWidth: number } | null } }).document.querySelector(
        '[data-testid="card-view"] img',
      );
      return !!img && img.complete && img.naturalWidth > 0;
    });
    return dialog;
  }

  /** Other players register the deck the server suggests (a short pool's best effort is refused: they play without). */
  async function suggestedDecks(eventId: string, players: TestPlayer[]): Promise<void> {
    for (const p of players) {
      const s = (await t.http().get(`/api/events/${eventId}/deck/suggestion`).set('authorization', p.auth).expect(200)).body;
      const res = await t
        .http()
        .put(`/api/events/${eventId}/deck`)
        .set('authorization', p.auth)
        .send({ hero: s.hero ?? undefined, main: s.main, sideboard: s.sideboard });
      expect([200, 422]).toContain(res.status);
    }
  }

  /** A Swiss round, then a top 4 (semifinals, final), each result 2–0 for the first player; the champion's name. */
  async function playToTheChampion(eventId: string, phones: Watched[], strings: Strings): Promise<string> {
    const pair = async () =>
      (await t.http().post(`/api/events/${eventId}/rounds`).set('authorization', t.organizer).send({ force: true }).expect(201)).body as { pairings: { matchId: string | null }[] };
    const decide = async (round: { pairings: { matchId: string | null }[] }) => {
      for (const p of round.pairings)
        if (p.matchId) await t.http().put(`/api/matches/${p.matchId}/result`).set('authorization', t.organizer).send({ winsA: 2, winsB: 0 }).expect(200);
    };
    await decide(await pair());
    const semis = (await t.http().post(`/api/events/${eventId}/top-cut`).set('authorization', t.organizer).send({ size: 4 }).expect(201)).body;
    await phones[0].page.getByRole('heading', { name: strings.play.semifinal }).waitFor({ timeout: 30_000 });
    await decide(semis);
    await decide(await pair());
    const placings = (await t.http().get(`/api/events/${eventId}/placings`).expect(200)).body as { name: string; champion: boolean }[];
    const champion = placings.find((p) => p.champion)!.name;
    await t.http().post(`/api/events/${eventId}/complete`).set('authorization', t.organizer).expect(200);
    return champion;
  }

  it('English: a WoW TCG draft of eight with rules text and pictures, a timed-out pick, a deck by hand, the champion on every phone and the TV', async () => {
    const event = await createEvent(t, {
      name: 'Friday Night Draft',
      game: 'wow-tcg',
      format: 'draft',
      packs: ['HOA', 'HOA', 'HOA'],
      seed: 'players-night-en-01',
      pickTimeSeconds: 600,
    });
    const players = await register(event.id, EN_NAMES);
    const org = await console_(event.id, 'en');
    await start(t, event.id);
    const seats = await bySeat(event.id, players);
    const phones = await Promise.all(seats.map((p) => phone(event.code, p, 'en')));
    const tv = await open('tv', DESKTOP, `/e/${event.code}/screen?lang=en`);
    const [me] = phones;
    const { page } = me;
    for (const w of phones) await w.page.getByTestId('current-pack').waitFor({ timeout: 30_000 });
    // The rejoin link carries no name: the phone says whose it is from the server.
    await page.getByText(fill(en.player.you, { name: seats[0].name })).waitFor();
    await shots(page, 'en-pack');
    await expectNoIdentifiers(page, 'pack 1, English');

    // The card view: every fact, the rules text and the picture; from the store's folder and from the host.
    const tiles = page.getByTestId('current-pack').locator('.card');
    const first = (await view(event.id, seats[0])).currentPack!.cards;
    const local = first.findIndex((c) => Number(c.cardId.split('-')[1]) % 2 === 1);
    const hosted = first.findIndex((c) => Number(c.cardId.split('-')[1]) % 2 === 0);
    expect(local).toBeGreaterThanOrEqual(0);
    expect(hosted).toBeGreaterThanOrEqual(0);
    for (const [i, source] of [
      [local, /^\/api\/card-images\/wow-tcg\/HOA\/\d+\?v=/],
      [hosted, new RegExp(`^${hostBase}/wow/HOA/\\d+\\.png$`)],
    ] as const) {
      const dialog = await cardView(page, tiles.nth(i));
      expect(await dialog.getByRole('heading', { level: 2 }).innerText()).toBe(first[i].name);
      expect(await dialog.getByTestId('card-view-text').innerText()).toBe(`When ${first[i].name} enters play, draw a card.`);
      expect(new URL((await dialog.locator('img').getAttribute('src'))!, base).href.replace(base, '')).toMatch(source);
      await expectNoIdentifiers(page, `card view of ${first[i].name}`);
      await shots(page, `en-card-view-${i === local ? 'folder' : 'host'}`);
      await dialog.getByRole('button', { name: en.cardView.close }).click();
      await dialog.waitFor({ state: 'detached' });
    }
    expect(hostHits).toBeGreaterThan(0);
    // Touch and hold opens it too, and the click that ends the hold does not select the card; Esc closes it.
    const box = (await tiles.nth(0).boundingBox())!;
    const at = { pointerType: 'touch', isPrimary: true, clientX: box.x + box.width / 2, clientY: box.y + box.height / 2 };
    await tiles.nth(0).dispatchEvent('pointerdown', at);
    await page.getByTestId('card-view').waitFor();
    await tiles.nth(0).dispatchEvent('pointerup', at);
    await tiles.nth(0).dispatchEvent('click');
    expect(await tiles.nth(0).getAttribute('aria-pressed')).toBe('false');
    await page.keyboard.press('Escape');
    await page.getByTestId('card-view').waitFor({ state: 'detached' });
    // The long-press menu (a right click on a desktop) opens it as well.
    await tiles.nth(1).click({ button: 'right' });
    await page.getByTestId('card-view').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('card-view').waitFor({ state: 'detached' });
    expect(await tiles.nth(1).getAttribute('aria-pressed')).toBe('false');

    // Nobody picks pick 1 in time: every phone names the card the timer took.
    t.clock.advance(601_000);
    for (const [s, w] of phones.entries()) {
      const notice = w.page.getByTestId('auto-pick');
      await notice.waitFor({ timeout: 30_000 });
      const auto = (await view(event.id, seats[s])).autoPicked!;
      expect(await notice.innerText()).toContain(fill(en.draft.autoPicked, { card: auto.card.name }));
    }
    await shots(page, 'en-timed-out');
    await page.getByTestId('auto-pick').getByRole('button', { name: en.draft.dismiss }).click();

    // Pick 2 through the phone: tap a card, then Pick.
    await page.getByTestId('current-pack').waitFor({ timeout: 30_000 });
    await tiles.nth(0).click();
    await page.getByRole('button', { name: en.draft.pick, exact: true }).click();
    await page.getByText(/^Pack 1 · pick 3$/).waitFor({ timeout: 30_000 });

    // As a Horde player drafts (seat 0): Horde and Neutral first, allies before the rest, quests last.
    const cards = (await t.http().get('/api/sets/HOA/cards').query({ game: 'wow-tcg', pageSize: 500 }).expect(200)).body.items as {
      cardId: string;
      type: string;
      attributes: { faction?: string; classes?: string[] | null; talent?: string | null };
    }[];
    const byId = new Map(cards.map((c) => [c.cardId, c]));
    const score = (id: string) => {
      const c = byId.get(id);
      const a = c?.attributes ?? {};
      return (['Horde', 'Neutral'].includes(a.faction ?? '') ? 3 : 0) + (!a.classes?.length && !a.talent ? 1 : 0) + (c?.type === 'ally' ? 1 : 0) - (c?.type === 'quest' ? 3 : 0);
    };
    const choose = (pack: { cardId: string }[], p: TestPlayer) =>
      p === seats[0] ? pack.reduce((best, c) => (score(c.cardId) > score(best.cardId) ? c : best)).cardId : pack[0].cardId;

    // Pack 1 to its end but for seat 7's last pick (seat 7 passes to seat 0 in pack 1).
    const packSize = first.length;
    for (let moved = true; moved;) {
      moved = false;
      for (const [s, p] of seats.entries()) {
        const v = await view(event.id, p);
        if (!v.currentPack || v.packNumber !== 1 || (s === 7 && v.pickNumber === packSize)) continue;
        await pick(event.id, p, v, choose(v.currentPack.cards, p));
        moved = true;
      }
    }
    await page
      .getByTestId('draft-waiting')
      .filter({ hasText: fill(en.draft.waitingNextPack, { pack: 2, name: seats[7].name }) })
      .waitFor({ timeout: 30_000 });
    await shots(page, 'en-waiting-for-pack-2');
    await desktopShot(page, 'en-waiting-for-pack-2');
    await org.page.screenshot({ path: join(dir, 'en-console-draft-1280x800.png'), fullPage: true });
    await tv.page.screenshot({ path: join(dir, 'en-tv-draft-1280x800.png'), fullPage: true });
    await draftToTheEnd(t, event.id, seats, choose);
    expect((await t.http().get(`/api/events/${event.id}`).expect(200)).body.state).toBe('building');

    // The deck by hand on the phone: the hero the picker offers first, the filter on, + one by one.
    let taps = 0;
    const picker = page.getByTestId('hero-picker');
    await picker.waitFor({ timeout: 30_000 });
    await expectNoIdentifiers(page, 'builder, English');
    taps++;
    await picker.getByTestId('hero-option').first().click();
    expect(await page.getByTestId('playable-only').isChecked()).toBe(true);
    const guide = page.getByTestId('builder-guide');
    const rows = page.getByTestId('pool-row');
    await guide.filter({ hasText: /more cards? needed/ }).waitFor();
    for (let r = 0; /more cards? needed/.test(await guide.innerText());) {
      expect(taps).toBeLessThan(MAX_TAPS);
      const add = rows.nth(r).getByRole('button', { name: /^Add one / });
      if (await add.isDisabled()) {
        r++;
        continue;
      }
      const before = await guide.innerText();
      taps++;
      await add.click();
      await page.waitForFunction(
        (b) =>
          (globalThis as unknown as { document: { querySelector(s: string): { textContent: string } | null } }).document.querySelector('[data-testid="builder-guide"]')
            ?.textContent !== b,
        before,
      );
    }
    await page.locator('[data-testid="deck-status"][data-legal="true"]').waitFor({ timeout: 5_000 });
    await shots(page, 'en-builder-legal');
    taps++;
    await page.getByRole('button', { name: 'Submit deck' }).click();
    await page.getByText('Your deck is registered and legal.').waitFor({ timeout: 30_000 });
    expect(taps).toBeLessThanOrEqual(MAX_TAPS);
    expect(me.seen.filter((x) => x.status === 429 || x.url.startsWith('/api/decks/check'))).toEqual([]);
    await suggestedDecks(event.id, seats.slice(1));

    // Rounds: the champion on every phone and on the TV.
    const champion = await playToTheChampion(event.id, phones, en);
    for (const w of [...phones, tv])
      await w.page
        .getByTestId('champion')
        .filter({ hasText: fill(en.play.champion, { name: champion }) })
        .waitFor({ timeout: 30_000 });
    await shots(page, 'en-champion');
    await tv.page.screenshot({ path: join(dir, 'en-tv-champion-1280x800.png'), fullPage: true });
    await org.page.reload();
    await org.page.screenshot({ path: join(dir, 'en-console-complete-1280x800.png'), fullPage: true });
    for (const w of [...phones, tv, org]) await w.context.close();
  }, 600_000);

  it('Russian: a Berserk draft of eight; a wrong code answered in Russian, Russian terms on tiles and in the card view, the champion on every phone and the TV', async () => {
    const event = await createEvent(t, {
      name: 'Берсерк: драфт',
      game: 'berserk',
      format: 'draft',
      packs: ['S1', 'S1', 'S1'],
      seed: 'players-night-ru-01',
      pickTimeSeconds: 0,
      joinCode: 'BERSERK8',
    });
    // A latecomer types the wrong code: the answer is the server's error, in Russian.
    const late = await open('latecomer', PHONE, `/e/${event.code}?lang=ru`);
    await late.page.getByLabel(ru.join.name).fill('Ольга');
    await late.page.getByLabel(ru.join.joinCode).fill('WRONG1');
    await late.page.getByRole('button', { name: ru.join.submit }).click();
    const alert = late.page.getByRole('alert');
    await alert.waitFor({ timeout: 30_000 });
    expect(await alert.getAttribute('data-code')).toBe('JOIN_CODE_INVALID');
    expect(await alert.locator('strong').innerText()).not.toMatch(/[A-Za-z]{3,}/);
    await shots(late.page, 'ru-wrong-code');
    await late.context.close();

    const players = await register(event.id, RU_NAMES, 'BERSERK8');
    const org = await console_(event.id, 'ru');
    await start(t, event.id);
    const seats = await bySeat(event.id, players);
    const phones = await Promise.all(seats.map((p) => phone(event.code, p, 'ru')));
    const tv = await open('tv', DESKTOP, `/e/${event.code}/screen?lang=ru`);
    const [me] = phones;
    const { page } = me;
    for (const w of phones) await w.page.getByTestId('current-pack').waitFor({ timeout: 30_000 });
    await expectNoIdentifiers(page, 'pack 1, Russian');
    await shots(page, 'ru-pack');

    // The card view of a card with keywords: their Russian names and what they do.
    const pack = (await view(event.id, seats[0])).currentPack!.cards;
    const tiles = page.getByTestId('current-pack').locator('.card');
    let shown = false;
    for (let i = 0; i < pack.length && !shown; i++) {
      if ((await tiles.nth(i).locator('.keywords').count()) === 0) continue;
      await tiles.nth(i).locator('xpath=..').locator('.card-info').click();
      const dialog = page.getByTestId('card-view');
      await dialog.waitFor();
      expect(await dialog.getByRole('heading', { name: ru.cardView.keywords }).count()).toBe(1);
      expect(await dialog.locator('.card-view-keywords li').count()).toBeGreaterThan(0);
      await expectNoIdentifiers(page, `card view of ${pack[i].name}`);
      await shots(page, 'ru-card-view');
      await dialog.getByRole('button', { name: ru.cardView.close }).click();
      shown = true;
    }
    expect(shown).toBe(true);

    // Pack 1 to its end but for seat 7's last pick: the phone names whose pack it waits for.
    const packSize = pack.length;
    for (let moved = true; moved;) {
      moved = false;
      for (const [s, p] of seats.entries()) {
        const v = await view(event.id, p);
        if (!v.currentPack || v.packNumber !== 1 || (s === 7 && v.pickNumber === packSize)) continue;
        await pick(event.id, p, v);
        moved = true;
      }
    }
    await page
      .getByTestId('draft-waiting')
      .filter({ hasText: fill(ru.draft.waitingNextPack, { pack: 2, name: seats[7].name }) })
      .waitFor({ timeout: 30_000 });
    await shots(page, 'ru-waiting-for-pack-2');
    await draftToTheEnd(t, event.id, seats);

    // Berserk has no hero: the pool, + one by one to a legal 30-card deck.
    const guide = page.getByTestId('builder-guide');
    await guide.filter({ hasText: /Нужн[аоы] ещё/ }).waitFor({ timeout: 30_000 });
    await expectNoIdentifiers(page, 'builder, Russian');
    let taps = 0;
    const rows = page.getByTestId('pool-row');
    for (let r = 0; /Нужн[аоы] ещё/.test(await guide.innerText());) {
      expect(taps).toBeLessThan(MAX_TAPS);
      const add = rows.nth(r).getByRole('button', { name: /^Добавить одну карту/ });
      if (await add.isDisabled()) {
        r++;
        continue;
      }
      const before = await guide.innerText();
      taps++;
      await add.click();
      await page.waitForFunction(
        (b) =>
          (globalThis as unknown as { document: { querySelector(s: string): { textContent: string } | null } }).document.querySelector('[data-testid="builder-guide"]')
            ?.textContent !== b,
        before,
      );
    }
    await page.locator('[data-testid="deck-status"][data-legal="true"]').waitFor({ timeout: 5_000 });
    expect(await page.getByTestId('deck-status').innerText()).toBe(ru.deck.statusLegal);
    await page.getByRole('button', { name: 'Сдать колоду' }).click();
    await page.getByText('Колода зарегистрирована и допустима.').waitFor({ timeout: 30_000 });
    await shots(page, 'ru-builder-registered');
    expect(me.seen.filter((x) => x.status === 429 || x.url.startsWith('/api/decks/check'))).toEqual([]);
    await suggestedDecks(event.id, seats.slice(1));

    const champion = await playToTheChampion(event.id, phones, ru);
    for (const w of [...phones, tv])
      await w.page
        .getByTestId('champion')
        .filter({ hasText: fill(ru.play.champion, { name: champion }) })
        .waitFor({ timeout: 30_000 });
    await shots(page, 'ru-champion');
    await tv.page.screenshot({ path: join(dir, 'ru-tv-champion-1280x800.png'), fullPage: true });
    await org.page.reload();
    await org.page.screenshot({ path: join(dir, 'ru-console-complete-1280x800.png'), fullPage: true });
    for (const w of [...phones, tv, org]) await w.context.close();
  }, 600_000);
});
