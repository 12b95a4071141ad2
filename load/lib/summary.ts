/**
 * Reads the object k6 hands to handleSummary() into one shape. Pure module.
 *
 * k6 1.x and 2.x pass the "legacy" shape by default: { root_group, options, state, metrics,
 * setup_data } with metrics[name] = { type, contains, values, thresholds?: { expr: { ok } } }.
 * With --new-machine-readable-summary (k6 >= 1.5) they pass { version, config, metadata, results }
 * instead, where results.metrics is a list and thresholds are absent; both are read here.
 */

export type MetricType = 'counter' | 'gauge' | 'rate' | 'trend';

export interface MetricSummary {
  type: MetricType;
  /** counter: count, rate; gauge: value, min, max; rate: rate, passes, fails; trend: avg, min, med, max, p(90), ... */
  values: Record<string, number>;
}

export interface ThresholdResult {
  /** Metric key the threshold sits on, e.g. `http_req_duration{scenario:pagination}`. */
  metric: string;
  expression: string;
  ok: boolean;
}

export interface CheckResult {
  name: string;
  path: string;
  passes: number;
  fails: number;
}

export interface NormalisedSummary {
  format: 'legacy' | 'machine-readable';
  testRunDurationMs: number;
  metrics: Record<string, MetricSummary>;
  /** Empty for the machine-readable format, which does not carry them. */
  thresholds: ThresholdResult[];
  thresholdsKnown: boolean;
  checks: CheckResult[];
  /** Only the machine-readable format says which k6 produced it. */
  k6Version: string | null;
}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function numbers(values: unknown): Record<string, number> {
  const out: Record<string, number> = {};
  if (!isObject(values)) return out;
  for (const key of Object.keys(values)) {
    const v = values[key];
    if (typeof v === 'number' && Number.isFinite(v)) out[key] = v;
  }
  return out;
}

function metricType(value: unknown): MetricType | null {
  return value === 'counter' || value === 'gauge' || value === 'rate' || value === 'trend' ? value : null;
}

function collectChecks(group: unknown, out: CheckResult[]): void {
  if (!isObject(group)) return;
  const checks = group.checks;
  const list = Array.isArray(checks) ? checks : isObject(checks) ? Object.keys(checks).map((k) => checks[k]) : [];
  for (const c of list) {
    if (!isObject(c) || typeof c.name !== 'string') continue;
    out.push({
      name: c.name,
      path: typeof c.path === 'string' ? c.path : `::${c.name}`,
      passes: Number(c.passes) || 0,
      fails: Number(c.fails) || 0,
    });
  }
  const groups = group.groups;
  const sub = Array.isArray(groups) ? groups : isObject(groups) ? Object.keys(groups).map((k) => groups[k]) : [];
  for (const g of sub) collectChecks(g, out);
}

function normaliseLegacy(data: Json): NormalisedSummary {
  const metrics: Record<string, MetricSummary> = {};
  const thresholds: ThresholdResult[] = [];
  const raw = isObject(data.metrics) ? data.metrics : {};
  for (const name of Object.keys(raw)) {
    const m = raw[name];
    if (!isObject(m)) continue;
    const type = metricType(m.type);
    if (type === null) continue;
    metrics[name] = { type, values: numbers(m.values) };
    if (isObject(m.thresholds)) {
      for (const expression of Object.keys(m.thresholds)) {
        const t = m.thresholds[expression];
        thresholds.push({ metric: name, expression, ok: isObject(t) ? t.ok !== false : t !== true });
      }
    }
  }
  const checks: CheckResult[] = [];
  collectChecks(data.root_group, checks);
  const state = isObject(data.state) ? data.state : {};
  return {
    format: 'legacy',
    testRunDurationMs: typeof state.testRunDurationMs === 'number' ? state.testRunDurationMs : 0,
    metrics,
    thresholds,
    thresholdsKnown: true,
    checks,
    k6Version: null,
  };
}

function normaliseMachineReadable(data: Json): NormalisedSummary {
  const results = isObject(data.results) ? data.results : {};
  const metrics: Record<string, MetricSummary> = {};
  const list = Array.isArray(results.metrics) ? results.metrics : [];
  for (const m of list) {
    if (!isObject(m) || typeof m.name !== 'string') continue;
    const type = metricType(m.type);
    if (type === null) continue;
    const values = numbers(m.values);
    if (type === 'rate' && values.matches !== undefined) {
      // Same keys as the legacy shape: passes = samples that were true.
      values.passes = values.matches;
      values.fails = (values.total ?? values.matches) - values.matches;
    }
    metrics[m.name] = { type, values };
  }
  const checks: CheckResult[] = [];
  const checkResults = isObject(results.checks) && Array.isArray(results.checks.results) ? results.checks.results : [];
  for (const c of checkResults) {
    if (isObject(c) && typeof c.name === 'string')
      checks.push({ name: c.name, path: `::${c.name}`, passes: Number(c.passes) || 0, fails: Number(c.fails) || 0 });
  }
  const config = isObject(data.config) ? data.config : {};
  const metadata = isObject(data.metadata) ? data.metadata : {};
  return {
    format: 'machine-readable',
    testRunDurationMs: typeof config.duration === 'number' ? config.duration * 1000 : 0,
    metrics,
    thresholds: [],
    thresholdsKnown: false,
    checks,
    k6Version: typeof metadata.k6Version === 'string' ? metadata.k6Version : null,
  };
}

export function normaliseK6Summary(data: unknown): NormalisedSummary {
  if (!isObject(data)) throw new Error('the k6 summary is not an object');
  if (isObject(data.results) && Array.isArray(data.results.metrics)) return normaliseMachineReadable(data);
  if (isObject(data.metrics)) return normaliseLegacy(data);
  throw new Error('the k6 summary has neither `metrics` (legacy shape) nor `results.metrics` (machine-readable shape)');
}

/** A value of a metric in the summary, or `fallback` when the metric was never observed. */
export function metricValue(summary: NormalisedSummary, key: string, stat: string, fallback = 0): number {
  const m = summary.metrics[key];
  if (m === undefined) return fallback;
  const v = m.values[stat];
  return v === undefined ? fallback : v;
}

/**
 * The raw k6 object with the parts a report must not carry removed: setup_data (whatever setup()
 * returned) and the TTY state. Metrics, checks, thresholds and options stay.
 */
export function shareableK6Summary(data: unknown): unknown {
  if (!isObject(data)) return data;
  const out: Json = {};
  for (const key of Object.keys(data)) {
    if (key === 'setup_data' || key === 'state') continue;
    out[key] = data[key];
  }
  if (isObject(data.state) && typeof data.state.testRunDurationMs === 'number')
    out.state = { testRunDurationMs: data.state.testRunDurationMs };
  return out;
}
