import type { Browser, Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createTestApp, ORGANIZER, type TestApp } from '../utils/test-app';
import { checkerFor, DESKTOP, launchChromium, PHONE, SCREENSHOTS, watchedPage, type Watched } from './browser-support';

/**
 * Registration in real Chromium: the organizer sets a capacity, imports a list and sees
 * the claim codes and the printable sheet; a player takes their seat with a typed claim code, another
 * with a claim link (the sheet's QR), lands on the waitlist and moves up when the organizer removes
 * a player; check-in from the phone; the start with checked-in players only. Screenshots in
 * .data/screenshots/registration/.
 */
describe('registration in the browser: capacity, import, claim codes, waitlist, check-in', () => {
  let t: TestApp;
  let base: string;
  let browser: Browser;
  const watched: Watched[] = [];
  const dir = join(SCREENSHOTS, 'registration');

  beforeAll(async () => {
    mkdirSync(dir, { recursive: true });
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

  const shot = (page: Page, name: string) => page.screenshot({ path: join(dir, `${name}.png`), fullPage: true });
  const watch = async (options: object, name: string) => {
    const w = await watchedPage(browser, base, options, await checkerFor(base), name);
    watched.push(w);
    return w;
  };

  it('import with claim codes, a claimed seat, the waitlist moving up, check-in from the phone, and a start with checked-in players', async () => {
    // The organizer creates a sealed event for two players.
    const org = await watch(DESKTOP, 'organizer');
    org.page.on('dialog', (d) => void d.accept());
    await org.page.goto('/organizer?lang=en');
    await org.page.getByLabel('Organizer token').fill(ORGANIZER);
    await org.page.getByRole('button', { name: 'Sign in' }).click();
    await org.page.getByLabel('Name', { exact: true }).fill('Capped Sealed');
    await org.page.getByLabel('Format').selectOption('sealed');
    await org.page.getByLabel('Card set').selectOption('HOA');
    await org.page.getByLabel(/Most players/).fill('2');
    await shot(org.page, 'create-capacity-desktop');
    await org.page.getByRole('button', { name: 'Create event' }).click();
    const code = (await org.page.getByTestId('event-code').first().textContent({ timeout: 20_000 }))!.trim();
    await org.page.getByText('0 of 2 seats taken').waitFor();

    // Import a pasted list: three players, a blank line and a duplicate reported.
    await org.page.getByText('Import a player list').click();
    await org.page.getByLabel('Player list').fill('Alice\n\nBob\nalice\nCarol');
    await org.page.getByRole('button', { name: 'Import', exact: true }).click();
    await org.page.getByText('Imported 3 players (1 on the waitlist). Lines not imported: 2.').waitFor();
    await org.page.getByText('Line 2 “—”: empty line').waitFor();
    await org.page.getByText('Line 4 “alice”: already on the list').waitFor();
    await org.page.getByText('waitlist #1').waitFor();
    const players = (
      await t
        .http()
        .get(`/api/events/${await eventId(code)}/players`)
        .set('authorization', t.organizer)
        .expect(200)
    ).body as {
      name: string;
      claimCode: string;
    }[];
    const codeOf = (name: string) => players.find((p) => p.name === name)!.claimCode;
    const printed = (c: string) => `${c.slice(0, 4)}-${c.slice(4)}`;
    await org.page
      .getByText(printed(codeOf('Alice')))
      .first()
      .waitFor();
    await shot(org.page, 'organizer-imported-desktop');
    await org.page.getByRole('button', { name: 'Printable player list with claim codes' }).click();
    const sheet = org.page.getByTestId('player-sheet');
    for (const name of ['Alice', 'Bob', 'Carol']) await sheet.getByText(printed(codeOf(name))).waitFor();
    await sheet.scrollIntoViewIfNeeded();
    await shot(org.page, 'organizer-player-sheet-desktop');
    await org.page.emulateMedia({ media: 'print' });
    await shot(org.page, 'organizer-player-sheet-print');
    await org.page.emulateMedia({ media: 'screen' });

    // Alice types her claim code on her phone (lower case, no dash) and checks in.
    const alice = await watch(PHONE, 'Alice');
    await alice.page.goto(`/e/${code}?lang=en`);
    await shot(alice.page, 'join-with-claim-phone');
    await alice.page.getByLabel('Claim code').fill(codeOf('Alice').toLowerCase());
    await alice.page.getByRole('button', { name: 'Take my seat' }).click();
    await alice.page.getByText('You’re in!').waitFor();
    await alice.page.getByText('Playing as Alice').waitFor();
    await shot(alice.page, 'claimed-in-phone');
    await alice.page.getByRole('button', { name: 'I’m here' }).click();
    await alice.page.getByText('You are checked in').waitFor();
    await shot(alice.page, 'checked-in-phone');

    // Carol opens the claim link of her QR code: the form is filled in; she is on the waitlist.
    const carol = await watch(PHONE, 'Carol');
    await carol.page.goto(`/e/${code}?lang=en#claim=${codeOf('Carol')}`);
    await carol.page.getByText('Take your seat').waitFor();
    expect(await carol.page.getByLabel('Claim code').inputValue()).toBe(codeOf('Carol'));
    await carol.page.getByRole('button', { name: 'Take my seat' }).click();
    await carol.page.getByText('Waitlist: position 1').waitFor();
    await shot(carol.page, 'waitlist-phone');

    // The organizer sees Alice checked in, and removes Bob: Carol moves up on her phone by herself.
    await org.page.getByText('checked in: 1 of 2').waitFor();
    await org.page.getByRole('button', { name: 'Remove Bob' }).click();
    await org.page.getByText('2 of 2 seats taken').waitFor();
    await carol.page.getByText('You’re in!').waitFor({ timeout: 15_000 });
    await shot(carol.page, 'promoted-phone');

    // The start warns that Carol is not checked in; starting with checked-in players only leaves her out.
    await org.page.getByTestId('not-checked-in').getByText('Not checked in yet (1): Carol').waitFor();
    await shot(org.page, 'organizer-not-checked-in-desktop');
    await org.page.getByRole('button', { name: 'Start with checked-in players only' }).click();
    await org.page.getByText('Deck building', { exact: false }).first().waitFor({ timeout: 20_000 });
    await carol.page.getByText('You lost your seat').waitFor({ timeout: 20_000 });
    await shot(carol.page, 'no-show-phone');
  }, 180_000);

  async function eventId(code: string): Promise<string> {
    return (await t.http().get(`/api/events/by-code/${code}`).expect(200)).body.id as string;
  }
});
