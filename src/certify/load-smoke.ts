/**
 * The load smoke: a short, read-only k6 scenario (`npm run load -- pagination`, bounded in time) when
 * a k6 binary is present; otherwise "not run" with the reason. Its figures come from the load helper's
 * reports (`<LOAD_REPORT_DIR>/<scenario>.json`, format osd-suite/load-report@1), read tolerantly here.
 * The smoke is informative: its figures go in the report, the verdict stays with the clauses.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { findK6, k6Version } from '../k6/k6-binary.ts';
import type { LoadScenarioRow, LoadSection } from './report/report-model.ts';

export const LOAD_SMOKE = { scenario: 'pagination', duration: '10s', timeoutMs: 180_000 } as const;
const LOAD_REPORT_FORMAT = 'osd-suite/load-report@1';

/** The k6 version line for the evidence ("k6 v2.2.0"), found as every k6 command finds it (K6_BIN, else PATH). */
export function k6VersionText(env: NodeJS.ProcessEnv = process.env): string | null {
  const k6 = findK6(env);
  const version = k6.found ? k6Version(k6.path) : null;
  return version === null ? null : `k6 v${version}`;
}

const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : 0);
const obj = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/** One scenario row from a load report; null when the JSON is not one. */
export function scenarioRow(raw: unknown): LoadScenarioRow | null {
  const r = obj(raw);
  if (r.schema !== LOAD_REPORT_FORMAT || typeof r.scenario !== 'string') return null;
  const verdict = obj(r.verdict);
  const totals = obj(r.totals);
  const run = obj(r.run);
  const endpoints = Array.isArray(r.endpoints) ? r.endpoints.map(obj) : [];
  return {
    scenario: r.scenario,
    passed: verdict.passed === true,
    valid: verdict.valid !== false,
    reasons: Array.isArray(verdict.reasons) ? verdict.reasons.filter((x): x is string => typeof x === 'string') : [],
    durationMs: num(run.testRunDurationMs),
    requests: num(totals.httpRequests),
    requestsPerSecond: num(totals.httpRequestsPerSecond),
    errorRate: Math.min(1, num(totals.errorRate)),
    p95: num(totals.p95),
    p99: num(totals.p99),
    rateLimited: num(obj(totals.rateLimited).count),
    droppedIterations: num(totals.droppedIterations),
    thresholds: (Array.isArray(r.thresholds) ? r.thresholds.map(obj) : [])
      .filter((t) => typeof t.metric === 'string' && typeof t.expression === 'string')
      .map((t) => ({ metric: t.metric as string, expression: t.expression as string, ok: t.ok === true })),
    endpoints: endpoints
      .filter((e) => typeof e.name === 'string')
      .map((e) => ({
        name: (e.name as string) + (typeof e.pageSize === 'number' ? ` (page ${e.pageSize})` : ''),
        count: num(e.count),
        avg: num(e.avg),
        med: num(e.med),
        p90: num(e.p90),
        p95: num(e.p95),
        p99: num(e.p99),
        max: num(e.max),
      })),
  };
}

export function readLoadReports(dir: string): LoadScenarioRow[] {
  if (!existsSync(dir)) return [];
  const rows: LoadScenarioRow[] = [];
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    try {
      const row = scenarioRow(JSON.parse(readFileSync(join(dir, file), 'utf8')));
      if (row) rows.push(row);
    } catch {
      /* not a load report */
    }
  }
  return rows;
}

export interface LoadSmokeOptions {
  skip: boolean;
  /** Where the load helper writes its reports for this certification (LOAD_REPORT_DIR). */
  reportDir: string;
  cwd: string;
  env: NodeJS.ProcessEnv;
  hasLoadScript: boolean;
  /** How long the smoke holds its arrival rate (default LOAD_SMOKE.duration). */
  duration?: string;
}

export async function runLoadSmoke(o: LoadSmokeOptions): Promise<LoadSection> {
  const notRun = (reason: string): LoadSection => ({ status: 'not-run', reason, scenarios: [] });
  if (o.skip) return notRun('skipped: --skip-load was given');
  const k6 = findK6(o.env);
  if (!k6.found)
    return notRun(`${k6.reason.replace(/\.$/, '')}; the load smoke needs the user's own k6 (docs/load.md says where to get it)`);
  if (!o.hasLoadScript) return notRun('this version of the suite has no `npm run load` script');
  mkdirSync(o.reportDir, { recursive: true });
  const env = { ...o.env, LOAD_DURATION: o.duration ?? LOAD_SMOKE.duration, LOAD_REPORT_DIR: o.reportDir };
  const child = spawn('npm', ['run', '--silent', 'load', '--', LOAD_SMOKE.scenario], {
    cwd: o.cwd,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const timer = setTimeout(() => child.kill('SIGTERM'), LOAD_SMOKE.timeoutMs);
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  clearTimeout(timer);
  const scenarios = readLoadReports(o.reportDir);
  if (scenarios.length === 0)
    return {
      status: 'failed',
      reason: `npm run load -- ${LOAD_SMOKE.scenario} ended with exit code ${code ?? 'none (stopped)'} and wrote no load report`,
      scenarios,
    };
  return {
    status: 'run',
    reason: code === 0 ? null : `k6 ended with exit code ${code ?? 'none (stopped)'} (thresholds crossed or the run was stopped)`,
    scenarios,
  };
}
