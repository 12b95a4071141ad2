// The suite has teeth: against each fault switch meant for it, it fails and names the fault's clause(s) among its
// failures. Its run against the correct reference (zero failures, every request case sent) is the passing run of
// test/conformance/credential-redaction.test.ts, which scans that run's reports for credentials too.
import { expect, test } from '@playwright/test';
import { FAULTS } from '../../reference/faults.ts';
import { clauseGrep } from '../../src/certify/certify-options.ts';
import { type ListedTest, listedTests } from '../../src/cli/clause-index.ts';
import { failingClauses, failsOn, runSuite, tail, type SuiteRun } from './run-suite.ts';

test.describe.configure({ mode: 'parallel', timeout: 180_000 });

let listed: ListedTest[] | undefined;
/**
 * The conformance spec files that hold a test tagged with one of `clauses` (listed once per worker): given to the
 * child run with the clauses' grep, its runner loads only those, not every spec file, to select the same tests.
 */
function specFilesTagged(clauses: readonly string[]): string[] {
  listed ??= listedTests(undefined, 'conformance');
  return [...new Set(listed.filter((t) => t.tags.some((tag) => clauses.includes(tag))).map((t) => t.file))];
}

/**
 * The runs tried for a fault, cheapest first, until one fails on every clause of the fault; the last one decides. Each
 * child run pays a Playwright start-up, so the first two stop at their first failure.
 */
const SELECTIONS = (clauses: readonly string[]) => [
  // The tests tagged with the fault's clauses (`--grep @CLAUSE`, as certify --clauses selects), up to the first failure.
  {
    label: '',
    what: `the tests tagged ${clauses.map((c) => `@${c}`).join(', ')}`,
    args: [`--grep=${clauseGrep(clauses)}`, '--max-failures=1', ...specFilesTagged(clauses)],
  },
  // Some faults show only beside the other tests (an exchange check on another test's answer, or records other tests
  // created): the whole suite, up to its first failure.
  { label: '-whole-suite', what: 'the whole suite, up to its first failure', args: ['--max-failures=1'] },
  // The whole suite to its end: every failure shown, at no extra cost, since a contract deviation no longer ends its
  // Playwright worker (src/harness/deferred-verdict.ts; with --max-failures it still would, so none is given).
  { label: '-whole-suite-all', what: 'the whole suite, every failure', args: [] },
];

/**
 * The faults that undo a confirmed write some seconds later (reference/faults/durability.ts): only the late read sees
 * them, so their runs wait longer than the fault's delay (REFERENCE_FAULT_DELAY) before it, delays varied among them.
 * Every other run here waits 0 s (test/selftest/run-suite.ts).
 */
const LATE_FAULTS: Record<string, { REFERENCE_FAULT_DELAY: string; API_DURABILITY_WAIT: string }> = {
  'cancel-undone-later': { REFERENCE_FAULT_DELAY: '1', API_DURABILITY_WAIT: '2' },
  'record-vanishes-later': { REFERENCE_FAULT_DELAY: '2.5', API_DURABILITY_WAIT: '4' },
  'field-rewritten-later': { REFERENCE_FAULT_DELAY: '1.5', API_DURABILITY_WAIT: '3' },
};

const CONFORMANCE_FAULTS = FAULTS.filter((f) => f.catchBy !== 'fuzz');
/**
 * Whether `npm test` runs this fault's catch: the last fault reference/faults.ts names for its clauses does (usually the
 * subtlest way to deviate from them), proving the tests tagged with those clauses catch a deviation of them. The others
 * of the same clauses are met by the same tests in other ways: they run in the long tier (`@long`), which CI runs after
 * npm test, each a child Playwright run of some 4 s of CPU (docs/development.md, the tiers).
 */
const inNpmTest = (fault: (typeof FAULTS)[number], i: number): boolean =>
  !CONFORMANCE_FAULTS.slice(i + 1).some((later) => later.clauses.join() === fault.clauses.join());

test('every clause a conformance fault trips has a fault caught in npm test, not in the long tier alone', () => {
  const clauses = (faults: typeof CONFORMANCE_FAULTS) => [...new Set(faults.map((f) => f.clauses.join()))].sort();
  expect(clauses(CONFORMANCE_FAULTS.filter(inNpmTest))).toEqual(clauses(CONFORMANCE_FAULTS));
  expect(CONFORMANCE_FAULTS.filter(inNpmTest).length).toBeGreaterThan(CONFORMANCE_FAULTS.length * 0.6);
});

for (const [i, fault] of CONFORMANCE_FAULTS.entries()) {
  // A late fault's run spends seconds waiting out its delay: with the waiting tests (test/playwright.config.ts).
  const tags = [...(LATE_FAULTS[fault.name] ? ['@waits'] : []), ...(inNpmTest(fault, i) ? [] : ['@long'])];
  test(`conformance catches fault "${fault.name}" on ${fault.clauses.join(', ')}`, { tag: tags }, async () => {
    let run: SuiteRun | undefined;
    let selection = '';
    for (const s of SELECTIONS(fault.clauses)) {
      run = await runSuite({
        project: 'conformance',
        faults: [fault.name],
        label: `${fault.name}${s.label}`,
        args: s.args,
        clauseReportOnly: true,
        env: LATE_FAULTS[fault.name],
        // A late fault reads its delay from the environment of the server's process: the child's own reference then.
        referenceInProcess: !LATE_FAULTS[fault.name],
      });
      selection = s.what;
      if (failsOn(run, fault.clauses)) break;
    }
    test.info().annotations.push({ type: 'selection', description: selection });
    expect(run!.report, `no clause report: ${tail(run!)}`).not.toBeNull();
    expect(run!.exitCode, `the suite passed against fault ${fault.name}: ${fault.description}`).not.toBe(0);
    const failing = failingClauses(run!);
    for (const clause of fault.clauses)
      expect(failing, `fault ${fault.name} (${fault.description}) must fail ${clause} (${selection})`).toContain(clause);
  });
}
