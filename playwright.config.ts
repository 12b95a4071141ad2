// The conformance and fuzz suites (the product). `npm run conformance` / `npm run fuzz`.
// With no API_BASE_URL the global setup starts the bundled reference server. Traces are off on
// purpose: a trace records request headers, and the credential headers must never reach a file.
import { availableParallelism } from 'node:os';
import { defineConfig } from '@playwright/test';
import { fixRunLimits } from './src/config/run-limits.ts';

const reports = process.env.REPORTS_DIR ?? 'reports';
// The run's deadline (API_RUN_TIMEOUT) counts from here, for the global setup, the workers and the teardown. A bad
// value is left for the global setup to report in one sentence (thrown here, Playwright would print a stack).
try {
  fixRunLimits();
} catch {}
export default defineConfig({
  globalSetup: './src/harness/global-setup.ts',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0, // a retried test could re-send a create; the client retries reads itself
  // 2 on CI; elsewhere half the cores, never fewer than 2 (Playwright's own default, half the cores, is 1 on a 2-core
  // machine: the worker waits on the target while the other core idles, and every failed test's new worker start
  // stops the whole run). API_RATE is shared among them.
  workers: process.env.CI ? 2 : Math.max(2, Math.floor(availableParallelism() / 2)),
  timeout: 60_000,
  outputDir: `${reports}/conformance/test-results`,
  reporter: [
    // First: a test failed by its verdict without ending its worker is a failed test for every reporter after it.
    ['./src/harness/deferred-verdict-reporter.ts'],
    ['list'],
    ['./src/harness/skip-reasons-reporter.ts'],
    ['html', { outputFolder: `${reports}/conformance/html`, open: 'never' }],
    ['./src/harness/junit-reporter.ts', { outputFile: `${reports}/conformance/junit.xml` }],
    ['json', { outputFile: `${reports}/conformance/results.json` }],
    ['./src/harness/clause-reporter.ts', { outputFile: `${reports}/conformance/clauses.json` }],
  ],
  use: { trace: 'off', screenshot: 'off', video: 'off' },
  projects: [
    { name: 'conformance', testDir: './conformance', testMatch: '**/*.spec.ts' },
    { name: 'fuzz', testDir: './fuzz', testMatch: '**/*.spec.ts' },
  ],
});
