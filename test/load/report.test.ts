// handleSummary's output, built from fabricated k6 summaries: verdicts (invalid on dropped
// iterations, by-design stop of the rate probe), per-endpoint latency, JUnit, console text, and
// no credential anywhere.
import { test, expect } from '@playwright/test';
import { buildLoadReport, redactSecrets, renderJUnit, renderTextSummary } from '../../load/lib/report.ts';
import { normaliseK6Summary } from '../../load/lib/summary.ts';
import { compareNames } from '../../load/lib/order.ts';
import { summaryOutputs } from '../../load/lib/summary-outputs.ts';
import { validateLoadReport } from '../../src/report/report-schema.ts';
import { SECRET, SECRET_KEY, config, counter, k6Summary, rate, trend } from './fixtures.ts';

const META = {
  engine: 'k6' as const,
  runId: 'run-1',
  k6Version: '1.3.0',
  generatedAt: '2026-01-01T00:01:00.000Z',
  startedAt: '2026-01-01T00:00:00.000Z',
};

function paginationSummary(extra: Record<string, ReturnType<typeof counter>> = {}, failedLatency = false) {
  return k6Summary(
    {
      'http_req_duration{scenario:pagination}': trend(12, 40, 80, 300, { 'p(95)<500': { ok: !failedLatency }, 'p(99)<1500': { ok: true } }),
      'http_req_duration{scenario:pagination,name:GET /offer,page_size:7}': trend(10, 30, 60, 200, { 'p(95)<500': { ok: true } }),
      'http_reqs{scenario:pagination,name:GET /offer,page_size:7}': counter(200, 10, { 'count>=0': { ok: true } }),
      'http_req_duration{scenario:pagination,name:GET /subscription,page_size:7}': trend(20, 50, 90, 100),
      'http_reqs{scenario:pagination}': counter(300, 10, { 'count>=0': { ok: true } }),
      'http_req_failed{scenario:pagination}': rate(0, 300, { 'rate<0.01': { ok: true } }),
      'checks{scenario:pagination}': rate(900, 0, { 'rate>=0.99': { ok: true } }),
      'rate_limited{scenario:pagination}': rate(0, 300),
      'contract_violations{rule:ids-unique-across-pages}': counter(0, 10, { 'count==0': { ok: true } }),
      iterations: counter(300),
      pagination_walks_completed: counter(12),
      ...extra,
    },
    [{ name: 'contract: ids never repeat across the pages of one walk', passes: 300, fails: 0 }],
  );
}

test('a clean run passes, with latency per endpoint and page size', () => {
  const report = buildLoadReport(config('pagination'), normaliseK6Summary(paginationSummary()), paginationSummary(), META);
  expect(report.verdict).toEqual({ valid: true, passed: true, reasons: [], stoppedByDesign: null });
  expect(report.endpoints.map((e) => [e.key, e.count, e.p95])).toEqual([
    ['GET /offer limit=7', 200, 30],
    ['GET /subscription limit=7', 100, 50],
  ]);
  expect(report.totals).toMatchObject({
    httpRequests: 300,
    httpRequestsPerSecond: 30,
    droppedIterations: 0,
    errorRate: 0,
    checkRate: 1,
    p95: 40,
  });
  expect(report.scenarioResult).toEqual({ kind: 'pagination', walksCompleted: 12, walksListChanged: 0 });
  expect(report.thresholds.some((t) => t.expression === 'count>=0')).toBe(false);
});

test('an endpoint no request reached within the run shows no latency and is named in a note', () => {
  // A threshold declares its sub-metric up front; k6 reports it with zero samples.
  const data = paginationSummary({
    'http_req_duration{scenario:pagination,name:GET /allocation/{offerId},page_size:100}': trend(0, 0, 0, 0, { 'p(95)<500': { ok: true } }),
    'http_reqs{scenario:pagination,name:GET /allocation/{offerId},page_size:100}': counter(0),
  });
  const report = buildLoadReport(config('pagination'), normaliseK6Summary(data), data, META);
  expect(report.endpoints.map((e) => e.key)).toEqual(['GET /offer limit=7', 'GET /subscription limit=7']);
  expect(report.notes).toContain(
    'no request reached GET /allocation/{offerId} limit=100 within the run (a longer run walks them too); no latency is shown for them',
  );
  expect(renderTextSummary(report, [])).not.toMatch(/GET \/allocation\/\{offerId\} limit=100\s+0/);
});

test('dropped iterations make the run invalid, never a pass', () => {
  const data = paginationSummary({ dropped_iterations: counter(4, 10, { 'count==0': { ok: false } }) });
  const report = buildLoadReport(config('pagination'), normaliseK6Summary(data), data, META);
  expect(report.verdict.valid).toBe(false);
  expect(report.verdict.passed).toBe(false);
  expect(report.verdict.reasons[0]).toContain('4 iterations were dropped');
  expect(renderJUnit(report)).toContain(
    '<testcase classname="load.pagination" name="run validity: no dropped iterations" time="0">\n      <failure',
  );
  expect(renderTextSummary(report, [])).toContain('INVALID');
});

