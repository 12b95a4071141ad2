/**
 * The subscription flow under load: create -> read -> cancel at a constant arrival rate, bounded by WRITE_BUDGET,
 * every record swept by run tag in teardown (the flow: load/flows/subscriptions.ts).
 *
 * A k6 script, kept thin: it imports k6 (k6/options here, the rest through load/lib/k6-port.ts, the k6 binding), so
 * only k6 runs it; it binds k6 to the flow and exports what k6 runs. The flow's logic runs under Node too
 * (src/k6/node-driver/, in npm test).
 *
 *   k6 run load/subscriptions.ts   (env: API_BASE_URL, credentials, API_PROFILE, SUB_RATE, WRITE_BUDGET, ...)
 */
import type { Options } from 'k6/options';
import { subscriptionsFlow, type SubscriptionsSetup } from './flows/subscriptions.ts';
import { k6Port } from './lib/k6-port.ts';

const flow = subscriptionsFlow(k6Port());

export const options: Options = flow.options;

export function setup(): SubscriptionsSetup {
  return flow.setup();
}

export function subscriptions(data: SubscriptionsSetup): void {
  flow.iteration(data);
}

export function teardown(data: SubscriptionsSetup): void {
  flow.teardown(data);
}

export function handleSummary(data: unknown): Record<string, string> {
  return flow.handleSummary(data);
}
