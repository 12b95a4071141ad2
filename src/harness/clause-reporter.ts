/**
 * A Playwright reporter that reads a run by clause: it prints a verdict per clause after the list
 * reporter's output and writes them, with every test outcome, to a JSON file (certification and the
 * fault self-test read that file).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';
import { clauseResults, clauseTags, countVerdicts, parseClauseNote, type TestOutcome } from '../report/clause-results.ts';

export interface ClauseReport {
  status: FullResult['status'];
  outcomes: TestOutcome[];
  results: ReturnType<typeof clauseResults>;
}

export default class ClauseReporter implements Reporter {
  private outcomes: TestOutcome[] = [];
  constructor(private readonly options: { outputFile?: string } = {}) {}

  onTestEnd(test: TestCase, result: TestResult): void {
    const notes = (type: string) =>
      result.annotations
        .filter((a) => a.type === type)
        .map((a) => parseClauseNote(a.description))
        .filter((n) => n !== null);
    this.outcomes.push({
      title: test.titlePath().slice(3).join(' › '),
      file: test.location.file.replace(/^.*\/(conformance|fuzz)\//, '$1/'),
      project: test.parent.project()?.name ?? '',
      status: result.status,
      clauses: clauseTags(test.tags),
      clauseFailures: notes('clause-failure'),
      observations: notes('observation'),
      skipReason: result.annotations.find((a) => a.type === 'skip')?.description,
      error: result.error?.message?.split('\n')[0],
      durationMs: result.duration,
    });
  }

  onEnd(result: FullResult): void {
    const results = clauseResults(this.outcomes);
    const counts = countVerdicts(results);
    const failing = results.filter((r) => r.verdict === 'fail');
    const lines = [
      '',
      `Clauses: ${counts.pass} pass, ${counts.fail} fail, ${counts.observed} observed, ${counts['not-testable']} not testable, ${counts.skipped} skipped, ${counts['not-covered']} not covered`,
    ];
    for (const r of failing) lines.push(`  FAIL ${r.clause.id}: ${r.failures[0]?.message.split('\n')[0] ?? ''}`);
    process.stdout.write(`${lines.join('\n')}\n`);
    if (this.options.outputFile) {
      mkdirSync(dirname(this.options.outputFile), { recursive: true });
      const report: ClauseReport = { status: result.status, outcomes: this.outcomes, results };
      writeFileSync(this.options.outputFile, JSON.stringify(report, null, 2));
    }
  }

  printsToStdio(): boolean {
    return false;
  }
}
