/**
 * Performance regression check: a run report (reports/load/<scenario>.json) against a baseline
 * (load/baselines/<scenario>.json) with per-metric tolerances. Pure module.
 *
 * A metric regresses when it got worse by more than max(relative x baseline, absolute): e.g. p95
 * may grow by 15% or 5ms, whichever is larger. An invalid run (dropped iterations) is never
 * compared: it is reported as invalid. Runs with different scenario settings or targets are
 * incomparable unless forced.
 */
import type { ScenarioName } from './names.ts';
import type { LoadReport } from './report.ts';

export const BASELINE_SCHEMA = 'osd-suite/load-baseline@1';

export interface EndpointFigures {
  count: number;
  med: number;
  p95: number;
  p99: number;
}

export interface ComparableRun {
  scenario: ScenarioName;
  runId: string | null;
  k6Version: string | null;
  generatedAt: string;
  /** Loopback targets compare as "loopback" (the reference's port changes every run). */
  target: string;
  environment: string;
  settings: Record<string, unknown>;
  valid: boolean;
  droppedIterations: number;
  endpoints: Record<string, EndpointFigures>;
  totals: {
    httpRequestsPerSecond: number;
    iterationsPerSecond: number;
    errorRate: number;
    checkRate: number | null;
    rateLimitedShare: number;
    p95: number;
    p99: number;
  };
}

export type MetricId = 'med' | 'p95' | 'p99' | 'throughput' | 'errorRate' | 'checkRate' | 'rateLimitedShare';

export interface Tolerance {
  title: string;
  /** Direction in which a change is a regression. */
  worse: 'higher' | 'lower';
  relative: number;
  absolute: number;
  unit: 'ms' | 'req/s' | 'share';
}

export const DEFAULT_TOLERANCES: Readonly<Record<MetricId, Tolerance>> = {
  med: { title: 'median latency', worse: 'higher', relative: 0.15, absolute: 2, unit: 'ms' },
  p95: { title: 'p95 latency', worse: 'higher', relative: 0.15, absolute: 5, unit: 'ms' },
  p99: { title: 'p99 latency', worse: 'higher', relative: 0.25, absolute: 10, unit: 'ms' },
  throughput: { title: 'throughput', worse: 'lower', relative: 0.1, absolute: 0.5, unit: 'req/s' },
  errorRate: { title: 'failed request share', worse: 'higher', relative: 0, absolute: 0.005, unit: 'share' },
  checkRate: { title: 'passing check share', worse: 'lower', relative: 0, absolute: 0.001, unit: 'share' },
  rateLimitedShare: { title: '429 share', worse: 'higher', relative: 0, absolute: 0.01, unit: 'share' },
};

export interface Baseline extends ComparableRun {
  schema: typeof BASELINE_SCHEMA;
  recordedAt: string;
  /** The machine the baseline was measured on (CPUs, memory, OS), so a reader knows what the figures are of. */
  recordedOn?: string;
  /** Per-metric overrides of DEFAULT_TOLERANCES, kept with the baseline they were tuned for. */
  tolerances?: Partial<Record<MetricId, Partial<Pick<Tolerance, 'relative' | 'absolute'>>>>;
}

/** Settings that do not change what the figures mean. */
const SETTINGS_IGNORED = ['durationMs', 'expectedLatencyMs'];

export function comparableFromReport(report: LoadReport): ComparableRun {
  const endpoints: Record<string, EndpointFigures> = {};
  for (const e of report.endpoints) endpoints[e.key] = { count: e.count, med: e.med, p95: e.p95, p99: e.p99 };
  const t = report.totals;
  return {
    scenario: report.scenario,
    runId: report.run.runId,
    k6Version: report.run.k6Version,
    generatedAt: report.run.generatedAt,
    target: report.target.loopback ? 'loopback' : report.target.baseUrl,
    environment: report.target.environment,
    settings: report.settings,
    valid: report.verdict.valid,
    droppedIterations: t.droppedIterations,
    endpoints,
    totals: {
      httpRequestsPerSecond: t.httpRequestsPerSecond,
      iterationsPerSecond: t.iterationsPerSecond,
      errorRate: t.errorRate,
      checkRate: t.checkRate,
      rateLimitedShare: t.rateLimited.share,
      p95: t.p95,
      p99: t.p99,
    },
  };
}

