/**
 * Pagination under load: walks offers, subscriptions and allocations with several page sizes at a constant
 * arrival rate of page requests (the checks: load/flows/pagination.ts).
 *
 * A k6 script, kept thin: it imports k6 (k6/options here, the rest through load/lib/k6-port.ts, the k6 binding), so
 * only k6 runs it; it binds k6 to the flow and exports what k6 runs. The flow's logic runs under Node too
 * (src/k6/node-driver/, in npm test).
 *
 *   k6 run load/pagination.ts      (env: API_BASE_URL, API_SUBSCRIPTION_KEY, API_SECRET, API_PROFILE,
 *                                  PAGE_RATE, PAGE_SIZES, PAGE_RESOURCES, ... see load/README.md)
 */
import type { Options } from 'k6/options';
import { paginationFlow, type PaginationSetup } from './flows/pagination.ts';
import { k6Port } from './lib/k6-port.ts';

const flow = paginationFlow(k6Port());

export const options: Options = flow.options;

export function setup(): PaginationSetup {
  return flow.setup();
}

export function pagination(data: PaginationSetup): void {
  flow.iteration(data);
}

export function handleSummary(data: unknown): Record<string, string> {
  return flow.handleSummary(data);
}
