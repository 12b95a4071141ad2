// Each k6 scenario, run briefly with real k6 against a reference server started here, once per k6
// binary: K6_BINS (a developer's list, e.g. k6 v2.x and v1.x), else the one on K6_BIN or PATH. k6 is the
// user's own install (never downloaded or built here). A binary K6_BINS names that does not run fails; with
// no k6 at all each test skips and says why. Credentials are planted, so a leak in any file k6 writes shows.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test, expect } from '@playwright/test';
import { startReferenceServer } from '../../reference/server.ts';
import type { LoadReport } from '../../load/lib/report.ts';
import { runLoadSmoke } from '../../src/certify/load-smoke.ts';
import { encodedForms } from '../../src/config/redact.ts';
import { validateLoadReport } from '../../src/report/report-schema.ts';
import { type K6Binary, K6_TESTS_SKIPPED, k6Binaries } from '../../src/k6/k6-binary.ts';
import { dashboardEnv } from '../../src/k6/k6-process.ts';
import { runOutcome } from '../../src/k6/outcome.ts';
import { dashboardFileFor } from '../../src/k6/paths.ts';
import { launchChromium, NO_CHROMIUM, watchedPage } from '../chromium.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const PROFILE = join(ROOT, 'reference', 'profile.json');
const PLANTED = { subscriptionKey: 'osd-planted-k6-key-Qw7Zr2', secret: 'osd-planted-k6-secret-Xp4Ld9' };
const PLANTED_FORMS = Object.values(PLANTED).flatMap(encodedForms);
const k6 = k6Binaries();

function expectNoCredential(text: string, where: string): void {
  for (const form of PLANTED_FORMS) expect(text.includes(form), `a credential (${form.length} chars) in ${where}`).toBe(false);
}