export function baselineFromReport(report: LoadReport, recordedAt: string, recordedOn?: string): Baseline {
  return { schema: BASELINE_SCHEMA, recordedAt, ...(recordedOn === undefined ? {} : { recordedOn }), ...comparableFromReport(report) };
}

/** Reads either a run report or a baseline file. Throws with one sentence on anything else. */
export function readComparable(json: unknown, source: string): ComparableRun & { tolerances?: Baseline['tolerances'] } {
  if (typeof json !== 'object' || json === null) throw new Error(`${source} is not a JSON object.`);
  const schema = (json as Record<string, unknown>).schema;
  if (schema === BASELINE_SCHEMA) return json as Baseline;
  if (schema === 'osd-suite/load-report@1') return comparableFromReport(json as LoadReport);
  throw new Error(`${source} is neither a load report (reports/load/<scenario>.json) nor a baseline (load/baselines/<scenario>.json).`);
}

export type RowVerdict = 'ok' | 'regression' | 'improved' | 'new' | 'missing';

export interface ComparisonRow {
  /** Endpoint key, or "scenario" for run-wide figures. */
  scope: string;
  metric: MetricId;
  baseline: number | null;
  current: number | null;
  delta: number | null;
  /** delta / baseline, null when the baseline is 0 or absent. */
  ratio: number | null;
  /** Largest worsening tolerated. */
  allowed: number | null;
  verdict: RowVerdict;
}

export type ComparisonStatus = 'pass' | 'regression' | 'invalid' | 'incomparable';

export interface Comparison {
  status: ComparisonStatus;
  scenario: ScenarioName;
  reasons: string[];
  notes: string[];
  rows: ComparisonRow[];
  tolerances: Record<MetricId, Tolerance>;
  current: ComparableRun;
  baseline: ComparableRun;
}

export function mergeTolerances(overrides: Baseline['tolerances'] | undefined): Record<MetricId, Tolerance> {
  const out = {} as Record<MetricId, Tolerance>;
  for (const id of Object.keys(DEFAULT_TOLERANCES) as MetricId[]) out[id] = { ...DEFAULT_TOLERANCES[id], ...(overrides?.[id] ?? {}) };
  return out;
}

export function compareValue(
  scope: string,
  metric: MetricId,
  baseline: number | null,
  current: number | null,
  tolerance: Tolerance,
): ComparisonRow {
  if (baseline === null && current === null)
    return { scope, metric, baseline, current, delta: null, ratio: null, allowed: null, verdict: 'ok' };
  if (baseline === null) return { scope, metric, baseline, current, delta: null, ratio: null, allowed: null, verdict: 'new' };
  if (current === null) return { scope, metric, baseline, current, delta: null, ratio: null, allowed: null, verdict: 'missing' };
  const delta = current - baseline;
  const worsening = tolerance.worse === 'higher' ? delta : -delta;
  const allowed = Math.max(tolerance.relative * Math.abs(baseline), tolerance.absolute);
  const verdict: RowVerdict = worsening > allowed + 1e-12 ? 'regression' : worsening < -allowed ? 'improved' : 'ok';
  return { scope, metric, baseline, current, delta, ratio: baseline === 0 ? null : delta / baseline, allowed, verdict };
}

function comparableSettings(settings: Record<string, unknown>): string {
  const keys = Object.keys(settings)
    .filter((k) => SETTINGS_IGNORED.indexOf(k) < 0)
    .sort();
  return JSON.stringify(keys.map((k) => [k, settings[k]]));
}

export interface CompareOptions {
  /** Compare even when scenario settings or targets differ (the report still says so). */
  force?: boolean;
}

