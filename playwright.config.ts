// The conformance and fuzz suites (the product). `npm run conformance` / `npm run fuzz`.
// With no API_BASE_URL the global setup starts the bundled reference server. Traces are off on
// purpose: a trace records request headers, and the credential headers must never reach a file.
import { defineConfig } from '@playwright/test';
import { fixRunLimits, testsEndAt } from './src/config/run-limits.ts';

const reports = process.env.REPORTS_DIR ?? 'reports';
// The run's deadline (API_RUN_TIMEOUT), fixed here for the global setup, the workers and the teardown: the tests
// stop at their share of it and the teardown (cancelling what the run created) still runs, within what is left.
// A bad value is not thrown here (Playwright would print a stack): the global setup reports it in one sentence.
const testsBudgetMs = (() => {
  try {
    return Math.max(1_000, Math.round(testsEndAt(fixRunLimits()) - Date.now()));
  } catch {
    return undefined;
  }
})();

export default defineConfig({
  globalSetup: './conformance/global-setup.ts',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0, // a retried test could re-send a create; the client retries reads itself
  workers: process.env.CI ? 2 : undefined,
  timeout: 60_000,
  globalTimeout: testsBudgetMs,
  outputDir: `${reports}/conformance/test-results`,
  reporter: [
    ['list'],
    ['./src/report/skip-reasons-reporter.ts'],
    ['html', { outputFolder: `${reports}/conformance/html`, open: 'never' }],
    ['junit', { outputFile: `${reports}/conformance/junit.xml` }],
    ['json', { outputFile: `${reports}/conformance/results.json` }],
    ['./src/report/clause-reporter.ts', { outputFile: `${reports}/conformance/clauses.json` }],
  ],
  use: { trace: 'off', screenshot: 'off', video: 'off' },
  projects: [
    { name: 'conformance', testDir: './conformance', testMatch: '**/*.spec.ts' },
    { name: 'fuzz', testDir: './fuzz', testMatch: '**/*.spec.ts' },
  ],
});
