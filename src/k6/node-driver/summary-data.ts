/**
 * The Node driver's samples, and the object it hands a flow's handleSummary: the shape k6 hands it (k6's "legacy"
 * summary, which load/lib/summary.ts reads), so the same report, JUnit, comparison and regression report follow.
 *
 * What is k6's and what is ours: k6 computes these figures from its own samples; here they come from the driver's.
 * The metric types, the trend statistics (options.summaryTrendStats), sub-metrics for every key a threshold names,
 * and threshold results (`{ ok }` per expression) follow k6's documented summary. A metric or sub-metric with no
 * sample reads as zeros, and its thresholds are judged on them.
 */
import { parseDurationMs } from '../../../load/lib/durations.ts';
import { parseMetricKey, tagsInclude } from '../../../load/lib/metric-keys.ts';
import { percentile } from '../../../load/lib/percentile.ts';
import type { ThresholdSpec } from '../../../load/lib/scenario-options.ts';

export type SampleKind = 'counter' | 'rate' | 'trend' | 'gauge';

export interface Sample {
  value: number;
  tags: Record<string, string>;
}

interface Series {
  kind: SampleKind;
  isTime: boolean;
  samples: Sample[];
}

export interface CheckTally {
  passes: number;
  fails: number;
}

/** Every sample of a run, by metric name, and the tally of every check by name. */
export class SampleStore {
  readonly series = new Map<string, Series>();
  readonly checks = new Map<string, CheckTally>();

  declare(name: string, kind: SampleKind, isTime = false): void {
    if (!this.series.has(name)) this.series.set(name, { kind, isTime, samples: [] });
  }

  add(name: string, kind: SampleKind, value: number | boolean, tags: Record<string, string>, isTime = false): void {
    this.declare(name, kind, isTime);
    (this.series.get(name) as Series).samples.push({ value: typeof value === 'boolean' ? (value ? 1 : 0) : value, tags });
  }

  tallyCheck(name: string, ok: boolean): void {
    const t = this.checks.get(name) ?? { passes: 0, fails: 0 };
    if (ok) t.passes++;
    else t.fails++;
    this.checks.set(name, t);
  }
}

function trendValues(values: readonly number[], stats: readonly string[]): Record<string, number> {
  const sorted = [...values].sort((a, b) => a - b);
  const n = sorted.length;
  const out: Record<string, number> = {};
  for (const stat of stats) {
    const p = /^p\((\d+(?:\.\d+)?)\)$/.exec(stat);
    if (p) out[stat] = percentile(sorted, Number(p[1]));
    else if (stat === 'avg') out.avg = n === 0 ? 0 : sorted.reduce((a, b) => a + b, 0) / n;
    else if (stat === 'min') out.min = n === 0 ? 0 : sorted[0];
    else if (stat === 'max') out.max = n === 0 ? 0 : sorted[n - 1];
    else if (stat === 'med') out.med = percentile(sorted, 50);
    else if (stat === 'count') out.count = n;
  }
  return out;
}

function metricValues(kind: SampleKind, samples: readonly Sample[], durationS: number, stats: readonly string[]): Record<string, number> {
  const values = samples.map((s) => s.value);
  switch (kind) {
    case 'counter': {
      const count = values.reduce((a, b) => a + b, 0);
      return { count, rate: durationS > 0 ? count / durationS : 0 };
    }
    case 'rate': {
      const passes = values.filter((v) => v !== 0).length;
      return { rate: values.length === 0 ? 0 : passes / values.length, passes, fails: values.length - passes };
    }
    case 'gauge':
      return values.length === 0
        ? { value: 0, min: 0, max: 0 }
        : { value: values[values.length - 1], min: Math.min(...values), max: Math.max(...values) };
    case 'trend':
      return trendValues(values, stats);
  }
}

const THRESHOLD = /^\s*(avg|min|max|med|count|rate|value|p\(\d+(?:\.\d+)?\))\s*(<=|>=|===|==|!=|<|>)\s*(-?\d+(?:\.\d+)?)\s*$/;

