// A contract deviation fails its test without ending its Playwright worker (src/harness/deferred-verdict.ts), and
// every report still reads it as a failed test: the reporter restores the failure, the run's exit code is a failure.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { FullResult, TestCase, TestResult } from '@playwright/test/reporter';
import DeferredVerdictReporter from '../../src/harness/deferred-verdict-reporter.ts';
import { DEFERRED_FAILURE } from '../../src/harness/deferred-verdict.ts';
import { playwrightResults } from '../../src/report/playwright-results.ts';
import { runSuite, tail } from '../selftest/run-suite.ts';

const error = { message: 'Error: 1 contract deviation(s)', stack: 'Error: 1 contract deviation(s)\n    at settle (fixtures.ts:1:1)' };
const testCase = (annotations: TestCase['annotations']) => ({ annotations }) as unknown as TestCase;
const result = (status: TestResult['status'], errors: TestResult['errors'], annotations: TestResult['annotations']) =>
  ({ status, errors, annotations }) as unknown as TestResult;

test('a marked test with its error becomes failed, the mark leaves both lists, and the run fails', async () => {
  const reporter = new DeferredVerdictReporter();
  const mark = { type: DEFERRED_FAILURE };
  const tc = testCase([{ type: 'clause-failure', description: 'GEN-JSON-CONTENT-TYPE: x' }, mark]);
  const r = result('passed', [error], [{ type: 'clause-failure', description: 'GEN-JSON-CONTENT-TYPE: x' }, mark]);
  reporter.onTestEnd(tc, r);
  expect(r.status).toBe('failed');
  expect(r.error).toEqual(error);
  expect(tc.annotations.map((a) => a.type)).toEqual(['clause-failure']);
  expect(r.annotations.map((a) => a.type)).toEqual(['clause-failure']);
  expect(await reporter.onEnd({ status: 'passed' } as FullResult)).toEqual({ status: 'failed' });
});

test('a test that skipped itself after its verdict failed becomes failed too (Playwright ended no worker for it)', async () => {
  const reporter = new DeferredVerdictReporter();
  const mark = { type: DEFERRED_FAILURE };
  const tc = testCase([{ type: 'skip', description: 'the record could not be read back' }, mark]);
  const r = result('skipped', [error], [{ type: 'skip', description: 'the record could not be read back' }, mark]);
  reporter.onTestEnd(tc, r);
  expect(r.status).toBe('failed');
  expect(r.error).toEqual(error);
  expect(r.annotations.map((a) => a.type)).toEqual(['skip']);
  expect(await reporter.onEnd({ status: 'passed' } as FullResult)).toEqual({ status: 'failed' });
});

test('a skipped test with no mark stays skipped', async () => {
  const reporter = new DeferredVerdictReporter();
  const r = result('skipped', [], [{ type: 'skip', description: 'no second partner' }]);
  reporter.onTestEnd(testCase([]), r);
  expect(r.status).toBe('skipped');
  expect(await reporter.onEnd({ status: 'passed' } as FullResult)).toBeUndefined();
});

test('an unmarked passed test stays passed and the run keeps its status', async () => {
  const reporter = new DeferredVerdictReporter();
  const r = result('passed', [], []);
  reporter.onTestEnd(testCase([]), r);
  expect(r.status).toBe('passed');
  expect(await reporter.onEnd({ status: 'passed' } as FullResult)).toBeUndefined();
});

test('against a target deviating on every answer, one worker runs every test and every report says failed', async () => {
  test.setTimeout(180_000);
  const run = await runSuite({ project: 'conformance', faults: ['content-type-text-plain'], label: 'deferred-verdict', workers: 1 });
  expect(run.exitCode, tail(run)).toBe(1);
  const json = JSON.parse(readFileSync(join(run.reportsDir, 'conformance', 'results.json'), 'utf8'));
  const results = playwrightResults(json);
  const failed = results.filter((r) => r.status === 'failed');
  expect(failed.length).toBeGreaterThan(20);
  expect(json.stats.unexpected).toBe(failed.length);
  for (const r of failed) expect(r.errors[0]?.message).toContain('[GEN-JSON-CONTENT-TYPE]');
  // One worker for the whole run: no failure ended it.
  expect(new Set(results.map((r) => r.workerIndex))).toEqual(new Set([0]));
  const junit = readFileSync(join(run.reportsDir, 'conformance', 'junit.xml'), 'utf8');
  // The JUnit report holds every restored failure, as it holds a test that threw: under the test when it names the
  // clause, else under the clause's own case of its file (src/harness/junit-reporter.ts), each test's deviations once.
  expect(junit.match(/\d+ contract deviation\(s\):/g)?.length).toBe(failed.length);
  expect(Number(/<testsuites [^>]*failures="(\d+)"/.exec(junit)?.[1])).toBeGreaterThan(0);
  expect(junit).not.toContain(DEFERRED_FAILURE);
  expect(run.output).toMatch(new RegExp(`${failed.length} failed`));
});

/**
 * Failures that end a test without breaking its worker, each seen against a fault that causes it (cases as data). One
 * run holds every case's fault and files: each case is found by its error, and one worker must run them all.
 */
const KEPT_WORKER_CASES: Array<{ description: string; fault: string; files: string[]; failedBy: RegExp }> = [
  {
    description: 'a test that skipped itself after its verdict failed (a record it needed could not be read back)',
    fault: 'get-subscription-skips-credentials',
    files: ['isolation', 'subscriptions-read-cancel'],
    failedBy: /contract deviation/,
  },
  {
    description: 'a test stopped by a PreconditionError (a list it needed came back without its array)',
    fault: 'timestamp-with-offset',
    files: ['modified-after'],
    failedBy: /^PreconditionError: /,
  },
];

test('each way a test fails without breaking its worker fails its test, and one worker runs them all', async () => {
  test.setTimeout(120_000);
  const run = await runSuite({
    project: 'conformance',
    faults: KEPT_WORKER_CASES.map((c) => c.fault),
    label: 'kept-worker',
    workers: 1,
    args: KEPT_WORKER_CASES.flatMap((c) => c.files),
  });
  expect(run.exitCode, tail(run)).toBe(1);
  const results = playwrightResults(JSON.parse(readFileSync(join(run.reportsDir, 'conformance', 'results.json'), 'utf8')));
  for (const c of KEPT_WORKER_CASES)
    expect(
      results.filter((r) => r.status === 'failed' && c.failedBy.test(r.errors[0]?.message ?? '')).length,
      `${c.description} (fault ${c.fault})\n${tail(run)}`,
    ).toBeGreaterThan(0);
  for (const r of results) expect(r.annotations.map((a) => a.type)).not.toContain(DEFERRED_FAILURE);
  expect(new Set(results.map((r) => r.workerIndex))).toEqual(new Set([0]));
});