async function runScenario(
  bin: K6Binary,
  scenario: string,
  knobs: Record<string, string>,
  rateLimit: number | false,
  variants: string[] = [],
) {
  const ref = await startReferenceServer({ port: 0, rateLimit, credentials: PLANTED, variants });
  const parent = join(ROOT, 'reports', 'project-tests', 'k6');
  mkdirSync(parent, { recursive: true });
  const reportDir = mkdtempSync(join(parent, `${scenario}-v${bin.version}-`));
  const reportPath = join(reportDir, `${scenario}.json`);
  const dashboardPath = dashboardFileFor(reportPath);
  try {
    const env = {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      API_BASE_URL: ref.url,
      API_SUBSCRIPTION_KEY: ref.credentials.subscriptionKey,
      API_SECRET: ref.credentials.secret,
      API_ENVIRONMENT: 'local',
      API_PROFILE: PROFILE,
      RUN_ID: `k6test-${scenario}-${Date.now()}`,
      LOAD_REPORT_DIR: reportDir,
      // The reference answers from this worker's process, beside other test workers on a small machine: answers of
      // 50-150 ms happen, and too few VUs drop iterations (an invalid run). Sized as a user's run is by default (300 ms).
      LOAD_EXPECTED_LATENCY_MS: '300',
      LOAD_K6_VERSION: bin.version ?? '',
      ...dashboardEnv(dashboardPath, {}),
      ...knobs,
    };
    const child = spawn(bin.path, ['run', '--quiet', join(ROOT, 'load', `${scenario}.ts`)], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    const files = [reportPath, join(reportDir, `${scenario}.junit.xml`), dashboardPath].map((path) => ({
      path,
      text: readFileSync(path, 'utf8'),
    }));
    for (const { path, text } of [...files, { path: 'the k6 output', text: output }]) expectNoCredential(text, path);
    const report = JSON.parse(files[0].text) as LoadReport;
    // The report k6 wrote has the shape the Node driver's has, published in schemas/ (load:compare and history read it).
    expect(validateLoadReport(report).errors, `${scenario}.json against schemas/load-report.schema.json`).toEqual([]);
    // What the reference holds afterwards, read directly (not through k6).
    const headers = {
      accept: 'application/json',
      'service-api-subscription': ref.credentials.subscriptionKey,
      'service-api-secret': ref.credentials.secret,
    };
    const subscriptions = (await (await fetch(`${ref.url}/subscription`, { headers })).json()) as Array<{
      clientSubscriptionReference?: string;
      status?: string;
    }>;
    return { code, report, output, subscriptions, runId: env.RUN_ID, dashboardPath };
  } finally {
    await ref.close();
  }
}

test.describe('K6_BINS', () => {
  for (const e of k6.errors) test(`names a usable k6: ${e.path}`, () => expect(e.error).toBe('')); // fails with the sentence
});

// With no k6 at all the same tests are listed once, each skipping with the one reason (npm test's closing
// lines count them): a reader sees which load tests did not run, not one placeholder.
const runs: Array<K6Binary | null> = k6.binaries.length > 0 ? k6.binaries : k6.errors.length === 0 ? [null] : [];

for (const found of runs) {
  // Not tagged @waits: beside two busy workers the reference in this process answered slowly enough that k6 dropped
  // iterations (an invalid run), twice in five full runs.
  test.describe(found ? `k6 v${found.version} against the reference server` : 'k6 against the reference server', () => {
    test.describe.configure({ mode: 'serial' }); // one load generator per version at a time on a small machine
    test.setTimeout(120_000);
    test.beforeEach(() => test.skip(found === null, K6_TESTS_SKIPPED));
    const bin: K6Binary = found ?? { path: '', version: null };
    let paginationDashboard: string | null = null;

    test("pagination walks every list with several page sizes, finds no violation, and writes k6's dashboard report", async () => {
      const { code, report, output, dashboardPath } = await runScenario(
        bin,
        'pagination',
        { LOAD_DURATION: '4s', PAGE_RATE: '20', PAGE_SIZES: '1,7,100' },
        false,
      );
      expect(runOutcome(code, report).exitCode, output).toBe(0);
      expect(report.verdict).toMatchObject({ valid: true, passed: true });
      expect(report.scenarioResult.kind === 'pagination' && report.scenarioResult.walksCompleted).toBeGreaterThan(0);
      expect(report.contractViolations.every((v) => v.violations === 0)).toBe(true);
      expect(report.endpoints.map((e) => e.key)).toContain('GET /offer limit=7');
      expect(report.run.k6Version).toBe(bin.version);
      expect(readFileSync(dashboardPath, 'utf8')).toMatch(/<!doctype html>/i);
      paginationDashboard = dashboardPath;
    });

    test("k6's dashboard report opens in Chromium from disk, with no request beyond the file and no error", async () => {
      test.skip(NO_CHROMIUM !== null, NO_CHROMIUM ?? '');
      expect(paginationDashboard, 'the pagination run wrote a dashboard report').not.toBeNull();
      const browser = await launchChromium();
      try {
        const { page, errors, requests } = await watchedPage(browser);
        await page.goto(`file://${paginationDashboard}`);
        // The report draws its charts from data embedded in the file.
        await expect(page.locator('svg, canvas').first()).toBeVisible();
        await expect(page.locator('body')).toContainText('http_req');
        expect(errors, 'console errors').toEqual([]);
        expect(
          requests.filter((u) => !/^(file|data|blob):/.test(u)),
          'requests beyond the file itself',
        ).toEqual([]);
      } finally {
        await browser.close();
      }
    });

    test('polling checks every poll against modifiedAfter', async () => {
      const { code, report, output } = await runScenario(
        bin,
        'polling',
        { LOAD_DURATION: '4s', POLL_INTERVAL: '1s', POLL_CLIENTS: '2' },
        false,
      );
      expect(runOutcome(code, report).exitCode, output).toBe(0);
      expect(report.scenarioResult.kind === 'polling' && report.scenarioResult.pollsChecked).toBeGreaterThan(2);
    });

    // Against reads from a replica 300 ms behind (a legitimate variation): each read after create is read again within
    // API_READ_SETTLE, its 404s are not failed requests, and the teardown does not take a cancel of a moment ago for one left open.
    test('subscriptions: every created record is cancelled, within the write budget, though reads show writes 300 ms late', async () => {
      const { code, report, output, subscriptions, runId } = await runScenario(
        bin,
        'subscriptions',
        { SUB_RATE: '2', WRITE_BUDGET: '6' },
        false,
        ['reads-lag-300ms'],
      );
      expect(runOutcome(code, report).exitCode, output).toBe(0);
      const r = report.scenarioResult;
      expect(r.kind).toBe('subscriptions');
      if (r.kind !== 'subscriptions') return;
      expect(r.created).toBeGreaterThan(0);
      expect(r.created).toBeLessThanOrEqual(6);
      expect(r.leftUncancelled).toBe(0);
      const mine = subscriptions.filter((s) => s.clientSubscriptionReference?.startsWith(`osd-suite.${runId}.`));
      expect(mine.length).toBe(r.created);
      expect(mine.filter((s) => s.status === 'accepted')).toEqual([]);
      expect(report.verdict, output).toMatchObject({ valid: true, passed: true });
    });

    // Against a live service whose offers close while the run writes, refusing orders on a closed offer (legitimate
    // variations): a create refused on an offer found closed since setup is not a violation, and the VU writes to it
    // no more. The first offer closes 3 s after the server starts, the second at 6 s, while the run writes to them.
    test('subscriptions: offers closing under the run are left out, not failed', async () => {
      const { code, report, output } = await runScenario(
        bin,
        'subscriptions',
        { SUB_RATE: '4', WRITE_BUDGET: '40', LOAD_DURATION: '6s' },
        false,
        ['offers-closing-early', 'refuse-out-of-limits'],
      );
      expect(runOutcome(code, report).exitCode, output).toBe(0);
      const r = report.scenarioResult;
      expect(r.kind).toBe('subscriptions');
      if (r.kind !== 'subscriptions') return;
      expect(r.leftUncancelled).toBe(0);
      expect(report.verdict, output).toMatchObject({ valid: true, passed: true });
      test
        .info()
        .annotations.push({ type: 'offers closed', description: `${r.offersClosed} refused create(s) on closed offers, not judged` });
    });

    test("rate-probe finds the onset within 15% of the reference's limit, stops there and sees recovery", async () => {
      const limit = 20;
      const { code, report, output } = await runScenario(
        bin,
        'rate-probe',
        // VUs sized for a busy 2-core machine (answers of up to 1.5 s), so the arrival rate holds while npm test runs beside it.
        {
          RATE_START: '16',
          RATE_STEP: '2',
          RATE_MAX: '30',
          RATE_STEP_DURATION: '3s',
          RATE_BACKOFF: '2s',
          RATE_SUSTAINED_MIN_429: '3',
          LOAD_EXPECTED_LATENCY_MS: '1500',
        },
        limit,
      );
      expect(runOutcome(code, report).exitCode, output).toBe(0);
      const r = report.scenarioResult;
      expect(r.kind).toBe('rate-probe');
      if (r.kind !== 'rate-probe') return;
      expect(r.onset.onsetRps, output).not.toBeNull();
      expect(Math.abs((r.onset.onsetRps as number) - limit) / limit).toBeLessThanOrEqual(0.15);
      expect(r.stoppedOnSustained429).toBe(true);
      expect(r.recovery.recovered).toBe(true);
      expect(report.rateLimitAnswers.retryAfterShare).toBe(1);
      expect(report.rateLimitAnswers.jsonBodyShare).toBe(1);
    });

    test("the certification's load smoke runs against the bundled reference and reports real figures", async () => {
      const parent = join(ROOT, 'reports', 'project-tests', 'k6');
      mkdirSync(parent, { recursive: true });
      const reportDir = mkdtempSync(join(parent, `smoke-v${bin.version}-`));
      const env: NodeJS.ProcessEnv = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', K6_BIN: bin.path };
      Object.assign(env, { REFERENCE_SUBSCRIPTION_KEY: PLANTED.subscriptionKey, REFERENCE_SECRET: PLANTED.secret });
      const section = await runLoadSmoke({ skip: false, reportDir, cwd: ROOT, env, hasLoadScript: true, duration: '3s' });
      expect(section.status, section.reason ?? '').toBe('run');
      expect(section.reason).toBeNull();
      const [row] = section.scenarios;
      expect(row).toMatchObject({ scenario: 'pagination', passed: true, valid: true, droppedIterations: 0, errorRate: 0 });
      expect(row.requests).toBeGreaterThan(5);
      expect(row.p95).toBeGreaterThan(0);
      expect(row.endpoints.length).toBeGreaterThan(0);
      expect(row.thresholds.length).toBeGreaterThan(3);
      expect(row.thresholds.every((t) => t.ok)).toBe(true);
      expect(row.thresholds.map((t) => t.metric)).toContain('dropped_iterations');
      expectNoCredential(readFileSync(join(reportDir, 'pagination.json'), 'utf8'), 'the smoke report');
      expectNoCredential(readFileSync(join(reportDir, 'pagination.dashboard.html'), 'utf8'), 'the smoke dashboard report');
    });
  });
}
