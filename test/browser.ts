// Report checks at the two widths a reader uses, on top of test/chromium.ts (launch flags, watched page):
// a per-file browser and output folder under reports/project-tests/, a page opened at a viewport, and
// whether the page scrolls sideways.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { test } from '@playwright/test';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, NO_CHROMIUM, watchedPage } from './chromium.ts';
import { PROJECT_TEST_OUTPUT } from './project-output.ts';

export const SCREENSHOTS = `${PROJECT_TEST_OUTPUT}screenshots/`;

/** The widths a report is checked at: a laptop window and a phone. */
export const WIDTHS = { desktop: { width: 1280, height: 900 }, phone: { width: 390, height: 844 } } as const;

/**
 * For a test file: chromium launched once (the file's tests skip, saying why, without it) and a fresh folder
 * under reports/project-tests/ for the pages it writes, both gone after the file's tests.
 */
export function useChromium(folderPrefix: string): { browser(): Browser; dir(): string } {
  let browser: Browser | undefined;
  let dir: string | undefined;
  test.beforeAll(async () => {
    test.skip(NO_CHROMIUM !== null, NO_CHROMIUM ?? '');
    mkdirSync(SCREENSHOTS, { recursive: true });
    browser = await launchChromium();
    dir = mkdtempSync(join(PROJECT_TEST_OUTPUT, folderPrefix));
  });
  test.afterAll(async () => {
    await browser?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  return { browser: () => browser!, dir: () => dir! };
}

/** A watched page (console errors, requests) at this viewport, on the file. */
export async function openFile(
  browser: Browser,
  file: string,
  viewport: { width: number; height: number },
): Promise<{ page: Page; errors: string[]; requests: string[] }> {
  const watched = await watchedPage(browser);
  await watched.page.setViewportSize(viewport);
  await watched.page.goto(`file://${file}`);
  return watched;
}

/** Horizontal overflow of the page, in pixels (0 = no horizontal scroll). */
export function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth') as Promise<number>;
}
