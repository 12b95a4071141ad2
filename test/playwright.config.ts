// The project's own tests (schemas, reference server, arbitraries, reports, load helpers, and the
// fault self-test of the suite). Run with `npm test`. The conformance suite itself has its own
// config at the repository root (playwright.config.ts).
import { availableParallelism } from 'node:os';
import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.test.ts',
  fullyParallel: true,
  // Never fewer than 2: Playwright's default (half the cores) is 1 worker on a 2-core machine, and many of these
  // tests wait on rate limits and latency rather than use a core.
  workers: process.env.CI ? 2 : Math.max(2, Math.floor(availableParallelism() / 2)),
  timeout: 60_000,
  reporter: [['list'], ['../src/report/skip-reasons-reporter.ts'], ['junit', { outputFile: '../reports/project-tests/junit.xml' }]],
  outputDir: '../reports/project-tests/output',
});
