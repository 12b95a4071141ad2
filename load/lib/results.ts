/**
 * What a run measured, read from the normalised k6 summary: latency per endpoint, totals, 429
 * answers, contract violations and each scenario's own result. Pure module.
 *
 * Per-endpoint sub-metrics only reach the summary when a threshold names them, so the options
 * builder (options.ts) defines those thresholds; this module reads them back by the same keys.
 */
import type { LoadConfig } from './config.ts';
import { parseMetricKey, subMetricKey } from './metric-keys.ts';
import { METRIC, SCENARIO_KEY, type ScenarioName, TAG } from './names.ts';
import { type OnsetResult, type StepObservation, detectOnset, planRateProbe } from './rate-probe.ts';
import { type RedirectRefusal, parseRedirectCheck } from './requests.ts';
import { RULES_BY_SCENARIO } from './rules.ts';
import { type NormalisedSummary, metricValue } from './summary.ts';

/** Threshold expressions that only make a sub-metric visible in the summary; reports hide them. */
export const EXPOSE = { counter: 'count>=0', rate: 'rate>=0' } as const;

export function isExposureThreshold(expression: string): boolean {
  const e = expression.replace(/\s+/g, '');
  return e === EXPOSE.counter || e === EXPOSE.rate;
}

export interface EndpointLatency {
  /** The `name` tag, e.g. "GET /offer". */
  name: string;
  /** Page size for pagination walks, else null. */
  pageSize: number | null;
  /** Key used to match the same endpoint across runs. */
  key: string;
  count: number;
  avg: number;
  med: number;
  p90: number;
  p95: number;
  p99: number;
  max: number;
}

/**
 * Latency per endpoint (and page size) of the scenario, for the endpoints that received requests; and
 * the keys of those the scenario planned to measure but sent no request to within the run (a threshold
 * declares its sub-metric up front, and an empty one would read as a latency of 0 ms).
 */
export function endpointLatencies(
  summary: NormalisedSummary,
  scenario: ScenarioName,
): { measured: EndpointLatency[]; unreached: string[] } {
  const rows = allEndpointRows(summary, scenario);
  return { measured: rows.filter((row) => row.count > 0), unreached: rows.filter((row) => row.count === 0).map((row) => row.key) };
}

