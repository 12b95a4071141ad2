// The regression comparison, with fabricated runs: a 20% p95 regression fails, noise inside the
// tolerance passes, dropped iterations make the run invalid, different settings are incomparable;
// and the HTML report is self-contained with its charts inline.
import { test, expect } from '@playwright/test';
import {
  type ComparableRun,
  BASELINE_SCHEMA,
  compareRuns,
  compareValue,
  DEFAULT_TOLERANCES,
  exitCodeFor,
  readComparable,
} from '../../load/lib/compare.ts';
import { renderHtml, renderMarkdown } from '../../load/lib/compare-render.ts';
import { comparableRun } from './fixtures.ts';

const run = (overrides: Partial<ComparableRun> = {}, p95 = 100, endpointP95 = 80) => comparableRun(overrides, p95, endpointP95);

interface Case {
  description: string;
  current: ComparableRun;
  status: 'pass' | 'regression' | 'invalid' | 'incomparable';
  force?: boolean;
}

const CASES: Case[] = [
  { description: 'identical runs pass', current: run(), status: 'pass' },
  { description: 'noise inside tolerance passes (p95 +8%, endpoint p95 +10%)', current: run({}, 108, 88), status: 'pass' },
  { description: 'a 20% p95 regression fails', current: run({}, 120), status: 'regression' },
  { description: 'a 20% p95 regression of one endpoint fails', current: run({}, 100, 96), status: 'regression' },
  { description: 'faster is not a regression', current: run({}, 60, 50), status: 'pass' },
  {
    description: 'a drop in throughput beyond 10% fails',
    current: run({ totals: { ...run().totals, httpRequestsPerSecond: 4 } }),
    status: 'regression',
  },
  { description: 'more failed requests fail', current: run({ totals: { ...run().totals, errorRate: 0.02 } }), status: 'regression' },
  {
    description: 'dropped iterations make the run invalid even when faster',
    current: run({ valid: false, droppedIterations: 3 }, 50),
    status: 'invalid',
  },
  {
    description: 'different settings are incomparable',
    current: run({ settings: { pagesPerSecond: 10, pageSizes: [1, 25], durationMs: 30000 } }),
    status: 'incomparable',
  },
  {
    description: 'a different duration alone is comparable',
    current: run({ settings: { pagesPerSecond: 5, pageSizes: [1, 25], durationMs: 60000 } }),
    status: 'pass',
  },
  {
    description: 'forced comparison across settings still finds the regression',
    current: run({ settings: { pagesPerSecond: 10 } }, 130),
    status: 'regression',
    force: true,
  },
];

for (const c of CASES) {
  test(`compare: ${c.description}`, () => {
    const result = compareRuns(c.current, run(), { force: c.force });
    expect(result.status).toBe(c.status);
    expect(exitCodeFor(result)).toBe(c.status === 'pass' ? 0 : 1);
  });
}

test('an invalid baseline is never compared', () => {
  expect(compareRuns(run(), run({ valid: false, droppedIterations: 1 })).status).toBe('invalid');
});

test('tolerance is the larger of relative and absolute: tiny local latencies do not flap', () => {
  expect(compareValue('x', 'p95', 2, 4, DEFAULT_TOLERANCES.p95).verdict).toBe('ok'); // +2ms < 5ms floor
  expect(compareValue('x', 'p95', 100, 116, DEFAULT_TOLERANCES.p95).verdict).toBe('regression');
  expect(compareValue('x', 'p95', 100, 115, DEFAULT_TOLERANCES.p95).verdict).toBe('ok');
  expect(compareValue('x', 'throughput', 10, 8.9, DEFAULT_TOLERANCES.throughput).verdict).toBe('regression');
});

test('baseline tolerance overrides apply', () => {
  const baseline = { ...run(), tolerances: { p95: { relative: 0.3 } } };
  expect(compareRuns(run({}, 125), baseline).status).toBe('pass');
});

test('a baseline file and a run report are both accepted as input; anything else is refused', () => {
  expect(readComparable({ schema: BASELINE_SCHEMA, ...run(), recordedAt: 'x' }, 'b.json').scenario).toBe('pagination');
  expect(() => readComparable({ schema: 'other' }, 'x.json')).toThrow(/neither a load report/);
});

test('the reports explain the verdict; the HTML is self-contained with inline SVG charts', () => {
  const result = compareRuns(run({}, 120), run());
  const md = renderMarkdown(result);
  expect(md).toContain('REGRESSION');
  expect(md).toContain('| scenario | p95 latency | 100 ms | 120 ms | +20 ms (+20%) | 15 ms | ✗ regression |');
  const html = renderHtml(result);
  expect(html).toContain('data-status="regression"');
  expect((html.match(/<svg /g) ?? []).length).toBe(2);
  expect(html).toContain('GET /offer limit=25');
  expect(html).not.toMatch(/<script|<link|src=|@import|url\(/i);
});
