// Debian's chromium for the report checks (no browser download): how to launch it, where screenshots go,
// and a page that records console errors and every request, so a test can require none beyond the file.
import { existsSync, mkdirSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { PROJECT_TEST_OUTPUT } from './project-output.ts';

export { PROJECT_TEST_OUTPUT };

export const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

export const SCREENSHOTS = `${PROJECT_TEST_OUTPUT}screenshots/`;

/** The widths a report is checked at: a laptop window and a phone. */
export const WIDTHS = { desktop: { width: 1280, height: 900 }, phone: { width: 390, height: 844 } } as const;

export const NO_CHROMIUM = `No ${CHROMIUM}: install Debian's chromium (apt-get install -y chromium; .ci/run does).`;

export function launchChromium(): Promise<Browser> | null {
  if (!existsSync(CHROMIUM)) return null;
  mkdirSync(SCREENSHOTS, { recursive: true });
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}

export interface WatchedPage {
  page: Page;
  errors: string[];
  requests: string[];
}

export async function openFile(browser: Browser, file: string, viewport: { width: number; height: number }): Promise<WatchedPage> {
  const page = await browser.newPage({ viewport, acceptDownloads: true });
  const errors: string[] = [];
  const requests: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('request', (r) => requests.push(r.url()));
  await page.goto(`file://${file}`);
  return { page, errors, requests };
}

/** Horizontal overflow of the page, in pixels (0 = no horizontal scroll). */
export function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth') as Promise<number>;
}
