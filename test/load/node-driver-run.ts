/**
 * Runs a scenario flow through the Node driver (src/k6/node-driver/main.ts), as a child process given the
 * environment a k6 run is given, against a target started by the test; reads the load report it wrote and scans
 * every file and line it wrote for the credentials. The driver blocks its thread as k6 blocks a VU, so the target
 * (in the test's process) must answer from another process: hence a child, not a call.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import type { LoadReport } from '../../load/lib/report.ts';
import { encodedForms } from '../../src/config/redact.ts';
import { validateLoadReport } from '../../src/report/report-schema.ts';
import { PROJECT_TEST_OUTPUT } from '../project-output.ts';
import { loadCoverageEnv } from './load-coverage.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const PROFILE = join(ROOT, 'reference', 'profile.json');

export interface DriverTarget {
  url: string;
  credentials: { subscriptionKey: string; secret: string };
}

export interface DriverRun {
  code: number | null;
  output: string;
  report: LoadReport;
  reportDir: string;
  runId: string;
}

const DRIVER_MAIN = join(ROOT, 'src', 'k6', 'node-driver', 'main.ts');
const BROKEN_FLOWS = join(ROOT, 'test', 'load', 'broken-flows.ts');

export async function driveScenario(opts: {
  scenario: string;
  target: DriverTarget;
  iterations: number;
  vus?: number;
  knobs?: Record<string, string>;
  /** A broken flow of test/load/broken-flows.ts, run in place of the scenario's own (its report has the scenario's name). */
  broken?: string;
}): Promise<DriverRun> {
  const parent = join(PROJECT_TEST_OUTPUT, 'node-driver');
  mkdirSync(parent, { recursive: true });
  const reportDir = mkdtempSync(join(parent, `${opts.scenario}-`));
  const runId = `nodedriver-${opts.scenario}-${Date.now()}`;
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '/tmp',
    API_BASE_URL: opts.target.url,
    API_SUBSCRIPTION_KEY: opts.target.credentials.subscriptionKey,
    API_SECRET: opts.target.credentials.secret,
    API_ENVIRONMENT: 'local',
    API_PROFILE: PROFILE,
    RUN_ID: runId,
    LOAD_REPORT_DIR: reportDir,
    ...loadCoverageEnv(),
    ...opts.knobs,
  };
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      ...(opts.broken ? [BROKEN_FLOWS, opts.broken] : [DRIVER_MAIN, opts.scenario]),
      '--iterations',
      String(opts.iterations),
      '--vus',
      String(opts.vus ?? 1),
    ],
    { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  const forms = Object.values(opts.target.credentials).flatMap(encodedForms);
  const written = readdirSync(reportDir).map((name) => ({ name, text: readFileSync(join(reportDir, name), 'utf8') }));
  for (const { name, text } of [...written, { name: 'the driver output', text: output }])
    for (const form of forms) expect(text.includes(form), `a credential (${form.length} chars) in ${name}`).toBe(false);
  // One runner of a distributed run (LOAD_RUNNER) names its report after itself.
  const reportName = `${opts.scenario}${opts.knobs?.LOAD_RUNNER ? `.${opts.knobs.LOAD_RUNNER}` : ''}.json`;
  const reportFile = written.find((f) => f.name === reportName);
  expect(reportFile, `the run wrote ${reportName}:\n${output}`).toBeDefined();
  const report = JSON.parse((reportFile as { text: string }).text) as LoadReport;
  // The shape load:compare, the certification and npm run history read, published in schemas/.
  expect(validateLoadReport(report).errors, `${opts.scenario}.json against schemas/load-report.schema.json`).toEqual([]);
  return { code, output, report, reportDir, runId };
}

/** The rules of the run that counted a violation, by name. */
export function violatedRules(report: LoadReport): string[] {
  return report.contractViolations.filter((v) => v.violations > 0).map((v) => v.rule);
}
