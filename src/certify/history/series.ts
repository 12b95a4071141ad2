/**
 * The series question, pure: given the runs read (read-runs.ts), which clauses flipped and when, how each operation's
 * latency moved, and which runs are regressions. No file access: the writers and the tests call it alike.
 */
import type { UnconfirmedGroup } from '../report/unconfirmed.ts';

/** What one run says of one clause, as far as the series is concerned (every other status is "not judged"). */
export type ClauseState = 'pass' | 'fail' | 'unconfirmed' | 'waived';

export interface OperationLatency {
  operation: string;
  /** Successful answers (2xx) measured. */
  count: number;
  p50: number;
  p95: number;
  max: number;
}

export interface LoadScenarioFigures {
  scenario: string;
  engine: string;
  requests: number;
  requestsPerSecond: number;
  errorRate: number;
  p95: number;
  p99: number;
}

/** What the series needs of one run: read once from its folder (read-runs.ts). */
export interface RunRecord {
  dir: string;
  /** The run's own report (index.html), relative to the history's folder; null when it has none. */
  reportLink: string | null;
  runId: string;
  startedAt: string;
  verdict: 'pass' | 'fail' | 'incomplete' | 'stopped';
  /** What the verdict said first (or why it stopped). */
  headline: string;
  target: string;
  environment: string;
  suiteVersion: string;
  deploymentVersion: string | null;
  /** API_RATE (requests/s; 0 = not paced). */
  rate: number;
  /** The load engines of the run's load smoke ("k6", "node"), or none when it did not run. */
  engines: string[];
  clauses: Record<string, ClauseState>;
  /** Why each failing or unconfirmed clause is so: the cause the reports group by. */
  causes: Record<string, string>;
  latency: OperationLatency[];
  load: LoadScenarioFigures[];
}

export interface HistoryOptions {
  /** Previous comparable runs the rolling median is taken over. */
  window: number;
  /** A p95 above median × (1 + tolerance) is a regression ... */
  tolerance: number;
  /** ... when it is also at least this many milliseconds above the median (a 3 ms -> 5 ms step is noise). */
  minDeltaMs: number;
  /** Fewest previous comparable runs a median needs. */
  minBaseline: number;
}

/**
 * Defaults (docs/history.md says why): 5 previous runs, a working week of nightly runs, so one odd night moves the
 * median not at all; +50 % and at least 50 ms: above the run-to-run spread of p95 on a shared CI runner (a busy neighbour adds tens of ms) and
 * far below a real step (a 200 ms slower deployment); 2 runs before any judgement.
 */
export const HISTORY_DEFAULTS: HistoryOptions = { window: 5, tolerance: 0.5, minDeltaMs: 50, minBaseline: 2 };

/** Answers below which a p95 (nearest rank) is the maximum: 20 answers is the least whose p95 leaves the slowest one out. */
export const FEW_FOR_P95 = 20;

export type LatencyMark = 'regression' | 'ok' | 'no-baseline' | 'not-comparable';

export interface LatencyCell extends OperationLatency {
  /** Median p95 of the previous comparable runs; null without enough of them. */
  baselineP95: number | null;
  mark: LatencyMark;
}

export interface RunEntry extends RunRecord {
  /** 1-based, in time order. */
  index: number;
  /** Why this run is not compared with the one before it (pace, target, environment, engine changed); null when it is. */
  notComparable: string | null;
  latencyMarks: LatencyCell[];
}

export interface ClauseEpisode {
  clause: string;
  state: 'fail' | 'unconfirmed';
  cause: string;
  /** The run index it first failed (or went unconfirmed) in, after a run that passed it (or the first run). */
  firstFailing: number;
  /** The run index it passed again; null while it still fails. */
  recovered: number | null;
}

export interface FlipGroup {
  cause: string;
  state: 'fail' | 'unconfirmed';
  firstFailing: number;
  recovered: number | null;
  clauses: string[];
}

export interface Series {
  runs: RunEntry[];
  flips: FlipGroup[];
  regressions: Array<{ run: number; operation: string; p95: number; baselineP95: number }>;
}

/** The like-for-like key: runs that differ on any of these are not compared (as load:compare does). */
function comparability(r: RunRecord): Record<string, string> {
  return {
    pace: r.rate ? `API_RATE=${r.rate}/s` : 'API_RATE unset (not paced)',
    target: r.target,
    environment: r.environment,
    engine: r.engines.length ? r.engines.join('+') : 'no load engine',
  };
}

function differences(a: RunRecord, b: RunRecord): string[] {
  const [x, y] = [comparability(a), comparability(b)];
  return Object.keys(x)
    .filter((k) => x[k] !== y[k])
    .map((k) => `${k} ${y[k]} (was ${x[k]})`);
}

const sameKind = (a: RunRecord, b: RunRecord) => differences(a, b).length === 0;

