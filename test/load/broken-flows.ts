/**
 * `tsx test/load/broken-flows.ts <broken flow> --iterations <n> [--vus <n>]`: a scenario flow broken on purpose, driven
 * by the Node driver as main.ts drives the real one. The tests run them to show that their checks have teeth: each
 * must be caught where the real flow passes.
 */
import type { FlowFactory } from '../../load/flows/flow.ts';
import { paginationFlow, type PaginationSetup } from '../../load/flows/pagination.ts';
import { type SubscriptionsSetup, subscriptionsFlow } from '../../load/flows/subscriptions.ts';
import type { RequestParams } from '../../load/lib/requests.ts';
import { driveFromCommandLine } from '../../src/k6/node-driver/command-line.ts';

export const BROKEN_FLOWS: Record<string, FlowFactory<never>> = {
  /** The subscriptions flow with a teardown that sweeps nothing. */
  'subscriptions-teardown-skips-sweep': ((port) => ({
    ...subscriptionsFlow(port),
    teardown: () => {},
  })) as FlowFactory<SubscriptionsSetup> as FlowFactory<never>,
  /** The pagination flow with its requests built without `redirects: 0` (k6 would follow up to 10). */
  'pagination-request-without-redirects-0': ((port) =>
    paginationFlow({
      ...port,
      request: (req, alsoExpected) => {
        const { redirects: _dropped, ...params } = req.params;
        return port.request({ ...req, params: params as RequestParams }, alsoExpected);
      },
    })) as FlowFactory<PaginationSetup> as FlowFactory<never>,
};

driveFromCommandLine(
  BROKEN_FLOWS,
  process.argv.slice(2),
  `usage: tsx test/load/broken-flows.ts <${Object.keys(BROKEN_FLOWS).join('|')}> --iterations <n> [--vus <n>]`,
);
