// Drift: a pinned profile that says create answers 200, against the reference that answers 201. The
// conformance run fails on it and the profile comparison shows both values: the certification fails.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { FEW_FUZZ_CASES, ROOT, runCertify, tail, TESTS_DIR, type CertifyRun } from './run-certify.ts';

test.describe.configure({ mode: 'default', timeout: 180_000 });

let run: CertifyRun;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  const pinned = JSON.parse(readFileSync(join(ROOT, 'reference/profile.json'), 'utf8'));
  pinned.name = 'pinned with create 200';
  pinned.status.create = [200];
  mkdirSync(TESTS_DIR, { recursive: true });
  const path = join(TESTS_DIR, 'pinned-create-200.json');
  writeFileSync(path, JSON.stringify(pinned, null, 2));
  run = await runCertify({ label: 'drift', args: ['--skip-load', '--profile', path], env: FEW_FUZZ_CASES });
});

test('a pinned profile with a different create status code fails the certification', () => {
  expect(run.exitCode, tail(run)).toBe(1);
  expect(run.report!.verdict).toBe('fail');
  expect(run.report!.target.profileName).toBe('pinned with create 200');
  expect(run.report!.summary.drift).toBe(1);
});

test('the drift shows both values: pinned 200, observed 201', () => {
  expect(run.report!.profile.drift).toEqual([
    expect.objectContaining({ item: 'status.create', clause: 'SUB-CREATE-STATUS-CODE', pinned: '200', observed: '201' }),
  ]);
  const row = run.report!.clauses.find((c) => c.id === 'SUB-CREATE-STATUS-CODE')!;
  expect(row.status).toBe('fail');
  // From the conformance run (a check with the pinned expectation) and from the profile comparison.
  expect(row.failures.some((f) => f.drift && f.check === 'profileStatus' && f.expected === '200' && f.received === 201)).toBe(true);
  expect(row.failures.some((f) => f.check === 'profileDrift' && f.expected === '200' && f.received === '201')).toBe(true);
  const item = run.report!.profile.items.find((i) => i.item === 'status.create')!;
  expect(item).toMatchObject({ observed: '201', pinned: '200', drift: true });
});

test('certification.md and index.html show the drift with both values', () => {
  const text = 'the pinned profile says 200, the target answered 201';
  expect(readFileSync(join(run.out, 'certification.md'), 'utf8')).toContain(text);
  const html = readFileSync(join(run.out, 'index.html'), 'utf8');
  expect(html).toContain(text);
  expect(html).toContain('data-item="status.create" class="drift"');
});
