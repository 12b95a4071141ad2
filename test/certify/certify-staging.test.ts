// Certification as a partner runs it against staging: a separately running correct server (the
// reference), API_ENVIRONMENT=staging, and a profile that names only what an operator publishes.
// With the routes it PASSes; without a cancel route the cancel clauses cannot be confirmed, so the
// verdict is INCOMPLETE (exit 4), naming each unconfirmed clause and why, never PASS.
import { writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { DEMO_CREDENTIALS, startReferenceServer, type RunningReference } from '../../reference/server.ts';
import { runCertify, tail, TESTS_DIR } from './run-certify.ts';

test.describe.configure({ mode: 'parallel', timeout: 240_000 });

let reference: RunningReference;
test.beforeAll(async () => {
  reference = await startReferenceServer();
});
test.afterAll(async () => {
  await reference?.close();
});

const PROFILES = {
  'routes-only': { name: 'routes-only', cancel: { method: 'POST', path: '/subscription/{subscriptionId}/cancel' }, health: { method: 'GET', path: '/health' } },
  'no-cancel-route': { name: 'no-cancel-route', health: { method: 'GET', path: '/health' } },
};

function stagingEnv(profile: keyof typeof PROFILES): Record<string, string> {
  const dir = join(TESTS_DIR, 'profiles');
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${profile}.json`);
  writeFileSync(path, JSON.stringify(PROFILES[profile]));
  return {
    API_BASE_URL: reference.url,
    API_ENVIRONMENT: 'staging',
    API_PROFILE: path,
    API_SUBSCRIPTION_KEY: DEMO_CREDENTIALS.subscriptionKey,
    API_SECRET: DEMO_CREDENTIALS.secret,
    FUZZ_RUNS: '5',
  };
}

test('staging, routes-only profile: certify --skip-load PASSes (exit 0)', async () => {
  const run = await runCertify({ label: 'staging-routes-only', args: ['--skip-load'], env: stagingEnv('routes-only') });
  expect(run.report, tail(run)).not.toBeNull();
  expect(run.report!.verdictReasons, tail(run)).toEqual([]);
  expect(run.report!.verdict).toBe('pass');
  expect(run.exitCode, tail(run)).toBe(0);
});

test('staging, no cancel route: INCOMPLETE (exit 4), naming the cancel clauses and why', async () => {
  const run = await runCertify({ label: 'staging-no-cancel', args: ['--skip-load'], env: stagingEnv('no-cancel-route') });
  expect(run.report, tail(run)).not.toBeNull();
  expect(run.report!.verdict, tail(run)).toBe('incomplete');
  expect(run.exitCode, tail(run)).toBe(4);
  expect(run.output).toContain('Certification INCOMPLETE');
  const reasons = run.report!.verdictReasons.join('\n');
  expect(reasons).toMatch(/SUB-CANCEL not confirmed: .*cancel route/);
  expect(run.report!.clauses.filter((c) => c.status === 'fail')).toEqual([]);
});
