// The project's own tests (schemas, reference server, arbitraries, reports, load helpers, and the
// fault self-test of the suite). Run with `npm test`. The conformance suite itself has its own
// config at the repository root (playwright.config.ts).
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

/**
 * Tests that spend most of their time waiting, not computing: the certification against a rate-limited, slow server
 * (measured alone: 91 s of wall for 22 s of CPU), the run that waits out its 20 s deadline (22 s for 4 s in a full run),
 * the good example client meeting 429s at 3 requests/s. Tagged `@waits`, they run in a project of their own on two extra
 * workers, beside the busy ones, so a core is not left idle while they wait. The k6 runs wait too (73 s for 24 s), but
 * their reference answers from the test's own process, which beside two busy workers got slow enough for k6 to drop
 * iterations: they stay with the busy tests. So do the Node driver's rate probes: on the waiting workers, at the run's
 * start, their reference answered a p95 of 606 ms against the probe's 500 ms threshold (2026-11-29).
 */
const WAITS = /@waits/;
/**
 * Workers for the waiting tests: two, so that the longest of them (the slow composite, some 4 minutes paced by its
 * rate limit) does not hold the others back; together they use less than a core.
 */
const WAITING_WORKERS = 2;

/**
 * The long tier: whole journeys a user makes, each re-run end to end (the README's commands as written, the CI recipes
 * over three nights, certifications of staging profiles, whole hostile runs, history series). Tagged `@long`, they run
 * in `npm run test:long` (TEST_TIER=long), which CI runs after `npm test`; `npm test` runs everything else, the whole
 * fault and variation self-test among it, near its budget of 8 minutes on 2 cores. docs/development.md lists what is where.
 */
const LONG = /@long/;
const longTier = process.env.TEST_TIER === 'long';
/** A test of this tier, in the busy or the waiting project. */
const tier = (waits: boolean) =>
  longTier
    ? { grep: waits ? /^(?=.*@waits)(?=.*@long)/s : LONG, grepInvert: waits ? undefined : WAITS }
    : { grep: waits ? WAITS : undefined, grepInvert: waits ? LONG : [WAITS, LONG] };

// The late read's wait (API_DURABILITY_WAIT, 10 s by default): every child run of the suite the project's tests start
// would wait it out at its end. Short here, for the children that inherit this environment; the self-test helpers
// (test/selftest/run-suite.ts, test/certify/run-certify.ts) set it too, and the tests of the late read choose their own.
// The tests that clear a child's API_ settings (so that nothing points it elsewhere) keep this one: /^(API_(?!DURABILITY_WAIT$)|/.
process.env.API_DURABILITY_WAIT ??= '0';

// Node's compile cache (Node 22.1 and later) for every process the tests start: some hundreds of Node processes each
// compile Playwright's bundle and the suite's modules again, and the cache keeps their compiled code on disk.
process.env.NODE_COMPILE_CACHE ??= join(import.meta.dirname, '..', 'node_modules', '.cache', 'node-compile-cache');

// The busy tests get 2 workers on CI and half the cores elsewhere, never fewer than 2 (Playwright's default, half the
// cores, is 1 worker on a 2-core machine); the waiting ones two more.
const busyWorkers = process.env.CI ? 2 : Math.max(2, Math.floor(availableParallelism() / 2));

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.test.ts',
  fullyParallel: true,
  workers: busyWorkers + WAITING_WORKERS,
  timeout: 60_000,
  reporter: [
    ['list'],
    ['../src/harness/skip-reasons-reporter.ts'],
    ['./load/load-coverage-reporter.ts'],
    ['./tier-reporter.ts'],
    // Each tier its own files: CI runs the long one right after npm test, which would otherwise replace them.
    ['junit', { outputFile: `../reports/project-tests/junit${longTier ? '-long' : ''}.xml` }],
  ],
  outputDir: `../reports/project-tests/output${longTier ? '-long' : ''}`,
  projects: [
    { name: 'busy', ...tier(false), workers: busyWorkers },
    { name: 'waits', ...tier(true), workers: WAITING_WORKERS },
  ],
});
