// The fuzz properties have teeth: against the correct reference they all hold; against each fault a
// fuzzer is meant to catch (catchBy 'fuzz' or 'both' in reference/faults.ts) the run fails, names the
// fault's clause, and records a shrunk counterexample with its seed, path and replay command.
import { expect, test } from '@playwright/test';
import { FAULTS } from '../../reference/faults.ts';
import { readRunRecords } from '../../fuzz/record.ts';
import { failingClauses, runSuite, tail } from './run-suite.ts';

/**
 * Few cases per property keep the child runs short; enough that each fault is met with near
 * certainty (the rarest: a missing currency, one field in five of one property, 0.8^50 < 2e-5).
 */
const FUZZ_ENV = { FUZZ_RUNS: '50' };

test.describe.configure({ mode: 'parallel', timeout: 240_000 });

test('the fuzz properties hold against the correct reference', async () => {
  const run = await runSuite({ project: 'fuzz', faults: [], label: 'correct', env: FUZZ_ENV });
  expect(run.report, tail(run)).not.toBeNull();
  expect(failingClauses(run), tail(run)).toEqual([]);
  const outcomes = run.report!.outcomes;
  expect(outcomes.filter((o) => o.status !== 'passed'), tail(run)).toEqual([]);
  expect(outcomes.length).toBeGreaterThan(30);
  expect(run.exitCode, tail(run)).toBe(0);
  // Every property left its record: the seed that replays it, no counterexample.
  const records = readRunRecords(run.reportsDir);
  expect(records.map((r) => r.property).sort()).toEqual(outcomes.map((o) => o.title).sort());
  for (const r of records) expect(r, r.fileName).toMatchObject({ status: 'passed', runs: 50, counterexample: null, seed: expect.any(Number) });
});

for (const fault of FAULTS.filter((f) => f.catchBy === 'fuzz' || f.catchBy === 'both')) {
  test(`fuzz catches fault "${fault.name}" on ${fault.clauses.join(', ')}`, async () => {
    const run = await runSuite({ project: 'fuzz', faults: [fault.name], label: fault.name, env: FUZZ_ENV });
    expect(run.report, `no clause report: ${tail(run)}`).not.toBeNull();
    expect(run.exitCode, `the fuzz properties held against fault ${fault.name}: ${fault.description}`).not.toBe(0);
    const failing = failingClauses(run);
    for (const clause of fault.clauses) expect(failing, `fault ${fault.name} (${fault.description}) must fail ${clause}`).toContain(clause);

    // A shrunk counterexample for the fault's clause, recorded with what replays it.
    const caught = readRunRecords(run.reportsDir).filter((r) => r.status === 'failed' && r.failures.some((f) => (fault.clauses as readonly string[]).includes(f.clause)));
    expect(caught.length, `no record of a failure on ${fault.clauses.join(', ')} in ${run.reportsDir}/fuzz`).toBeGreaterThan(0);
    for (const r of caught) {
      expect(r.counterexample, r.fileName).toEqual(expect.any(String));
      expect(r.path, r.fileName).toMatch(/^\d+(:\d+)*$/);
      expect(r.replay, r.fileName).toBe(`FUZZ_SEED=${r.seed} FUZZ_PATH=${r.path} npx playwright test --project=fuzz -g '${r.grep}'`);
      expect(run.output, 'the failure is printed with its seed and path').toContain(`FUZZ_SEED=${r.seed} FUZZ_PATH=${r.path}`);
    }
  });
}
