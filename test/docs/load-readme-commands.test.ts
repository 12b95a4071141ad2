// load/README.md's distributed walk-through (issue 51, item 5): every ```sh block of its "Distributed" section has a
// <!-- readme-test: CONTEXT --> marker (readme-blocks.ts):
//   cluster (why)  needs a cluster: not run; every file it names must exist;
//   runners        run as written from the repository root, after this test has saved the logs of three runners where
//                  the cluster blocks save them (each with its report line, as a runner with LOAD_RUNNER prints it);
//   skip (why)     not run, for the reason given.
// The only change to what a command is given: REPORTS_DIR, so the regression report goes to this test's own folder.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { expect, test } from '@playwright/test';
import { buildLoadReport } from '../../load/lib/report.ts';
import { reportLogLine } from '../../load/lib/report-log-line.ts';
import { normaliseK6Summary } from '../../load/lib/summary.ts';
import { ROOT } from '../checkout.ts';
import { paginationRunnerSummary } from '../load/fixtures.ts';
import { PROJECT_TEST_OUTPUT } from '../project-output.ts';
import { readmeBlocks } from './readme-blocks.ts';

const PAGE = readFileSync(join(ROOT, 'load', 'README.md'), 'utf8');
const DISTRIBUTED = PAGE.slice(PAGE.indexOf('## Distributed'));
const BLOCKS = readmeBlocks(DISTRIBUTED);
const RUNNERS_DIR = 'reports/runners/pagination';

test('every block of the distributed walk-through says where it runs; the files the cluster blocks name exist', () => {
  expect(BLOCKS.length).toBeGreaterThan(3);
  for (const b of BLOCKS) expect(b.context, b.commands.join('\n')).toMatch(/^(cluster \(.+\)|runners|skip \(.+\))$/);
  const named = BLOCKS.filter((b) => b.context.startsWith('cluster')).flatMap((b) =>
    b.commands.flatMap((c) => [...c.matchAll(/(?:^|\s)(load\/k6-operator\/[\w.-]+)/g)].map((m) => m[1])),
  );
  expect(named.length).toBeGreaterThan(3);
  expect(named.filter((f) => !existsSync(join(ROOT, f)))).toEqual([]);
  // The logs are saved where the runners block reads them.
  expect(BLOCKS.some((b) => b.context.startsWith('cluster') && b.commands.some((c) => c.includes(`> ${RUNNERS_DIR}/runner-`)))).toBe(true);
});

/** A k6 runner's log: k6's own lines, our console summary, the report line (as summaryOutputs prints it). */
function runnerLog(iterations: number, p95: number, runner: number): string {
  const { data, cfg } = paginationRunnerSummary(iterations, p95);
  const meta = {
    engine: 'k6' as const,
    runId: 'osd-pagination-001',
    k6Version: '1.3.0',
    generatedAt: '2026-11-29T00:00:00Z',
    startedAt: null,
  };
  const report = buildLoadReport(cfg, normaliseK6Summary(data), data, meta);
  return `time="2026-11-29T00:00:00Z" level=info msg="runner ${runner} started"\npagination: PASSED\n${reportLogLine(JSON.stringify(report))}`;
}

test('the blocks that need no cluster run as written: the saved logs of three runners, merged and compared', () => {
  const runners = BLOCKS.filter((b) => b.context === 'runners');
  expect(runners.length).toBeGreaterThan(0);
  const dir = join(ROOT, RUNNERS_DIR);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const i of [1, 2, 3]) writeFileSync(join(dir, `runner-${i}.log`), runnerLog(27, 20 + i, i));
  mkdirSync(join(PROJECT_TEST_OUTPUT, 'load-readme'), { recursive: true });
  const reports = mkdtempSync(join(PROJECT_TEST_OUTPUT, 'load-readme', 'run-'));
  for (const command of runners.flatMap((b) => b.commands)) {
    const r = spawnSync('sh', ['-c', command], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { PATH: `${dirname(process.execPath)}:${process.env.PATH ?? ''}`, HOME: process.env.HOME ?? '/tmp', REPORTS_DIR: reports },
      timeout: 120_000,
    });
    // Compared with the shipped baseline of the reference: a regression report either way, never a refusal (2).
    expect([0, 1], `${command}\n${r.stdout}\n${r.stderr}`).toContain(r.status);
    expect(r.stdout).toMatch(/^pagination \(3 runners' reports merged\): (PASS|REGRESSION|INCOMPARABLE|INVALID)$/m);
  }
  expect(existsSync(join(reports, 'perf-regression', 'pagination.md'))).toBe(true);
  expect(existsSync(join(reports, 'perf-regression', 'pagination.html'))).toBe(true);
  rmSync(dir, { recursive: true, force: true });
});
