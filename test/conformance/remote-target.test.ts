// The suite against a separately started reference (as a partner points it at staging): it passes,
// and with the target's rate limit at 20 rps and API_RATE below it, no 429 reaches a test.
import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startReferenceServer } from '../../reference/server.ts';
import { REFERENCE_PROFILE_PATH } from '../../src/run/bundled-reference.ts';
import { failingClauses, runSuite, tail } from '../selftest/run-suite.ts';

test.describe.configure({ mode: 'parallel', timeout: 180_000 });

test('passes against a separately started reference', async () => {
  const ref = await startReferenceServer({ port: 0 });
  try {
    const run = await runSuite({ project: 'conformance', label: 'remote', workers: 2, env: { API_BASE_URL: ref.url, API_SUBSCRIPTION_KEY: ref.credentials.subscriptionKey, API_SECRET: ref.credentials.secret, API_PROFILE: REFERENCE_PROFILE_PATH } });
    expect(failingClauses(run), tail(run)).toEqual([]);
    expect(run.exitCode, tail(run)).toBe(0);
  } finally {
    await ref.close();
  }
});

test('passes against a reference rate-limited at 20 rps with no 429 reaching a test', async () => {
  const ref = await startReferenceServer({ port: 0, rateLimit: 20 });
  try {
    const run = await runSuite({ project: 'conformance', label: 'remote-rate-limited', workers: 2, env: { API_BASE_URL: ref.url, API_SUBSCRIPTION_KEY: ref.credentials.subscriptionKey, API_SECRET: ref.credentials.secret, API_PROFILE: REFERENCE_PROFILE_PATH, API_RATE: '16', RUN_ID: 'rate-limited-run' } });
    expect(failingClauses(run), tail(run)).toEqual([]);
    expect(run.exitCode, tail(run)).toBe(0);
    const requests = readFileSync(join(run.reportsDir, 'runs', 'rate-limited-run', 'requests.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { status: number });
    expect(requests.length).toBeGreaterThan(150);
    expect(requests.filter((r) => r.status === 429), 'a 429 reached a test').toEqual([]);
  } finally {
    await ref.close();
  }
});
