/**
 * Playwright reporter for the conformance + fuzz phase of a certification: progress lines (tests done
 * of total, elapsed), each failed test as it fails, and errors outside tests. Selected by certify on
 * the command line (`--reporter=...`), next to the file reporters.
 */
import type { FullConfig, FullResult, Reporter, Suite, TestCase, TestError, TestResult } from '@playwright/test/reporter';
import { readSuiteConfig } from '../config/suite-config.ts';
import { fuzzRunsFor } from '../config/fuzz-defaults.ts';
import { estimateLine } from './estimate.ts';
import { progressDue, progressLine } from './progress.ts';
import { writeOut } from '../config/terminal-text.ts';

export default class CertifyProgressReporter implements Reporter {
  private total = 0;
  private done = 0;
  private failed = 0;
  private started = Date.now();
  private lastLine = 0;

  onBegin(config: FullConfig, suite: Suite): void {
    this.total = suite.allTests().length;
    this.started = Date.now();
    this.print(this.total === 0 ? 'no tests found' : `running ${this.total} tests`);
    // certify turns --clauses into a grep: a run with one is already a selection.
    const grep = [config.grep].flat();
    const selected = grep.some((g) => g.source !== '.*');
    if (this.total) writeOut(`    ${estimate(suite, selected)}\n`);
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    this.done += 1;
    if (result.status === 'failed' || result.status === 'timedOut') {
      this.failed += 1;
      const project = test.parent.project()?.name ?? '';
      writeOut(`    ✘ [${project}] ${test.titlePath().slice(3).join(' › ')}\n`);
    }
    if (progressDue(this.done, this.total, Date.now() - this.lastLine)) this.print(this.failed ? `${this.failed} failed` : undefined);
  }

  onError(error: TestError): void {
    writeOut(`    error: ${(error.message ?? String(error.value ?? 'unknown error')).split('\n')[0]}\n`);
  }

  onEnd(result: FullResult): void {
    this.print(`finished: ${result.status}${this.failed ? `, ${this.failed} failed` : ''}`);
  }

  printsToStdio(): boolean {
    return true;
  }

  private print(note?: string): void {
    this.lastLine = Date.now();
    writeOut(
      `${progressLine({ phase: 'conformance + fuzz', done: this.done, total: this.total, elapsedMs: Date.now() - this.started, note })}\n`,
    );
  }
}

/** The run's size as this child sees it: its tests per project, FUZZ_RUNS and API_RATE (already checked by certify). */
function estimate(suite: Suite, clausesSelected: boolean): string {
  const tests = suite.allTests();
  const inProject = (name: string) => tests.filter((t) => t.parent.project()?.name === name).length;
  try {
    const config = readSuiteConfig(process.env);
    const fuzzRuns = fuzzRunsFor(process.env, config.environment === 'local');
    return estimateLine({
      conformanceTests: inProject('conformance'),
      fuzzProperties: inProject('fuzz'),
      fuzzRuns,
      rate: config.rate,
      clausesSelected,
    });
  } catch (error) {
    return `estimate: not available (${error instanceof Error ? error.message : String(error)})`;
  }
}
