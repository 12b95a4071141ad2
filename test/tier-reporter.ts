/**
 * Ends the project tests' output with the tier that did not run (test/playwright.config.ts, LONG): `npm test` leaves the
 * tests tagged @long to `npm run test:long`, and says so where people look, naming their files, so that a test left out
 * is never silent.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Reporter } from '@playwright/test/reporter';

const TEST_ROOT = import.meta.dirname;

/** The test files that hold a test of the long tier (tagged @long). */
export function longTierFiles(dir = TEST_ROOT): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.test.ts'))
    .map((e) => join(e.parentPath, e.name))
    .filter((file) => readFileSync(file, 'utf8').includes("'@long'"))
    .map((file) => relative(join(TEST_ROOT, '..'), file))
    .sort();
}

export default class TierReporter implements Reporter {
  printsToStdio(): boolean {
    return true;
  }

  onEnd(): void {
    if (process.env.TEST_TIER === 'long') return;
    const files = longTierFiles();
    if (files.length === 0) return;
    console.log(
      `\nNot in this run: the long tier, whole journeys re-run end to end (tests tagged @long in ${files.length} file(s): ${files.join(', ')}). Run it with npm run test:long; CI runs it after npm test.`,
    );
  }
}
