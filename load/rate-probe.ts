/**
 * Rate behaviour: a ramping arrival rate of cheap reads, stopped at the first step where 429s are sustained (an
 * abortOnFail threshold per step: k6 then exits 99, which the report and `npm run load` treat as the end by design),
 * then a recovery check (the flow: load/flows/rate-probe.ts).
 *
 * A k6 script, kept thin: it imports k6 (k6/options here, the rest through load/lib/k6-port.ts, the k6 binding), so
 * only k6 runs it; it binds k6 to the flow and exports what k6 runs. The flow's logic runs under Node too
 * (src/k6/node-driver/, in npm test).
 *
 *   k6 run load/rate-probe.ts      (env: API_BASE_URL, credentials, RATE_START, RATE_STEP, RATE_MAX, ...)
 */
import type { Options } from 'k6/options';
import { rateProbeFlow, type RateProbeSetup } from './flows/rate-probe.ts';
import { k6Port } from './lib/k6-port.ts';

const flow = rateProbeFlow(k6Port());

export const options: Options = flow.options;

export function setup(): RateProbeSetup {
  return flow.setup();
}

export function rate_probe(data: RateProbeSetup): void {
  flow.iteration(data);
}

export function teardown(data: RateProbeSetup): void {
  flow.teardown(data);
}

export function handleSummary(data: unknown): Record<string, string> {
  return flow.handleSummary(data);
}
