/**
 * Runs the product's own suite (a project of the root playwright.config.ts) as a child process and
 * reads its clause report. By default against the bundled reference server with fault switches on:
 * this is how the project proves the suite has teeth (it must pass against the correct reference and
 * fail, on the right clause, against each faulty one). With `env.API_BASE_URL`, against a target the
 * test started itself.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect } from '@playwright/test';
import { readRunRecords, type FuzzRunRecord } from '../../fuzz/record.ts';
import type { ClauseReport } from '../../src/harness/clause-reporter.ts';
import type { TestOutcome } from '../../src/report/clause-results.ts';
import { PROJECT_TEST_OUTPUT } from '../project-output.ts';
import { startReferenceServer } from '../../reference/server.ts';
import { referenceTarget, targetEnvironment } from '../../src/run/bundled-reference.ts';

export const ROOT = resolve(import.meta.dirname, '../..');
/** The clause reporter for a command line (it writes ${REPORTS_DIR}/conformance/clauses.json, as the config's does). */
const CLAUSE_FILE_REPORTER = join(ROOT, 'src/certify/clause-file-reporter.ts');
/** First, as in the config: a test failed by its verdict does not end its worker (src/harness/deferred-verdict.ts). */
const DEFERRED_VERDICT_REPORTER = join(ROOT, 'src/harness/deferred-verdict-reporter.ts');

export interface SuiteRun {
  exitCode: number | null;
  report: ClauseReport | null;
  output: string;
  reportsDir: string;
}

/** Clause IDs the run reported failing. */
export function failingClauses(run: SuiteRun): string[] {
  return (run.report?.results ?? []).filter((r) => r.verdict === 'fail').map((r) => r.clause.id);
}

/** The outcome of the run's test whose title matches `title` (undefined when no such test ran). */
export function outcomeTitled(run: SuiteRun, title: RegExp): TestOutcome | undefined {
  return run.report?.outcomes.find((o) => title.test(o.title));
}

/**
 * The outcomes of the run's tests: the clause report also holds the run's own late read (project `run`,
 * src/harness/late-read-outcome.ts), one per run whatever tests ran, which a test counting its tests leaves out.
 */
export function testOutcomes(run: SuiteRun): TestOutcome[] {
  return (run.report?.outcomes ?? []).filter((o) => o.project !== 'run');
}

/** Whether the run failed and named every one of these clauses among its failures. */
export function failsOn(run: SuiteRun, clauses: readonly string[]): boolean {
  const failing = failingClauses(run);
  return run.exitCode !== 0 && clauses.every((clause) => failing.includes(clause));
}

/** The environment of a child run: none of the developer's target settings, plus `extra`. */
export function childEnv(extra: Record<string, string | undefined>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env))
    if (
      v !== undefined &&
      !/^(API_(?!DURABILITY_WAIT$)|REFERENCE_|RUN_ID$|RUN_CURRENCIES$|RUN_READS_ONLY$|FUZZ_|PW_|TEST_|PLAYWRIGHT_)/.test(k)
    )
      env[k] = v;
  for (const [k, v] of Object.entries(extra)) if (v !== undefined) env[k] = v;
  // The late read's wait is short unless a test asks for one (test/playwright.config.ts says why).
  return { FORCE_COLOR: '0', API_DURABILITY_WAIT: '0', ...env };
}

export interface RunOptions {
  project: 'conformance' | 'fuzz';
  faults?: string[];
  label: string;
  env?: Record<string, string | undefined>;
  args?: string[];
  workers?: number;
  /**
   * Only the reporters a self-test reads: the list (the run's output) and the clause report. The product's HTML, JSON
   * and JUnit reports cost every child run their writing and are never read by it.
   */
  clauseReportOnly?: boolean;
  /** Called with the child once started (e.g. to kill it halfway). */
  onStart?: (child: import('node:child_process').ChildProcess) => void;
  /**
   * The faulty reference served from this test's own process, the child's target given by URL with the bundled
   * reference's settings (targetEnvironment): the child then loads no server of its own, some 0.6 s of CPU a run over
   * the sixty runs of the fault self-test. Not for a fuzz run (its seed is derived from the target's name, here a
   * port that changes), nor for a fault read from this process's environment at each request (REFERENCE_FAULT_DELAY).
   * The global setup's own start of the bundled reference stays proved by every other run.
   */
  referenceInProcess?: boolean;
}

