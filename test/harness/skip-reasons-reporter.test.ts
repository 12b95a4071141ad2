// The skip-reasons reporter: every skipped test listed at the end of the run under the reason it gave.
import { expect, test } from '@playwright/test';
import type { TestCase, TestResult } from '@playwright/test/reporter';
import SkipReasonsReporter, { skipReasonOf } from '../../src/harness/skip-reasons-reporter.ts';
import { K6_TESTS_SKIPPED } from '../../src/k6/k6-binary.ts';

function testCase(title: string, annotations: TestCase['annotations']): TestCase {
  return { annotations, titlePath: () => ['', 'project', 'file.test.ts', 'area', title] } as unknown as TestCase;
}
const result = (status: TestResult['status'], annotations: TestResult['annotations'] = []) =>
  ({ status, annotations }) as unknown as TestResult;

/** What the reporter prints at the end of the run. */
function printedAtEnd(reporter: SkipReasonsReporter): string[] {
  const printed: string[] = [];
  const log = console.log;
  console.log = (text: string) => printed.push(text);
  try {
    reporter.onEnd({ status: 'passed' } as never);
  } finally {
    console.log = log;
  }
  return printed;
}

test('the reason comes from the skip (or fixme) annotation of the result or the test; none given says so', () => {
  expect(skipReasonOf(testCase('t', [{ type: 'skip', description: 'no k6' }]))).toBe('no k6');
  expect(skipReasonOf(testCase('t', []), result('skipped', [{ type: 'skip', description: 'from the result' }]))).toBe('from the result');
  expect(skipReasonOf(testCase('t', [{ type: 'fixme', description: 'later' }]))).toBe('later');
  expect(skipReasonOf(testCase('t', [{ type: 'issue', description: 'not a reason' }]))).toBe('(no reason given)');
});

test('skipped tests are listed once each, grouped under their reason; passed ones are not listed', () => {
  const reporter = new SkipReasonsReporter();
  reporter.onTestEnd(testCase('a', [{ type: 'skip', description: 'no k6' }]), result('skipped'));
  reporter.onTestEnd(testCase('b', [{ type: 'skip', description: 'no k6' }]), result('skipped'));
  reporter.onTestEnd(testCase('c', [{ type: 'skip', description: 'no chromium' }]), result('skipped'));
  reporter.onTestEnd(testCase('d', []), result('passed'));
  expect(printedAtEnd(reporter).join('\n').split('\n')).toEqual([
    '',
    'Skipped: 3 test(s), and why:',
    '  no k6',
    '    - area › a',
    '    - area › b',
    '  no chromium',
    '    - area › c',
  ]);
});

test('a run with nothing skipped prints nothing', () => {
  const reporter = new SkipReasonsReporter();
  reporter.onTestEnd(testCase('d', []), result('passed'));
  expect(printedAtEnd(reporter)).toEqual([]);
});

test('the load tests that did not run for want of k6 are counted in one closing line, after the list', () => {
  const reporter = new SkipReasonsReporter();
  for (const title of ['pagination', 'polling'])
    reporter.onTestEnd(testCase(title, [{ type: 'skip', description: K6_TESTS_SKIPPED }]), result('skipped'));
  reporter.onTestEnd(testCase('c', [{ type: 'skip', description: 'no chromium' }]), result('skipped'));
  const lines = printedAtEnd(reporter).join('\n').split('\n');
  expect(lines.at(-1)).toBe('Load: 2 k6 test(s) did not run: no k6 (K6_BIN / PATH); set K6_BIN, K6_BINS or put k6 on PATH to run them.');
  expect(lines.filter((l) => l.startsWith('Load:'))).toHaveLength(1);
  // The reason is said once, in the closing line; the tests are still listed by name.
  expect(lines.filter((l) => l.includes('no k6'))).toHaveLength(1);
  expect(lines).toContain('    - area › pagination');
});
