/**
 * Runs the product's own suite (a project of the root playwright.config.ts) as a child process against
 * the bundled reference server, with fault switches on, and reads its clause report. This is how the
 * project proves the suite has teeth: it must pass against the correct reference and fail, on the
 * right clause, against each faulty one.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { ClauseReport } from '../../src/report/clause-reporter.ts';

const ROOT = resolve(import.meta.dirname, '../..');

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

export async function runSuite(opts: { project: 'conformance' | 'fuzz'; faults: string[]; label: string; env?: Record<string, string> }): Promise<SuiteRun> {
  const reportsDir = join(ROOT, 'reports', 'selftest', opts.project, opts.label);
  rmSync(reportsDir, { recursive: true, force: true });
  const env: Record<string, string> = {};
  // A clean environment for the child: no target of the developer's, the bundled reference instead.
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !/^(API_|REFERENCE_|RUN_ID$|FUZZ_|PW_|TEST_)/.test(k)) env[k] = v;
  Object.assign(env, { REPORTS_DIR: reportsDir, REFERENCE_FAULTS: opts.faults.join(','), FORCE_COLOR: '0' }, opts.env);
  const child = spawn(join(ROOT, 'node_modules/.bin/playwright'), ['test', `--project=${opts.project}`, '--workers=1'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exitCode = await new Promise<number | null>((resolveExit) => child.on('close', resolveExit));
  const file = join(reportsDir, 'conformance', 'clauses.json');
  const report = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as ClauseReport) : null;
  return { exitCode, report, output, reportsDir };
}

/** The end of a run's console output, for a failing self-test's message. */
export function tail(run: SuiteRun, lines = 40): string {
  return run.output.split('\n').slice(-lines).join('\n');
}
