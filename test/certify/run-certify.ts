/**
 * Runs `npm run certify` (src/cli/certify.ts) as a child process against the bundled reference, in a
 * clean environment (no target of the developer's), into its own folder under reports/project-tests/certify/.
 * A full certification runs the whole suite, so each test file runs it once (beforeAll) and shares it.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { CertificationReport } from '../../src/certify/report/report-model.ts';
import { PROJECT_TEST_OUTPUT } from '../project-output.ts';

export const ROOT = resolve(import.meta.dirname, '../..');
export const TESTS_DIR = join(PROJECT_TEST_OUTPUT, 'certify');

/**
 * Fuzz cases per property for a certification whose tests read its verdict, clause rows and report files, not what the
 * fuzz properties find: every property still runs. Their depth is held elsewhere: by the fuzz self-test
 * (test/selftest/fuzz-faults.test.ts) and by the clean certification (certify-clean.test.ts), which runs the default.
 */
export const FEW_FUZZ_CASES = { FUZZ_RUNS: '10' };

/**
 * For a certification whose tests read its verdict and reports, not how its tests share the target: one Playwright
 * worker per project instead of two saves two worker start-ups (about 5 s of CPU) per run. The clean certification
 * (certify-clean.test.ts) and the slow composite keep the default, so the parallel run is still certified.
 */
export const ONE_WORKER = ['--workers', '1'];

export interface CertifyRun {
  exitCode: number | null;
  output: string;
  out: string;
  report: CertificationReport | null;
}

export async function runCertify(opts: {
  label: string;
  args?: string[];
  env?: Record<string, string>;
  /** Called on the emptied --out path before the run: to plant what an earlier run left there. */
  before?: (out: string) => void;
}): Promise<CertifyRun> {
  const out = join(TESTS_DIR, opts.label);
  for (const dir of [out, `${out}.partial`, `${out}.journals`]) rmSync(dir, { recursive: true, force: true });
  opts.before?.(out);
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env))
    if (v !== undefined && !/^(API_(?!DURABILITY_WAIT$)|REFERENCE_|RUN_ID$|REPORTS_DIR$|FUZZ_|PW_|TEST_|PLAYWRIGHT_)/.test(k)) env[k] = v;
  // The late read's wait is short unless a test asks for one (test/playwright.config.ts says why).
  Object.assign(env, { FORCE_COLOR: '0', API_DURABILITY_WAIT: '0' }, opts.env);
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/certify.ts', '--out', out, ...(opts.args ?? [])], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exitCode = await new Promise<number | null>((done) => child.on('close', done));
  const file = join(out, 'certification.json');
  const report = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as CertificationReport) : null;
  return { exitCode, output, out, report };
}

/** Every file under a folder, recursively. */
export function allFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? allFiles(path) : [path];
  });
}

export function tail(run: CertifyRun, lines = 40): string {
  return run.output.split('\n').slice(-lines).join('\n');
}
