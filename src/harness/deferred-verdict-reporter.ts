/**
 * First of every reporter list of the suites (playwright.config.ts, certify's): a test whose verdict failed without
 * ending its worker (src/harness/deferred-verdict.ts) becomes the failed test it is, with its error, before any
 * other reporter sees it; the run's status is failed when any did. Every report then reads as if the test had thrown.
 *
 * Being first of every list, it also has the tests that may wait on a read of their own write start first, and puts
 * the declared order back before any other reporter sees the suite (src/harness/waiting-tests-first.ts): a failing
 * target's time kept near a correct one's, as above, here by not leaving a worker idle while one waits.
 */
import type { FullResult, Reporter, Suite, TestCase, TestResult } from '@playwright/test/reporter';
import { DEFERRED_FAILURE, enableDeferredVerdicts } from './deferred-verdict.ts';
import { moveFirst } from './waiting-tests-first.ts';

export default class DeferredVerdictReporter implements Reporter {
  private failed = false;
  private restoreOrder: () => void = () => {};

  constructor() {
    enableDeferredVerdicts();
  }

  printsToStdio(): boolean {
    return false;
  }

  async preprocess({ suite }: { suite: Suite }): Promise<void> {
    this.restoreOrder = moveFirst(suite);
  }

  onBegin(): void {
    this.restoreOrder();
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    // Every mark goes (a test stopped by a precondition whose verdict failed too carries two).
    const restore = (list: { type: string }[]) => {
      const kept = list.filter((a) => a.type !== DEFERRED_FAILURE);
      const found = kept.length < list.length;
      list.splice(0, list.length, ...kept);
      return found;
    };
    // Both lists carry the mark (the result's, and the test's for its last result): neither keeps it.
    const marked = [restore(result.annotations), restore(test.annotations)].some(Boolean);
    if (!marked || !(result.status === 'passed' || result.status === 'skipped') || result.errors.length === 0) return;
    result.status = 'failed';
    result.error = result.errors[0];
    this.failed = true;
  }

  async onEnd(result: FullResult): Promise<{ status: FullResult['status'] } | undefined> {
    return this.failed && result.status === 'passed' ? { status: 'failed' } : undefined;
  }
}