function allEndpointRows(summary: NormalisedSummary, scenario: ScenarioName): EndpointLatency[] {
  const out: EndpointLatency[] = [];
  const key = SCENARIO_KEY[scenario];
  for (const metricKey of Object.keys(summary.metrics)) {
    const parsed = parseMetricKey(metricKey);
    if (parsed.metric !== 'http_req_duration' || parsed.tags[TAG.scenario] !== key || parsed.tags[TAG.name] === undefined) continue;
    const size = parsed.tags[TAG.pageSize];
    const v = summary.metrics[metricKey].values;
    const countKey = subMetricKey('http_reqs', parsed.tags);
    out.push({
      name: parsed.tags[TAG.name],
      pageSize: size === undefined ? null : Number(size),
      key: size === undefined ? parsed.tags[TAG.name] : `${parsed.tags[TAG.name]} limit=${size}`,
      count: metricValue(summary, countKey, 'count', v.count ?? 0),
      avg: v.avg ?? 0,
      med: v.med ?? 0,
      p90: v['p(90)'] ?? 0,
      p95: v['p(95)'] ?? 0,
      p99: v['p(99)'] ?? 0,
      max: v.max ?? 0,
    });
  }
  return out.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

export interface RunTotals {
  httpRequests: number;
  httpRequestsPerSecond: number;
  iterations: number;
  iterationsPerSecond: number;
  droppedIterations: number;
  /** Share of failed requests (429 excluded). */
  errorRate: number;
  /** Share of passing checks; null when no check ran. */
  checkRate: number | null;
  p95: number;
  p99: number;
  rateLimited: { count: number; share: number };
}

export function runTotals(summary: NormalisedSummary, scenario: ScenarioName): RunTotals {
  const scope = { [TAG.scenario]: SCENARIO_KEY[scenario] };
  const reqs = subMetricKey('http_reqs', scope);
  const duration = subMetricKey('http_req_duration', scope);
  const checks = subMetricKey('checks', scope);
  const checked = summary.metrics[checks];
  const limited = subMetricKey(METRIC.rateLimited, scope);
  return {
    httpRequests: metricValue(summary, reqs, 'count'),
    httpRequestsPerSecond: metricValue(summary, reqs, 'rate'),
    iterations: metricValue(summary, 'iterations', 'count'),
    iterationsPerSecond: metricValue(summary, 'iterations', 'rate'),
    droppedIterations: metricValue(summary, 'dropped_iterations', 'count'),
    errorRate: metricValue(summary, subMetricKey('http_req_failed', scope), 'rate'),
    checkRate:
      checked === undefined || (checked.values.passes ?? 0) + (checked.values.fails ?? 0) === 0 ? null : (checked.values.rate ?? 0),
    p95: metricValue(summary, duration, 'p(95)'),
    p99: metricValue(summary, duration, 'p(99)'),
    rateLimited: { count: metricValue(summary, limited, 'passes'), share: metricValue(summary, limited, 'rate') },
  };
}

export interface RateLimitAnswers {
  /** 429 answers seen anywhere in the run (scenario, setup and teardown). */
  count: number;
  /** Share of 429s that carried Retry-After; null when there was no 429. */
  retryAfterShare: number | null;
  retryAfterSecondsMax: number | null;
  /** Share of read 429 bodies that were a JSON error body with a message; null when none was read. */
  jsonBodyShare: number | null;
}

export function rateLimitAnswers(summary: NormalisedSummary): RateLimitAnswers {
  const present = summary.metrics[METRIC.retryAfterPresent];
  const json = summary.metrics[METRIC.rateLimitJsonBody];
  const seconds = summary.metrics[METRIC.retryAfterSeconds];
  const count = present === undefined ? 0 : (present.values.passes ?? 0) + (present.values.fails ?? 0);
  return {
    count,
    retryAfterShare: count === 0 ? null : (present?.values.rate ?? 0),
    retryAfterSecondsMax: seconds === undefined ? null : (seconds.values.max ?? null),
    jsonBodyShare: json === undefined ? null : (json.values.rate ?? 0),
  };
}

export interface RedirectRefused extends RedirectRefusal {
  count: number;
}

/** The 3xx answers of the run (refused, never followed), by endpoint, status and the origin their Location named. */
export function redirectsRefused(summary: NormalisedSummary): RedirectRefused[] {
  const out: RedirectRefused[] = [];
  for (const c of summary.checks) {
    const r = parseRedirectCheck(c.name);
    if (r !== null && c.fails > 0) out.push({ ...r, count: c.fails });
  }
  return out.sort((a, b) => b.count - a.count || (a.endpoint < b.endpoint ? -1 : a.endpoint > b.endpoint ? 1 : 0));
}

/** One line for a report: "13 redirects refused (never followed): GET /offer 307 to http://host:1 (13)". */
export function describeRedirects(refused: readonly RedirectRefused[]): string | null {
  if (refused.length === 0) return null;
  const total = refused.reduce((n, r) => n + r.count, 0);
  const each = refused.map((r) => `${r.endpoint} ${r.status} to ${r.origin} (${r.count})`).join('; ');
  return `${total} redirect answer(s) refused, never followed, each a failed request: ${each}`;
}

export interface RuleCount {
  rule: string;
  title: string;
  violations: number;
}

export function contractViolations(summary: NormalisedSummary, scenario: ScenarioName): RuleCount[] {
  const rules = RULES_BY_SCENARIO[scenario];
  return Object.keys(rules).map((rule) => ({
    rule,
    title: rules[rule],
    violations: metricValue(summary, subMetricKey(METRIC.contractViolations, { [TAG.rule]: rule }), 'count'),
  }));
}

export interface ProbeStep extends StepObservation {
  /** 429 count that makes this step sustained. */
  sustainedAt: number;
}

export interface RateProbeResult {
  kind: 'rate-probe';
  steps: ProbeStep[];
  onset: OnsetResult;
  /** True when k6 stopped the probe through a step's stop threshold (by design, not a failure). */
  stoppedOnSustained429: boolean;
  recovery: { checked: boolean; recovered: boolean | null; recoveredAfterMs: number | null };
}

export function rateProbeResult(summary: NormalisedSummary, config: LoadConfig): RateProbeResult {
  const plan = planRateProbe(config.rateProbe);
  const rule = { minCount: config.rateProbe.minCount, minShare: config.rateProbe.minShare };
  const steps: ProbeStep[] = plan.steps.map((rps) => {
    const share = summary.metrics[subMetricKey(METRIC.probeLimitedShare, { [TAG.targetRps]: String(rps) })];
    const limited = share?.values.passes ?? 0;
    const requests = limited + (share?.values.fails ?? 0);
    return {
      targetRps: rps,
      requests,
      limited,
      sustainedAt: Math.max(rule.minCount, Math.ceil((rule.minShare * rps * plan.stepMs) / 1000)),
    };
  });
  const stopped = summary.thresholds.some((t) => !t.ok && parseMetricKey(t.metric).metric === METRIC.probe429);
  const recovered = summary.metrics[METRIC.probeRecovered];
  const recoveryMs = summary.metrics[METRIC.probeRecoveryMs];
  return {
    kind: 'rate-probe',
    steps,
    onset: detectOnset(steps, plan, rule, stopped),
    stoppedOnSustained429: stopped,
    recovery: {
      checked: recovered !== undefined,
      recovered: recovered === undefined ? null : (recovered.values.rate ?? 0) >= 1,
      recoveredAfterMs: recoveryMs === undefined ? null : (recoveryMs.values.max ?? null),
    },
  };
}

export interface PaginationResult {
  kind: 'pagination';
  walksCompleted: number;
  /** Walks whose list changed under them: their repeated ids were not judged. */
  walksListChanged: number;
}

export interface PollingResult {
  kind: 'polling';
  pollsChecked: number;
}

export interface SubscriptionsResult {
  kind: 'subscriptions';
  created: number;
  cancelled: number;
  cancelRefused: number;
  /** Offers found closed after setup listed them open (creates refused on them were not judged). */
  offersClosed: number;
  swept: number;
  leftUncancelled: number;
  budgetSkipped: number;
}

export type ScenarioResult = PaginationResult | PollingResult | SubscriptionsResult | RateProbeResult;

export function scenarioResult(summary: NormalisedSummary, config: LoadConfig): ScenarioResult {
  const count = (metric: string): number => metricValue(summary, metric, 'count');
  switch (config.scenario) {
    case 'pagination':
      return { kind: 'pagination', walksCompleted: count(METRIC.walksCompleted), walksListChanged: count(METRIC.walksListChanged) };
    case 'polling':
      return { kind: 'polling', pollsChecked: count(METRIC.pollsChecked) };
    case 'subscriptions':
      return {
        kind: 'subscriptions',
        created: count(METRIC.subscriptionsCreated),
        cancelled: count(METRIC.subscriptionsCancelled),
        cancelRefused: count(METRIC.cancelRefused),
        offersClosed: count(METRIC.offersClosed),
        swept: count(METRIC.subscriptionsSwept),
        leftUncancelled: count(METRIC.subscriptionsLeft),
        budgetSkipped: count(METRIC.writeBudgetSkipped),
      };
    case 'rate-probe':
      return rateProbeResult(summary, config);
  }
}
