/**
 * The series read as a whole: the verdict of each run, the clauses whose result changed (when each first failed and
 * when it recovered), the latency of each operation in each run, and the runs whose latency regressed. Pure module.
 *
 * Regressions are judged like for like, as load:compare judges: a run is held to the rolling median of the previous
 * `window` runs that share its target, environment, pace (API_RATE) and load engine; a run with none such is "not comparable" and
 * says why, never a regression.
 */
import { percentile } from '../../load/lib/percentile.ts';
import { plural } from '../report/unconfirmed-reason.ts';
import type { RunRecord } from './runs.ts';

export interface HistoryOptions {
  /** Previous comparable runs whose median a run's p95 is held to. */
  window: number;
  /** How far above that median a p95 may go: the larger of `relative` x median and `absoluteMs`. */
  relative: number;
  absoluteMs: number;
}

/**
 * Defaults: the median of 5 runs is steady against one noisy night, and a week of nightly runs still moves it. A p95
 * may be twice the median, or 50 ms above it on a fast target, before it is marked: the same width load:compare's
 * shipped baselines give p95 on a shared machine (+150% or 50 ms), so noise passes and a real step (200 ms) does not.
 */
/**
 * Answers below which a p95 says little alone: at 20 the nearest-rank p95 leaves out the slowest answer; below, it is
 * the slowest or next to it (seen on a busy machine: one answer at 230 ms among a handful at 40 ms, no change at all).
 * Below it an operation is slower only if its fastest answer is too: a busy runner adds time to some answers, a slower
 * deployment to all of them. Not the p50: of two health answers on a CI runner at full load, one at 60 ms and one at
 * 170 ms (the median before: 2 ms) lifted the p50 past the tolerance with nothing changed.
 */
export const FEW_FOR_P95 = 20;

export const DEFAULT_HISTORY_OPTIONS: HistoryOptions = { window: 5, relative: 1, absoluteMs: 50 };

export interface OperationFigures {
  count: number;
  /** The fastest answer: what a few answers say most steadily (FEW_FOR_P95). */
  min: number;
  p50: number;
  p95: number;
  max: number;
}

export interface RegressionMark {
  operation: string;
  p95: number;
  median: number;
  allowed: number;
  /** Run ids of the runs the median was taken over. */
  over: string[];
}

/** One run on the timeline: its record without the raw clause results and latencies, which become flips and figures. */
export interface TimelineRun extends Omit<RunRecord, 'clauses' | 'failures' | 'unconfirmed' | 'latencies'> {
  index: number;
  operations: Record<string, OperationFigures>;
  regressions: RegressionMark[];
  /** Why this run's latency is not held to earlier runs' (none comparable), or null. */
  notComparable: string | null;
}

export interface ClauseFlip {
  clause: string;
  /** The clause area (its ID prefix), as the reports group clauses. */
  area: string;
  /**
   * How it stopped passing: it failed, or it was no longer confirmed (its tests failed on another clause, or were
   * skipped), as the verdict says "ID not confirmed: why".
   */
  kind: 'fail' | 'unconfirmed';
  /** The cause: the failure message of the first failing run, or why the clause was not confirmed there. */
  cause: string;
  firstFailedRun: string;
  /** The run in which it passed again, or null while it still fails. */
  recoveredRun: string | null;
}

export interface History {
  runs: TimelineRun[];
  flips: ClauseFlip[];
  /** One line each: what changed in the last run against the one before it. */
  lastChanges: string[];
}

function figures(values: readonly number[]): OperationFigures {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    count: sorted.length,
    min: sorted[0] ?? 0,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    max: sorted[sorted.length - 1] ?? 0,
  };
}

