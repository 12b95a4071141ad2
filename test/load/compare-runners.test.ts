// load:compare on a distributed run: given a folder of its runners' reports (k6-operator: one per runner pod), it
// merges them into one run and compares that; reports of different runs in one folder are refused in one sentence.
// Each scenario keeps its own pair of reports under reports/perf-regression/.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { expect, test } from '@playwright/test';
import { buildLoadReport } from '../../load/lib/report.ts';
import { normaliseK6Summary } from '../../load/lib/summary.ts';
import { paginationRunnerSummary } from './fixtures.ts';
import { runLoadCompare } from './load-compare-cli.ts';

/** One runner's report of a pagination run at 8 pages/s: its share of the iterations, at latency p95. */
function runnerReport(path: string, runId: string, iterations: number, p95: number): void {
  const { data, cfg } = paginationRunnerSummary(iterations, p95);
  const report = buildLoadReport(cfg, normaliseK6Summary(data), data, {
    engine: 'k6',
    runId,
    k6Version: '2.2.0',
    generatedAt: '2026-11-26T00:00:00Z',
    startedAt: null,
  });
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, JSON.stringify(report));
}

test("a folder of runners' reports is one run: merged, compared, reported under the scenario's name", () => {
  const dir = mkdtempSync(join(tmpdir(), 'load-runners-'));
  const baseline = join(dir, 'baseline.json');
  runnerReport(baseline, 'base', 81, 20);
  // Three runner pods, each with a third of the arrival rate; one of them slower than the tolerance, the others not.
  runnerReport(join(dir, 'runners', 'runner-1.json'), 'dist', 27, 18);
  runnerReport(join(dir, 'runners', 'runner-2.json'), 'dist', 27, 21);
  runnerReport(join(dir, 'runners', 'runner-3.json'), 'dist', 27, 90);
  const out = join(dir, 'out');
  const r = runLoadCompare([join(dir, 'runners'), baseline], out);
  expect(r.code, r.stderr).toBe(0);
  expect(r.stdout).toContain("pagination (3 runners' reports merged): PASS");
  const md = readFileSync(join(out, 'perf-regression', 'pagination.md'), 'utf8');
  expect(md).toContain('merged from 3 runners');
  expect(md).toContain('| iterations done | 81 | 81 |');
  expect(md).toContain('undecided (merged runners)');
  expect(existsSync(join(out, 'perf-regression', 'pagination.html'))).toBe(true);

  // Every runner slower than the tolerance: the merged run regressed.
  for (const n of [1, 2, 3]) runnerReport(join(dir, 'slow', `runner-${n}.json`), 'dist', 27, 90);
  const slow = runLoadCompare([join(dir, 'slow'), baseline], out);
  expect(slow.code).toBe(1);
  expect(slow.stdout).toContain("pagination (3 runners' reports merged): REGRESSION");
});

test('reports of different runs in one folder are refused: one sentence, exit 2', () => {
  const dir = mkdtempSync(join(tmpdir(), 'load-runners-'));
  runnerReport(join(dir, 'runners', 'a.json'), 'run-a', 40, 20);
  runnerReport(join(dir, 'runners', 'b.json'), 'run-b', 40, 20);
  runnerReport(join(dir, 'baseline.json'), 'base', 81, 20);
  const r = runLoadCompare([join(dir, 'runners'), join(dir, 'baseline.json')], join(dir, 'out'));
  expect(r.code).toBe(2);
  const lines = r.stderr.split('\n').filter((l) => l.trim() !== '');
  expect(lines).toEqual([
    expect.stringMatching(/The summaries are not runners of one run: their run ids differ \("run-a" \/ "run-b"\)\.$/),
  ]);
});
