// The regression comparison, with fabricated runs: a 20% p95 regression fails, noise inside the
// tolerance passes, dropped iterations make the run invalid, different settings or work are incomparable,
// throughput under an arrival-rate plan is shown and not judged; runners' summaries of one distributed run
// merge, their percentiles as bounds; and the HTML report is self-contained with its charts inline.
import { test, expect } from '@playwright/test';
import {
  type ComparableRun,
  BASELINE_SCHEMA,
  mergeRuns,
  compareRuns,
  compareValue,
  DEFAULT_TOLERANCES,
  exitCodeFor,
  readComparable,
} from '../../load/lib/compare.ts';
import { renderHtml, renderMarkdown } from '../../src/report/perf-regression-render.ts';
import type { RunWork } from '../../load/lib/report.ts';
import { comparableRun } from './fixtures.ts';
import { MARKDOWN_RENDERERS, PAYLOADS } from '../hostile/markdown-payloads.ts';

const run = (overrides: Partial<ComparableRun> = {}, p95 = 100, endpointP95 = 80) => comparableRun(overrides, p95, endpointP95);

/** subscriptions' work at 2/s within a budget of 20: 21 iterations, the last finding the budget spent. */
const WORK: RunWork = {
  executor: 'constant-arrival-rate',
  plannedRatePerSecond: 2,
  plannedDurationMs: 10_000,
  iterationsPlanned: 20,
  iterationsDone: 21,
  setupCreates: 0,
  writeBudget: 20,
  budgetSkipped: 1,
};
const worked = (work: Partial<RunWork> = {}, overrides: Partial<ComparableRun> = {}, p95 = 100) =>
  run({ work: { ...WORK, ...work }, ...overrides }, p95);

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
    description: 'a drop in throughput is shown, not judged: the arrival rate is the plan, not the target',
    current: run({ totals: { ...run().totals, httpRequestsPerSecond: 3.48 } }),
    status: 'pass',
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
    description: 'the same work passes, one iteration more or less at the edge of the plan included',
    current: worked({ iterationsDone: 20, budgetSkipped: 0 }),
    status: 'pass',
  },
  {
    description: 'creates spent in setup are different work: incomparable, never a regression, however much slower',
    current: worked({ setupCreates: 6, budgetSkipped: 7 }, { totals: { ...run().totals, p95: 300, httpRequestsPerSecond: 3.48 } }),
    status: 'incomparable',
  },
  { description: 'another write budget is different work', current: worked({ writeBudget: 40 }), status: 'incomparable' },
  { description: 'another planned rate is different work', current: worked({ plannedRatePerSecond: 4 }), status: 'incomparable' },
  {
    description: 'the same rate planned for longer is the same work (a note says so)',
    current: worked({ plannedDurationMs: 20_000, iterationsPlanned: 40, iterationsDone: 41 }),
    status: 'pass',
  },
  {
    description: 'iterations done short of the plan beyond 5% regress (the plan was not held)',
    current: worked({ iterationsDone: 18 }),
    status: 'regression',
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
    const result = compareRuns(c.current, c.current.work ? worked() : run(), { force: c.force });
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

test('different work is listed phrase by phrase; forced, it becomes a note and the figures are judged', () => {
  const current = worked({ setupCreates: 6, budgetSkipped: 7 }, { totals: { ...run().totals, p95: 300, httpRequestsPerSecond: 3.48 } });
  const result = compareRuns(current, worked());
  expect(result.reasons).toEqual([
    "the run did different work from the baseline's: setup spent 6 creates of the budget (baseline 0), so 14 iterations did the scenario's work (baseline 20); record a baseline of this work (npm run load:baseline)",
  ]);
  expect(result.rows.find((r) => r.metric === 'throughput')).toMatchObject({ verdict: 'shown', baseline: 5, current: 3.48, allowed: null });
  const forced = compareRuns(current, worked(), { force: true });
  expect(forced.status).toBe('regression');
  expect(forced.notes[0]).toMatch(/^the run did different work/);
  expect(renderMarkdown(result)).toContain('| creates spent in setup | 0 | 6 |');
  expect(renderMarkdown(result)).toContain(
    '| scenario | throughput | 5 req/s | 3.48 req/s | -1.52 req/s (-30.4%) | — | shown, not judged |',
  );
});

test('a baseline that does not record its work is compared on the rest, and says so', () => {
  const result = compareRuns(worked({ setupCreates: 6 }), run());
  expect(result.status).toBe('pass');
  expect(result.notes).toContain(
    'the baseline does not record the work it did (iterations planned and done, creates spent in setup): that part is not compared; re-record it with npm run load:baseline',
  );
});

test("runners' summaries of one run merge: counts and rates add up, shares by requests, percentiles as bounds", () => {
  const runner = (p95: number, endpointP95: number, errorRate: number, requestsPerSecond: number, count: number) =>
    worked(
      { iterationsDone: 7, setupCreates: 2, budgetSkipped: 0 },
      {
        endpoints: { 'GET /offer limit=25': { count, med: 40, p95: endpointP95, p99: 120 } },
        totals: { ...run().totals, p95, errorRate, httpRequestsPerSecond: requestsPerSecond, iterationsPerSecond: requestsPerSecond / 3 },
      },
    );
  const parts = [runner(90, 70, 0, 3, 150), runner(120, 95, 0.03, 1, 50), runner(100, 80, 0, 2, 150)];
  const merged = mergeRuns(parts);
  expect(merged.runners).toBe(3);
  expect(merged.work).toMatchObject({ iterationsPlanned: 20, iterationsDone: 21, setupCreates: 6 });
  expect(merged.totals).toMatchObject({ httpRequestsPerSecond: 6, p95: 120, spread: { p95: [90, 120] } });
  expect(merged.totals.errorRate).toBeCloseTo(0.005, 10);
  expect(merged.endpoints['GET /offer limit=25']).toMatchObject({ count: 350, p95: 95, spread: { p95: [70, 95] } });
  // A baseline p95 of 100 ms (tolerance 15 ms): the runners' 90..120 ms straddle it: not judged, and said.
  const result = compareRuns(merged, worked({ setupCreates: 6, budgetSkipped: 0 }));
  expect(result.rows.find((r) => r.scope === 'scenario' && r.metric === 'p95')?.verdict).toBe('undecided');
  expect(result.status).toBe('pass');
  expect(result.notes.some((n) => n.startsWith('p95 latency of scenario: the highest runner'))).toBe(true);
  // Every runner slower than the tolerance: a regression.
  const slow = mergeRuns(parts.map((p) => ({ ...p, totals: { ...p.totals, p95: p.totals.p95 + 100 } })));
  expect(compareRuns(slow, worked({ setupCreates: 6, budgetSkipped: 0 })).status).toBe('regression');
});

test('summaries of different runs are not merged', () => {
  expect(() => mergeRuns([run({ runId: 'a' }), run({ runId: 'b' })])).toThrow(/not runners of one run: their run ids differ/);
  expect(() => mergeRuns([run(), run({ settings: { pagesPerSecond: 9 } })])).toThrow(/their settings differ/);
  // A report of the Node driver among k6 runners' (a report from before engines were recorded is k6's).
  expect(() => mergeRuns([run({ engine: 'k6' }), run(), run({ engine: 'node-driver' })])).toThrow(/their engines differ/);
});

test('runs of two engines are never compared, either way round, not even forced; re-recording is not offered across engines', () => {
  const driver = worked({ plannedRatePerSecond: 4 }, { engine: 'node-driver' });
  for (const [current, baseline] of [
    [driver, worked({}, { engine: 'k6' })],
    [worked({ plannedRatePerSecond: 4 }, { engine: 'k6' }), worked({}, { engine: 'node-driver' })],
  ])
    for (const force of [false, true]) {
      const result = compareRuns(current, baseline, { force });
      expect(result.status).toBe('incomparable');
      expect(exitCodeFor(result)).toBe(1);
      expect(result.reasons[0]).toMatch(
        /^different engines: the run was made by .+, the baseline by .+; their figures measure different things$/,
      );
      expect([...result.reasons, ...result.notes].join('\n')).not.toContain('npm run load:baseline');
    }
  // Between two runs of one engine, different work still points to re-recording.
  expect(compareRuns(driver, worked({}, { engine: 'node-driver' })).reasons.join('\n')).toContain('npm run load:baseline');
});

test("a summary's values (target, scenario, endpoints) render as text in the Markdown under both renderers, never as links or markup", () => {
  for (const payload of PAYLOADS) {
    const hostile = run({
      scenario: payload as ComparableRun['scenario'],
      target: `https://staging.example.com/${payload}`,
      environment: payload,
      runId: payload,
      endpoints: { [payload]: { count: 150, med: 40, p95: 80, p99: 120 } },
    });
    const md = renderMarkdown(compareRuns(run({ ...hostile }, 120), hostile));
    for (const renderer of MARKDOWN_RENDERERS) {
      if (renderer.missing) {
        test.info().annotations.push({ type: renderer.name, description: renderer.missing });
        continue;
      }
      const html = renderer.render(md);
      expect(html, `${renderer.name}: ${JSON.stringify(payload)}`).not.toMatch(/<(a|img|script|iframe|svg|details)[\s>]/);
      expect(html.match(/<h1[\s>]/g), `${renderer.name}: one heading of level 1 (${JSON.stringify(payload)})`).toHaveLength(1);
    }
  }
});
