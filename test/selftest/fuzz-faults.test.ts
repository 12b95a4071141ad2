// The fuzz properties have teeth: against the correct reference they all hold; against each fault a
// fuzzer is meant to catch (catchBy 'fuzz' or 'both' in reference/faults.ts) the run fails, names the
// fault's clause, and records a shrunk counterexample with its seed, path and replay command.
import { expect, test } from '@playwright/test';
import { FAULTS } from '../../reference/faults.ts';
import { readRunRecords, replayCommand } from '../../fuzz/record.ts';
import { SEQUENCE_TAG, sequenceRuns } from '../../fuzz/sequences/commands.ts';
import { clauseGrep } from '../../src/certify/certify-options.ts';
import { expectExactReplays, failingClauses, failsOn, runSuite, tail, testOutcomes } from './run-suite.ts';

/**
 * Few cases per property keep the child runs short; enough that each fault is met with near
 * certainty (the rarest: a missing currency, one field in five of one property, 0.8^50 < 2e-5).
 */
const FUZZ_ENV = { FUZZ_RUNS: '50' };
/**
 * Cases a property against the correct reference: fewer than a fault's hunt needs, since nothing is searched for; the
 * composites of test/certify/certify-variations.test.ts run every property again against the varied references.
 */
const CORRECT_RUNS = 20;

/**
 * Faults only a sequence of calls shows, each with the most calls its shrunk sequence may keep. They
 * are run against the sequence property alone, with enough sequences (FUZZ_RUNS / 10) that the few
 * calls each needs come up with near certainty; the run stops at the first failing sequence. One
 * shrunk sequence is replayed `replays` times (it does not depend on what earlier cases left on the
 * target, as a reused id does), in the long tier.
 *
 * `npm test` proves the property's teeth with one of them (`npmTest`); each other trips clauses a conformance fault of
 * npm test trips too (a test below holds that), so its catch is another way to deviate from them, in the long tier
 * (`@long`, docs/development.md), each a child run of 4 to 9 s.
 */
const SEQUENCE_FAULTS: ReadonlyArray<{ fault: string; maxCalls: number; replays?: number; npmTest?: true }> = [
  { fault: 'cancel-toggles', maxCalls: 3, replays: 10 },
  { fault: 'get-cached-after-cancel', maxCalls: 3 },
  { fault: 'id-from-live-count', maxCalls: 4 },
  { fault: 'list-order-rotates', maxCalls: 3, npmTest: true },
];
const SEQUENCE_ENV = { FUZZ_RUNS: '600' };
const SEQUENCE_PROPERTY = 'sequences of create, get, list and cancel keep to the model of their records';

/** Faults only calls in flight together show: the concurrent property alone must catch them (the sequential one cannot). */
const CONCURRENCY_FAULTS = ['id-reused-by-overlapping-creates'];
const CONCURRENCY_PROPERTY = 'creates and cancels interleaved with a paged walk keep what the contract promises under concurrency';

test.describe.configure({ mode: 'parallel', timeout: 240_000 });

test('the fuzz properties hold against the correct reference', async () => {
  const run = await runSuite({
    project: 'fuzz',
    faults: [],
    label: 'correct',
    env: { FUZZ_RUNS: String(CORRECT_RUNS) },
    clauseReportOnly: true,
  });
  expect(run.report, tail(run)).not.toBeNull();
  expect(failingClauses(run), tail(run)).toEqual([]);
  const outcomes = run.report!.outcomes;
  expect(
    outcomes.filter((o) => o.status !== 'passed'),
    tail(run),
  ).toEqual([]);
  expect(outcomes.length).toBeGreaterThan(30);
  expect(run.exitCode, tail(run)).toBe(0);
  // The run's late read (the records it created, read again before the teardown) is an outcome beside the tests', not
  // a fuzz property: it passed (above), and left no fuzz record.
  const properties = testOutcomes(run);
  expect(outcomes.length - properties.length, 'the late read, one outcome of the run').toBe(1);
  // Every property left its record: the seed that replays it, no counterexample.
  const records = readRunRecords(run.reportsDir);
  expect(records.map((r) => r.property).sort()).toEqual(properties.map((o) => o.title).sort());
  for (const r of records) {
    const runs = r.file === 'fuzz/sequences.spec.ts' ? sequenceRuns(CORRECT_RUNS) : CORRECT_RUNS;
    expect(r, r.fileName).toMatchObject({ status: 'passed', runs, counterexample: null, seed: expect.any(Number) });
  }
});

