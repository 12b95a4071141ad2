/**
 * The suite's JUnit file (in place of Playwright's, which writes a contract deviation as <error message="1 contract
 * deviation(s):">, a line no CI tool can act on): a deviation is a <failure> naming the clause and the cause
 * (src/report/junit-xml.ts), read from the clause-failure annotations the fixtures write.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';
import { parseClauseNote } from '../report/clause-results.ts';
import { type JunitCase, type JunitSuite, junitXml } from '../report/junit-xml.ts';
import { lateReadJunitCase, readLateRead } from './late-read-outcome.ts';

export function junitCase(test: TestCase, result: TestResult): JunitCase {
  const file = test.location.file.replace(/^.*\/(conformance|fuzz)\//, '$1/');
  const base = { name: test.titlePath().slice(3).join(' › '), classname: file, seconds: result.duration / 1000 };
  const details = result.errors.map((e) => e.message ?? e.value ?? '').join('\n\n') || (result.error?.message ?? '');
  const deviations = result.annotations
    .filter((a) => a.type === 'clause-failure')
    .map((a) => parseClauseNote(a.description))
    .filter((n) => n !== null);
  if (result.status === 'passed') return { ...base, outcome: { kind: 'passed' } };
  if (result.status === 'skipped')
    return { ...base, outcome: { kind: 'skipped', reason: result.annotations.find((a) => a.type === 'skip')?.description ?? null } };
  if (result.status === 'failed' && deviations.length) return { ...base, outcome: { kind: 'deviation', deviations, details } };
  const message =
    result.status === 'timedOut'
      ? `timed out after ${Math.round(result.duration / 1000)} s`
      : result.status === 'interrupted'
        ? 'interrupted before its verdict'
        : (result.error?.message ?? 'failed without an error message');
  const type = result.status === 'failed' ? (/^(\w+): /.exec(message)?.[1] ?? 'Error') : result.status;
  return { ...base, outcome: { kind: 'error', type, message: message.replace(/^(\w+): /, ''), details: details || message } };
}

export default class JunitReporter implements Reporter {
  private readonly suites = new Map<string, JunitSuite>();
  private readonly outputFile: string | undefined;
  /** `outputFile` from the config; on a command line's --reporter, PLAYWRIGHT_JUNIT_OUTPUT_FILE (as Playwright's own). */
  constructor(options: { outputFile?: string } = {}) {
    this.outputFile = options.outputFile ?? process.env.PLAYWRIGHT_JUNIT_OUTPUT_FILE;
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    const project = test.parent.project()?.name ?? '';
    const c = junitCase(test, result);
    const key = `${project}\u0000${c.classname}`;
    const suite = this.suites.get(key) ?? { name: c.classname, project, cases: [] };
    // A retried test: its last result stands.
    suite.cases = [...suite.cases.filter((x) => x.name !== c.name), c];
    this.suites.set(key, suite);
  }

  onEnd(result: FullResult): void {
    if (!this.outputFile) return;
    // The late read of the global teardown, which ran before this: a case of its own.
    const late = readLateRead(process.env.RUN_ID);
    if (late) this.suites.set('run\u0000late-read', { name: 'late-read', project: 'run', cases: [lateReadJunitCase(late)] });
    mkdirSync(dirname(this.outputFile), { recursive: true });
    writeFileSync(this.outputFile, junitXml([...this.suites.values()], result.duration / 1000));
  }

  printsToStdio(): boolean {
    return false;
  }
}