export async function runSuite(opts: RunOptions): Promise<SuiteRun> {
  if (!opts.referenceInProcess) return runChild(opts, {});
  if (opts.project !== 'conformance') throw new Error('referenceInProcess: conformance runs only (a fuzz seed is derived from the target)');
  const reference = await startReferenceServer({ port: 0, faults: opts.faults ?? [] });
  try {
    return await runChild({ ...opts, faults: [] }, targetEnvironment(referenceTarget(reference)));
  } finally {
    await reference.close();
  }
}

async function runChild(opts: RunOptions, target: Record<string, string>): Promise<SuiteRun> {
  const reportsDir = join(PROJECT_TEST_OUTPUT, 'selftest', opts.project, opts.label);
  rmSync(reportsDir, { recursive: true, force: true });
  const env = childEnv({ REPORTS_DIR: reportsDir, REFERENCE_FAULTS: (opts.faults ?? []).join(','), ...target, ...opts.env });
  const args = ['test', `--project=${opts.project}`, `--workers=${opts.workers ?? 1}`, ...(opts.args ?? [])];
  if (opts.clauseReportOnly) args.push(`--reporter=${DEFERRED_VERDICT_REPORTER},list,${CLAUSE_FILE_REPORTER}`);
  const child = spawn(join(ROOT, 'node_modules/.bin/playwright'), args, {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  opts.onStart?.(child);
  const exitCode = await new Promise<number | null>((resolveExit) => child.on('close', resolveExit));
  const file = join(reportsDir, 'conformance', 'clauses.json');
  const report = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as ClauseReport) : null;
  return { exitCode, report, output, reportsDir };
}

/** The lines of the run's request log (reports/runs/<runId>/requests.jsonl; a child run has one run folder). */
export function requestLines(run: SuiteRun): Array<{ operation: string; cases?: string[]; retried?: boolean }> {
  const runs = join(run.reportsDir, 'runs');
  if (!existsSync(runs)) return [];
  return readdirSync(runs).flatMap((id) => {
    const file = join(runs, id, 'requests.jsonl');
    return existsSync(file)
      ? readFileSync(file, 'utf8')
          .split('\n')
          .filter((l) => l.trim())
          .map((l) => JSON.parse(l))
      : [];
  });
}

/** The end of a run's console output, for a failing self-test's message. */
export function tail(run: SuiteRun, lines = 40): string {
  return run.output.split('\n').slice(-lines).join('\n');
}

/** Ids the target generated differ from run to run; everything else of a replayed failure must not. */
const withoutIds = (text: string): string => text.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<id>');

/**
 * Replays a recorded fuzz failure `times` times in one child run (--repeat-each) with what its record
 * says to run (FUZZ_SEED, FUZZ_PATH, FUZZ_REPLAY_PATH for a sequence, the -g pattern) and nothing else,
 * and checks every repetition failed with the very same shrunk counterexample and failures.
 */
export async function expectExactReplays(recorded: FuzzRunRecord, o: { fault: string; label: string; times: number }): Promise<void> {
  const replay = await runSuite({
    project: 'fuzz',
    faults: [o.fault],
    label: o.label,
    env: {
      FUZZ_SEED: String(recorded.seed),
      FUZZ_PATH: recorded.path!,
      FUZZ_REPLAY_PATH: recorded.replayPath ?? undefined,
      // Each repetition restarts its worker, and a read that never shows a write would cost each one the whole
      // API_READ_SETTLE window before the same verdict: judged at the first read, the ten cost no waiting.
      API_READ_SETTLE: '0',
    },
    args: ['-g', recorded.grep, `--repeat-each=${o.times}`],
    clauseReportOnly: true,
  });
  // The run's late read is an outcome of its own, not a repetition of the property: against a fault that loses or
  // undoes writes (cancel-toggles) it fails too, rightly, and is left out of the count.
  expect(
    testOutcomes(replay).map((x) => x.status),
    tail(replay),
  ).toEqual(Array(o.times).fill('failed'));
  const replayed = readRunRecords(replay.reportsDir);
  expect(replayed).toHaveLength(o.times);
  for (const r of replayed) {
    expect({ file: r.fileName, counterexample: r.counterexample, path: r.path, seed: r.seed }).toEqual({
      file: r.fileName,
      counterexample: recorded.counterexample,
      path: recorded.path,
      seed: recorded.seed,
    });
    expect(
      r.failures.map((f) => [f.clause, withoutIds(f.message)]),
      r.fileName,
    ).toEqual(recorded.failures.map((f) => [f.clause, withoutIds(f.message)]));
  }
}
