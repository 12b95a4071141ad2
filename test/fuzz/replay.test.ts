// A recorded fuzz failure replays exactly: run one property against a faulty reference, take the seed
// and path from its record, and replay them ten times (one child run, --repeat-each=10): every
// repetition fails again with the very same shrunk counterexample.
import { expect, test } from '@playwright/test';
import { grepFor, readRunRecords } from '../../fuzz/record.ts';
import { runSuite, tail } from '../selftest/run-suite.ts';

const FAULT = 'seven-decimals-accepted';
const PROPERTY = 'one defect, too-many-decimals: refused with a 4xx and no record left';
const REPLAYS = 10;

test.describe.configure({ timeout: 180_000 });

test(`a recorded failure replays ${REPLAYS} times out of ${REPLAYS}`, async () => {
  const first = await runSuite({ project: 'fuzz', faults: [FAULT], label: 'replay-recorded', env: { FUZZ_RUNS: '50' }, args: ['-g', grepFor(PROPERTY)] });
  expect(first.report?.outcomes.map((o) => o.title), tail(first)).toEqual([PROPERTY]);
  const [recorded] = readRunRecords(first.reportsDir);
  expect(recorded, tail(first)).toMatchObject({ property: PROPERTY, status: 'failed', counterexample: expect.any(String), path: expect.stringMatching(/^\d+(:\d+)*$/) });
  expect(recorded.failures.map((f) => f.clause)).toContain('SUB-CREATE-DECIMALS');

  // What the record says to run, FUZZ_SEED, FUZZ_PATH and the -g pattern, and nothing else.
  const replay = await runSuite({
    project: 'fuzz',
    faults: [FAULT],
    label: 'replay-replayed',
    env: { FUZZ_SEED: String(recorded.seed), FUZZ_PATH: recorded.path! },
    args: ['-g', recorded.grep, `--repeat-each=${REPLAYS}`],
  });
  expect(replay.report?.outcomes.map((o) => o.status), tail(replay)).toEqual(Array(REPLAYS).fill('failed'));
  const replayed = readRunRecords(replay.reportsDir);
  expect(replayed).toHaveLength(REPLAYS);
  for (const r of replayed) {
    expect({ file: r.fileName, counterexample: r.counterexample, path: r.path, seed: r.seed }).toEqual({ file: r.fileName, counterexample: recorded.counterexample, path: recorded.path, seed: recorded.seed });
    expect(r.failures.map((f) => [f.clause, f.message]), r.fileName).toEqual(recorded.failures.map((f) => [f.clause, f.message]));
  }
});