const median = (values: readonly number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

/**
 * The load engines a run's load reports name (k6, the Node driver), joined; '' when it ran no load. One engine's
 * figures are not another's (load:compare refuses them too), and a run that drove load beside its requests did other work.
 */
export const enginesOf = (run: Pick<RunRecord, 'load'>) => [...new Set(run.load.map((l) => l.engine))].sort().join('+');

const engineText = (engines: string) => engines || 'no load run';

/** What must match for two runs' latencies to be compared. */
function likeFor(run: Pick<RunRecord, 'target' | 'environment' | 'pace' | 'load'>): string {
  return JSON.stringify([run.target, run.environment, run.pace, enginesOf(run)]);
}

function differences(run: TimelineRun, other: TimelineRun): string {
  const out: string[] = [];
  if (run.pace !== other.pace) out.push(`its pace is ${paceText(run.pace)} (the run before: ${paceText(other.pace)})`);
  if (run.target !== other.target) out.push(`its target is ${run.target} (the run before: ${other.target})`);
  if (run.environment !== other.environment) out.push(`its environment is ${run.environment} (the run before: ${other.environment})`);
  if (enginesOf(run) !== enginesOf(other))
    out.push(`its load engine is ${engineText(enginesOf(run))} (the run before: ${engineText(enginesOf(other))})`);
  return out.join('; ');
}

export const paceText = (pace: number | null) => (pace === null ? 'unknown' : pace === 0 ? 'unpaced' : `${pace} requests/s`);

/** Results that pass: a waived clause is the owner's decision, not a change of the API. */
const PASSING = new Set(['pass', 'waived']);

/** A clause's result in one run: it passed, failed, or was not confirmed; null when the run says nothing of it. */
function clauseResult(r: RunRecord, clause: string): 'ok' | 'fail' | 'unconfirmed' | null {
  const status = r.clauses[clause];
  if (status === 'fail') return 'fail';
  if (status !== undefined && PASSING.has(status)) return 'ok';
  if (r.unconfirmed[clause] !== undefined) return 'unconfirmed';
  return null;
}

export function analyseHistory(records: readonly RunRecord[], options: HistoryOptions = DEFAULT_HISTORY_OPTIONS): History {
  const ordered = [...records].sort((a, b) => (a.startedAt < b.startedAt ? -1 : a.startedAt > b.startedAt ? 1 : 0));
  const runs: TimelineRun[] = ordered.map((r, index) => ({
    index,
    runId: r.runId,
    startedAt: r.startedAt,
    verdict: r.verdict,
    stoppedKind: r.stoppedKind,
    target: r.target,
    environment: r.environment,
    pace: r.pace,
    suiteVersion: r.suiteVersion,
    deploymentVersion: r.deploymentVersion,
    dir: r.dir,
    reportPage: r.reportPage,
    operations: Object.fromEntries(Object.entries(r.latencies).map(([op, ms]) => [op, figures(ms)])),
    load: r.load,
    regressions: [],
    notComparable: null,
  }));

  // Latency: each run against the rolling median of the previous comparable runs.
  for (const run of runs) {
    if (Object.keys(run.operations).length === 0) continue;
    const earlier = runs.slice(0, run.index).filter((r) => Object.keys(r.operations).length > 0);
    const comparable = earlier.filter((r) => likeFor(r) === likeFor(run)).slice(-options.window);
    if (comparable.length === 0) {
      const before = earlier.at(-1);
      if (before) run.notComparable = `not comparable: ${differences(run, before)}; no earlier run had the same`;
      continue;
    }
    for (const [operation, f] of Object.entries(run.operations)) {
      const previous = comparable.filter((r) => r.operations[operation]);
      if (previous.length === 0) continue;
      const m = median(previous.map((r) => r.operations[operation].p95));
      const allowed = Math.max(options.relative * m, options.absoluteMs);
      if (f.p95 <= m + allowed) continue;
      // Under FEW_FOR_P95 answers a p95 is about the slowest of a handful: one slow answer on a busy runner. The
      // operation is slower only if its fastest answer moved beyond the same tolerance too.
      const mMin = median(previous.map((r) => r.operations[operation].min));
      if (f.count < FEW_FOR_P95 && f.min <= mMin + Math.max(options.relative * mMin, options.absoluteMs)) continue;
      run.regressions.push({ operation, p95: f.p95, median: m, allowed, over: previous.map((r) => r.runId) });
    }
  }

  // Clause flips: a clause that stopped passing (it failed, or was no longer confirmed), from the run it did to the run
  // it passed again. STOPPED runs and runs that left the clause out (--clauses) say nothing of it.
  const flips: ClauseFlip[] = [];
  const clauseIds = [...new Set(ordered.flatMap((r) => Object.keys(r.clauses)))].sort();
  for (const clause of clauseIds) {
    let open: ClauseFlip | null = null;
    for (const r of ordered) {
      const result = clauseResult(r, clause);
      if (result === null) continue;
      if (result !== 'ok' && !open) {
        open = {
          clause,
          area: clause.split('-')[0],
          kind: result,
          cause: (result === 'fail' ? r.failures[clause] : r.unconfirmed[clause]) ?? '',
          firstFailedRun: r.runId,
          recoveredRun: null,
        };
        flips.push(open);
      } else if (result === 'ok' && open) {
        open.recoveredRun = r.runId;
        open = null;
      }
    }
  }

  return { runs, flips, lastChanges: lastChanges(runs, flips) };
}

function lastChanges(runs: readonly TimelineRun[], flips: readonly ClauseFlip[]): string[] {
  const last = runs.at(-1);
  if (!last) return [];
  const before = runs.at(-2);
  const out: string[] = [];
  if (before && before.verdict !== last.verdict)
    out.push(`the verdict went from ${before.verdict.toUpperCase()} to ${last.verdict.toUpperCase()}`);
  for (const g of groupFlips(flips, new Map(runs.map((r) => [r.runId, r.index])))) {
    if (g.firstFailedRun === last.runId) out.push(`${flipSentence(g)}, since this run`);
    if (g.recoveredRun === last.runId) out.push(`${g.clauses.join(', ')} ${g.clauses.length > 1 ? 'pass' : 'passes'} again`);
  }
  for (const r of last.regressions) out.push(`${r.operation} p95 ${Math.round(r.p95)} ms against a median of ${Math.round(r.median)} ms`);
  if (last.notComparable) out.push(`latency ${last.notComparable}`);
  if (before && before.deploymentVersion !== last.deploymentVersion && last.deploymentVersion)
    out.push(`deployment ${last.deploymentVersion} (was ${before.deploymentVersion ?? 'not given'})`);
  if (out.length === 0) out.push(before ? 'nothing changed since the run before' : 'the first run of the series');
  return out;
}

/**
 * Flips told once per cause, as the reports tell "not confirmed" reasons (src/certify/report/unconfirmed.ts): each
 * failing clause alone (its own message), the clauses no longer confirmed for one reason between the same runs as one
 * group ("3 clauses not confirmed: their tests failed on OFFER-SCHEMA"). Newest first.
 */
export interface FlipGroup extends Omit<ClauseFlip, 'clause' | 'area'> {
  clauses: string[];
  areas: string[];
}

export function groupFlips(flips: readonly ClauseFlip[], order: ReadonlyMap<string, number> = new Map()): FlipGroup[] {
  const groups = new Map<string, FlipGroup>();
  for (const f of flips) {
    const key = f.kind === 'fail' ? `fail ${f.clause} ${f.firstFailedRun}` : JSON.stringify([f.cause, f.firstFailedRun, f.recoveredRun]);
    const group = groups.get(key);
    if (group) {
      group.clauses.push(f.clause);
      if (!group.areas.includes(f.area)) group.areas.push(f.area);
    } else
      groups.set(key, {
        kind: f.kind,
        cause: f.cause,
        firstFailedRun: f.firstFailedRun,
        recoveredRun: f.recoveredRun,
        clauses: [f.clause],
        areas: [f.area],
      });
  }
  const at = (runId: string) => order.get(runId) ?? 0;
  return [...groups.values()].sort(
    (a, b) =>
      at(b.firstFailedRun) - at(a.firstFailedRun) ||
      (a.kind === b.kind ? 0 : a.kind === 'fail' ? -1 : 1) ||
      (a.clauses[0] < b.clauses[0] ? -1 : 1),
  );
}

/** A group as one sentence: "ID fails: message", "ID not confirmed: why", "N clauses not confirmed: their ...". */
export function flipSentence(g: FlipGroup): string {
  if (g.kind === 'fail') return `${g.clauses[0]} fails${g.cause ? `: ${g.cause}` : ''}`;
  return g.clauses.length === 1
    ? `${g.clauses[0]} not confirmed: ${g.cause}`
    : `${g.clauses.length} clauses not confirmed (${g.clauses.join(', ')}): ${plural(g.cause)}`;
}
