/**
 * The load smoke: a short, read-only k6 scenario (`npm run load -- pagination`, bounded in time) when
 * a k6 binary is present; otherwise "not run" with the reason. Its figures come from the load helper's
 * reports (`<LOAD_REPORT_DIR>/<scenario>.json`, format osd-suite/load-report@1), read tolerantly here.
 * The smoke is informative: its figures go in the report, the verdict stays with the clauses.
 */
import { spawn, spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import type { LoadScenarioRow, LoadSection } from '../report/certification/report-model.ts';

export const LOAD_SMOKE = { scenario: 'pagination', duration: '10s', timeoutMs: 180_000 } as const;
const LOAD_REPORT_FORMAT = 'osd-suite/load-report@1';

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The k6 binary: K6_BIN when set, else `k6` on PATH; null when there is none. */
export function findK6(env: Record<string, string | undefined> = process.env): string | null {
  if (env.K6_BIN) return executable(env.K6_BIN) ? env.K6_BIN : null;
  for (const dir of (env.PATH ?? '').split(delimiter).filter(Boolean)) {
    const candidate = join(dir, 'k6');
    if (executable(candidate)) return candidate;
  }
  return null;
}

export function k6Version(bin: string | null): string | null {
  if (!bin) return null;
  const out = spawnSync(bin, ['version'], { encoding: 'utf8', timeout: 10_000 });
  return out.status === 0 ? out.stdout.trim().split('\n')[0] : null;
}

const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : 0);
const obj = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

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
    endpoints: endpoints
      .filter((e) => typeof e.name === 'string')
      .map((e) => ({ name: (e.name as string) + (typeof e.pageSize === 'number' ? ` (page ${e.pageSize})` : ''), count: num(e.count), avg: num(e.avg), med: num(e.med), p90: num(e.p90), p95: num(e.p95), p99: num(e.p99), max: num(e.max) })),
  };
}

export function readLoadReports(dir: string): LoadScenarioRow[] {
  if (!existsSync(dir)) return [];
  const rows: LoadScenarioRow[] = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) {
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
}

export async function runLoadSmoke(o: LoadSmokeOptions): Promise<LoadSection> {
  const notRun = (reason: string): LoadSection => ({ status: 'not-run', reason, scenarios: [] });
  if (o.skip) return notRun('skipped: --skip-load was given');
  if (!findK6(o.env)) return notRun('no k6 binary on PATH (install k6, or set K6_BIN to one); the load smoke needs it');
  if (!o.hasLoadScript) return notRun('this version of the suite has no `npm run load` script');
  mkdirSync(o.reportDir, { recursive: true });
  const env = { ...o.env, LOAD_DURATION: LOAD_SMOKE.duration, LOAD_REPORT_DIR: o.reportDir };
  const child = spawn('npm', ['run', '--silent', 'load', '--', LOAD_SMOKE.scenario], { cwd: o.cwd, env, stdio: ['ignore', 'inherit', 'inherit'] });
  const timer = setTimeout(() => child.kill('SIGTERM'), LOAD_SMOKE.timeoutMs);
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  clearTimeout(timer);
  const scenarios = readLoadReports(o.reportDir);
  if (scenarios.length === 0) return { status: 'failed', reason: `npm run load -- ${LOAD_SMOKE.scenario} ended with exit code ${code ?? 'none (stopped)'} and wrote no load report`, scenarios };
  return { status: 'run', reason: code === 0 ? null : `k6 ended with exit code ${code ?? 'none (stopped)'} (thresholds crossed or the run was stopped)`, scenarios };
}
