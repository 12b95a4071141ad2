// The project's own tests (schemas, reference server, arbitraries, reports, load helpers, and the
// fault self-test of the suite). Run with `npm test`. The conformance suite itself has its own
// config at the repository root (playwright.config.ts).
import { availableParallelism } from 'node:os';
import { defineConfig } from '@playwright/test';

/**
 * Tests that spend most of their time waiting, not computing: the certification against a rate-limited, slow server
 * (measured alone: 91 s of wall for 22 s of CPU), the run that waits out its 20 s deadline (22 s for 4 s in a full run),
 * the good example client meeting 429s at 3 requests/s. Tagged `@waits`, they run in a project of their own on one extra
 * worker, beside the busy ones, so a core is not left idle while they wait. The k6 runs wait too (73 s for 24 s), but
 * their reference answers from the test's own process, which beside two busy workers got slow enough for k6 to drop
 * iterations: they stay with the busy tests.
 */
const WAITS = /@waits/;

// The late read's wait (API_DURABILITY_WAIT, 10 s by default): every child run of the suite the project's tests start
// would wait it out at its end. Short here, for the children that inherit this environment; the self-test helpers
// (test/selftest/run-suite.ts, test/certify/run-certify.ts) set it too, and the tests of the late read choose their own.
process.env.API_DURABILITY_WAIT ??= '0';

// The busy tests get 2 workers on CI and half the cores elsewhere, never fewer than 2 (Playwright's default, half the
// cores, is 1 worker on a 2-core machine); the waiting ones one more.
const busyWorkers = process.env.CI ? 2 : Math.max(2, Math.floor(availableParallelism() / 2));

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.test.ts',
  fullyParallel: true,
  workers: busyWorkers + 1,
  timeout: 60_000,
  reporter: [
    ['list'],
    ['../src/harness/skip-reasons-reporter.ts'],
    ['./load/load-coverage-reporter.ts'],
    ['junit', { outputFile: '../reports/project-tests/junit.xml' }],
  ],
  outputDir: '../reports/project-tests/output',
  projects: [
    { name: 'busy', grepInvert: WAITS, workers: busyWorkers },
    { name: 'waits', grep: WAITS, workers: 1 },
  ],
});
