// A recorded fuzz failure replays exactly: run one property against a faulty reference, take the seed
// and path from its record, and replay them ten times (one child run, --repeat-each=10): every
// repetition fails again with the very same shrunk counterexample. (A shrunk sequence of calls replays
// the same way: test/selftest/fuzz-faults.test.ts, fault cancel-toggles.)
import { expect, test } from '@playwright/test';
import { grepFor, readRunRecords } from '../../fuzz/record.ts';
import { expectExactReplays, runSuite, tail, testOutcomes } from '../selftest/run-suite.ts';

const FAULT = 'seven-decimals-accepted';
const PROPERTY = 'one defect, too-many-decimals: refused with a 4xx and no record left';
const REPLAYS = 10;

test.describe.configure({ timeout: 180_000 });

test(`a recorded failure replays ${REPLAYS} times out of ${REPLAYS}`, { tag: '@long' }, async () => {
  const first = await runSuite({
    project: 'fuzz',
    faults: [FAULT],
    label: 'replay-recorded',
    env: { FUZZ_RUNS: '50' },
    args: ['-g', grepFor(PROPERTY)],
  });
  // The property alone ran (the run's late read, one outcome of every run, is no test: testOutcomes leaves it out).
  expect(
    testOutcomes(first).map((o) => o.title),
    tail(first),
  ).toEqual([PROPERTY]);
  const [recorded] = readRunRecords(first.reportsDir);
  expect(recorded, tail(first)).toMatchObject({
    property: PROPERTY,
    status: 'failed',
    counterexample: expect.any(String),
    path: expect.stringMatching(/^\d+(:\d+)*$/),
  });
  // The fault also echoes the 7-place amount it took, which breaks the record's "no more than 6 decimal places"
  // (SUB-SCHEMA, reference/README.md): a failure of the record, kept and replayed like the other.
  expect(recorded.failures.map((f) => f.clause)).toContain('SUB-CREATE-DECIMALS');
  await expectExactReplays(recorded, { fault: FAULT, label: 'replay-replayed', times: REPLAYS });
});
