// The baselines shipped in load/baselines/ for the bundled reference: each one is a valid baseline,
// says what machine it was measured on, and is comparable with what `npm run load -- <scenario>`
// runs by default (same settings, loopback target), so `npm run load:compare` works out of the box.
// Its tolerances are wide for a shared 2-core machine, yet a run several times slower still fails.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import {
  type Baseline,
  BASELINE_SCHEMA,
  comparableFromReport,
  compareRuns,
  DEFAULT_TOLERANCES,
  readComparable,
  workDifferences,
} from '../../load/lib/compare.ts';
import { readLoadConfig, scenarioSettings } from '../../load/lib/config.ts';
import { isScenarioName, type ScenarioName } from '../../load/lib/names.ts';
import { plannedWork } from '../../load/lib/scenario-options.ts';
import { buildLoadReport } from '../../load/lib/report.ts';
import { normaliseK6Summary } from '../../load/lib/summary.ts';
import { BASELINE_DIR } from '../../src/k6/paths.ts';
import { LOCAL_DEFAULTS } from '../../src/k6/target.ts';
import { REFERENCE_PROFILE_PATH } from '../../src/run/bundled-reference.ts';
import { startReferenceServer } from '../../reference/server.ts';
import { CANARY } from '../hostile/canary.ts';
import { driveScenario } from './node-driver-run.ts';
import { runToday, SCENARIOS_WITH_A_BASELINE } from './runs-today.ts';

const SHIPPED = readdirSync(BASELINE_DIR)
  .filter((f) => f.endsWith('.json'))
  .sort();

test("baselines are shipped for the reference's pagination and polling scenarios; the README says how to record the others", () => {
  expect(SHIPPED).toEqual(['pagination.json', 'polling.json']);
  const readme = readFileSync(join(BASELINE_DIR, 'README.md'), 'utf8');
  for (const scenario of ['subscriptions', 'rate-probe']) expect(readme).toContain(`\`${scenario}\` has none`);
  expect(readme).toContain('npm run load:baseline -- subscriptions');
});

function readBaseline(file: string): Baseline {
  return readComparable(JSON.parse(readFileSync(join(BASELINE_DIR, file), 'utf8')), file) as Baseline;
}

/** What `npm run load -- <scenario>` configures against the bundled reference (src/k6/target.ts). */
function defaultConfig(scenario: ScenarioName) {
  const env = {
    API_BASE_URL: 'http://127.0.0.1:9',
    API_SUBSCRIPTION_KEY: 'baseline-test-key',
    API_SECRET: 'baseline-test-secret',
    API_ENVIRONMENT: 'local',
    API_PROFILE: REFERENCE_PROFILE_PATH,
    ...LOCAL_DEFAULTS.all,
    ...LOCAL_DEFAULTS[scenario],
  };
  return readLoadConfig(scenario, env, readFileSync(REFERENCE_PROFILE_PATH, 'utf8'));
}

