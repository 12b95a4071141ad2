/**
 * Contract deviations fail their test without ending its worker. Playwright discards a worker after every failed
 * test and starts a new one (process start, the TypeScript transform, imports, worker fixtures: about a second on 2
 * cores), so a target deviating on every answer cost one worker start per test (issue 41: 46 of 65 tests, 47
 * workers, 9 times the correct target's wall time). A verdict's failure is not a broken worker: nothing the test did
 * left the worker in a bad state, so it is handed to the runner as the test's error while the worker's own
 * bookkeeping sees the test pass (or skip, where it skipped itself after the deviation), and `DeferredVerdictReporter` (first of every reporter list) turns the result
 * into the failure it is before any other reporter, or the run's exit code, sees it.
 *
 * Only when that reporter is in the run: it marks the run in the environment the workers inherit, with the runner's
 * pid, so a run with other reporters (`--reporter=dot`), or a nested run, throws as Playwright expects; and only
 * without --max-failures, whose count Playwright keeps as tests end.
 */
import type { TestInfo, TestInfoError } from '@playwright/test';
import { setChildEnvironment } from '../config/child-environment.ts';

const DEFERRED_VERDICTS_ENV = 'SUITE_DEFERRED_VERDICTS_RUNNER';

/** Called by the reporter, in the runner, before any worker starts. */
export function enableDeferredVerdicts(): void {
  setChildEnvironment({ [DEFERRED_VERDICTS_ENV]: String(process.pid) });
}

/** In a worker: whether the runner that started it turns deferred verdicts into failures. */
export function deferredVerdictsEnabled(): boolean {
  return process.env[DEFERRED_VERDICTS_ENV] === String(process.ppid);
}

/** Playwright's own rendering of a thrown error (worker/util.ts filterStackTrace): its frames minus the runner's. */
function asTestInfoError(error: Error): TestInfoError {
  const head = `${error.name}: ${error.message}`;
  const frames = (error.stack ?? '')
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .filter((line) => !/[/\\]node_modules[/\\](@playwright|playwright|playwright-core)[/\\]|\(node:|at node:/.test(line))
    // As Playwright prints a frame: a file path, not a URL; no method alias.
    .map((line) => line.replace(/ \[as [^\]]+\]/, '').replace(/file:\/\/(\/[^:)]+)/, (_, path: string) => decodeURI(path)));
  return { message: head, stack: [head, ...frames].join('\n') };
}

/**
 * Whether this test's failure may be deferred: its run's reporter restores it, and the run has no --max-failures
 * (Playwright counts those failures as tests end: with it, a deviation is thrown, so the run stops where asked).
 */
function deferrableIn(testInfo: TestInfo): boolean {
  return deferredVerdictsEnabled() && testInfo.config.maxFailures === 0;
}

/**
 * Fail the test with `error`: thrown as usual, or, in a run whose reporter turns it into the failure, recorded as the
 * test's error with the test left passing for the worker (so it carries on to the next test).
 */
export function failTest(testInfo: TestInfo, error: Error): void {
  const deferrable = deferrableIn(testInfo);
  // A test that skipped itself after its verdict failed (a record it needed could not be read back: the read tests
  // say why) is as done with its worker as a passed one: Playwright ends a worker on neither (testInfo._isFailure).
  const ended = (testInfo.expectedStatus === 'passed' && testInfo.status === 'passed') || testInfo.status === 'skipped';
  if (!deferrable || !ended) throw error;
  (testInfo.errors as TestInfoError[]).push(asTestInfoError(error));
  testInfo.annotations.push({ type: DEFERRED_FAILURE });
}

/**
 * A test that stopped on a PreconditionError (src/harness/target-facts.ts: a list it needed came back without its
 * array, which the checks of that operation report) failed as a contract deviation does, with nothing left broken in
 * its worker: in a run whose reporter restores it, the test is left passing for the worker, its error kept. Called in
 * the test's teardown, which Playwright runs before it decides whether the worker goes on.
 */
export function deferPreconditionFailure(testInfo: TestInfo): void {
  const errors = testInfo.errors;
  if (!deferrableIn(testInfo) || testInfo.expectedStatus !== 'passed' || testInfo.status !== 'failed' || errors.length === 0) return;
  if (!errors.every((e) => (e.message ?? '').startsWith(`${PRECONDITION_ERROR}: `))) return;
  testInfo.status = 'passed';
  testInfo.annotations.push({ type: DEFERRED_FAILURE });
}

/** PreconditionError's name, as Playwright writes it at the head of the error's message. */
const PRECONDITION_ERROR = 'PreconditionError';

/** The mark of a test whose failure the reporter is to restore (removed from the result once restored). */
export const DEFERRED_FAILURE = 'deferred-verdict-failure';