/**
 * Faults whose catch is known to need one property of many, with that property's title: it is tried first, alone, so
 * that the catch costs one short child run, not every property of the fault's clauses at 50 cases each (24 s of a busy
 * npm test, this one). Every property but the sequences is the fallback when it does not catch. A 5xx on a valid create
 * whose reference is long is met by the free-text property, which sends references of any length.
 */
const MET_BY_PROPERTIES_OF: Record<string, string[]> = {
  'server-error-on-long-reference': ['no 5xx for free-text fields of any length and content'],
};

/** A --grep that selects the properties with these titles, exactly (the titles are literal text, not patterns). */
const titlesGrep = (titles: readonly string[]): string => titles.map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');

const sequenceFault = (name: string) => SEQUENCE_FAULTS.some((f) => f.fault === name) || CONCURRENCY_FAULTS.includes(name);

for (const fault of FAULTS.filter((f) => (f.catchBy === 'fuzz' || f.catchBy === 'both') && !sequenceFault(f.name))) {
  // A fault the conformance suite catches too ('both') is proven caught in npm test there (conformance-faults); its
  // fuzz catch is a second proof, in the long tier (`@long`, test/playwright.config.ts).
  const details = fault.catchBy === 'both' ? { tag: '@long' } : {};
  test(`fuzz catches fault "${fault.name}" on ${fault.clauses.join(', ')}`, details, async () => {
    // The sequence properties are held to their own faults below; against these they would only add time. First the
    // properties MET_BY_PROPERTIES_OF names, else those tagged with the fault's clauses (`--grep @CLAUSE`), up to the
    // first that fails (the properties after it would only hold or fail again, each failure restarting a worker); all
    // the others too, every one run, only when that does not fail on every clause (an exchange check on another
    // property's answers may be where a fault shows).
    const args = ['--grep-invert', SEQUENCE_TAG];
    const metBy = MET_BY_PROPERTIES_OF[fault.name];
    let run = await runSuite({
      project: 'fuzz',
      faults: [fault.name],
      label: fault.name,
      env: FUZZ_ENV,
      clauseReportOnly: true,
      args: [`--grep=${metBy ? titlesGrep(metBy) : clauseGrep(fault.clauses)}`, '--max-failures=1', ...args],
    });
    let selection = metBy
      ? `the properties ${metBy.map((t) => `"${t}"`).join(', ')}`
      : `the properties tagged ${fault.clauses.map((c) => `@${c}`).join(', ')}`;
    if (!failsOn(run, fault.clauses)) {
      run = await runSuite({
        project: 'fuzz',
        faults: [fault.name],
        label: `${fault.name}-all-properties`,
        env: FUZZ_ENV,
        clauseReportOnly: true,
        args,
      });
      selection = 'every property but the sequences';
    }
    test.info().annotations.push({ type: 'selection', description: selection });
    expect(run.report, `no clause report: ${tail(run)}`).not.toBeNull();
    expect(run.exitCode, `the fuzz properties held against fault ${fault.name}: ${fault.description}`).not.toBe(0);
    const failing = failingClauses(run);
    for (const clause of fault.clauses)
      expect(failing, `fault ${fault.name} (${fault.description}) must fail ${clause} (${selection})`).toContain(clause);

    // A shrunk counterexample for the fault's clause, recorded with what replays it.
    const caught = readRunRecords(run.reportsDir).filter(
      (r) => r.status === 'failed' && r.failures.some((f) => (fault.clauses as readonly string[]).includes(f.clause)),
    );
    expect(caught.length, `no record of a failure on ${fault.clauses.join(', ')} in ${run.reportsDir}/fuzz`).toBeGreaterThan(0);
    for (const r of caught) {
      expect(r.counterexample, r.fileName).toEqual(expect.any(String));
      expect(r.path, r.fileName).toMatch(/^\d+(:\d+)*$/);
      expect(r.replay, r.fileName).toBe(replayCommand(r));
      expect(r.replay, r.fileName).toContain(`FUZZ_SEED=${r.seed} FUZZ_PATH=${r.path} `);
      expect(run.output, 'the failure is printed with its seed and path').toContain(`FUZZ_SEED=${r.seed} FUZZ_PATH=${r.path}`);
    }
  });
}

/**
 * The sequence property against one fault: it fails on the fault's clauses with a shrunk sequence of at most `maxCalls`
 * calls; with `replays`, that sequence is then replayed so many times, each the very same failure. The replays are a
 * test of their own in the long tier (`@long`, test/playwright.config.ts), beside test/fuzz/replay.test.ts: `npm test`
 * holds the catch.
 */
