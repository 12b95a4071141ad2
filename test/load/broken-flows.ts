/**
 * `tsx test/load/broken-flows.ts <broken flow> --iterations <n>`: a scenario flow broken on purpose, driven by the
 * Node driver as main.ts drives the real one. The tests run it to show that their checks have teeth: a flow whose
 * teardown skips its sweep must be caught by the same check that passes the real flow.
 */
import { parseArgs } from 'node:util';
import type { FlowFactory } from '../../load/flows/flow.ts';
import { type SubscriptionsSetup, subscriptionsFlow } from '../../load/flows/subscriptions.ts';
import { driveFlow } from '../../src/k6/node-driver/drive.ts';

export const BROKEN_FLOWS: Record<string, FlowFactory<never>> = {
  /** The subscriptions flow with a teardown that sweeps nothing. */
  'subscriptions-teardown-skips-sweep': ((port) => ({
    ...subscriptionsFlow(port),
    teardown: () => {},
  })) as FlowFactory<SubscriptionsSetup> as FlowFactory<never>,
};

const { positionals, values } = parseArgs({ allowPositionals: true, options: { iterations: { type: 'string' }, vus: { type: 'string' } } });
const flow = BROKEN_FLOWS[positionals[0]];
if (!flow) throw new Error(`no broken flow "${positionals[0]}"; known: ${Object.keys(BROKEN_FLOWS).join(', ')}`);
process.exitCode = driveFlow(flow, {
  iterations: Number(values.iterations ?? 10),
  vus: Number(values.vus ?? 1),
  env: process.env,
}).exitCode;
