/**
 * Polling under load: POLL_CLIENTS clients poll GET /offer with modifiedAfter every POLL_INTERVAL (the checks:
 * load/flows/polling.ts).
 *
 * A k6 script, kept thin: it imports k6 (k6/options here, the rest through load/lib/k6-port.ts, the k6 binding), so
 * only k6 runs it; it binds k6 to the flow and exports what k6 runs. The flow's logic runs under Node too
 * (src/k6/node-driver/, in npm test).
 *
 *   k6 run load/polling.ts         (env: API_BASE_URL, credentials, POLL_INTERVAL, POLL_CLIENTS, ...)
 */
import type { Options } from 'k6/options';
import { pollingFlow, type PollingSetup } from './flows/polling.ts';
import { k6Port } from './lib/k6-port.ts';

const flow = pollingFlow(k6Port());

export const options: Options = flow.options;

export function setup(): PollingSetup {
  return flow.setup();
}

export function polling(data: PollingSetup): void {
  flow.iteration(data);
}

export function handleSummary(data: unknown): Record<string, string> {
  return flow.handleSummary(data);
}