export function median(values: readonly number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/** Nearest-rank percentile of sorted values (the load tooling's choice: a value that was measured, not interpolated). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export function operationLatency(samples: ReadonlyMap<string, number[]>): OperationLatency[] {
  return [...samples.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([operation, ms]) => {
      const sorted = [...ms].sort((a, b) => a - b);
      return { operation, count: sorted.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted[sorted.length - 1] };
    });
}

export function buildSeries(records: readonly RunRecord[], options: HistoryOptions = HISTORY_DEFAULTS): Series {
  const sorted = [...records].sort((a, b) => a.startedAt.localeCompare(b.startedAt) || a.runId.localeCompare(b.runId));
  const runs: RunEntry[] = [];
  const regressions: Series['regressions'] = [];
  for (const [i, r] of sorted.entries()) {
    const prev = runs.at(-1);
    const changed = prev && r.verdict !== 'stopped' && prev.verdict !== 'stopped' ? differences(prev, r) : [];
    const comparable = runs.filter((p) => p.verdict !== 'stopped' && sameKind(p, r));
    const latencyMarks = r.latency.map((l): LatencyCell => {
      const before = comparable.flatMap((p) => p.latency.filter((x) => x.operation === l.operation)).slice(-options.window);
      // No comparable run before, yet there are runs of another kind: the run is not compared, and says so.
      if (before.length === 0 && runs.some((p) => p.latency.some((x) => x.operation === l.operation)))
        return { ...l, baselineP95: null, mark: 'not-comparable' };
      if (before.length < options.minBaseline) return { ...l, baselineP95: null, mark: 'no-baseline' };
      const base = median(before.map((x) => x.p95));
      const beyond = (value: number, baseline: number) =>
        value > baseline * (1 + options.tolerance) && value - baseline >= options.minDeltaMs;
      // Under FEW_FOR_P95 answers the p95 is the slowest of a handful: the p50 must have moved too, or it is one slow answer.
      const regression = beyond(l.p95, base) && (l.count >= FEW_FOR_P95 || beyond(l.p50, median(before.map((x) => x.p50))));
      if (regression) regressions.push({ run: i + 1, operation: l.operation, p95: l.p95, baselineP95: base });
      return { ...l, baselineP95: base, mark: regression ? 'regression' : 'ok' };
    });
    runs.push({ ...r, index: i + 1, notComparable: changed.length ? `not comparable: ${changed.join(', ')}` : null, latencyMarks });
  }
  return { runs, flips: groupFlips(clauseEpisodes(runs)), regressions };
}

/** Every stretch of runs in which a clause failed (or went unconfirmed) after passing, and the run it passed again. */
export function clauseEpisodes(runs: readonly RunEntry[]): ClauseEpisode[] {
  const ids = [...new Set(runs.flatMap((r) => Object.keys(r.clauses)))];
  const episodes: ClauseEpisode[] = [];
  for (const clause of ids) {
    let open: ClauseEpisode | null = null;
    let seenPass = false;
    for (const run of runs) {
      const state = run.clauses[clause];
      if (state === undefined) continue; // not judged in this run (not selected, stopped): neither a failure nor a recovery
      if (state === 'pass' || state === 'waived') {
        if (open) {
          open.recovered = run.index;
          open = null;
        }
        seenPass = true;
      } else if (!open || open.state !== state) {
        if (open) open.recovered = null;
        // A clause that never passed before is not a flip from the first run on, unless a pass follows (then it recovered).
        open = { clause, state, cause: run.causes[clause] ?? state, firstFailing: run.index, recovered: null };
        episodes.push(open);
      }
    }
    // Failing from the first run to the last, never passing: no change across the series, so no flip.
    const mine = episodes.filter((e) => e.clause === clause);
    if (!seenPass) for (const e of mine) episodes.splice(episodes.indexOf(e), 1);
  }
  return episodes;
}

/** Episodes of one cause, one first run and one recovery told once, as the reports fold "not confirmed" reasons. */
export function groupFlips(episodes: readonly ClauseEpisode[]): FlipGroup[] {
  const groups = new Map<string, FlipGroup>();
  for (const e of episodes) {
    const key = JSON.stringify([e.state, e.cause, e.firstFailing, e.recovered]);
    const g = groups.get(key);
    if (g) g.clauses.push(e.clause);
    else groups.set(key, { cause: e.cause, state: e.state, firstFailing: e.firstFailing, recovered: e.recovered, clauses: [e.clause] });
  }
  return [...groups.values()].sort((a, b) => b.firstFailing - a.firstFailing || a.cause.localeCompare(b.cause));
}

/** The cause of each unconfirmed clause, from the report's folded groups ("their tests failed on OFFER-SCHEMA"). */
export function unconfirmedCauses(groups: readonly UnconfirmedGroup[]): Record<string, string> {
  return Object.fromEntries(groups.flatMap((g) => g.ids.map((id) => [id, `not confirmed: ${g.why}`])));
}
