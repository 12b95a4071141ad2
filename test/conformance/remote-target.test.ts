// The suite against a separately started reference (as a partner points it at staging): it passes,
// and with the target's rate limit at 20 rps and API_RATE below it, no 429 reaches a test. Sent too
// fast for the target, the reads it retries on 429 are still recorded as rate-limit answers.
import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startReferenceServer } from '../../reference/server.ts';
import { REFERENCE_PROFILE_PATH } from '../../src/run/bundled-reference.ts';
import type { RequestLine } from '../../src/certify/run-files.ts';
import { failingClauses, runSuite, tail } from '../selftest/run-suite.ts';

test.describe.configure({ mode: 'parallel', timeout: 180_000 });

test('passes against a separately started reference', { tag: '@long' }, async () => {
  const ref = await startReferenceServer({ port: 0 });
  try {
    const run = await runSuite({
      project: 'conformance',
      label: 'remote',
      workers: 2,
      env: {
        API_BASE_URL: ref.url,
        API_SUBSCRIPTION_KEY: ref.credentials.subscriptionKey,
        API_SECRET: ref.credentials.secret,
        API_PROFILE: REFERENCE_PROFILE_PATH,
      },
    });
    expect(failingClauses(run), tail(run)).toEqual([]);
    expect(run.exitCode, tail(run)).toBe(0);
  } finally {
    await ref.close();
  }
});

// @waits: held to 16 requests/s, the run spends its time waiting on its pace (playwright.config.ts, the waits project).
test('passes against a reference rate-limited at 20 rps with no 429 reaching a test @waits', { tag: '@long' }, async () => {
  const ref = await startReferenceServer({ port: 0, rateLimit: 20 });
  try {
    const run = await runSuite({
      project: 'conformance',
      label: 'remote-rate-limited',
      workers: 2,
      env: {
        API_BASE_URL: ref.url,
        API_SUBSCRIPTION_KEY: ref.credentials.subscriptionKey,
        API_SECRET: ref.credentials.secret,
        API_PROFILE: REFERENCE_PROFILE_PATH,
        API_RATE: '16',
        RUN_ID: 'rate-limited-run',
      },
    });
    expect(failingClauses(run), tail(run)).toEqual([]);
    expect(run.exitCode, tail(run)).toBe(0);
    const lines = readFileSync(join(run.reportsDir, 'runs', 'rate-limited-run', 'requests.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as RequestLine);
    const exchanges = lines.filter((l) => !l.retried);
    expect(exchanges.length).toBeGreaterThan(150);
    expect(
      exchanges.filter((r) => r.status === 429),
      'a 429 reached a test',
    ).toEqual([]);
  } finally {
    await ref.close();
  }
});

// @waits: most of it is waiting out Retry-After.
test('reads sent faster than the target allows are retried on 429, and recorded as rate-limit answers @waits', {
  tag: '@long',
}, async () => {
  const ref = await startReferenceServer({ port: 0, rateLimit: 25 });
  try {
    // Read-only tests, unpaced: the bursts go past 25 rps, the target answers 429, the client retries.
    const run = await runSuite({
      project: 'conformance',
      label: 'remote-throttled',
      workers: 2,
      args: ['--grep', '@read'],
      env: {
        API_BASE_URL: ref.url,
        API_SUBSCRIPTION_KEY: ref.credentials.subscriptionKey,
        API_SECRET: ref.credentials.secret,
        API_PROFILE: REFERENCE_PROFILE_PATH,
        API_RATE: '0',
        RUN_ID: 'throttled-run',
      },
    });
    const lines = readFileSync(join(run.reportsDir, 'runs', 'throttled-run', 'requests.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as RequestLine);
    const retried = lines.filter((l) => l.retried && l.status === 429);
    expect(retried.length, 'the premise: the target did throttle the run').toBeGreaterThan(0);
    expect(
      retried.every((l) => l.retried && typeof l.retryAfter === 'string'),
      'each retried 429 keeps its Retry-After',
    ).toBe(true);
    const limitRate = run.report?.results.find((r) => r.clause.id === 'LIMIT-RATE');
    expect(limitRate?.verdict, tail(run)).toBe('observed');
    expect(
      limitRate?.observations.some((message) => /429 answered and retried/.test(message)),
      tail(run),
    ).toBe(true);
    expect(failingClauses(run), tail(run)).toEqual([]);
  } finally {
    await ref.close();
  }
});
