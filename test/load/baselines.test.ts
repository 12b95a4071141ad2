// The baselines shipped in load/baselines/ for the bundled reference: each one is a valid baseline,
// says what machine it was measured on, and is comparable with what `npm run load -- <scenario>`
// runs by default (same settings, loopback target), so `npm run load:compare` works out of the box.
// Its tolerances are wide for a shared 2-core machine, yet a run several times slower still fails.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { type Baseline, BASELINE_SCHEMA, compareRuns, DEFAULT_TOLERANCES, readComparable } from '../../load/lib/compare.ts';
import { readLoadConfig, scenarioSettings } from '../../load/lib/config.ts';
import { isScenarioName } from '../../load/lib/names.ts';
import { BASELINE_DIR } from '../../src/k6/paths.ts';
import { LOCAL_DEFAULTS } from '../../src/k6/target.ts';
import { REFERENCE_PROFILE_PATH } from '../../src/run/bundled-reference.ts';

const SHIPPED = readdirSync(BASELINE_DIR)
  .filter((f) => f.endsWith('.json'))
  .sort();

test("baselines are shipped for the reference's pagination, polling and subscriptions scenarios", () => {
  expect(SHIPPED).toEqual(['pagination.json', 'polling.json', 'subscriptions.json']);
});

for (const file of SHIPPED) {
  test(`load/baselines/${file}: comparable with a default run against the bundled reference, tolerant of noise, not blind`, () => {
    const baseline = readComparable(JSON.parse(readFileSync(join(BASELINE_DIR, file), 'utf8')), file) as Baseline;
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
    // What `npm run load -- <scenario>` configures against the bundled reference (src/k6/target.ts).
    const env = {
      API_BASE_URL: 'http://127.0.0.1:9',
      API_SUBSCRIPTION_KEY: 'k',
      API_SECRET: 's',
      API_ENVIRONMENT: 'local',
      API_PROFILE: REFERENCE_PROFILE_PATH,
      ...LOCAL_DEFAULTS.all,
      ...LOCAL_DEFAULTS[scenario],
    };
    const settings = scenarioSettings(readLoadConfig(scenario, env, readFileSync(REFERENCE_PROFILE_PATH, 'utf8')));
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
