// An ApiClient for the project's tests, without Playwright (so a small driver process starts fast too):
// planted credentials, the stub's profile, a temporary journal, no pacing.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiClient } from '../../src/client/api-client.ts';
import { makeRedactor } from '../../src/config/redact.ts';
import type { Credentials } from '../../src/config/suite-config.ts';
import type { TargetProfile } from '../../src/config/target-profile.ts';
import { Journal } from '../../src/run/journal.ts';

/** Recognisable planted credentials: a test that finds them in output has found a leak. */
export const PLANTED: Credentials = { subscriptionKey: 'planted-subscription-key-7Q2xW', secret: 'planted-secret-value-9Zk4Lm' };

export const STUB_PROFILE: TargetProfile = {
  name: 'stub',
  cancel: { method: 'POST', path: '/subscription/{subscriptionId}/cancel' },
  health: { method: 'GET', path: '/health' },
  status: {},
  maxLimit: null,
};

export const RUN_ID = 'unit-run';

export interface ClientForOptions {
  credentials?: Credentials;
  profile?: TargetProfile;
  timeoutMs?: number;
  maxResponseBytes?: number;
  signal?: AbortSignal;
  /** A run's own journal (kept on dispose) instead of a temporary one. */
  journal?: Journal;
}

/** An ApiClient journalling to a temporary file (or the journal given), unpaced. */
export async function clientFor(
  baseUrl: string,
  { credentials = PLANTED, profile = STUB_PROFILE, journal: own, ...limits }: ClientForOptions = {},
) {
  const dir = mkdtempSync(join(tmpdir(), 'osd-client-'));
  const journal = own ?? new Journal(RUN_ID, join(dir, 'journal.jsonl'));
  const client = new ApiClient({
    baseUrl,
    credentials,
    profile,
    journal,
    redact: makeRedactor([credentials.subscriptionKey, credentials.secret]),
    pace: async () => {},
    timeoutMs: 10_000,
    ...limits,
  });
  return {
    client,
    journal,
    dispose: async () => {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
