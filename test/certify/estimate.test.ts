// certify's estimate before the long phase: requests from the run's size, time from API_RATE.
import { expect, test } from '@playwright/test';
import { estimateLine, estimateRun, REQUESTS_PER } from '../../src/certify/estimate.ts';
import { fuzzRunsFor } from '../../src/config/fuzz-defaults.ts';

test('requests from the tests and fuzz cases, time at the rate, unpaced said so', () => {
  const size = { conformanceTests: 50, fuzzProperties: 30, fuzzRuns: 20, rate: 10 };
  const expected = Math.ceil(50 * REQUESTS_PER.conformanceTest + 30 * 20 * REQUESTS_PER.fuzzCase);
  expect(estimateRun(size)).toEqual({ requests: expected, seconds: expected / 10 });
  expect(estimateLine(size)).toBe(
    `estimate: about ${expected.toLocaleString('en')} requests (50 conformance tests, 30 fuzz properties × 20 cases), about 2 min 0 s at API_RATE=10/s; FUZZ_RUNS shortens it most (fuzz cases: 85% of the requests), or select clauses with --clauses`,
  );
  // A --clauses run is already a selection: the line names FUZZ_RUNS alone (issue 43, item 7).
  expect(estimateLine({ ...size, clausesSelected: true })).toMatch(/; FUZZ_RUNS shortens it most \(fuzz cases: 85% of the requests\)$/);
  expect(estimateRun({ ...size, rate: 0 }).seconds).toBeNull();
  expect(estimateLine({ ...size, rate: 0 })).toContain('not paced');
});

test('FUZZ_RUNS as the fuzz suite reads it: set, or the local / remote default', () => {
  expect(fuzzRunsFor({ FUZZ_RUNS: '7' }, true)).toBe(7);
  expect(fuzzRunsFor({}, true)).toBe(100);
  expect(fuzzRunsFor({}, false)).toBe(20);
});
