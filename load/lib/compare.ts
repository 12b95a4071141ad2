/**
 * Performance regression check: a run report (reports/load/<scenario>.json) against a baseline
 * (load/baselines/<scenario>.json) with per-metric tolerances. Pure module.
 *
 * Like with like: a run is judged on what it controls. Every scenario runs an arrival-rate plan, which fixes
 * its throughput, so requests/s are shown, never judged; what is judged is whether the plan was held (iterations
 * done / planned, dropped iterations) and how the target answered it (latency percentiles, failed requests,
 * checks, 429s). A metric regresses when it got worse by more than max(relative x baseline, absolute): e.g. p95
 * may grow by 15% or 5ms, whichever is larger. An invalid run (dropped iterations) is never compared: it is
 * reported as invalid. Runs that did different work (RunWork: plan, creates spent in setup, budget), with
 * different scenario settings or against different targets are INCOMPARABLE, the differences listed, unless forced.
 *
 * Several summaries of one distributed run (k6-operator: one per runner pod) merge into one (mergeRuns): counts
 * and rates add up, shares are weighted by their requests; a percentile cannot be rebuilt from the runners'
 * percentiles, only bounded (the merged p95 lies between the lowest and the highest runner's p95), so a latency
 * row regresses only when even the lowest runner's figure is beyond the tolerance, and is left undecided when
 * only the highest is.
 */
import type { LoadEngine } from './port.ts';
import type { ScenarioName } from './names.ts';
import type { LoadReport, RunWork } from './report.ts';

export const BASELINE_SCHEMA = 'osd-suite/load-baseline@1';

export type Percentile = 'med' | 'p95' | 'p99';

/** A merged percentile's bounds: the lowest and the highest of the runners' (the merged value shown is the highest). */
export type Spread = Partial<Record<Percentile, [number, number]>>;

export interface EndpointFigures {
  count: number;
  med: number;
  p95: number;
  p99: number;
  spread?: Spread;
}

export interface ComparableRun {
  scenario: ScenarioName;
  runId: string | null;
  /** What made the run; reports written before engines were recorded are k6's (nothing else could make them). */
  engine?: LoadEngine;
  k6Version: string | null;
  generatedAt: string;
  /** Loopback targets compare as "loopback" (the reference's port changes every run). */
  target: string;
  environment: string;
  settings: Record<string, unknown>;
  /** The work the run did; absent in baselines recorded before it was kept. */
  work?: RunWork | null;
  /** How many summaries (k6-operator runner pods) this run was merged from; absent for one. */
  runners?: number;
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
    spread?: Spread;
  };
}

export type MetricId =
  | 'med'
  | 'p95'
  | 'p99'
  | 'throughput'
  | 'achievedRate'
  | 'droppedIterations'
  | 'errorRate'
  | 'checkRate'
  | 'rateLimitedShare';

export interface Tolerance {
  title: string;
  /** Direction in which a change is a regression. */
  worse: 'higher' | 'lower';
  relative: number;
  absolute: number;
  unit: 'ms' | 'req/s' | 'share' | 'count';
}

