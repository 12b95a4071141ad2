// Drift: a pinned profile that says a cancel of a cancelled record answers 422, against the reference that answers 409.
// The conformance run fails on it and the profile comparison shows both values: the certification fails.
//
// Why that item: one test of the suite meets it, so one test fails. A drift in the create status would fail every
// test and property that creates, each failure restarting a Playwright worker of the run (12 workers, 40 s of CPU,
// against 4 and 24 s), and would show no more of what a drift does to a certification.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { FEW_FUZZ_CASES, ONE_WORKER, ROOT, runCertify, tail, TESTS_DIR, type CertifyRun } from './run-certify.ts';

test.describe.configure({ mode: 'default', timeout: 180_000 });

let run: CertifyRun;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  const pinned = JSON.parse(readFileSync(join(ROOT, 'reference/profile.json'), 'utf8'));
  pinned.name = 'pinned with cancel-again 422';
  pinned.status.cancelNotCancellable = [422];
  mkdirSync(TESTS_DIR, { recursive: true });
  const path = join(TESTS_DIR, 'pinned-cancel-again-422.json');
  writeFileSync(path, JSON.stringify(pinned, null, 2));
  run = await runCertify({ label: 'drift', args: ['--skip-load', '--profile', path, ...ONE_WORKER], env: FEW_FUZZ_CASES });
});

test('a pinned profile with a different status code fails the certification', { tag: '@long' }, () => {
  expect(run.exitCode, tail(run)).toBe(1);
  expect(run.report!.verdict).toBe('fail');
  expect(run.report!.target.profileName).toBe('pinned with cancel-again 422');
  expect(run.report!.summary.drift).toBe(1);
});

test('--workers reaches the Playwright run and is recorded with the configuration, as is the API_READ_SETTLE window', {
  tag: '@long',
}, () => {
  expect(run.report!.evidence.config).toMatchObject({ workers: 1, readSettleSeconds: 2, clientCurrency: null });
  const results = JSON.parse(readFileSync(join(run.out, 'suite', 'conformance', 'results.json'), 'utf8'));
  expect(results.config.workers).toBe(1);
});

test('the drift shows both values: pinned 422, observed 409', { tag: '@long' }, () => {
  expect(run.report!.profile.drift).toEqual([
    expect.objectContaining({ item: 'status.cancelNotCancellable', clause: 'SUB-CANCEL-REPEAT', pinned: '422', observed: '409' }),
  ]);
  const row = run.report!.clauses.find((c) => c.id === 'SUB-CANCEL-REPEAT')!;
  expect(row.status).toBe('fail');
  // From the conformance run (a check with the pinned expectation) and from the profile comparison.
  expect(row.failures.some((f) => f.drift && f.check === 'profileStatus' && f.expected === '422' && f.received === 409)).toBe(true);
  expect(row.failures.some((f) => f.check === 'profileDrift' && f.expected === '422' && f.received === '409')).toBe(true);
  const item = run.report!.profile.items.find((i) => i.item === 'status.cancelNotCancellable')!;
  expect(item).toMatchObject({ observed: '409', pinned: '422', drift: true });
  // Only the drifted item's clause fails: the drift does not smear over the catalogue.
  expect(run.report!.clauses.filter((c) => c.status === 'fail').map((c) => c.id)).toEqual(['SUB-CANCEL-REPEAT']);
});

test('certification.md and index.html show the drift with both values', { tag: '@long' }, () => {
  const text = 'the pinned profile says 422, the target answered 409';
  expect(readFileSync(join(run.out, 'certification.md'), 'utf8')).toContain(text);
  const html = readFileSync(join(run.out, 'index.html'), 'utf8');
  expect(html).toContain(text);
  expect(html).toContain('data-item="status.cancelNotCancellable" class="drift"');
});
