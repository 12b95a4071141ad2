// Issue 51, item 2: a k6-operator runner pod's report files may be gone with the pod, so each runner (LOAD_RUNNER set)
// also prints its report as one marked line in its log; load:compare reads saved logs (kubectl logs, one file per
// runner, or every runner in one file) as it reads report files, merged under the same rules: one engine, one run,
// one plan. The runners here are the Node driver's, against the reference, with canary credentials.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { baselineFromReport } from '../../load/lib/compare.ts';
import { REPORT_LOG_MARKER, reportsInLog } from '../../load/lib/report-log-line.ts';
import { startReferenceServer } from '../../reference/server.ts';
import { encodedForms } from '../../src/config/redact.ts';
import { CANARY } from '../hostile/canary.ts';
import { PROJECT_TEST_OUTPUT } from '../project-output.ts';
import { type DriverRun, driveScenario } from './node-driver-run.ts';
import { runLoadCompare } from './load-compare-cli.ts';

// Latency limits a busy shared machine keeps to: the verdict under test is the merge's, not the target's speed.
const KNOBS = { PAGE_SIZES: '1,7,100', PAGE_RATE: '6', LOAD_DURATION: '4s', LOAD_P95_MS: '20000', LOAD_P99_MS: '30000' };
const ITERATIONS = 5;
const RUNNERS = 3;

// One set of runs for the file's tests: they read it, in one worker.
test.describe.configure({ mode: 'serial' });

let runners: DriverRun[] = [];
let single: DriverRun;
let otherPlan: DriverRun;
let dir: string;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const reference = await startReferenceServer({ port: 0, credentials: CANARY, rateLimit: false });
  const target = { url: reference.url, credentials: CANARY };
  const runner = (i: number, knobs: Record<string, string> = {}) =>
    driveScenario({
      scenario: 'pagination',
      target,
      iterations: ITERATIONS,
      knobs: { ...KNOBS, RUN_ID: 'osd-pagination-dist', LOAD_RUNNER: `osd-load-pagination-${i}-x7k2p`, ...knobs },
    });
  try {
    [single, otherPlan, ...runners] = await Promise.all([
      driveScenario({
        scenario: 'pagination',
        target,
        iterations: ITERATIONS * RUNNERS,
        knobs: { ...KNOBS, RUN_ID: 'osd-pagination-base' },
      }),
      runner(9, { PAGE_RATE: '9' }),
      ...Array.from({ length: RUNNERS }, (_, i) => runner(i + 1)),
    ]);
  } finally {
    await reference.close();
  }
  mkdirSync(join(PROJECT_TEST_OUTPUT, 'runner-logs'), { recursive: true });
  dir = mkdtempSync(join(PROJECT_TEST_OUTPUT, 'runner-logs', 'run-'));
  // The baseline: one runner doing the same work, with tolerances wide enough for a busy shared machine (latency, and
  // a plan's iterations or requests lost to it: a REGRESSION seen once in CI beside two busy workers). The verdict
  // under test is the merge's, the same from logs as from files, not the target's speed.
  const wide = { relative: 0, absolute: 1 };
  const tolerances = {
    med: { absolute: 5000 },
    p95: { absolute: 20000 },
    p99: { absolute: 30000 },
    achievedRate: wide,
    droppedIterations: { relative: 0, absolute: 1e6 },
    errorRate: wide,
    checkRate: wide,
    rateLimitedShare: wide,
  };
  // A baseline file (a run report's own tolerances would not be read: only a baseline carries them).
  writeFileSync(
    join(dir, 'baseline.json'),
    JSON.stringify({ ...baselineFromReport(single.report, single.report.run.generatedAt), tolerances }),
  );
  mkdirSync(join(dir, 'logs'));
  mkdirSync(join(dir, 'files'));
  runners.forEach((r, i) => {
    writeFileSync(join(dir, 'logs', `runner-${i + 1}.log`), r.output);
    const name = `pagination.osd-load-pagination-${i + 1}-x7k2p.json`;
    writeFileSync(join(dir, 'files', name), readFileSync(join(r.reportDir, name)));
  });
  // kubectl logs -l <runners> --prefix: every runner in one file, each line after its pod's name.
  writeFileSync(
    join(dir, 'all-runners.log'),
    runners.flatMap((r, i) => r.output.split('\n').map((l) => `[pod/runner-${i + 1}] ${l}`)).join('\n'),
  );
});