export const DEFAULT_TOLERANCES: Readonly<Record<MetricId, Tolerance>> = {
  med: { title: 'median latency', worse: 'higher', relative: 0.15, absolute: 2, unit: 'ms' },
  p95: { title: 'p95 latency', worse: 'higher', relative: 0.15, absolute: 5, unit: 'ms' },
  p99: { title: 'p99 latency', worse: 'higher', relative: 0.25, absolute: 10, unit: 'ms' },
  /** Shown, not judged, when an arrival-rate plan fixes it (every scenario's does). */
  throughput: { title: 'throughput', worse: 'lower', relative: 0.1, absolute: 0.5, unit: 'req/s' },
  achievedRate: { title: 'iterations done / planned', worse: 'lower', relative: 0, absolute: 0.05, unit: 'share' },
  droppedIterations: { title: 'dropped iterations', worse: 'higher', relative: 0, absolute: 0, unit: 'count' },
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

const ENGINE_TEXT: Record<LoadEngine, string> = { k6: 'k6', 'node-driver': "the project's Node driver (npm test)" };

/** Settings that do not change what the figures mean. */
const SETTINGS_IGNORED = ['durationMs', 'expectedLatencyMs'];

export function comparableFromReport(report: LoadReport): ComparableRun {
  const endpoints: Record<string, EndpointFigures> = {};
  for (const e of report.endpoints) endpoints[e.key] = { count: e.count, med: e.med, p95: e.p95, p99: e.p99 };
  const t = report.totals;
  return {
    scenario: report.scenario,
    runId: report.run.runId,
    engine: report.run.engine ?? 'k6',
    k6Version: report.run.k6Version,
    generatedAt: report.run.generatedAt,
    target: report.target.loopback ? 'loopback' : report.target.baseUrl,
    environment: report.target.environment,
    settings: report.settings,
    work: report.work ?? null,
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

/**
 * shown: a figure the plan fixes (throughput under an arrival rate), never judged; undecided: a merged percentile
 * whose bounds straddle the tolerance (only the highest runner's figure is beyond it).
 */
export type RowVerdict = 'ok' | 'regression' | 'improved' | 'new' | 'missing' | 'shown' | 'undecided';

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

/**
 * One figure against its baseline. `currentLow`: the lower bound of a merged percentile (`current` is its upper
 * bound): a regression only when even the lower bound is beyond the tolerance, undecided when only the upper one is.
 */
export function compareValue(
  scope: string,
  metric: MetricId,
  baseline: number | null,
  current: number | null,
  tolerance: Tolerance,
  currentLow: number | null = null,
): ComparisonRow {
  if (baseline === null && current === null)
    return { scope, metric, baseline, current, delta: null, ratio: null, allowed: null, verdict: 'ok' };
  if (baseline === null) return { scope, metric, baseline, current, delta: null, ratio: null, allowed: null, verdict: 'new' };
  if (current === null) return { scope, metric, baseline, current, delta: null, ratio: null, allowed: null, verdict: 'missing' };
  const delta = current - baseline;
  const worsening = (value: number): number => (tolerance.worse === 'higher' ? value - baseline : baseline - value);
  const allowed = Math.max(tolerance.relative * Math.abs(baseline), tolerance.absolute);
  const beyond = (value: number): boolean => worsening(value) > allowed + 1e-12;
  let verdict: RowVerdict = beyond(current) ? 'regression' : worsening(current) < -allowed ? 'improved' : 'ok';
  if (verdict === 'regression' && currentLow !== null && !beyond(currentLow)) verdict = 'undecided';
  return { scope, metric, baseline, current, delta, ratio: baseline === 0 ? null : delta / baseline, allowed, verdict };
}

/** A figure shown beside its baseline and never judged (throughput under an arrival-rate plan). */
function shownValue(scope: string, metric: MetricId, baseline: number | null, current: number | null): ComparisonRow {
  const delta = baseline === null || current === null ? null : current - baseline;
  const ratio = delta === null || baseline === null || baseline === 0 ? null : delta / baseline;
  return { scope, metric, baseline, current, delta, ratio, allowed: null, verdict: 'shown' };
}

/** Whether the run's plan fixes its throughput: an arrival-rate executor (every scenario's; older baselines say no executor). */
export function throughputFixedByPlan(run: ComparableRun): boolean {
  return run.work === undefined || run.work === null || /arrival-rate$/.test(run.work.executor);
}

function secondsText(ms: number): string {
  return `${Math.round(ms / 100) / 10} s`;
}

/**
 * The ways two runs' work differs, each as one phrase; empty when they did the same work. The planned length alone
 * is not among them (the existing rule: the same rate for longer is the same load), nor one iteration more or less
 * at the plan's edge (k6 starts the iteration due at the last instant, or not).
 */
export function workDifferences(current: RunWork, baseline: RunWork): string[] {
  const out: string[] = [];
  if (current.executor !== baseline.executor) out.push(`the executor is ${current.executor} (baseline ${baseline.executor})`);
  const rate = (r: RunWork): string =>
    r.plannedRatePerSecond === null ? 'a ramping rate' : `${Math.round(r.plannedRatePerSecond * 1000) / 1000} iterations/s`;
  if (rate(current) !== rate(baseline)) out.push(`the plan starts ${rate(current)} (baseline ${rate(baseline)})`);
  if (current.writeBudget !== baseline.writeBudget)
    out.push(`the write budget is ${current.writeBudget ?? 'none'} creates (baseline ${baseline.writeBudget ?? 'none'})`);
  if (current.setupCreates !== baseline.setupCreates)
    out.push(
      `setup spent ${current.setupCreates} creates of the budget (baseline ${baseline.setupCreates}), so ${current.iterationsDone - current.budgetSkipped} iterations did the scenario's work (baseline ${baseline.iterationsDone - baseline.budgetSkipped})`,
    );
  else if (Math.abs(current.budgetSkipped - baseline.budgetSkipped) > 1)
    out.push(`${current.budgetSkipped} iterations found the write budget spent and did nothing (baseline ${baseline.budgetSkipped})`);
  return out;
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
  // Not even with --force: the Node driver runs a counted number of iterations as fast as it can, k6 an arrival rate.
  const engines = { current: current.engine ?? 'k6', baseline: baseline.engine ?? 'k6' };
  if (engines.current !== engines.baseline) {
    reasons.push(
      `different engines: the run was made by ${ENGINE_TEXT[engines.current]}, the baseline by ${ENGINE_TEXT[engines.baseline]}; their figures measure different things`,
    );
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
  const cw = current.work ?? null;
  const bw = baseline.work ?? null;
  const workDiffers = cw !== null && bw !== null ? workDifferences(cw, bw) : [];
  // load:baseline records k6 runs only: across engines, re-recording is no way out, so it is not offered.
  const recordHint = engines.current === engines.baseline ? '; record a baseline of this work (npm run load:baseline)' : '';
  if (workDiffers.length > 0)
    (options.force ? notes : reasons).push(`the run did different work from the baseline's: ${workDiffers.join('; ')}${recordHint}`);
  if ((settingsDiffer || targetDiffers || workDiffers.length > 0) && !options.force && status === 'pass') status = 'incomparable';
  if (bw === null)
    notes.push(
      'the baseline does not record the work it did (iterations planned and done, creates spent in setup): that part is not compared; re-record it with npm run load:baseline',
    );
  else if (bw.derived) notes.push(`the baseline's work was derived after the fact: ${bw.derived}`);
  if (cw !== null && bw !== null && cw.plannedDurationMs !== bw.plannedDurationMs)
    notes.push(
      `the run was planned for ${secondsText(cw.plannedDurationMs)}, the baseline for ${secondsText(bw.plannedDurationMs)} (${cw.iterationsPlanned} and ${bw.iterationsPlanned} iterations at the same rate): the same load, over different sample sizes`,
    );
  if (current.k6Version !== baseline.k6Version)
    notes.push(`k6 versions differ: run ${current.k6Version ?? 'unknown'}, baseline ${baseline.k6Version ?? 'unknown'}`);
  if ((current.runners ?? 1) > 1)
    notes.push(
      `the run is merged from ${current.runners} runners' summaries: counts and rates are summed, shares weighted by requests; each percentile shown is the highest runner's, the merged one lying between the lowest and the highest runner's (a regression is called only when even the lowest runner's is beyond the tolerance)`,
    );

  const rows: ComparisonRow[] = [];
  const b = baseline.totals;
  const c = current.totals;
  rows.push(compareValue('scenario', 'p95', b.p95, c.p95, tolerances.p95, c.spread?.p95?.[0] ?? null));
  rows.push(compareValue('scenario', 'p99', b.p99, c.p99, tolerances.p99, c.spread?.p99?.[0] ?? null));
  if (throughputFixedByPlan(current) && throughputFixedByPlan(baseline))
    rows.push(shownValue('scenario', 'throughput', b.httpRequestsPerSecond, c.httpRequestsPerSecond));
  else rows.push(compareValue('scenario', 'throughput', b.httpRequestsPerSecond, c.httpRequestsPerSecond, tolerances.throughput));
  if (cw !== null && bw !== null) rows.push(compareValue('scenario', 'achievedRate', achieved(bw), achieved(cw), tolerances.achievedRate));
  rows.push(
    compareValue('scenario', 'droppedIterations', baseline.droppedIterations, current.droppedIterations, tolerances.droppedIterations),
  );
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
      rows.push(
        compareValue(
          key,
          metric,
          be === undefined ? null : be[metric],
          ce === undefined ? null : ce[metric],
          tolerances[metric],
          ce?.spread?.[metric]?.[0] ?? null,
        ),
      );
    }
  }
  const missing = keys.filter((k) => current.endpoints[k] === undefined);
  if (missing.length > 0) notes.push(`endpoints in the baseline but not in this run: ${missing.join(', ')}`);
  for (const r of rows.filter((row) => row.verdict === 'undecided'))
    notes.push(
      `${tolerances[r.metric].title} of ${r.scope}: the highest runner's ${format(r.current, tolerances[r.metric].unit)} is beyond the tolerance, the lowest runner's is not; the merged figure lies between, so it is not judged`,
    );
  // An invalid or incomparable pair is not judged: its figures are shown for reading, none called a regression.
  if (status !== 'pass') {
    for (const r of rows) if (r.verdict === 'regression' || r.verdict === 'improved' || r.verdict === 'undecided') r.verdict = 'shown';
    return { status, scenario: current.scenario, reasons, notes, rows, tolerances, current, baseline };
  }
  const regressions = rows.filter((r) => r.verdict === 'regression');
  if (regressions.length > 0) {
    for (const r of regressions)
      reasons.push(
        `${tolerances[r.metric].title} of ${r.scope} regressed: ${format(r.baseline, tolerances[r.metric].unit)} -> ${format(r.current, tolerances[r.metric].unit)} (tolerance ${format(r.allowed, tolerances[r.metric].unit)})`,
      );
    status = 'regression';
  }
  return { status, scenario: current.scenario, reasons, notes, rows, tolerances, current, baseline };
}

/** Iterations done per iteration planned. */
function achieved(work: RunWork): number | null {
  return work.iterationsPlanned > 0 ? work.iterationsDone / work.iterationsPlanned : null;
}

export function format(value: number | null, unit: Tolerance['unit']): string {
  if (value === null) return '—';
  if (unit === 'count') return String(Math.round(value));
  if (unit === 'share') return `${Math.round(value * 10000) / 100}%`;
  if (unit === 'req/s') return `${Math.round(value * 100) / 100} req/s`;
  return value >= 100 ? `${Math.round(value)} ms` : `${Math.round(value * 100) / 100} ms`;
}

/** 0 only when the run passed the comparison. */
export function exitCodeFor(comparison: Comparison): number {
  return comparison.status === 'pass' ? 0 : 1;
}

/** Lowest and highest of some figures; null when there are none. */
function bounds(values: readonly number[]): [number, number] | null {
  return values.length === 0 ? null : [Math.min(...values), Math.max(...values)];
}

function weighted(values: ReadonlyArray<{ value: number | null; weight: number }>): number | null {
  const known = values.filter((v): v is { value: number; weight: number } => v.value !== null);
  const total = known.reduce((n, v) => n + v.weight, 0);
  if (known.length === 0) return null;
  return total === 0 ? known[0].value : known.reduce((n, v) => n + v.value * v.weight, 0) / total;
}

/**
 * One run from the summaries of its runners (k6-operator: one per runner pod, each with its share of the arrival
 * rate). They must be of one scenario, engine, settings, target and run id. Counts and rates add up; shares are weighted by
 * each runner's requests/s (the runners run side by side for the same time, so that is weighting by requests);
 * a percentile is shown as the highest runner's, with its spread, which compareRuns reads as bounds. The plan (the
 * whole test's, the same in every runner) is taken once; iterations done, setup creates and budget skips add up.
 */
export function mergeRuns(runs: readonly ComparableRun[]): ComparableRun {
  if (runs.length === 0) throw new Error('No run to merge.');
  if (runs.length === 1) return runs[0];
  const first = runs[0];
  const differ = (what: string, value: (r: ComparableRun) => unknown): void => {
    const seen = runs.map((r) => JSON.stringify(value(r)));
    if (seen.some((v) => v !== seen[0]))
      throw new Error(`The summaries are not runners of one run: their ${what} differ (${[...new Set(seen)].join(' / ')}).`);
  };
  differ('scenarios', (r) => r.scenario);
  differ('engines', (r) => r.engine ?? 'k6');
  differ('targets', (r) => [r.target, r.environment]);
  differ('settings', (r) => r.settings);
  differ('run ids', (r) => r.runId);
  differ('plans', (r) => (r.work ? [r.work.executor, r.work.plannedRatePerSecond, r.work.iterationsPlanned, r.work.writeBudget] : null));
  const weights = runs.map((r) => r.totals.httpRequestsPerSecond);
  const share = (pick: (r: ComparableRun) => number | null): number | null =>
    weighted(runs.map((r, i) => ({ value: pick(r), weight: weights[i] })));
  const percentiles = (list: ReadonlyArray<{ med: number; p95: number; p99: number; spread?: Spread }>) => {
    const out = { med: 0, p95: 0, p99: 0, spread: {} as Spread };
    for (const p of ['med', 'p95', 'p99'] as const) {
      // A runner's own spread (a summary merged before) widens the bounds.
      const b = bounds(list.flatMap((f) => f.spread?.[p] ?? [f[p]]));
      if (b === null) continue;
      out[p] = b[1];
      out.spread[p] = b;
    }
    return out;
  };
  const endpoints: Record<string, EndpointFigures> = {};
  const keys = [...new Set(runs.flatMap((r) => Object.keys(r.endpoints)))].sort();
  for (const key of keys) {
    const parts = runs.map((r) => r.endpoints[key]).filter((e): e is EndpointFigures => e !== undefined && e.count > 0);
    if (parts.length === 0) continue;
    endpoints[key] = { count: parts.reduce((n, e) => n + e.count, 0), ...percentiles(parts) };
  }
  const totals = percentiles(runs.map((r) => ({ med: 0, p95: r.totals.p95, p99: r.totals.p99, spread: r.totals.spread })));
  const sum = (pick: (r: ComparableRun) => number): number => runs.reduce((n, r) => n + pick(r), 0);
  const works = runs.map((r) => r.work ?? null);
  const work =
    works.every((w): w is RunWork => w !== null) && first.work
      ? {
          ...first.work,
          iterationsDone: works.reduce((n, w) => n + w.iterationsDone, 0),
          setupCreates: works.reduce((n, w) => n + w.setupCreates, 0),
          budgetSkipped: works.reduce((n, w) => n + w.budgetSkipped, 0),
        }
      : null;
  return {
    scenario: first.scenario,
    runId: first.runId,
    engine: first.engine,
    k6Version: [...new Set(runs.map((r) => r.k6Version ?? 'unknown'))].join(', '),
    generatedAt: runs.map((r) => r.generatedAt).sort()[runs.length - 1],
    target: first.target,
    environment: first.environment,
    settings: first.settings,
    work,
    runners: sum((r) => r.runners ?? 1),
    valid: runs.every((r) => r.valid),
    droppedIterations: sum((r) => r.droppedIterations),
    endpoints,
    totals: {
      httpRequestsPerSecond: sum((r) => r.totals.httpRequestsPerSecond),
      iterationsPerSecond: sum((r) => r.totals.iterationsPerSecond),
      errorRate: share((r) => r.totals.errorRate) ?? 0,
      checkRate: share((r) => r.totals.checkRate),
      rateLimitedShare: share((r) => r.totals.rateLimitedShare) ?? 0,
      p95: totals.p95,
      p99: totals.p99,
      spread: { p95: totals.spread.p95, p99: totals.spread.p99 },
    },
  };
}
