/**
 * A Playwright reporter that ends the console output with every skipped test and the reason it gave
 * (`test.skip(condition, reason)`). The list reporter marks a skipped test with "-" and no reason; a
 * check that is skipped must say why where people look, at the end of the run. The load tests that did not run for
 * want of k6 (the user's own install) are counted in one closing line of their own.
 */
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';
import { K6_TESTS_SKIPPED, NO_K6 } from '../k6/k6-binary.ts';
import { forTerminal } from '../config/terminal-text.ts';

/** The reason a skipped test gave, or a note that it gave none. */
export function skipReasonOf(test: Pick<TestCase, 'annotations'>, result?: Pick<TestResult, 'annotations'>): string {
  const annotations = [...(result?.annotations ?? []), ...test.annotations];
  const reason = annotations.find((a) => (a.type === 'skip' || a.type === 'fixme') && a.description)?.description;
  return reason ?? '(no reason given)';
}

export default class SkipReasonsReporter implements Reporter {
  private readonly skipped: Array<{ title: string; reason: string }> = [];

  printsToStdio(): boolean {
    return true;
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status !== 'skipped') return;
    // titlePath: root, project, file, then the describe blocks and the test's own title.
    this.skipped.push({ title: test.titlePath().slice(3).join(' › '), reason: skipReasonOf(test, result) });
  }

  onEnd(_result: FullResult): void {
    if (this.skipped.length === 0) return;
    // Tests skipped for the same reason are listed under it once; the load tests that did not run for want of k6 (the
    // user's own install) close the output in a line of their own, where the reason is said once.
    const byReason = new Map<string, string[]>();
    for (const s of this.skipped) byReason.set(s.reason, [...(byReason.get(s.reason) ?? []), s.title]);
    const noK6 = byReason.get(K6_TESTS_SKIPPED) ?? [];
    byReason.delete(K6_TESTS_SKIPPED);
    const lines = [``, `Skipped: ${this.skipped.length} test(s), and why:`];
    for (const [reason, titles] of byReason) {
      lines.push(`  ${reason}`);
      for (const title of titles) lines.push(`    - ${title}`);
    }
    if (noK6.length > 0) {
      lines.push(`  the load tests below (their reason closes this list)`);
      for (const title of noK6) lines.push(`    - ${title}`);
      lines.push('', `Load: ${noK6.length} k6 test(s) did not run: ${NO_K6}; set K6_BIN, K6_BINS or put k6 on PATH to run them.`);
    }
    console.log(forTerminal(lines.join('\n')));
  }
}