/** One threshold expression (`p(95)<800`, `count==0`, `rate>=0.99`) judged on a metric's values; null when unreadable. */
export function thresholdHolds(expression: string, values: Readonly<Record<string, number>>): boolean | null {
  const m = THRESHOLD.exec(expression);
  if (!m) return null;
  const left = values[m[1]] ?? 0;
  const right = Number(m[3]);
  switch (m[2]) {
    case '<':
      return left < right;
    case '<=':
      return left <= right;
    case '>':
      return left > right;
    case '>=':
      return left >= right;
    case '!=':
      return left !== right;
    default:
      return left === right;
  }
}

const expressionOf = (spec: ThresholdSpec): string => (typeof spec === 'string' ? spec : spec.threshold);

export interface ThresholdOutcome {
  metric: string;
  expression: string;
  ok: boolean;
  abortOnFail: boolean;
  /** k6's delayAbortEval in milliseconds: an abortOnFail threshold is not judged to abort before this much run time. */
  delayAbortMs: number;
}

export interface SummaryInput {
  store: SampleStore;
  thresholds: Readonly<Record<string, readonly ThresholdSpec[]>>;
  summaryTrendStats: readonly string[];
  testRunDurationMs: number;
  setupData: unknown;
}

/** The values of a metric key (`name` or `name{tag:value,...}`), over the samples whose tags include the key's. */
function valuesOf(input: SummaryInput, key: string): { kind: SampleKind; isTime: boolean; values: Record<string, number> } | null {
  const { metric, tags } = parseMetricKey(key);
  const series = input.store.series.get(metric);
  if (!series) return null;
  const samples = Object.keys(tags).length === 0 ? series.samples : series.samples.filter((s) => tagsInclude(s.tags, tags));
  return {
    kind: series.kind,
    isTime: series.isTime,
    values: metricValues(series.kind, samples, input.testRunDurationMs / 1000, input.summaryTrendStats),
  };
}

/** Every threshold judged now (the driver asks after each iteration for the abortOnFail ones, as k6 does as it runs). */
export function judgeThresholds(input: SummaryInput): ThresholdOutcome[] {
  const out: ThresholdOutcome[] = [];
  for (const [key, specs] of Object.entries(input.thresholds)) {
    const values = valuesOf(input, key)?.values ?? {};
    for (const spec of specs)
      out.push({
        metric: key,
        expression: expressionOf(spec),
        ok: thresholdHolds(expressionOf(spec), values) ?? false,
        abortOnFail: typeof spec !== 'string' && spec.abortOnFail === true,
        delayAbortMs: typeof spec === 'string' || spec.delayAbortEval === undefined ? 0 : (parseDurationMs(spec.delayAbortEval) ?? 0),
      });
  }
  return out;
}

/** The object handleSummary receives, in k6's legacy shape. */
export function summaryData(input: SummaryInput): Record<string, unknown> {
  const metrics: Record<string, Record<string, unknown>> = {};
  const entry = (key: string): Record<string, unknown> | null => {
    const v = valuesOf(input, key);
    if (v === null) return null;
    return { type: v.kind, contains: v.isTime ? 'time' : 'default', values: v.values };
  };
  for (const name of input.store.series.keys()) metrics[name] = entry(name) ?? {};
  const judged = judgeThresholds(input);
  for (const key of Object.keys(input.thresholds)) {
    const e = metrics[key] ?? entry(key) ?? { type: 'counter', contains: 'default', values: { count: 0, rate: 0 } };
    e.thresholds = Object.fromEntries(judged.filter((t) => t.metric === key).map((t) => [t.expression, { ok: t.ok }]));
    metrics[key] = e;
  }
  const checks = [...input.store.checks.entries()].map(([name, t]) => ({
    name,
    path: `::${name}`,
    id: name,
    passes: t.passes,
    fails: t.fails,
  }));
  return {
    root_group: { name: '', path: '', id: '', groups: [], checks },
    options: { summaryTrendStats: [...input.summaryTrendStats], summaryTimeUnit: '', noColor: true },
    state: { isStdOutTTY: false, isStdErrTTY: false, testRunDurationMs: input.testRunDurationMs },
    metrics,
    setup_data: input.setupData,
  };
}
