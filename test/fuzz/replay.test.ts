// A recorded fuzz failure replays exactly: run one property against a faulty reference, take the seed
// and path (and, for a sequence of calls, the replay path) from its record, and replay them ten times
// (one child run, --repeat-each=10): every repetition fails again with the very same shrunk
// counterexample, so the same values are sent.
import { expect, test } from '@playwright/test';
import { grepFor, readRunRecords } from '../../fuzz/record.ts';
import { runSuite, tail } from '../selftest/run-suite.ts';

const REPLAYS = 10;

/** One property per kind of value: a single generated body, and a shrunk sequence of calls (fc.commands). */
const CASES = [
  { fault: 'seven-decimals-accepted', property: 'one defect, too-many-decimals: refused with a 4xx and no record left', clause: 'SUB-CREATE-DECIMALS', runs: '50' },
  { fault: 'cancel-toggles', property: 'sequences of create, get, list and cancel keep to the model of their records', clause: 'SUB-CANCELLED-STAYS', runs: '600' },
] as const;

/** Ids the target generated differ from run to run; everything else of a failure must not. */
const withoutIds = (text: string): string => text.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<id>');

test.describe.configure({ mode: 'parallel', timeout: 180_000 });

for (const c of CASES) {
  test(`a recorded failure of "${c.property}" replays ${REPLAYS} times out of ${REPLAYS}`, async () => {
    const first = await runSuite({ project: 'fuzz', faults: [c.fault], label: `replay-recorded-${c.fault}`, env: { FUZZ_RUNS: c.runs }, args: ['-g', grepFor(c.property)] });
    expect(first.report?.outcomes.map((o) => o.title), tail(first)).toEqual([c.property]);
    const [recorded] = readRunRecords(first.reportsDir);
    expect(recorded, tail(first)).toMatchObject({ property: c.property, status: 'failed', counterexample: expect.any(String), path: expect.stringMatching(/^\d+(:\d+)*$/) });
    expect(recorded.failures.map((f) => f.clause)).toContain(c.clause);

    // What the record says to run, FUZZ_SEED, FUZZ_PATH (FUZZ_REPLAY_PATH) and the -g pattern, and nothing else.
    const replay = await runSuite({
      project: 'fuzz',
      faults: [c.fault],
      label: `replay-replayed-${c.fault}`,
      env: { FUZZ_SEED: String(recorded.seed), FUZZ_PATH: recorded.path!, FUZZ_REPLAY_PATH: recorded.replayPath ?? undefined },
      args: ['-g', recorded.grep, `--repeat-each=${REPLAYS}`],
    });
    expect(replay.report?.outcomes.map((o) => o.status), tail(replay)).toEqual(Array(REPLAYS).fill('failed'));
    const replayed = readRunRecords(replay.reportsDir);
    expect(replayed).toHaveLength(REPLAYS);
    for (const r of replayed) {
      expect({ file: r.fileName, counterexample: r.counterexample, path: r.path, seed: r.seed }).toEqual({ file: r.fileName, counterexample: recorded.counterexample, path: recorded.path, seed: recorded.seed });
      expect(r.failures.map((f) => [f.clause, withoutIds(f.message)]), r.fileName).toEqual(recorded.failures.map((f) => [f.clause, withoutIds(f.message)]));
    }
  });
}
