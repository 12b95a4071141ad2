// The series rules of npm run history (src/certify/history/series.ts), on made-up runs: the cases the real series in
// history.test.ts cannot afford (long windows, the tolerance's edges, stopped runs, several causes at once).
import { expect, test } from '@playwright/test';
import { buildSeries, HISTORY_DEFAULTS, percentile, type RunRecord } from '../../src/certify/history/series.ts';

let clock = Date.parse('2026-01-01T00:00:00Z');
function run(over: Partial<RunRecord> & { p95?: Record<string, number> } = {}): RunRecord {
  clock += 86_400_000;
  const { p95 = { 'offer.list': 100 }, ...rest } = over;
  return {
    dir: `/runs/${clock}`,
    reportLink: null,
    runId: `r${clock}`,
    startedAt: new Date(clock).toISOString(),
    verdict: 'pass',
    headline: '',
    target: 'https://staging.example',
    environment: 'staging',
    suiteVersion: '0.1.0',
    deploymentVersion: null,
    rate: 10,
    engines: [],
    clauses: { A: 'pass', B: 'pass' },
    causes: {},
    latency: Object.entries(p95).map(([operation, p]) => ({ operation, count: 20, p50: p / 2, p95: p, max: p * 2 })),
    load: [],
    ...rest,
  };
}

const marks = (s: ReturnType<typeof buildSeries>, op = 'offer.list') =>
  s.runs.map((r) => r.latencyMarks.find((m) => m.operation === op)?.mark);

test('nearest-rank percentiles: a value that was measured', () => {
  expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 95)).toBe(10);
  expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 50)).toBe(5);
  expect(percentile([7], 95)).toBe(7);
});

test('a regression needs both the tolerance and the minimum step, against the median of the window', () => {
  const s = buildSeries([100, 110, 90, 100, 151, 149, 400, 100].map((p) => run({ p95: { 'offer.list': p } })));
  // run 5: 151 > 100 × 1.5 and 51 ms >= 50: a regression; run 6: 149, not; run 7: far above; run 8 back.
  expect(marks(s)).toEqual(['no-baseline', 'no-baseline', 'ok', 'ok', 'regression', 'ok', 'regression', 'ok']);
  const fast = buildSeries([4, 4, 4, 9].map((p) => run({ p95: { 'offer.list': p } })));
  // +125 % but 5 ms: noise on a fast target, not a regression.
  expect(marks(fast).at(-1)).toBe('ok');
});

test('the window is the last N comparable runs: a lasting step becomes the new normal', () => {
  const s = buildSeries(
    [100, 100, 100, 300, 300, 300, 300].map((p) => run({ p95: { 'offer.list': p } })),
    { ...HISTORY_DEFAULTS, window: 3 },
  );
  expect(marks(s)).toEqual(['no-baseline', 'no-baseline', 'ok', 'regression', 'regression', 'ok', 'ok']);
});

test('another pace, target, environment or engine: not comparable, and compared only with its own kind later', () => {
  const s = buildSeries([
    run(),
    run(),
    run({ rate: 40, p95: { 'offer.list': 900 } }),
    run({ target: 'https://other.example', p95: { 'offer.list': 900 } }),
    run({ environment: 'production', p95: { 'offer.list': 900 } }),
    run({ engines: ['node'], p95: { 'offer.list': 900 } }),
    run(),
  ]);
  expect(marks(s)).toEqual(['no-baseline', 'no-baseline', 'not-comparable', 'not-comparable', 'not-comparable', 'not-comparable', 'ok']);
  expect(s.runs.map((r) => r.notComparable?.split(' (')[0] ?? null)).toEqual([
    null,
    null,
    'not comparable: pace API_RATE=40/s',
    'not comparable: pace API_RATE=10/s',
    'not comparable: target https://staging.example',
    'not comparable: environment staging',
    'not comparable: engine no load engine',
  ]);
  expect(s.regressions).toEqual([]);
});

test('flips: first failing run and recovery, grouped by cause; a clause failing throughout is no flip; a stopped run judges nothing', () => {
  const fail = (ids: string[], cause: string) => ({
    clauses: Object.fromEntries(['A', 'B', 'C'].map((id) => [id, ids.includes(id) ? ('unconfirmed' as const) : ('pass' as const)])),
    causes: Object.fromEntries(ids.map((id) => [id, cause])),
  });
  const s = buildSeries([
    run({ clauses: { A: 'pass', B: 'pass', C: 'fail' }, causes: { C: 'fails: x' } }),
    run({
      ...fail(['A', 'B'], 'not confirmed: their tests failed on OFFER-SCHEMA'),
      clauses: { A: 'unconfirmed', B: 'unconfirmed', C: 'fail' },
    }),
    run({ verdict: 'stopped', clauses: {}, latency: [] }),
    run({
      clauses: { A: 'pass', B: 'unconfirmed', C: 'fail' },
      causes: { B: 'not confirmed: their tests failed on OFFER-SCHEMA', C: 'fails: x' },
    }),
    run({ clauses: { A: 'pass', B: 'pass', C: 'fail' }, causes: { C: 'fails: x' } }),
  ]);
  expect(s.flips).toEqual([
    { cause: 'not confirmed: their tests failed on OFFER-SCHEMA', state: 'unconfirmed', firstFailing: 2, recovered: 4, clauses: ['A'] },
    { cause: 'not confirmed: their tests failed on OFFER-SCHEMA', state: 'unconfirmed', firstFailing: 2, recovered: 5, clauses: ['B'] },
  ]);
});
