// A run killed before its teardown, as cheap as one can be: the suite's own configuration and session (so its journal is
// written exactly as a run writes it, target included) create N subscriptions, and the process ends without cancelling
// them. Configured by the environment like any run (API_BASE_URL, credentials, API_PROFILE, RUN_ID, REPORTS_DIR).
// Usage: node --import tsx test/hostile/left-open-run.ts <count>
import { readRunContext } from '../../src/config/run-context.ts';
import { openSession } from '../../src/run/target-session.ts';
import { minimalCreateBody } from '../reference/helpers.ts';

const session = await openSession(readRunContext());
for (let n = 0; n < Number(process.argv[2] ?? 1); n++) {
  const { exchange } = await session.client.createSubscription(minimalCreateBody());
  if (exchange.status !== 201 && exchange.status !== 200) throw new Error(`create answered ${exchange.status}`);
}
await session.dispose();
