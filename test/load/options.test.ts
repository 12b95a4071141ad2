// The k6 options each scenario exports: open-model executors with whole-number rates, VUs sized
// from rate and latency, exec names that exist in the scripts, and thresholds k6 can parse.
import { readFileSync } from 'node:fs';
import { test, expect } from '@playwright/test';
import { parseMetricKey } from '../../load/lib/metric-keys.ts';
import { METRIC, SCENARIOS, SCENARIO_KEY } from '../../load/lib/names.ts';
import { type ThresholdSpec, buildOptions, plannedDurationMs } from '../../load/lib/scenario-options.ts';
import { sizeVUs, toArrivalRate } from '../../load/lib/plan.ts';
import { config } from './fixtures.ts';

const BUILT_IN = ['http_req_duration', 'http_reqs', 'http_req_failed', 'checks', 'dropped_iterations', 'iterations'];
const KNOWN = new Set<string>([...BUILT_IN, ...Object.values(METRIC)]);
const expression = (t: ThresholdSpec): string => (typeof t === 'string' ? t : t.threshold);
const aborts = (specs: ThresholdSpec[] | undefined): boolean => (specs ?? []).some((t) => typeof t !== 'string' && t.abortOnFail === true);

for (const scenario of SCENARIOS) {
  test(`${scenario}: one open-model scenario whose exec function the script exports`, () => {
    const options = buildOptions(config(scenario));
    const key = SCENARIO_KEY[scenario];
    expect(Object.keys(options.scenarios)).toEqual([key]);
    const s = options.scenarios[key];
    expect(s.exec).toBe(key);
    expect(readFileSync(new URL(`../../load/${scenario}.ts`, import.meta.url), 'utf8')).toContain(`export function ${key}(`);
    expect(['constant-arrival-rate', 'ramping-arrival-rate']).toContain(s.executor);
    expect(Number.isInteger(s.preAllocatedVUs) && s.preAllocatedVUs >= 1).toBe(true);
    expect(s.maxVUs).toBe(s.preAllocatedVUs);
    if (s.executor === 'constant-arrival-rate') expect(Number.isInteger(s.rate) && s.rate >= 1).toBe(true);
    else expect(s.stages.every((st) => Number.isInteger(st.target))).toBe(true);
    expect(options.discardResponseBodies).toBe(true);
    expect(options.maxRedirects, 'no redirect is followed: it would take the credentials along').toBe(0);
    expect(options.summaryTrendStats).toContain('p(99)');
    expect(plannedDurationMs(config(scenario))).toBeGreaterThan(0);
  });

  test(`${scenario}: thresholds name known metrics, parse, and guard safety with abortOnFail`, () => {
    const t = buildOptions(config(scenario)).thresholds;
    for (const key of Object.keys(t)) {
      const parsed = parseMetricKey(key);
      expect(KNOWN.has(parsed.metric), key).toBe(true);
      for (const v of Object.values(parsed.tags)) expect(v).not.toContain(',');
      for (const spec of t[key]) expect(expression(spec)).toMatch(/^(count|rate|p\(\d+\))\s*(<|<=|==|>=|>)\s*[\d.]+$/);
    }
    const scope = `{scenario:${SCENARIO_KEY[scenario]}}`;
    expect(t[`http_req_duration${scope}`]).toEqual(['p(95)<500', 'p(99)<1500']);
    expect(aborts(t[`http_req_failed${scope}`])).toBe(true);
    expect(t.dropped_iterations).toEqual(['count==0']);
    expect(aborts(t[`${METRIC.rateLimited}${scope}`])).toBe(scenario !== 'rate-probe');
  });
}

test('pagination has latency thresholds per endpoint and page size', () => {
  const t = buildOptions(config('pagination', { PAGE_SIZES: '5,500', PAGE_RESOURCES: 'offers,allocations' })).thresholds;
  expect(t['http_req_duration{scenario:pagination,name:GET /offer,page_size:5}']).toBeDefined();
  expect(t['http_req_duration{scenario:pagination,name:GET /allocation/{offerId},page_size:5}']).toBeDefined();
  expect(Object.keys(t).some((k) => k.includes('page_size:500'))).toBe(false); // above maxLimit 100
  expect(t['contract_violations{rule:ids-unique-across-pages}']).toEqual(['count==0']);
});

test('subscriptions cap creates at the write budget and require every record cancelled', () => {
  const options = buildOptions(config('subscriptions', { WRITE_BUDGET: '12', SUB_RATE: '2' }));
  expect(options.thresholds.subscriptions_created).toEqual([{ threshold: 'count<=12', abortOnFail: true }]);
  expect(options.thresholds.subscriptions_left_uncancelled).toEqual(['count==0']);
  const s = options.scenarios.subscriptions;
  expect(s.executor === 'constant-arrival-rate' && s.duration).toBe('6s');
  expect(options.thresholds['http_req_duration{scenario:subscriptions,name:POST /subscription/{subscriptionId}/cancel}']).toBeDefined();
});

test('rate-probe stops at the first sustained step through one abortOnFail threshold per step', () => {
  const options = buildOptions(
    config('rate-probe', {
      RATE_START: '10',
      RATE_STEP: '5',
      RATE_MAX: '20',
      RATE_STEP_DURATION: '4s',
      RATE_SUSTAINED_MIN_429: '3',
      RATE_SUSTAINED_MIN_SHARE: '0.05',
    }),
  );
  expect(options.thresholds['rate_probe_429{target_rps:10}']).toEqual([{ threshold: 'count<3', abortOnFail: true }]);
  expect(options.thresholds['rate_probe_429{target_rps:20}']).toEqual([{ threshold: 'count<4', abortOnFail: true }]);
  const s = options.scenarios.rate_probe;
  expect(s.executor === 'ramping-arrival-rate' && s.startRate).toBe(10);
});

test('fractional rates become whole numbers per minute; VUs grow with rate and latency', () => {
  expect(toArrivalRate(5)).toEqual({ rate: 5, timeUnit: '1s' });
  expect(toArrivalRate(0.5)).toEqual({ rate: 30, timeUnit: '1m' });
  expect(toArrivalRate(0.01)).toEqual({ rate: 36, timeUnit: '1h' });
  expect(sizeVUs(10, 1, 300)).toEqual({ preAllocatedVUs: 8, maxVUs: 8 });
  expect(sizeVUs(10, 3, 300).preAllocatedVUs).toBeGreaterThan(sizeVUs(10, 1, 300).preAllocatedVUs);
});