test('a crossed threshold fails the run and names it', () => {
  const data = paginationSummary({}, true);
  const report = buildLoadReport(config('pagination'), normaliseK6Summary(data), data, META);
  expect(report.verdict.passed).toBe(false);
  expect(report.verdict.reasons).toEqual(['threshold crossed: http_req_duration{scenario:pagination} p(95)<500']);
  const junit = renderJUnit(report);
  expect(junit).toMatch(/failures="1"/);
  expect(junit).toContain('name="threshold http_req_duration{scenario:pagination} p(95)&lt;500"');
});

test('the rate probe stopping on its own rule is by design, with the onset and recovery reported', () => {
  const c = config('rate-probe', { RATE_START: '10', RATE_STEP: '2', RATE_MAX: '24', RATE_STEP_DURATION: '3s' });
  const data = k6Summary({
    'rate_probe_limited_share{target_rps:18}': rate(0, 54, { 'rate>=0': { ok: true } }),
    'rate_probe_limited_share{target_rps:20}': rate(1, 59, { 'rate>=0': { ok: true } }),
    'rate_probe_limited_share{target_rps:22}': rate(6, 60, { 'rate>=0': { ok: true } }),
    'rate_probe_429{target_rps:22}': counter(6, 10, { 'count<3': { ok: false } }),
    'rate_probe_429{target_rps:20}': counter(1, 10, { 'count<3': { ok: true } }),
    rate_limit_retry_after_present: rate(7, 0),
    rate_limit_json_body: rate(7, 0),
    rate_probe_recovered: rate(1, 0),
    rate_probe_recovery_ms: trend(2100, 2100, 2100, 1),
    'http_req_failed{scenario:rate_probe}': rate(0, 180, { 'rate<0.01': { ok: true } }),
  });
  const report = buildLoadReport(c, normaliseK6Summary(data), data, META);
  expect(report.verdict.passed).toBe(true);
  expect(report.verdict.stoppedByDesign).toContain('22 requests/s');
  const r = report.scenarioResult;
  expect(r.kind === 'rate-probe' && r.onset.onsetRps).toBe(22);
  expect(r.kind === 'rate-probe' && r.recovery).toEqual({ checked: true, recovered: true, recoveredAfterMs: 2520 });
  expect(report.rateLimitAnswers).toMatchObject({ count: 7, retryAfterShare: 1, jsonBodyShare: 1 });
  expect(report.notes.join('\n')).toContain('sporadic 429s below the onset: 1 of 60 at 20 requests/s');
  expect(renderJUnit(report)).toContain('(stop rule)');
});

test('the machine-readable summary shape (k6 --new-machine-readable-summary) is read too', () => {
  const s = normaliseK6Summary({
    version: '1.0.0',
    config: { duration: 12.5, execution: 'local' },
    metadata: { generatedAt: '2026-01-01T00:00:00Z', k6Version: '2.2.0' },
    results: {
      metrics: [
        { name: 'http_req_duration{scenario:polling}', type: 'trend', contains: 'time', values: { avg: 5, med: 4, 'p(95)': 9 } },
        { name: 'checks', type: 'rate', contains: 'default', values: { matches: 9, total: 10, rate: 0.9 } },
      ],
      checks: { results: [{ name: 'x', passes: 9, fails: 1 }] },
    },
  });
  expect(s.format).toBe('machine-readable');
  expect(s.k6Version).toBe('2.2.0');
  expect(s.testRunDurationMs).toBe(12_500);
  expect(s.metrics.checks.values).toMatchObject({ passes: 9, fails: 1, rate: 0.9 });
  expect(s.thresholdsKnown).toBe(false);
  expect(() => normaliseK6Summary({ nothing: true })).toThrow(/neither/);
});

test('handleSummary outputs: report, JUnit and console text, none holding a credential', () => {
  const data = paginationSummary();
  const out = summaryOutputs(config('pagination'), data, ['a note'], 'k6', '2026-01-01T00:01:00.000Z');
  expect(Object.keys(out).sort()).toEqual(['reports/load/pagination.json', 'reports/load/pagination.junit.xml', 'stdout']);
  for (const text of Object.values(out)) {
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain(SECRET_KEY);
  }
  const report = JSON.parse(out['reports/load/pagination.json']);
  expect(report.run.runId).toBe('run-1');
  expect(report.k6Summary.setup_data).toBeUndefined();
  expect(report.notes).toContain('a note');
  expect(redactSecrets(`x${SECRET}y${SECRET}`, [SECRET, ''])).toBe('x[redacted]y[redacted]');
});

