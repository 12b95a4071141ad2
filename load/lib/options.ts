/**
 * The k6 `options` of each scenario: one open-model scenario (constant- or ramping-arrival-rate)
 * with preAllocatedVUs sized from rate and latency, and the thresholds. Pure module; the scenario
 * scripts assign the result to `export const options: Options`, so @types/k6 checks every field name.
 *
 * Thresholds, per scenario (scoped with the `scenario` tag, so setup and teardown requests do not count):
 *   latency      http_req_duration p(95)/p(99), overall and per endpoint (per page size for pagination)
 *   errors       http_req_failed rate (429 is an expected answer, counted in rate_limited instead)
 *                plus a safety abort at LOAD_ABORT_ERROR_RATE after 5s
 *   checks       checks rate
 *   contract     contract_violations{rule} count==0 for each rule of the scenario
 *   validity     dropped_iterations count==0 (a run that could not hold its arrival rate is invalid)
 *   safety       rate_limited share (abort: do not keep pushing a throttling target), write budget,
 *                rate-probe stop rule (abort on the first sustained step)
 */
import type { LoadConfig, PagedResource } from './config.ts';
import { k6Duration } from './durations.ts';
import { type Tags, subMetricKey } from './metric-keys.ts';
import { ENDPOINT, METRIC, SCENARIO_KEY, TAG, cancelEndpointName } from './names.ts';
import { type ArrivalRate, perSecond, sizeVUs, toArrivalRate } from './plan.ts';
import { type Stage, planRateProbe, sustainedCount } from './rate-probe.ts';
import { EXPOSE } from './results.ts';
import { RULES_BY_SCENARIO } from './rules.ts';

export type ThresholdSpec = string | { threshold: string; abortOnFail?: boolean; delayAbortEval?: string };

interface ScenarioCommon {
  exec: string;
  gracefulStop: string;
  preAllocatedVUs: number;
  maxVUs: number;
  timeUnit: string;
  tags?: Record<string, string>;
}

export interface ConstantArrivalRateShape extends ScenarioCommon {
  executor: 'constant-arrival-rate';
  rate: number;
  duration: string;
}

export interface RampingArrivalRateShape extends ScenarioCommon {
  executor: 'ramping-arrival-rate';
  startRate: number;
  stages: Stage[];
}

export interface K6OptionsShape {
  scenarios: Record<string, ConstantArrivalRateShape | RampingArrivalRateShape>;
  thresholds: Record<string, ThresholdSpec[]>;
  discardResponseBodies: boolean;
  /** 0: k6 would follow up to 10 redirects, sending the credential headers on to wherever they point. */
  maxRedirects: 0;
  summaryTrendStats: string[];
  setupTimeout: string;
  teardownTimeout: string;
}

/** p(99) is not in k6's default trend stats; count gives per-endpoint request counts. */
export const SUMMARY_TREND_STATS = ['avg', 'min', 'med', 'max', 'p(90)', 'p(95)', 'p(99)', 'count'];

/** How long a safety threshold waits before it may abort, so one early error does not end a run. */
export const ABORT_DELAY = '5s';

const RESOURCE_ENDPOINT: Record<PagedResource, string> = {
  offers: ENDPOINT.offers,
  subscriptions: ENDPOINT.subscriptions,
  allocations: ENDPOINT.allocation,
};

/** Tags of the endpoints a scenario calls, in the order the report lists them. */
export function endpointTags(config: LoadConfig): Tags[] {
  const scenario = { [TAG.scenario]: SCENARIO_KEY[config.scenario] };
  switch (config.scenario) {
    case 'pagination': {
      const max = config.profile.maxLimit;
      const sizes = config.pagination.pageSizes.filter((s) => max === null || s <= max);
      const out: Tags[] = [];
      for (const r of config.pagination.resources)
        for (const s of sizes) out.push({ ...scenario, [TAG.name]: RESOURCE_ENDPOINT[r], [TAG.pageSize]: String(s) });
      return out;
    }
    case 'polling':
      return [{ ...scenario, [TAG.name]: ENDPOINT.offersModifiedAfter }];
    case 'subscriptions': {
      const cancel = config.profile.cancel;
      const names: string[] = [ENDPOINT.createSubscription, ENDPOINT.subscription];
      if (cancel !== null) names.push(cancelEndpointName(cancel.method, cancel.path));
      return names.map((name) => ({ ...scenario, [TAG.name]: name }));
    }
    case 'rate-probe':
      return [{ ...scenario, [TAG.name]: ENDPOINT.offers }];
  }
}

interface Shape {
  rate: ArrivalRate;
  requestsPerIteration: number;
  durationMs: number;
}

function constantShape(config: LoadConfig): Shape {
  switch (config.scenario) {
    case 'pagination':
      return {
        rate: toArrivalRate(config.pagination.pagesPerSecond),
        requestsPerIteration: 1,
        durationMs: config.common.durationMs ?? 30_000,
      };
    case 'polling': {
      // POLL_CLIENTS polls per POLL_INTERVAL.
      const { clients, intervalMs } = config.polling;
      const rate =
        intervalMs % 1000 === 0 ? { rate: clients, timeUnit: `${intervalMs / 1000}s` } : { rate: clients, timeUnit: `${intervalMs}ms` };
      return { rate, requestsPerIteration: 1, durationMs: Math.max(config.common.durationMs ?? 30_000, intervalMs) };
    }
    case 'subscriptions': {
      const { iterationsPerSecond, writeBudget } = config.subscriptions;
      const fromBudget = Math.floor((writeBudget / iterationsPerSecond) * 1000);
      return {
        rate: toArrivalRate(iterationsPerSecond),
        requestsPerIteration: 3,
        durationMs: Math.max(1000, config.common.durationMs ?? fromBudget),
      };
    }
    case 'rate-probe':
      throw new Error('rate-probe uses a ramping arrival rate');
  }
}