test('each runner ends its log with its report as one marked line, the report it wrote, no credential in it', () => {
  for (const r of runners) {
    expect(r.code, r.output).toBe(0);
    const marked = reportsInLog(r.output);
    expect(marked).toHaveLength(1);
    expect(JSON.parse(marked[0])).toEqual(r.report);
    for (const form of Object.values(CANARY).flatMap(encodedForms)) expect(r.output).not.toContain(form);
  }
  // A run alone (no LOAD_RUNNER) prints no report line.
  expect(reportsInLog(single.output)).toEqual([]);
});

test("load:compare merges the runners' saved logs as it merges their report files: the same verdict, the same report", () => {
  const fromFiles = runLoadCompare([join(dir, 'files'), join(dir, 'baseline.json')], join(dir, 'out-files'));
  const fromLogs = runLoadCompare([join(dir, 'logs'), join(dir, 'baseline.json')], join(dir, 'out-logs'));
  const fromOneLog = runLoadCompare([join(dir, 'all-runners.log'), join(dir, 'baseline.json')], join(dir, 'out-one'));
  expect(fromFiles.stdout.split('\n')[0], fromFiles.stdout).toBe(`pagination (${RUNNERS} runners' reports merged): PASS`);
  for (const r of [fromLogs, fromOneLog]) {
    expect({ code: r.code, first: r.stdout.split('\n')[0] }).toEqual({ code: fromFiles.code, first: fromFiles.stdout.split('\n')[0] });
    expect(readFileSync(join(dir, r === fromLogs ? 'out-logs' : 'out-one', 'perf-regression', 'pagination.md'), 'utf8')).toBe(
      readFileSync(join(dir, 'out-files', 'perf-regression', 'pagination.md'), 'utf8'),
    );
  }
});

test('logs of two engines, or of two plans, are refused in one sentence (exit 2)', () => {
  const mixed = join(dir, 'mixed-engines');
  mkdirSync(mixed);
  writeFileSync(join(mixed, 'runner-1.log'), runners[0].output);
  // The same runner's line as a k6 runner would have printed it (the engine is the one difference).
  writeFileSync(
    join(mixed, 'runner-2.log'),
    `${REPORT_LOG_MARKER}${JSON.stringify({ ...runners[1].report, run: { ...runners[1].report.run, engine: 'k6' } })}\n`,
  );
  const engines = runLoadCompare([mixed, join(dir, 'baseline.json')], join(dir, 'out-mixed'));
  expect({ code: engines.code, stderr: engines.stderr.trim() }).toEqual({
    code: 2,
    stderr: expect.stringMatching(/^Configuration error: .*mixed-engines: The summaries are not runners of one run: their engines differ/),
  });
  const plans = join(dir, 'two-plans');
  mkdirSync(plans);
  writeFileSync(join(plans, 'runner-1.log'), runners[0].output);
  writeFileSync(join(plans, 'runner-9.log'), otherPlan.output);
  const twoPlans = runLoadCompare([plans, join(dir, 'baseline.json')], join(dir, 'out-plans'));
  expect(twoPlans.code).toBe(2);
  expect(twoPlans.stderr.trim()).toMatch(
    /^Configuration error: .*two-plans: The summaries are not runners of one run: their (settings|plans) differ/,
  );
});

test('a log without a report line is named in one sentence (exit 2)', () => {
  const path = join(dir, 'cut.log');
  writeFileSync(path, 'time="..." level=info msg="k6 started"\n');
  const r = runLoadCompare([path, join(dir, 'baseline.json')], join(dir, 'out-cut'));
  expect({ code: r.code, stderr: r.stderr.trim() }).toEqual({
    code: 2,
    stderr: expect.stringMatching(/^Configuration error: The log .*cut\.log holds no report line/),
  });
});
