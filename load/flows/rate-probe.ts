/**
 * Rate behaviour: a ramping arrival rate of cheap reads (GET /offer?offset=0&limit=1) in steps from RATE_START by
 * RATE_STEP up to RATE_MAX. Records the step at which 429s become sustained, whether 429s carry Retry-After and a JSON
 * error body, and (in teardown, after backing off for RATE_BACKOFF and honouring Retry-After) whether the service
 * answers 2xx again. It stops itself at the first sustained step (an abortOnFail threshold per step: see
 * load/rate-probe.ts). The flow of load/rate-probe.ts, written against the port: no k6 import.
 */
import { ENDPOINT, TAG } from '../lib/names.ts';
import type { LoadPort } from '../lib/port.ts';
import {
  headerValue,
  planRateProbe,
  type RecoveryAttempt,
  type RecoveryConfig,
  recoveryStep,
  retryAfterHonoured,
  retryAfterInSeconds,
  stepIndexAt,
  summariseRecovery,
} from '../lib/rate-probe.ts';
import { REQUEST } from '../lib/requests.ts';
import { fail, pass } from '../lib/rules.ts';
import { createRuntime, loadConfigFrom } from '../lib/runtime.ts';
import { buildOptions } from '../lib/scenario-options.ts';
import { summaryOutputs } from '../lib/summary-outputs.ts';
import type { ScenarioFlow } from './flow.ts';

export interface RateProbeSetup {
  runId: string;
  startedAt: string;
}

export function rateProbeFlow(port: LoadPort): ScenarioFlow<RateProbeSetup> {
  const config = loadConfigFrom(port, 'rate-probe');
  const rt = createRuntime(port, config);
  const { metrics } = rt;
  const plan = planRateProbe(config.rateProbe);
  const recovery: RecoveryConfig = {
    backoffMs: config.rateProbe.backoffMs,
    maxWaitMs: config.rateProbe.maxWaitMs,
    attempts: config.rateProbe.recoveryAttempts,
    intervalMs: 1000,
  };
  const probe = (name: string, tags: Record<string, string>) => rt.call(REQUEST.probe(name, tags));

  return {
    scenario: 'rate-probe',
    config,
    options: buildOptions(config),
    setup() {
      return { runId: rt.runId(), startedAt: new Date(port.now()).toISOString() };
    },
    iteration() {
      // The step is known from the scenario clock; it tags the request and the per-step metrics.
      const step = String(plan.steps[stepIndexAt(plan, port.now() - port.execution().scenarioStartTime)]);
      const tags = { [TAG.targetRps]: step };
      const result = probe(ENDPOINT.offers, tags);
      metrics.probeLimitedShare.add(result.limited, tags);
      if (result.limited) {
        metrics.probe429.add(1, tags);
        if (config.rateProbe.requireRetryAfter) {
          const given = headerValue(result.headers, 'Retry-After') !== null;
          rt.recordFindings('rate-probe', [
            given ? pass('retry-after-given') : fail('retry-after-given', 'a Retry-After header', 'a 429 without one'),
          ]);
        }
        return;
      }
      port.check(result, { 'rate-probe read answers 2xx': (r) => r.status >= 200 && r.status < 300 });
    },
    teardown() {
      // Back off, then ask again, honouring Retry-After, until a 2xx or the attempts are spent.
      port.sleep(recovery.backoffMs / 1000);
      const started = port.now();
      const attempts: RecoveryAttempt[] = [];
      for (;;) {
        const result = probe(`recovery ${ENDPOINT.offers}`, {});
        const retryAfterSeconds = retryAfterInSeconds(headerValue(result.headers, 'Retry-After'), port.now());
        attempts.push({ atMs: port.now() - started, status: result.status, retryAfterSeconds });
        const next = recoveryStep(attempts, recovery);
        if (next.done) break;
        port.sleep(next.waitMs / 1000);
      }
      const honoured = retryAfterHonoured(attempts, recovery);
      if (honoured === false && !config.rateProbe.requireRetryAfter)
        console.warn(
          'rate-probe: a read sent once the advised Retry-After had passed was refused again, twice running (observed: Retry-After is not promised).',
        );
      if (honoured !== null && config.rateProbe.requireRetryAfter)
        rt.recordFindings('rate-probe', [
          honoured
            ? pass('retry-after-honoured')
            : fail(
                'retry-after-honoured',
                'a read answered once the advised Retry-After has passed',
                `429 again after each wait (statuses ${attempts.map((a) => `${a.status}${a.retryAfterSeconds === null ? '' : ` (Retry-After ${a.retryAfterSeconds} s)`}`).join(', ')})`,
              ),
        ]);
      const outcome = summariseRecovery(attempts, recovery);
      metrics.probeRecovered.add(outcome.recovered);
      if (outcome.recoveredAfterMs !== null) metrics.probeRecoveryMs.add(outcome.recoveredAfterMs);
      if (!outcome.recovered)
        console.warn(
          `rate-probe: no 2xx after backing off ${recovery.backoffMs}ms and ${outcome.attempts} attempts (statuses ${outcome.statuses.join(', ')}).`,
        );
    },
    handleSummary(data) {
      return summaryOutputs(config, data, [], port.engine);
    },
  };
}
