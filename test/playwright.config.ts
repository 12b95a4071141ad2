// The project's own tests (schemas, reference server, arbitraries, reports, load helpers, and the
// fault self-test of the suite). Run with `npm test`. The conformance suite itself has its own
// config at the repository root (playwright.config.ts).
import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.test.ts',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  timeout: 60_000,
  reporter: [['list'], ['../src/report/skip-reasons-reporter.ts'], ['junit', { outputFile: '../reports/project-tests/junit.xml' }]],
  outputDir: '../reports/project-tests/output',
});
