// Like for like in the history's judgement (src/history/analyse.ts), on made-up runs: a run whose load ran on another
// engine (k6, the Node driver) or ran no load is "not comparable", never a regression, as another pace is.
import { expect, test } from '@playwright/test';
import { analyseHistory, DEFAULT_HISTORY_OPTIONS, enginesOf } from '../../src/history/analyse.ts';
import type { LoadFigures, RunRecord } from '../../src/history/runs.ts';

let day = 0;
function run(p95ms: number, engines: string[]): RunRecord {
  day += 1;
  const load: LoadFigures[] = engines.map((engine) => ({ scenario: 'pagination', engine, p95: { 'GET /offer': 10 }, passed: true }));
  return {
    dir: `/runs/${day}`,
    runId: `run-${day}`,
    startedAt: `2026-01-${String(day).padStart(2, '0')}T02:00:00.000Z`,
    verdict: 'pass',
    stoppedKind: null,
    target: 'https://staging.example',
    environment: 'staging',
    pace: 10,
    suiteVersion: '0.1.0',
    deploymentVersion: null,
    clauses: {},
    failures: {},
    unconfirmed: {},
    latencies: { 'offer.list': Array.from({ length: 20 }, () => p95ms) },
    load,
    reportPage: null,
  };
}

test('the engines of a run: each load report once, none when no load ran', () => {
  expect(enginesOf(run(10, ['node', 'k6', 'k6']))).toBe('k6+node');
  expect(enginesOf(run(10, []))).toBe('');
});

test('another load engine: not comparable, never a regression; the runs of the first engine are compared again after', () => {
  const history = analyseHistory([
    run(20, ['k6']),
    run(20, ['k6']),
    run(20, ['k6']),
    run(400, ['node']),
    run(20, ['k6']),
    run(400, ['k6']),
  ]);
  const [, , , other, back, slow] = history.runs;
  expect(other.notComparable).toBe('not comparable: its load engine is node (the run before: k6); no earlier run had the same');
  expect(other.regressions).toEqual([]);
  expect(back.notComparable).toBeNull();
  expect(back.regressions).toEqual([]);
  // The same engine again, 20 times slower: a regression, held to the k6 runs alone.
  expect(slow.regressions.map((r) => [r.operation, r.median])).toEqual([['offer.list', 20]]);
});

test('a run with no load beside runs with k6: not comparable', () => {
  const history = analyseHistory([run(20, ['k6']), run(20, ['k6']), run(20, [])]);
  expect(history.runs[2].notComparable).toBe(
    'not comparable: its load engine is no load run (the run before: k6); no earlier run had the same',
  );
});

test('a handful of answers: one slow answer lifts the p95 alone and is no regression; a slower operation moves its p50 too', () => {
  const few = (ms: number[]) => ({ ...run(0, []), latencies: { 'subscription.create': ms } });
  const history = analyseHistory([
    few([40, 42, 45, 41, 44]),
    few([43, 40, 46, 42, 41]),
    few([41, 44, 42, 40, 43]),
    few([42, 41, 43, 40, 230]), // one slow answer: p95 near 230, p50 42
    few([242, 241, 243, 240, 245]), // every answer 200 ms slower
  ]);
  expect(history.runs[3].regressions).toEqual([]);
  expect(history.runs[4].regressions.map((r) => r.operation)).toEqual(['subscription.create']);
});

test('two answers on a runner at full load: one slow and one slower lift p50 and p95, not the fastest; no regression', () => {
  // Seen in CI (the series test, --tolerance-ms 100): health's two answers at 60 and 170 ms in a run where the earlier
  // runs' answered in 2 ms.
  const two = (ms: number[]) => ({ ...run(0, []), latencies: { health: ms } });
  const history = analyseHistory([two([2, 2]), two([1, 2]), two([3, 3]), two([60, 170]), two([205, 207])], {
    ...DEFAULT_HISTORY_OPTIONS,
    absoluteMs: 100,
  });
  expect(history.runs[3].operations.health).toMatchObject({ min: 60, p50: 115 });
  expect(history.runs[3].regressions).toEqual([]);
  expect(history.runs[4].regressions.map((r) => r.operation)).toEqual(['health']);
});