test('issue 29, item 6: a one-character credential, as measured, cannot break the JSON report', () => {
  // readLoadConfig refuses credentials shorter than 8 characters; this is the last guard behind it. Digits are in
  // numbers: redacted in the serialised text, as before, they broke the file.
  const short = { ...config('pagination'), credentials: { subscriptionKey: '9', secret: '0' } };
  const out = summaryOutputs(short, paginationSummary(), ['a note'], 'k6', '2026-01-01T00:01:00.000Z');
  const report = JSON.parse(out['reports/load/pagination.json']);
  expect(report.run.generatedAt).toBe('2026-01-01T00:01:00.000Z'.split('0').join('[redacted]'));
  expect(report.notes).toContain('a note');
  expect(JSON.stringify(report), 'numbers stay numbers').toMatch(/:\d*[09]\d*[,}]/);
});

test('thresholds are listed by metric, numbers in tags by value, whatever order k6 gave them in', () => {
  const data = paginationSummary({
    'rate_probe_429{target_rps:100}': counter(0, 10, { 'count<5': { ok: true } }),
    'rate_probe_429{target_rps:20}': counter(0, 10, { 'count<3': { ok: true } }),
    'rate_probe_429{target_rps:9}': counter(0, 10, { 'count<3': { ok: true } }),
  });
  const report = buildLoadReport(config('pagination'), normaliseK6Summary(data), data, META);
  const probe = report.thresholds.filter((t) => t.metric.startsWith('rate_probe_429')).map((t) => t.metric);
  expect(probe).toEqual(['rate_probe_429{target_rps:9}', 'rate_probe_429{target_rps:20}', 'rate_probe_429{target_rps:100}']);
  const metrics = report.thresholds.map((t) => t.metric);
  expect(metrics).toEqual([...metrics].sort(compareNames));
});

test('a 3xx answer fails the run and is named with the origin its Location pointed at (never followed)', () => {
  const data = k6Summary(
    {
      'http_req_duration{scenario:pagination}': trend(12, 40, 80, 38, { 'p(95)<500': { ok: true } }),
      'http_reqs{scenario:pagination}': counter(38, 10, { 'count>=0': { ok: true } }),
      'http_req_failed{scenario:pagination}': rate(38, 0, { 'rate<0.01': { ok: false } }),
      redirects_refused: counter(38, 10, { 'count==0': { ok: false } }),
      iterations: counter(38),
    },
    [
      { name: 'redirect refused (not followed): GET /offer answered 307 to http://127.0.0.1:43121', passes: 0, fails: 36 },
      { name: 'redirect refused (not followed): setup GET /allocation answered 302 to http://127.0.0.1:8080', passes: 0, fails: 2 },
    ],
  );
  const report = buildLoadReport(config('pagination'), normaliseK6Summary(data), data, META);
  expect(report.redirectsRefused).toEqual([
    { endpoint: 'GET /offer', status: 307, origin: 'http://127.0.0.1:43121', count: 36 },
    { endpoint: 'setup GET /allocation', status: 302, origin: 'http://127.0.0.1:8080', count: 2 },
  ]);
  expect(report.verdict.passed).toBe(false);
  expect(report.verdict.reasons[0]).toBe(
    '38 redirect answer(s) refused, never followed, each a failed request: GET /offer 307 to http://127.0.0.1:43121 (36); setup GET /allocation 302 to http://127.0.0.1:8080 (2)',
  );
  expect(report.verdict.reasons).toContain('threshold crossed: redirects_refused count==0');
  expect(renderTextSummary(report, [])).toContain('! 38 redirect answer(s) refused');
});

// The report's shape is published (schemas/load-report.schema.json) and read by load:compare, the certification and
// npm run history: every scenario's report from k6's legacy summary and from its machine-readable one follows it
// (node-driver-run.ts holds every Node-driver report of npm test to it too), and the check has teeth.
test('every scenario report, from either summary shape, follows schemas/load-report.schema.json', () => {
  const machineReadable = {
    version: '1.0.0',
    config: { duration: 12.5 },
    metadata: { k6Version: '2.2.0' },
    results: { metrics: [{ name: 'iterations', type: 'counter', values: { count: 3, rate: 1 } }], checks: { results: [] } },
  };
  for (const scenario of ['pagination', 'polling', 'subscriptions', 'rate-probe'] as const)
    for (const data of [paginationSummary(), machineReadable]) {
      const report = buildLoadReport(config(scenario), normaliseK6Summary(data), data, META);
      expect(validateLoadReport(report).errors, `${scenario} from ${normaliseK6Summary(data).format}`).toEqual([]);
    }
  const report = buildLoadReport(config('polling'), normaliseK6Summary(paginationSummary()), paginationSummary(), META);
  expect(validateLoadReport({ ...report, run: { ...report.run, engine: 'autocannon' } }).errors).toEqual([
    '/run/engine: must be equal to one of the allowed values',
  ]);
  expect(validateLoadReport({ ...report, work: { ...report.work, iterationsDone: undefined } }).valid).toBe(false);
});
