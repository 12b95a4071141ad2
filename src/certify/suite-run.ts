/**
 * The conformance + fuzz phase: Playwright as a child process with REPORTS_DIR pointing at this
 * certification's folder, the certification's reporters (progress lines and the clause report) plus
 * the usual file reporters (JSON, JUnit, HTML). The child inherits the target, credentials, profile
 * and RUN_ID from this process's environment, so it shares the journal and request log of discovery.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import type { ClauseReport } from '../harness/clause-reporter.ts';
import { readClauseReport, runPaths, type RunPaths } from './run-files.ts';

export const SUITE_PROJECTS = ['conformance', 'fuzz'] as const;

const reporter = (file: string) => fileURLToPath(new URL(file, import.meta.url));

export interface SuiteRunResult {
  exitCode: number | null;
  interrupted: boolean;
  report: ClauseReport | null;
  paths: RunPaths;
}

/**
 * `grep`: a Playwright --grep selecting tests by their clause tags (certify --clauses), or null for every test;
 * `workers`: Playwright workers (certify --workers), or null for the config's default.
 */
export function suiteArgs(grep: string | null = null, workers: number | null = null): string[] {
  const reporters = [
    reporter('../harness/deferred-verdict-reporter.ts'),
    reporter('./progress-reporter.ts'),
    reporter('./clause-file-reporter.ts'),
    'json',
    // The suite's JUnit file, not Playwright's (a deviation as a <failure> naming the clause); it writes where
    // PLAYWRIGHT_JUNIT_OUTPUT_FILE says, as Playwright's would.
    reporter('../harness/junit-reporter.ts'),
    'html',
  ];
  return [
    'test',
    ...SUITE_PROJECTS.map((p) => `--project=${p}`),
    `--reporter=${reporters.join(',')}`,
    ...(grep ? [`--grep=${grep}`] : []),
    ...(workers ? [`--workers=${workers}`] : []),
  ];
}

export function suiteEnv(base: NodeJS.ProcessEnv, reportsDir: string, runId: string): NodeJS.ProcessEnv {
  const paths = runPaths(reportsDir, runId);
  return {
    ...base,
    REPORTS_DIR: reportsDir,
    RUN_ID: runId,
    PLAYWRIGHT_JSON_OUTPUT_FILE: paths.results,
    PLAYWRIGHT_JUNIT_OUTPUT_FILE: paths.junit,
    PLAYWRIGHT_HTML_OUTPUT_DIR: paths.html,
    PLAYWRIGHT_HTML_OPEN: 'never',
  };
}

export async function runSuite(o: {
  root: string;
  reportsDir: string;
  runId: string;
  env: NodeJS.ProcessEnv;
  grep?: string | null;
  workers?: number | null;
}): Promise<SuiteRunResult> {
  const paths = runPaths(o.reportsDir, o.runId);
  const child = spawn(join(o.root, 'node_modules', '.bin', 'playwright'), suiteArgs(o.grep ?? null, o.workers ?? null), {
    cwd: o.root,
    env: suiteEnv(o.env, o.reportsDir, o.runId),
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  // Ctrl-C reaches the child too; wait for its teardown (which cancels the run's records) before going on. A SIGTERM
  // reaches this process alone: passed on as the SIGINT Playwright stops gracefully on (a second one would stop it at once).
  let interrupted = false;
  const onSignal = (signal: NodeJS.Signals) => {
    interrupted = true;
    if (signal === 'SIGTERM') child.kill('SIGINT');
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  const exitCode = await new Promise<number | null>((resolve) => {
    child.on('error', () => resolve(null));
    child.on('close', (code) => resolve(code));
  });
  process.off('SIGINT', onSignal);
  process.off('SIGTERM', onSignal);
  return { exitCode, interrupted, report: readClauseReport(paths.clauses), paths };
}

/** Why the run cannot be read as complete, or null. */
export function runProblem(run: Pick<SuiteRunResult, 'exitCode' | 'report'>): string | null {
  if (!run.report) return `the conformance/fuzz run wrote no clause report (exit code ${run.exitCode ?? 'none'}): it did not complete`;
  if (run.report.outcomes.length === 0) return 'the conformance/fuzz run ran no tests';
  if (run.report.status === 'interrupted' || run.report.status === 'timedout')
    return `the conformance/fuzz run was ${run.report.status === 'timedout' ? 'stopped by its global timeout' : 'interrupted'}`;
  const failed = run.report.outcomes.some((o) => o.status === 'failed' || o.status === 'timedOut' || o.status === 'interrupted');
  if (run.exitCode !== 0 && !failed)
    return `the conformance/fuzz run ended with exit code ${run.exitCode ?? 'none'} although no test failed (an error outside the tests; see its output)`;
  return null;
}