function thresholdsFor(config: LoadConfig, endpoints: readonly Tags[]): Record<string, ThresholdSpec[]> {
  const c = config.common;
  const scope = { [TAG.scenario]: SCENARIO_KEY[config.scenario] };
  const latency = [`p(95)<${c.p95Ms}`, `p(99)<${c.p99Ms}`];
  const t: Record<string, ThresholdSpec[]> = {};
  t[subMetricKey('http_req_duration', scope)] = latency;
  t[subMetricKey('http_reqs', scope)] = [EXPOSE.counter];
  for (const tags of endpoints) {
    t[subMetricKey('http_req_duration', tags)] = latency;
    t[subMetricKey('http_reqs', tags)] = [EXPOSE.counter];
  }
  t[subMetricKey('http_req_failed', scope)] = [
    `rate<${c.errorRate}`,
    { threshold: `rate<${c.abortErrorRate}`, abortOnFail: true, delayAbortEval: ABORT_DELAY },
  ];
  t[subMetricKey('checks', scope)] = [`rate>=${c.checkRate}`];
  t.dropped_iterations = ['count==0'];
  t[subMetricKey(METRIC.rateLimited, scope)] =
    config.scenario === 'rate-probe'
      ? [EXPOSE.rate]
      : [{ threshold: `rate<${c.abortRateLimitedShare}`, abortOnFail: true, delayAbortEval: ABORT_DELAY }];
  for (const rule of Object.keys(RULES_BY_SCENARIO[config.scenario])) {
    t[subMetricKey(METRIC.contractViolations, { [TAG.rule]: rule })] = ['count==0'];
  }
  if (config.scenario === 'subscriptions') {
    t[METRIC.subscriptionsCreated] = [{ threshold: `count<=${config.subscriptions.writeBudget}`, abortOnFail: true }];
    t[METRIC.subscriptionsLeft] = ['count==0'];
  }
  if (config.scenario === 'rate-probe') {
    const plan = planRateProbe(config.rateProbe);
    const rule = { minCount: config.rateProbe.minCount, minShare: config.rateProbe.minShare };
    for (const rps of plan.steps) {
      const step = { [TAG.targetRps]: String(rps) };
      t[subMetricKey(METRIC.probe429, step)] = [{ threshold: `count<${sustainedCount(rule, rps, plan.stepMs)}`, abortOnFail: true }];
      t[subMetricKey(METRIC.probeLimitedShare, step)] = [EXPOSE.rate];
    }
  }
  return t;
}

/** Upper bound for teardown: the sweep (subscriptions) or the recovery check (rate-probe). */
function teardownTimeoutMs(config: LoadConfig): number {
  const request = config.common.requestTimeoutMs;
  if (config.scenario === 'rate-probe') {
    const r = config.rateProbe;
    return r.backoffMs + r.recoveryAttempts * (r.maxWaitMs + request) + 10_000;
  }
  if (config.scenario === 'subscriptions') {
    const pace = config.target.rateCap === null ? 0 : 1000 / config.target.rateCap;
    return Math.max(60_000, 3 * config.subscriptions.writeBudget * (pace + request) + 30_000);
  }
  return 60_000;
}

export function buildOptions(config: LoadConfig): K6OptionsShape {
  const key = SCENARIO_KEY[config.scenario];
  const endpoints = endpointTags(config);
  const latency = config.common.expectedLatencyMs;
  let scenario: ConstantArrivalRateShape | RampingArrivalRateShape;
  if (config.scenario === 'rate-probe') {
    const plan = planRateProbe(config.rateProbe);
    const vus = sizeVUs(config.rateProbe.max, 1, latency);
    scenario = {
      executor: 'ramping-arrival-rate',
      exec: key,
      startRate: plan.startRate,
      timeUnit: '1s',
      stages: plan.stages,
      preAllocatedVUs: vus.preAllocatedVUs,
      maxVUs: vus.maxVUs,
      gracefulStop: k6Duration(config.common.requestTimeoutMs + 1000),
    };
  } else {
    const shape = constantShape(config);
    const vus = sizeVUs(perSecond(shape.rate), shape.requestsPerIteration, latency);
    scenario = {
      executor: 'constant-arrival-rate',
      exec: key,
      rate: shape.rate.rate,
      timeUnit: shape.rate.timeUnit,
      duration: k6Duration(shape.durationMs),
      preAllocatedVUs: vus.preAllocatedVUs,
      maxVUs: vus.maxVUs,
      gracefulStop: k6Duration(config.common.requestTimeoutMs * shape.requestsPerIteration + 1000),
    };
  }
  return {
    scenarios: { [key]: scenario },
    thresholds: thresholdsFor(config, endpoints),
    discardResponseBodies: true,
    maxRedirects: 0,
    summaryTrendStats: SUMMARY_TREND_STATS,
    setupTimeout: k6Duration(120_000),
    teardownTimeout: k6Duration(teardownTimeoutMs(config)),
  };
}

/** Planned scenario length in ms (without setup, teardown and graceful stop). */
export function plannedDurationMs(config: LoadConfig): number {
  return config.scenario === 'rate-probe' ? planRateProbe(config.rateProbe).totalMs : constantShape(config).durationMs;
}
