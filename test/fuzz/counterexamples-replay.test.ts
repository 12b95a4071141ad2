// Counterexamples kept and replayed (issue 49, item 2): a failure an exploration finds (FUZZ_SEED=random) says so,
// with its replay command, and is kept in the counterexamples file (no credential in it); the next run, whatever its
// seed, replays it first and fails on it again, saying where it was kept; against a target that no longer has the
// deviation the replay holds and the run passes.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { grepFor, readRunRecords } from '../../fuzz/record.ts';
import { DEMO_CREDENTIALS, DEMO_SECOND_CREDENTIALS } from '../../reference/server.ts';
import { readCounterexamples } from '../../src/run/counterexamples.ts';
import { PROJECT_TEST_OUTPUT } from '../project-output.ts';
import { runSuite, tail } from '../selftest/run-suite.ts';

const FAULT = 'seven-decimals-accepted';
const PROPERTY = 'one defect, too-many-decimals: refused with a 4xx and no record left';
const FILE = join(PROJECT_TEST_OUTPUT, 'fuzz-counterexamples', 'target.counterexamples.json');

test.describe.configure({ mode: 'serial', timeout: 180_000 });

test('an exploration finds it, says so and keeps it; the next run replays it first and fails on it again', { tag: '@long' }, async () => {
  rmSync(FILE, { force: true });
  const explore = await runSuite({
    project: 'fuzz',
    faults: [FAULT],
    label: 'counterexamples-explore',
    env: { FUZZ_RUNS: '50', FUZZ_SEED: 'random', FUZZ_COUNTEREXAMPLES: FILE },
    args: ['-g', grepFor(PROPERTY)],
  });
  expect(explore.output, tail(explore)).toMatch(/\[fuzz\] fuzz seed -?\d+, drawn to explore/);
  expect(explore.output).toMatch(
    /found by exploration \(a drawn seed, not the gate's derived one\), shrunk case; replay: RUN_ID=\S+ FUZZ_SEED=-?\d+ FUZZ_PATH=/,
  );
  expect(explore.output).toContain(`1 new counterexample(s) kept in ${FILE}`);
  const [recorded] = readRunRecords(explore.reportsDir);
  expect(recorded).toMatchObject({ property: PROPERTY, status: 'failed', foundBy: 'exploration' });
  const kept = readCounterexamples(FILE);
  expect(kept).toEqual([
    expect.objectContaining({
      property: PROPERTY,
      seed: recorded.seed,
      path: recorded.path,
      foundBy: 'exploration',
      clauses: expect.arrayContaining(['SUB-CREATE-DECIMALS']),
    }),
  ]);
  const text = readFileSync(FILE, 'utf8');
  for (const value of [DEMO_CREDENTIALS, DEMO_SECOND_CREDENTIALS].flatMap((c) => [c.subscriptionKey, c.secret]))
    expect(text).not.toContain(value);

  // The gate's own run (derived seed), one case: the kept counterexample is replayed first and fails again.
  const gate = await runSuite({
    project: 'fuzz',
    faults: [FAULT],
    label: 'counterexamples-gate',
    env: { FUZZ_RUNS: '1', FUZZ_COUNTEREXAMPLES: FILE },
    args: ['-g', grepFor(PROPERTY)],
  });
  expect(gate.exitCode, tail(gate)).toBe(1);
  expect(gate.output).toMatch(/\[fuzz\] fuzz seed -?\d+, derived from suite/);
  expect(gate.output).toContain(`a counterexample kept in ${FILE}, seed ${recorded.seed}, path ${recorded.path}`);
  expect(gate.output).toMatch(
    new RegExp(`replayed: it fails again; replay: RUN_ID=\\S+ FUZZ_SEED=${recorded.seed} FUZZ_PATH=${recorded.path}\\)`),
  );
  const [again] = readRunRecords(gate.reportsDir);
  expect(again).toMatchObject({ status: 'failed', seed: recorded.seed, path: recorded.path, replayedFrom: expect.stringContaining(FILE) });
  expect(readCounterexamples(FILE), 'kept once').toHaveLength(1);
});

test('against a target without the deviation the kept counterexample holds, and the run passes', { tag: '@long' }, async () => {
  expect(existsSync(FILE)).toBe(true);
  const fixed = await runSuite({
    project: 'fuzz',
    faults: [],
    label: 'counterexamples-fixed',
    env: { FUZZ_RUNS: '1', FUZZ_COUNTEREXAMPLES: FILE },
    args: ['-g', grepFor(PROPERTY)],
  });
  expect(fixed.exitCode, tail(fixed)).toBe(0);
  expect(readRunRecords(fixed.reportsDir)[0]).toMatchObject({ status: 'passed', foundBy: 'derived' });
  expect(readCounterexamples(FILE)).toHaveLength(1);
});