export function compareRuns(
  current: ComparableRun,
  baseline: ComparableRun & { tolerances?: Baseline['tolerances'] },
  options: CompareOptions = {},
): Comparison {
  const tolerances = mergeTolerances(baseline.tolerances);
  const reasons: string[] = [];
  const notes: string[] = [];
  let status: ComparisonStatus = 'pass';

  if (current.scenario !== baseline.scenario) {
    reasons.push(`the run is ${current.scenario} but the baseline is ${baseline.scenario}`);
    status = 'incomparable';
  }
  if (!current.valid) {
    reasons.push(`the run is invalid: ${current.droppedIterations} iterations were dropped, so it did not hold its arrival rate`);
    status = 'invalid';
  }
  if (!baseline.valid) {
    reasons.push(`the baseline is invalid: ${baseline.droppedIterations} iterations were dropped; record a new one`);
    status = 'invalid';
  }
  const settingsDiffer = comparableSettings(current.settings) !== comparableSettings(baseline.settings);
  const targetDiffers = current.target !== baseline.target || current.environment !== baseline.environment;
  if (settingsDiffer)
    (options.force ? notes : reasons).push(
      "scenario settings differ from the baseline's (rates, page sizes or limits), so the figures measure different loads",
    );
  if (targetDiffers)
    (options.force ? notes : reasons).push(
      `the target differs: run ${current.target} (${current.environment}), baseline ${baseline.target} (${baseline.environment})`,
    );
  if ((settingsDiffer || targetDiffers) && !options.force && status === 'pass') status = 'incomparable';
  if (current.k6Version !== baseline.k6Version)
    notes.push(`k6 versions differ: run ${current.k6Version ?? 'unknown'}, baseline ${baseline.k6Version ?? 'unknown'}`);

  const rows: ComparisonRow[] = [];
  const b = baseline.totals;
  const c = current.totals;
  rows.push(compareValue('scenario', 'p95', b.p95, c.p95, tolerances.p95));
  rows.push(compareValue('scenario', 'p99', b.p99, c.p99, tolerances.p99));
  rows.push(compareValue('scenario', 'throughput', b.httpRequestsPerSecond, c.httpRequestsPerSecond, tolerances.throughput));
  rows.push(compareValue('scenario', 'errorRate', b.errorRate, c.errorRate, tolerances.errorRate));
  rows.push(compareValue('scenario', 'checkRate', b.checkRate, c.checkRate, tolerances.checkRate));
  rows.push(compareValue('scenario', 'rateLimitedShare', b.rateLimitedShare, c.rateLimitedShare, tolerances.rateLimitedShare));
  const keys = Object.keys(baseline.endpoints)
    .concat(Object.keys(current.endpoints).filter((k) => baseline.endpoints[k] === undefined))
    .sort();
  for (const key of keys) {
    const be = baseline.endpoints[key];
    const ce = current.endpoints[key];
    for (const metric of ['med', 'p95', 'p99'] as const) {
      rows.push(compareValue(key, metric, be === undefined ? null : be[metric], ce === undefined ? null : ce[metric], tolerances[metric]));
    }
  }
  const missing = keys.filter((k) => current.endpoints[k] === undefined);
  if (missing.length > 0) notes.push(`endpoints in the baseline but not in this run: ${missing.join(', ')}`);
  const regressions = rows.filter((r) => r.verdict === 'regression');
  if (regressions.length > 0) {
    for (const r of regressions)
      reasons.push(
        `${tolerances[r.metric].title} of ${r.scope} regressed: ${format(r.baseline, tolerances[r.metric].unit)} -> ${format(r.current, tolerances[r.metric].unit)} (tolerance ${format(r.allowed, tolerances[r.metric].unit)})`,
      );
    if (status === 'pass') status = 'regression';
  }
  return { status, scenario: current.scenario, reasons, notes, rows, tolerances, current, baseline };
}

export function format(value: number | null, unit: Tolerance['unit']): string {
  if (value === null) return '—';
  if (unit === 'share') return `${Math.round(value * 10000) / 100}%`;
  if (unit === 'req/s') return `${Math.round(value * 100) / 100} req/s`;
  return value >= 100 ? `${Math.round(value)} ms` : `${Math.round(value * 100) / 100} ms`;
}

/** 0 only when the run passed the comparison. */
export function exitCodeFor(comparison: Comparison): number {
  return comparison.status === 'pass' ? 0 : 1;
}
