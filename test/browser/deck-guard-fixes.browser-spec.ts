import type { Browser, Page } from 'playwright-core';
import { join } from 'node:path';
import type { DeckCard } from '../../src/decks/rules';
import { heroMayPlay } from '../../src/decks/rules/hero-may-play';
import { createEvent, registerPlayers, start, type TestPlayer } from '../utils/events';
import { createTestApp, ORGANIZER, type TestApp } from '../utils/test-app';
import { checkerFor, DESKTOP, launchChromium, PHONE, SCREENSHOTS, watchedPage, type Watched } from './browser-support';

/**
 * The organizer's deck fixes in a real Chromium, desktop (1280×800) and phone (360×640), English and
 * Russian: the guard's per-player choices with the suggested deck and a lower minimum, the phone's
 * "your organizer allowed N cards", an event without sideboarding (console option, printed notice,
 * the phone's explanation), and the team table's seat letters in the console and on the phone.
 */
describe('deck guard fixes in the console and on the phone', () => {
  let t: TestApp;
  let base: string;
  let browser: Browser;
  const watched: Watched[] = [];
  let cards: Map<string, DeckCard>;
  let heroes: DeckCard[];

  beforeAll(async () => {
    browser = await launchChromium();
    t = await createTestApp({ webRoot: join(__dirname, '..', '..', 'dist', 'web'), clock: 'running' });
    await t.app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(t.app.getHttpServer().address() as { port: number }).port}`;
    const sets = (await t.http().get('/api/sets?game=wow-tcg').expect(200)).body as { code: string }[];
    const all: DeckCard[] = [];
    for (const s of sets) all.push(...(await t.http().get(`/api/sets/${s.code}/cards?game=wow-tcg&pageSize=500`).expect(200)).body.items);
    cards = new Map(all.map((c) => [c.cardId, c]));
    heroes = all.filter((c) => c.type === 'hero');
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

  /** Cuts a player's pool to `keep` cards the best hero may play: no hero fills it to 30. */
  async function shortenPool(playerId: string, keep: number): Promise<void> {
    const pool = await t.prisma.packCard.findMany({ where: { pack: { playerId } }, orderBy: [{ packId: 'asc' }, { position: 'asc' }] });
    const deckCards = pool.filter((p) => cards.get(p.cardId)!.type !== 'hero');
    let best = { hero: heroes[0], fit: -1 };
    for (const hero of heroes) {
      const fit = deckCards.filter((p) => heroMayPlay(hero, cards.get(p.cardId)!)).length;
      if (fit > best.fit) best = { hero, fit };
    }
    const kept = new Set(
      deckCards
        .filter((p) => heroMayPlay(best.hero, cards.get(p.cardId)!))
        .slice(0, keep)
        .map((p) => `${p.packId}/${p.position}`),
    );
    for (const p of pool) if (!kept.has(`${p.packId}/${p.position}`)) await t.prisma.packCard.delete({ where: { packId_position: { packId: p.packId, position: p.position } } });
  }

  async function open(name: string, options: object, path: string, organizer = false): Promise<Watched> {
    const w = await watchedPage(browser, base, options, await checkerFor(base), name);
    watched.push(w);
    if (organizer) {
      await w.context.addInitScript(
        (token) => (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage.setItem('podium.organizer', token),
        ORGANIZER,
      );
    }
    await w.page.goto(path);
    return w;
  }

  const words = {
    en: { pair: 'Pair next round', choose: 'Pair with these choices', round1: 'Round 1', allowed: 'Your organizer allowed 24 cards', noSide: 'No sideboarding at this event' },
    ru: {
      pair: 'Составить пары',
      choose: 'Рассадить с этими решениями',
      round1: 'Тур 1',
      allowed: 'Организатор разрешил вам основную колоду от 24 карт',
      noSide: 'На этом турнире без запаски',
    },
  } as const;

  it.each([
    ['desktop', 'en', DESKTOP],
    ['phone', 'en', PHONE],
    ['desktop', 'ru', DESKTOP],
    ['phone', 'ru', PHONE],
  ] as const)(
    'the guard fixes a short pool and a missing deck; no sideboarding; team seats (%s, %s)',
    async (device, lang, options) => {
      const w = words[lang];
      const event = await createEvent(t, {
        name: `Fixes ${device} ${lang}`,
        game: 'wow-tcg',
        format: 'sealed',
        packs: ['HOA'],
        seed: `deck-fixes-${device}-${lang}-000001`,
        sideboarding: false,
      });
      const [ann, bob, cid] = await registerPlayers(t, event.id, 3);
      await start(t, event.id);
      await shortenPool(bob.playerId, 24);
      // Bob's pool fits no hero with 30: the organizer allows him 24 (here over the API), his phone says so.
      await t.http().put(`/api/events/${event.id}/players/${bob.playerId}/deck-minimum`).set('authorization', t.organizer).send({ minMainDeck: 24 }).expect(200);
      const bobPhone = await open('bob', PHONE, `/e/${event.code}?lang=${lang}#token=${encodeURIComponent(bob.token)}`);
      await bobPhone.page.getByTestId('deck-minimum-note').waitFor({ timeout: 60_000 });
      await expect(bobPhone.page.getByTestId('deck-minimum-note').innerText()).resolves.toContain(w.allowed);
      await bobPhone.page.screenshot({ path: join(SCREENSHOTS, `deck-fixes-minimum-phone-${lang}.png`) });

      const { page } = await open(`organizer ${device}`, options, `/organizer/events/${event.id}?lang=${lang}`, true);
      await page.getByTestId('sideboarding-option').waitFor({ timeout: 30_000 });
      await shot(page, `deck-fixes-decks-panel-${device}-${lang}`);
      await page.getByRole('button', { name: w.pair }).click();
      const notReady = page.getByTestId('decks-not-ready');
      await notReady.waitFor({ timeout: 30_000 });
      const selects = await notReady.locator('select').all();
      expect(selects).toHaveLength(3);
      // Ann: the suggested deck; Bob: the suggestion (his lower minimum is set); Cid: fewer cards (29) and the suggestion.
      await selects[0].selectOption('suggest');
      await selects[1].selectOption('suggest');
      await selects[2].selectOption('lowerMinimum');
      await notReady.locator('input[type=number]').fill('29');
      await shot(page, `deck-fixes-guard-${device}-${lang}`);
      await notReady.getByRole('button', { name: w.choose }).click();
      await page.getByRole('heading', { name: w.round1 }).waitFor({ timeout: 30_000 });
      await page.getByText(lang === 'en' ? 'No sideboarding at this event.' : 'На этом турнире без запаски.').waitFor({ timeout: 30_000 });
      await shot(page, `deck-fixes-round-${device}-${lang}`);
      const decks = await t.prisma.deck.findMany({ where: { playerId: { in: [ann.playerId, bob.playerId, cid.playerId] } } });
      expect(decks.map((d) => d.legal)).toEqual([true, true, true]);
      const cidRow = await t.prisma.eventPlayer.findUnique({ where: { id: cid.playerId } });
      expect(cidRow?.minMainDeck).toBe(29);

      await bobPhone.page.getByText(w.noSide).waitFor({ timeout: 60_000 });
      await bobPhone.page.screenshot({ path: join(SCREENSHOTS, `deck-fixes-no-sideboarding-phone-${lang}.png`) });

      // A team event: the console and a member's phone show the seat letters of the team table.
      const teams = await createEvent(t, {
        name: `Teams ${device} ${lang}`,
        game: 'wow-tcg',
        format: 'sealed',
        packs: ['HOA'],
        teamSize: 2,
        seed: `deck-fixes-team-${device}-${lang}1`,
      });
      const members: TestPlayer[] = [];
      for (const [name, pair] of [
        ['Lions', ['Anna', 'Boris']],
        ['Wolves', ['Vera', 'Gleb']],
      ] as const) {
        const team = (
          await t
            .http()
            .post(`/api/events/${teams.id}/teams`)
            .send({ name, members: pair.map((n) => ({ name: n })) })
            .expect(201)
        ).body;
        members.push(...team.members.map((m: TestPlayer) => ({ ...m, auth: `Bearer ${m.token}` })));
      }
      await start(t, teams.id);
      await t.http().post(`/api/events/${teams.id}/rounds`).set('authorization', t.organizer).send({ force: true }).expect(201);
      const teamConsole = await open(`team organizer ${device}`, options, `/organizer/events/${teams.id}?lang=${lang}`, true);
      await teamConsole.page.getByTestId('team-seats').first().waitFor({ timeout: 30_000 });
      await expect(teamConsole.page.getByTestId('team-seats').first().innerText()).resolves.toMatch(/A: .*\n?.*B: /s);
      await shot(teamConsole.page, `deck-fixes-team-round-${device}-${lang}`);
      const vera = members[2];
      const veraPhone = await open('vera', PHONE, `/e/${teams.code}?lang=${lang}#token=${encodeURIComponent(vera.token)}`);
      await veraPhone.page.getByTestId('my-team-seat').waitFor({ timeout: 60_000 });
      await expect(veraPhone.page.getByTestId('my-team-seat').innerText()).resolves.toContain(lang === 'en' ? 'Your seat: A' : 'Ваше место: A');
      await veraPhone.page.screenshot({ path: join(SCREENSHOTS, `deck-fixes-team-seat-phone-${lang}.png`) });
    },
    300_000,
  );
});
