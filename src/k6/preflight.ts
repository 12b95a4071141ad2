/**
 * Before k6 starts, `npm run load` asks the target what certify's preflight asks (src/run/target-reachable.ts):
 * it answers, accepts the credentials, and is this API at this base path. Anything else is one sentence and
 * exit 2 (ConfigError) within LOAD_REQUEST_TIMEOUT, instead of k6's seconds of failed requests, warnings and a
 * junk report written over the last good one.
 */
import type { LoadConfig } from '../../load/lib/config.ts';
import { ApiClient } from '../../src/client/api-client.ts';
import { makeRedactor } from '../config/redact.ts';
import type { TargetProfile } from '../config/target-profile.ts';
import { Journal } from '../../src/run/journal.ts';
import { checkTargetReachable } from '../../src/run/target-reachable.ts';

/** Throws a ConfigError with one sentence when the target is not this API, reachable, with these credentials. */
export async function preflightTarget(config: LoadConfig, profile: TargetProfile, runId: string): Promise<void> {
  const { subscriptionKey, secret } = config.credentials;
  const client = new ApiClient({
    baseUrl: config.target.baseUrl,
    credentials: { subscriptionKey, secret },
    profile,
    // Two reads and no create: the journal is never written.
    journal: new Journal(runId),
    redact: makeRedactor([subscriptionKey, secret]),
    pace: async () => {},
    timeoutMs: config.common.requestTimeoutMs,
  });
  await checkTargetReachable(client, config.target.displayUrl);
}