for (const file of SHIPPED) {
  test(`load/baselines/${file}: records the work it did, its plan the one a default run has today, and how it was derived`, () => {
    const baseline = readBaseline(file);
    const work = baseline.work;
    expect(work).toBeTruthy();
    if (!work || !isScenarioName(baseline.scenario)) return;
    expect(work).toMatchObject({ ...plannedWork(defaultConfig(baseline.scenario)) });
    expect(work.iterationsDone).toBeGreaterThanOrEqual(work.iterationsPlanned);
    expect(work.derived).toMatch(/^added on 2026-11-26 from this file's own figures/);
    // Its own figures bear it out: one request per iteration (reads), three per flow done (subscriptions).
    const requests = Object.values(baseline.endpoints).reduce((n, e) => n + e.count, 0);
    const perIteration = baseline.totals.httpRequestsPerSecond / baseline.totals.iterationsPerSecond;
    expect(Math.round(requests / perIteration)).toBe(work.iterationsDone);
    expect(requests).toBe((work.iterationsDone - work.budgetSkipped) * (baseline.scenario === 'subscriptions' ? 3 : 1));
  });
}

for (const scenario of SCENARIOS_WITH_A_BASELINE) {
  test(`${scenario} as it runs today against its shipped baseline: PASS, never INCOMPARABLE or a REGRESSION`, () => {
    const baseline = readBaseline(`${scenario}.json`);
    const today = runToday(scenario, baseline);
    test.info().annotations.push({ type: 'run', description: today.provenance });
    const report = buildLoadReport(defaultConfig(scenario), normaliseK6Summary(today.summary), today.summary, {
      engine: 'k6',
      runId: 'today',
      k6Version: '2.2.0',
      generatedAt: '2026-11-26T00:00:00Z',
      startedAt: null,
    });
    expect(report.verdict).toMatchObject({ valid: true, passed: true });
    const comparison = compareRuns(comparableFromReport(report), baseline);
    expect(comparison.rows.filter((r) => r.verdict === 'regression')).toEqual([]);
    // Requests/s are shown beside the baseline's, never judged: the arrival rate is the plan's.
    expect(comparison.rows.find((r) => r.metric === 'throughput')).toMatchObject({ verdict: 'shown' });
    expect(comparison).toMatchObject({ status: 'pass', reasons: [] });
  });
}

for (const file of SHIPPED) {
  test(`load/baselines/${file}: comparable with a default run against the bundled reference, tolerant of noise, not blind`, () => {
    const baseline = readBaseline(file);
    expect(baseline).toMatchObject({
      schema: BASELINE_SCHEMA,
      valid: true,
      droppedIterations: 0,
      target: 'loopback',
      environment: 'local',
    });
    expect(baseline.recordedOn).toMatch(/\d+ CPUs .*shared/);
    const scenario = baseline.scenario;
    expect(isScenarioName(scenario) && `${scenario}.json`).toBe(file);
    if (!isScenarioName(scenario)) return;
    const settings = scenarioSettings(defaultConfig(scenario));
    const rerun = { ...baseline, settings, runId: 'rerun', k6Version: '1.3.0' };
    expect(compareRuns(rerun, baseline)).toMatchObject({ status: 'pass', reasons: [] });
    for (const metric of ['med', 'p95', 'p99'] as const)
      expect(baseline.tolerances?.[metric]?.relative ?? 0).toBeGreaterThan(DEFAULT_TOLERANCES[metric].relative);
    // Noise on a busy machine: every latency doubled, plus 10 ms, passes.
    const noisy = (v: number): number => v * 2 + 10;
    const endpoints = (f: (v: number) => number) =>
      Object.fromEntries(Object.entries(baseline.endpoints).map(([k, e]) => [k, { ...e, med: f(e.med), p95: f(e.p95), p99: f(e.p99) }]));
    expect(
      compareRuns(
        {
          ...rerun,
          endpoints: endpoints(noisy),
          totals: { ...baseline.totals, p95: noisy(baseline.totals.p95), p99: noisy(baseline.totals.p99) },
        },
        baseline,
      ).status,
    ).toBe('pass');
    // A target 150 ms slower on every request is a regression.
    const slow = (v: number): number => v + 150;
    expect(
      compareRuns(
        {
          ...rerun,
          endpoints: endpoints(slow),
          totals: { ...baseline.totals, p95: slow(baseline.totals.p95), p99: slow(baseline.totals.p99) },
        },
        baseline,
      ).status,
    ).toBe('regression');
  });
}

for (const file of SHIPPED) {
  test(`load/baselines/${file}: its work is the work its scenario does today (driven now, with the local defaults, by the Node driver)`, async () => {
    const baseline = readBaseline(file);
    const scenario = baseline.scenario as ScenarioName;
    const reference = await startReferenceServer({ port: 0, credentials: CANARY });
    try {
      const run = await driveScenario({
        scenario,
        target: { url: reference.url, credentials: CANARY },
        iterations: 5,
        knobs: { ...LOCAL_DEFAULTS.all, ...LOCAL_DEFAULTS[scenario] },
      });
      const today = run.report.work;
      const done = { iterationsDone: baseline.work?.iterationsDone ?? 0, budgetSkipped: baseline.work?.budgetSkipped ?? 0 };
      expect(workDifferences({ ...today, ...done }, baseline.work as NonNullable<typeof baseline.work>)).toEqual([]);
      expect(today).toMatchObject({ ...plannedWork(defaultConfig(scenario)), setupCreates: baseline.work?.setupCreates });
    } finally {
      await reference.close();
    }
  });
}
