import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { freePort } from '../../src/common/database/embedded-postgres';
import { createDatabase, databaseUrl, dropDatabase, SERVER_URL_ENV, TEMPLATE_DATABASE } from '../setup/test-database';
import { startServerProcess } from '../utils/server-process';
import { checkerFor, DESKTOP, launchChromium, PHONE, SCREENSHOTS, watchedPage, type Watched } from './browser-support';

/**
 * Staff accounts in real Chromium against a real first start: the server process on a fresh
 * database prints a setup link; the owner opens it, creates the store's owner account, invites a
 * scorekeeper; the scorekeeper opens the invite, makes an account, signs out and in with the
 * password and sees only what a scorekeeper may do in the console (pair and enter results; no
 * Complete, no staff page), and a result entered from the session is saved (CSRF token sent).
 * Sign-in and setup show no error in the browser's console and no failed request.
 * Screenshots in .data/screenshots/staff/.
 */
describe('staff accounts in the browser: setup link, owner, invite, scorekeeper', () => {
  const serverUrl = process.env[SERVER_URL_ENV]!;
  const dbName = `podium_test_staff_${randomUUID().slice(0, 8)}`;
  const organizerToken = 'staff-accounts-browser-organizer-token';
  const dir = join(SCREENSHOTS, 'staff');
  const output: string[] = [];
  let server: ChildProcess;
  let base: string;
  let browser: Browser;
  const watched: Watched[] = [];

  beforeAll(async () => {
    mkdirSync(dir, { recursive: true });
    await createDatabase(serverUrl, dbName, TEMPLATE_DATABASE);
    const port = await freePort();
    server = await startServerProcess(
      port,
      { DATABASE_URL: databaseUrl(serverUrl, dbName), ORGANIZER_TOKEN: organizerToken, LOAD_SHIPPED_SETS: 'false', PICK_TIMERS: 'false' },
      60_000,
      output,
    );
    base = `http://127.0.0.1:${port}`;
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    if (server) {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
    await dropDatabase(serverUrl, dbName);
  });

  afterEach(() => {
    const problems = watched.flatMap((w) => w.problems);
    watched.length = 0;
    expect(problems).toEqual([]);
  });

  /**
   * A page whose console errors (also "Failed to load resource"), failed requests and 4xx/5xx
   * answers are collected in `strict` — none is expected while signing in or setting up.
   */
  const watch = async (options: object, name: string) => {
    const w = await watchedPage(browser, base, options, await checkerFor(base), name);
    watched.push(w);
    const strict: string[] = [];
    w.page.on('console', (m) => m.type() === 'error' && strict.push(`console: ${m.text()}`));
    w.page.on('requestfailed', (r) => strict.push(`failed: ${r.method()} ${r.url()} ${r.failure()?.errorText ?? ''}`));
    w.page.on('response', (r) => r.status() >= 400 && strict.push(`${r.status()}: ${r.request().method()} ${r.url()}`));
    w.page.on('dialog', (d) => void d.accept());
    return { ...w, strict };
  };

  /** The page at phone and desktop size (the same page: a phone's width is what matters for layout). */
  const shots = async (page: Page, name: string) => {
    await page.setViewportSize(PHONE.viewport);
    await page.screenshot({ path: join(dir, `${name}-phone.png`), fullPage: true });
    await page.setViewportSize(DESKTOP.viewport);
    await page.screenshot({ path: join(dir, `${name}-desktop.png`), fullPage: true });
  };

  const api = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${base}/api${path}`, {
      method,
      headers: { authorization: `Bearer ${organizerToken}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(response.status).toBeLessThan(300);
    return (await response.json()) as Record<string, unknown>;
  };

  /** The setup link of the start-up banner (printed once the server listens). */
  const setupLink = async (): Promise<string> => {
    for (let i = 0; i < 200; i++) {
      const match = /(http:\/\/\S+\/setup#token=\S+)/.exec(output.join(''));
      if (match) return match[1];
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`no setup link in the server's output:\n${output.join('')}`);
  };
  const withLang = (link: string, lang: string) => {
    const url = new URL(link);
    url.searchParams.set('lang', lang);
    return url.toString();
  };

  it('the owner sets up the server from the setup link, invites a scorekeeper, who signs in and sees only their actions', async () => {
    // Before setup: the sign-in page says where the setup link is and offers the organizer token.
    const owner = await watch(DESKTOP, 'owner');
    await owner.page.goto('/organizer?lang=ru');
    await owner.page.getByLabel('Токен организатора').waitFor();
    await shots(owner.page, 'sign-in-before-setup-ru');
    await owner.page.goto('/organizer?lang=en');
    await owner.page.getByText('No staff account exists yet.', { exact: false }).waitFor();
    await shots(owner.page, 'sign-in-before-setup-en');

    // The setup link from the server's output: the owner names the store and makes the account.
    const link = await setupLink();
    await owner.page.goto(withLang(link, 'ru'));
    await owner.page.getByLabel('Название магазина').waitFor();
    expect(owner.page.url()).not.toContain('token=');
    await shots(owner.page, 'setup-ru');
    await owner.page.goto(withLang(link, 'en'));
    await owner.page.getByLabel('Store name').fill('Dragon’s Den');
    await owner.page.getByLabel('Your name').fill('Olga Owner');
    await owner.page.getByLabel(/^Username/).fill('Olga');
    await owner.page.getByLabel(/^Password \(/).fill('correct horse battery');
    await owner.page.getByLabel('Password again').fill('correct horse battery');
    await shots(owner.page, 'setup-en');
    await owner.page.getByRole('button', { name: 'Create the owner account' }).click();
    const bar = owner.page.getByTestId('staff-bar');
    await bar.getByText('Signed in as Olga Owner (olga)').waitFor({ timeout: 20_000 });
    expect(await bar.getByTestId('store-name').textContent()).toBe('Dragon’s Den');
    expect(await bar.getByTestId('role').textContent()).toBe('owner');
    expect(owner.strict).toEqual([]);
    await shots(owner.page, 'console-owner-en');

    // An event on the night: two players, round 1 paired (its result still open).
    const event = await api('POST', '/events', { name: 'Friday Sealed', game: 'wow-tcg', format: 'sealed', packs: ['HOA'] });
    for (const name of ['Alice', 'Bob']) await api('POST', `/events/${event.id as string}/players`, { name });
    await api('POST', `/events/${event.id as string}/start`, {});
    await api('POST', `/events/${event.id as string}/rounds`, { force: true });

    // The owner invites a scorekeeper: the link is shown once, with a QR code.
    await bar.getByRole('link', { name: 'Staff' }).click();
    await owner.page.getByRole('heading', { name: 'Staff of Dragon’s Den' }).waitFor();
    await owner.page.getByRole('combobox', { name: 'Role', exact: true }).selectOption('scorekeeper');
    await owner.page.getByRole('button', { name: 'Create an invite link' }).click();
    const invite = await owner.page.getByTestId('invite-url').inputValue();
    expect(invite).toMatch(/\/invite#token=/);
    await owner.page.getByTestId('pending-invites').getByText('scorekeeper').waitFor();
    await shots(owner.page, 'staff-invite-en');
    await owner.page.goto('/organizer/staff?lang=ru');
    await owner.page.getByRole('heading', { name: 'Персонал: Dragon’s Den' }).waitFor();
    await shots(owner.page, 'staff-ru');

    // The scorekeeper opens the invite on their phone and makes an account.
    const keeper = await watch(PHONE, 'scorekeeper');
    await keeper.page.goto(withLang(invite, 'en'));
    await keeper.page.getByTestId('invite-info').getByText('You are invited to Dragon’s Den as scorekeeper.').waitFor();
    expect(keeper.page.url()).not.toContain('token=');
    await keeper.page.getByLabel('Your name').fill('Sam Keeper');
    await keeper.page.getByLabel(/^Username/).fill('sam.k');
    await keeper.page.getByLabel(/^Password \(/).fill('scorekeeping-1234');
    await keeper.page.getByLabel('Password again').fill('scorekeeping-1234');
    await shots(keeper.page, 'invite-en');
    await keeper.page.getByRole('button', { name: 'Create my account' }).click();
    const keeperBar = keeper.page.getByTestId('staff-bar');
    await keeperBar.getByText('Signed in as Sam Keeper (sam.k)').waitFor({ timeout: 20_000 });
    expect(await keeperBar.getByTestId('role').textContent()).toBe('scorekeeper');
    expect(await keeperBar.getByRole('link', { name: 'Staff' }).count()).toBe(0);
    // A scorekeeper creates no events.
    expect(await keeper.page.getByRole('button', { name: 'Create event' }).count()).toBe(0);

    // Signs out, and in again with the password.
    await keeperBar.getByRole('button', { name: 'Sign out' }).click();
    await keeper.page.getByLabel('Username').waitFor();
    await shots(keeper.page, 'sign-in-en');
    await keeper.page.goto('/organizer?lang=ru');
    await keeper.page.getByLabel('Имя пользователя').waitFor();
    await shots(keeper.page, 'sign-in-ru');
    await keeper.page.goto(`/organizer/events/${event.id as string}?lang=en`);
    await keeper.page.getByLabel('Username').fill('Sam.K');
    await keeper.page.getByLabel('Password').fill('scorekeeping-1234');
    await keeper.page.getByRole('button', { name: 'Sign in' }).click();
    await keeper.page.getByRole('heading', { name: 'Friday Sealed' }).waitFor({ timeout: 20_000 });
    expect(keeper.strict).toEqual([]);

    // Only a scorekeeper's actions: results, pairing, the clock; no Complete, no settings.
    const form = keeper.page.getByRole('form', { name: 'Enter a result by table number' });
    await form.waitFor();
    await keeper.page.getByRole('button', { name: 'Pause clock' }).waitFor();
    await keeper.page.getByRole('button', { name: 'Pair next round' }).waitFor();
    expect(await keeper.page.getByRole('button', { name: 'Complete' }).count()).toBe(0);
    expect(await keeper.page.getByRole('heading', { name: 'End the event' }).count()).toBe(0);
    expect(await keeper.page.getByRole('checkbox', { name: 'Sideboarding between games' }).count()).toBe(0);
    expect(await keeper.page.getByRole('button', { name: 'Give penalty' }).count()).toBe(0);
    await shots(keeper.page, 'console-scorekeeper-en');
    // A change from the session: the result is saved (the CSRF token goes with it).
    await form.getByLabel('Table').fill('1');
    await form.getByLabel('Player wins').selectOption('2');
    await form.getByLabel('Opponent wins').selectOption('0');
    await form.getByRole('button', { name: 'Save result' }).click();
    await keeper.page.getByText('All results are in.').waitFor({ timeout: 20_000 });

    // The owner's console of the same event has what the scorekeeper's lacks.
    await owner.page.goto(`/organizer/events/${event.id as string}?lang=en`);
    await owner.page.getByRole('heading', { name: 'End the event' }).waitFor();
    await owner.page.getByRole('checkbox', { name: 'Sideboarding between games' }).waitFor();

    // The owner's account page: an API token, shown once.
    await owner.page.getByRole('link', { name: '← Events' }).click();
    await owner.page.getByTestId('staff-bar').getByRole('link', { name: 'My account' }).click();
    await owner.page.getByLabel('Name').fill('results script');
    await owner.page.getByRole('button', { name: 'Create a token' }).click();
    const token = await owner.page.getByTestId('api-token-value').inputValue();
    expect(token).toMatch(/^pdm\./);
    await owner.page.getByTestId('api-tokens').getByText('results script').waitFor();
    await shots(owner.page, 'account-en');
    await owner.page.goto('/organizer/account?lang=ru');
    await owner.page.getByRole('heading', { name: 'Моя учётная запись' }).waitFor();
    await shots(owner.page, 'account-ru');

    // That token signs a fresh browser in ("Use an API token instead").
    const script = await watch(DESKTOP, 'api token');
    await script.page.goto('/organizer?lang=en');
    await script.page.getByRole('button', { name: 'Use an API token instead' }).click();
    await script.page.getByLabel('Organizer token or API token').fill(token);
    await shots(script.page, 'sign-in-token-en');
    await script.page.getByRole('button', { name: 'Sign in' }).click();
    await script.page.getByTestId('staff-bar').getByText('Signed in as Olga Owner (olga)').waitFor({ timeout: 20_000 });
    expect(script.strict).toEqual([]);
  }, 300_000);
});
