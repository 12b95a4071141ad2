// Fabricated inputs for the load helpers: a k6 handleSummary object (legacy shape, as k6 1.x and
// 2.x pass it by default), a configuration, and an in-memory paged list.
import { type LoadConfig, readLoadConfig } from '../../load/lib/config.ts';
import type { ScenarioName } from '../../load/lib/names.ts';
import type { ComparableRun } from '../../load/lib/compare.ts';

export const SECRET_KEY = 'sk-test-5f1d2c';
export const SECRET = 'secret-test-9a8b7c';

export const REFERENCE_PROFILE = JSON.stringify({
  name: 'reference',
  cancel: { method: 'POST', path: '/subscription/{subscriptionId}/cancel' },
  status: { create: [201], cancelNotCancellable: [409] },
  maxLimit: 100,
});

export function env(extra: Record<string, string> = {}): Record<string, string> {
  return { API_BASE_URL: 'http://127.0.0.1:8080', API_SUBSCRIPTION_KEY: SECRET_KEY, API_SECRET: SECRET, ...extra };
}

export function config(scenario: ScenarioName, extra: Record<string, string> = {}, profile: string | null = REFERENCE_PROFILE): LoadConfig {
  return readLoadConfig(scenario, env(extra), profile);
}

type Values = Record<string, number>;
interface FakeMetric {
  type: 'counter' | 'gauge' | 'rate' | 'trend';
  values: Values;
  thresholds?: Record<string, { ok: boolean }>;
}

export function trend(med: number, p95: number, p99: number, count = 100, thresholds?: Record<string, { ok: boolean }>): FakeMetric {
  return {
    type: 'trend',
    values: { avg: med, min: med / 2, med, max: p99 * 1.2, 'p(90)': (med + p95) / 2, 'p(95)': p95, 'p(99)': p99, count },
    ...(thresholds ? { thresholds } : {}),
  };
}

export function counter(count: number, seconds = 10, thresholds?: Record<string, { ok: boolean }>): FakeMetric {
  return { type: 'counter', values: { count, rate: count / seconds }, ...(thresholds ? { thresholds } : {}) };
}

export function rate(passes: number, fails: number, thresholds?: Record<string, { ok: boolean }>): FakeMetric {
  const total = passes + fails;
  return { type: 'rate', values: { rate: total === 0 ? 0 : passes / total, passes, fails }, ...(thresholds ? { thresholds } : {}) };
}

/** A legacy-shaped handleSummary object, with setup_data holding something that must not leak. */
export function k6Summary(
  metrics: Record<string, FakeMetric>,
  checks: Array<{ name: string; passes: number; fails: number }> = [],
  durationMs = 10_000,
): unknown {
  return {
    root_group: { name: '', path: '', id: 'x', groups: [], checks: checks.map((c) => ({ ...c, path: `::${c.name}`, id: c.name })) },
    options: { summaryTrendStats: ['avg', 'min', 'med', 'max', 'p(90)', 'p(95)', 'p(99)', 'count'], summaryTimeUnit: '', noColor: false },
    state: { isStdOutTTY: false, isStdErrTTY: false, testRunDurationMs: durationMs },
    metrics,
    setup_data: { runId: 'run-1', startedAt: '2026-01-01T00:00:00.000Z', leaked: SECRET },
  };
}

/** An offset/limit list server over `items`, optionally misbehaving. */
export function pagedList(
  items: readonly unknown[],
  maxLimit = 100,
  misbehave: 'none' | 'ignore-offset' | 'short-middle' | 'overlap' = 'none',
) {
  return (offset: number, limit: number): unknown[] => {
    const size = Math.min(limit, maxLimit);
    if (misbehave === 'ignore-offset') return items.slice(0, size);
    if (misbehave === 'overlap') return items.slice(Math.max(0, offset - 1), Math.max(0, offset - 1) + size);
    if (misbehave === 'short-middle' && offset === size) return items.slice(offset, offset + size - 1);
    return items.slice(offset, offset + size);
  };
}

export function ids(n: number, prefix = 'id'): Array<{ id: string }> {
  return Array.from({ length: n }, (_, i) => ({ id: `${prefix}-${i}` }));
}

/** A run as load:compare reads it: whole-scenario p95 `p95`, and one endpoint whose p95 is `endpointP95`. */
export function comparableRun(overrides: Partial<ComparableRun> = {}, p95 = 100, endpointP95 = 80): ComparableRun {
  return {
    scenario: 'pagination',
    runId: 'r',
    k6Version: '1.3.0',
    generatedAt: '2026-01-01T00:00:00Z',
    target: 'https://staging.example.com',
    environment: 'staging',
    settings: { pagesPerSecond: 5, pageSizes: [1, 25], durationMs: 30000 },
    valid: true,
    droppedIterations: 0,
    endpoints: { 'GET /offer limit=25': { count: 150, med: 40, p95: endpointP95, p99: 120 } },
    totals: { httpRequestsPerSecond: 5, iterationsPerSecond: 5, errorRate: 0, checkRate: 1, rateLimitedShare: 0, p95, p99: 150 },
    ...overrides,
  };
}

/**
 * One k6 runner's summary of a pagination run at 8 pages/s over offers in pages of 7, with its configuration: its share
 * of the iterations, at latency p95 (the runner logs and runner reports that load:compare merges in the tests).
 */
export function paginationRunnerSummary(iterations: number, p95: number) {
  const data = k6Summary({
    'http_req_duration{scenario:pagination}': trend(p95 / 2, p95, p95 * 2, iterations),
    'http_req_duration{scenario:pagination,name:GET /offer,page_size:7}': trend(p95 / 2, p95, p95 * 2, iterations),
    'http_reqs{scenario:pagination,name:GET /offer,page_size:7}': counter(iterations),
    'http_reqs{scenario:pagination}': counter(iterations),
    'http_req_failed{scenario:pagination}': rate(0, iterations),
    'checks{scenario:pagination}': rate(iterations, 0),
    iterations: counter(iterations),
  });
  const cfg = config('pagination', { PAGE_RATE: '8', LOAD_DURATION: '10s', PAGE_SIZES: '7', PAGE_RESOURCES: 'offers' });
  return { data, cfg };
}