function sequenceTest(name: string, maxCalls: number, replays: number | undefined, npmTest: boolean): void {
  const fault = FAULTS.find((f) => f.name === name)!;
  const replayed = replays ? `, replayed ${replays} times out of ${replays}` : '';
  const details = replays || !npmTest ? { tag: '@long' } : {};
  test(
    `the sequence property catches fault "${name}" on ${fault.clauses.join(', ')} with at most ${maxCalls} calls${replayed}`,
    details,
    async () => {
      const run = await runSuite({
        project: 'fuzz',
        faults: [name],
        label: `sequence-${name}${replays ? '-before-replays' : ''}`,
        env: SEQUENCE_ENV,
        clauseReportOnly: true,
        args: ['fuzz/sequences.spec.ts', '-g', SEQUENCE_PROPERTY],
      });
      expect(run.exitCode, `the sequence property held against fault ${name}: ${fault.description}\n${tail(run)}`).not.toBe(0);
      for (const clause of fault.clauses) expect(failingClauses(run), `fault ${name} must fail ${clause}\n${tail(run)}`).toContain(clause);
      const [record] = readRunRecords(run.reportsDir).filter((r) => r.property === SEQUENCE_PROPERTY);
      expect(record, tail(run)).toMatchObject({ status: 'failed', replayPath: expect.stringMatching(/^[A-Za-z0-9+/=:_-]+$/) });
      expect(
        record.failures.map((f) => f.clause),
        record.counterexample ?? '',
      ).toEqual(expect.arrayContaining([...fault.clauses]));
      // The shrunk sequence is a numbered list of the calls that ran, printed with what replays it.
      const calls = Number(/^(\d+) call\(s\):/.exec(record.counterexample ?? '')?.[1]);
      expect(calls, record.counterexample ?? '').toBeGreaterThan(0);
      expect(calls, record.counterexample ?? '').toBeLessThanOrEqual(maxCalls);
      expect(record.replay).toContain(`FUZZ_REPLAY_PATH=${record.replayPath}`);
      expect(run.output, 'the shrunk sequence is printed').toContain(`${calls} call(s):`);
      if (replays) await expectExactReplays(record, { fault: name, label: `sequence-${name}-replayed`, times: replays });
    },
  );
}

for (const { fault, maxCalls, replays, npmTest } of SEQUENCE_FAULTS) {
  sequenceTest(fault, maxCalls, undefined, npmTest === true);
  if (replays) sequenceTest(fault, maxCalls, replays, false);
}

test('the sequence faults left to the long tier trip only clauses a conformance fault of npm test trips too', () => {
  expect(SEQUENCE_FAULTS.filter((f) => f.npmTest)).toHaveLength(1);
  // Every conformance fault's clauses are tripped in npm test (test/selftest/conformance-faults.test.ts holds that).
  const byConformance = new Set(FAULTS.filter((f) => f.catchBy !== 'fuzz').flatMap((f) => f.clauses));
  for (const { fault } of SEQUENCE_FAULTS.filter((f) => !f.npmTest))
    expect(
      FAULTS.find((f) => f.name === fault)!.clauses.filter((c) => !byConformance.has(c)),
      `${fault}: clauses only it trips`,
    ).toEqual([]);
});

for (const name of CONCURRENCY_FAULTS) {
  const fault = FAULTS.find((f) => f.name === name)!;
  test(`the concurrent property catches fault "${name}" on ${fault.clauses.join(', ')}, with a shrunk interleaving`, async () => {
    const run = await runSuite({
      project: 'fuzz',
      faults: [name],
      label: `concurrency-${name}`,
      env: SEQUENCE_ENV,
      args: ['fuzz/sequences.spec.ts', '-g', CONCURRENCY_PROPERTY],
      clauseReportOnly: true,
    });
    expect(run.exitCode, `the concurrent property held against fault ${name}: ${fault.description}\n${tail(run)}`).not.toBe(0);
    for (const clause of fault.clauses) expect(failingClauses(run), `fault ${name} must fail ${clause}\n${tail(run)}`).toContain(clause);
    const [record] = readRunRecords(run.reportsDir).filter((r) => r.property === CONCURRENCY_PROPERTY);
    expect(record, tail(run)).toMatchObject({
      status: 'failed',
      counterexample: expect.any(String),
      path: expect.stringMatching(/^\d+(:\d+)*$/),
    });
    expect(
      record.failures.map((f) => f.clause),
      record.counterexample ?? '',
    ).toEqual(expect.arrayContaining([...fault.clauses]));
    expect(run.output, 'the failure is printed with its seed and path').toContain(`FUZZ_SEED=${record.seed} FUZZ_PATH=${record.path}`);
  });
}
