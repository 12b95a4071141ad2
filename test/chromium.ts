// Debian's chromium for the tests that open a report from disk as a reader would (playwright-core, no
// browser download): the flags, and a page that records console errors and every request it makes.
import { existsSync } from 'node:fs';
import { type Browser, chromium, type Page } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
/** The reason a browser test skips, or null when chromium is there. */
export const NO_CHROMIUM = existsSync(CHROMIUM)
  ? null
  : `No ${CHROMIUM}: install Debian's chromium (apt-get install -y chromium; .ci/run does).`;

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}

/** A new page that collects console errors, page errors and the URL of every request. */
export async function watchedPage(browser: Browser): Promise<{ page: Page; errors: string[]; requests: string[] }> {
  const page = await browser.newPage();
  const errors: string[] = [];
  const requests: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('request', (r) => requests.push(r.url()));
  return { page, errors, requests };
}
