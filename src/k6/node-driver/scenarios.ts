/** The flow of each scenario, by its name: what the Node driver can run (the k6 scripts bind the same flows). */
import type { FlowFactory } from '../../../load/flows/flow.ts';
import { paginationFlow } from '../../../load/flows/pagination.ts';
import { pollingFlow } from '../../../load/flows/polling.ts';
import { rateProbeFlow } from '../../../load/flows/rate-probe.ts';
import { subscriptionsFlow } from '../../../load/flows/subscriptions.ts';
import type { ScenarioName } from '../../../load/lib/names.ts';

export const FLOWS: Record<ScenarioName, FlowFactory<never>> = {
  pagination: paginationFlow as FlowFactory<never>,
  polling: pollingFlow as FlowFactory<never>,
  subscriptions: subscriptionsFlow as FlowFactory<never>,
  'rate-probe': rateProbeFlow as FlowFactory<never>,
};
