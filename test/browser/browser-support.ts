import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { createResponseChecker, type ResponseChecker } from '../support/openapi-responses';

/** Where the tests save their screenshots (a person looks at them: phone and desktop). */
export const SCREENSHOTS = join(__dirname, '..', '..', '.data', 'screenshots');

/**
 * Debian's Chromium (apt-get install chromium), driven by playwright-core: no browser download.
 * Missing, the tests fail with this message rather than skip.
 */
export async function launchChromium(): Promise<Browser> {
  const executablePath = process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));
  if (!executablePath || !existsSync(executablePath)) {
    throw new Error('Chromium is missing: the browser tests need it. Install it with `apt-get install -y chromium` (Debian/Ubuntu), or set CHROMIUM_PATH to a Chromium binary.');
  }
  mkdirSync(SCREENSHOTS, { recursive: true });
  return chromium.launch({
    executablePath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

export const PHONE = { viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
export const DESKTOP = { viewport: { width: 1280, height: 800 } };

/**
 * A browser context that records what a page must never show: console errors (an i18n key
 * missing is one), page errors, and API answers that do not match the OpenAPI document.
 */
export interface Watched {
  name: string;
  context: BrowserContext;
  page: Page;
  problems: string[];
  /** Every JSON body the page received from /api, by URL (what this context saw). */
  seen: { url: string; status: number; body: unknown }[];
}

export async function watchedPage(browser: Browser, base: string, options: object, checker: ResponseChecker, name: string): Promise<Watched> {
  const context = await browser.newContext({ ...options, baseURL: base });
  const page = await context.newPage();
  const problems: string[] = [];
  const seen: { url: string; status: number; body: unknown }[] = [];
  page.on('console', (m) => {
    // Chromium logs every 4xx/5xx load as "Failed to load resource": expected answers (a deck not
    // yet registered) are judged by the OpenAPI check below instead.
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) problems.push(`${name} console: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`${name} page error: ${e.message}`));
  page.on('response', async (res) => {
    const url = new URL(res.url());
    if (!url.pathname.startsWith('/api/') || url.pathname.endsWith('/stream') || url.pathname === '/api/docs-json') return;
    const type = res.headers()['content-type'];
    let body: unknown;
    try {
      body = type?.includes('json') ? await res.json() : await res.text();
    } catch {
      return; // the page navigated away before the body arrived
    }
    seen.push({ url: url.pathname + url.search, status: res.status(), body });
    // The sign-in check posts an empty body on purpose (its 400 is the expected answer).
    const found = checker.check(res.request().method(), url.pathname + url.search, res.status(), type, body);
    for (const p of found) problems.push(`${name} ${res.request().method()} ${url.pathname}: ${p}`);
  });
  return { name, context, page, problems, seen };
}

export async function checkerFor(base: string): Promise<ResponseChecker> {
  const document = await (await fetch(`${base}/api/docs-json`)).json();
  return createResponseChecker(document as object);
}
