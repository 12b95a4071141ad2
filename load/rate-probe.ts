/**
 * Rate behaviour: a ramping arrival rate of cheap reads (GET /offer?offset=0&limit=1) in steps from
 * RATE_START by RATE_STEP up to RATE_MAX. Records the step at which 429s become sustained, whether
 * 429s carry Retry-After and a JSON error body, and — in teardown, after backing off for
 * RATE_BACKOFF and honouring Retry-After — whether the service answers 2xx again.
 *
 * It stops itself at the first sustained step: each step has a `rate_probe_429{target_rps:N}`
 * threshold `count<K` with abortOnFail (K from RATE_SUSTAINED_MIN_429 / RATE_SUSTAINED_MIN_SHARE).
 * k6 then exits with code 99 (thresholds crossed); the report marks the stop as by design, and
 * `npm run load` treats it as a normal end. It never goes above RATE_MAX (default: API_RATE for
 * remote targets).
 *
 *   k6 run load/rate-probe.ts      (env: API_BASE_URL, credentials, RATE_START, RATE_STEP, RATE_MAX, ...)
 */
import { check, sleep } from 'k6';
import exec from 'k6/execution';
import type { Options } from 'k6/options';
import { loadConfig, runIdFor } from './lib/k6-env.ts';
import { call } from './lib/k6-http.ts';
import { probe429, probeLimitedShare, probeRecovered, probeRecoveryMs } from './lib/k6-metrics.ts';
import { summaryOutputs } from './lib/summary-outputs.ts';
import { ENDPOINT, TAG } from './lib/names.ts';
import { buildOptions } from './lib/scenario-options.ts';
import { REQUEST } from './lib/requests.ts';
import {
  type RecoveryAttempt,
  type RecoveryConfig,
  headerValue,
  retryAfterInSeconds,
  planRateProbe,
  recoveryStep,
  stepIndexAt,
  summariseRecovery,
} from './lib/rate-probe.ts';

const config = loadConfig('rate-probe');

export const options: Options = buildOptions(config);

const plan = planRateProbe(config.rateProbe);
const recovery: RecoveryConfig = {
  backoffMs: config.rateProbe.backoffMs,
  maxWaitMs: config.rateProbe.maxWaitMs,
  attempts: config.rateProbe.recoveryAttempts,
  intervalMs: 1000,
};

interface SetupData {
  runId: string;
  startedAt: string;
}

export function setup(): SetupData {
  return { runId: runIdFor(config), startedAt: new Date().toISOString() };
}

function probeRequest(name: string, tags: Record<string, string>) {
  return call(config, REQUEST.probe(name, tags));
}

export function rate_probe(): void {
  // The step is known from the scenario clock; it tags the request and the per-step metrics.
  const step = String(plan.steps[stepIndexAt(plan, Date.now() - exec.scenario.startTime)]);
  const tags = { [TAG.targetRps]: step };
  const result = probeRequest(ENDPOINT.offers, tags);
  probeLimitedShare.add(result.limited, tags);
  if (result.limited) {
    probe429.add(1, tags);
    return;
  }
  check(result, { 'rate-probe read answers 2xx': (r) => r.status >= 200 && r.status < 300 });
}

export function teardown(): void {
  // Back off, then ask again, honouring Retry-After, until a 2xx or the attempts are spent.
  sleep(recovery.backoffMs / 1000);
  const started = Date.now();
  const attempts: RecoveryAttempt[] = [];
  for (;;) {
    const result = probeRequest(`recovery ${ENDPOINT.offers}`, {});
    const retryAfterSeconds = retryAfterInSeconds(headerValue(result.headers, 'Retry-After'), Date.now());
    attempts.push({ atMs: Date.now() - started, status: result.status, retryAfterSeconds });
    const next = recoveryStep(attempts, recovery);
    if (next.done) break;
    sleep(next.waitMs / 1000);
  }
  const outcome = summariseRecovery(attempts, recovery);
  probeRecovered.add(outcome.recovered);
  if (outcome.recoveredAfterMs !== null) probeRecoveryMs.add(outcome.recoveredAfterMs);
  if (!outcome.recovered)
    console.warn(
      `rate-probe: no 2xx after backing off ${recovery.backoffMs}ms and ${outcome.attempts} attempts (statuses ${outcome.statuses.join(', ')}).`,
    );
}

export function handleSummary(data: unknown): Record<string, string> {
  return summaryOutputs(config, data);
}
