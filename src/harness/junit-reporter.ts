/**
 * The suite's JUnit file (in place of Playwright's, which writes a contract deviation as <error message="1 contract
 * deviation(s):">, a line no CI tool can act on): a deviation is a <failure> naming the clause and the cause
 * (src/report/junit-xml.ts), read from the clause-failure annotations the fixtures write.
 *
 * A finding sits under a test whose name says what was checked (issue 49, item 1). The exchange checks judge every
 * answer a test sees, so a test meets deviations on clauses it does not name: the path-identifier fuzz, "no 5xx for
 * identifiers of any kind in paths", met an offer failing its schema, and a CI dashboard read OFFER-SCHEMA as a 5xx. A
 * deviation on a clause the test does not name (its clause tags) is filed under a case of its own, named for the clause
 * and what it says ("OFFER-SCHEMA: Every offer has the Offer fields ..."), its text saying which test met it; the test
 * keeps the deviations on its own clauses, and passes when it had none. A test that names no clause keeps them all.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';
import { getClause } from '../contract/clauses/catalogue.ts';
import { clauseTags, parseClauseNote } from '../report/clause-results.ts';
import { type JunitCase, type JunitSuite, junitXml } from '../report/junit-xml.ts';
import { lateReadJunitCase, readLateRead } from './late-read-outcome.ts';

type Deviation = { clause: string; message: string };

/** The error a test raises at its end when its only failures are its clause checks' (src/harness/fixtures.ts settle). */
const DEVIATION_LIST = /^(?:Error: )?\d+ contract deviation/;

/** The name of the case a clause's deviations met by other tests are filed under: the clause and what it says. */
export function clauseCaseName(clause: string): string {
  return `${clause}: ${getClause(clause).summary}`;
}

/**
 * A test's JUnit cases: its own (first), then one per clause it met but does not name, each holding that deviation
 * with the name of the test that met it.
 */
export function junitCases(test: TestCase, result: TestResult): JunitCase[] {
  const own = junitCase(test, result);
  if (own.outcome.kind !== 'deviation') return [own];
  const named = new Set<string>(clauseTags(test.tags ?? []));
  const onlyDeviations = result.errors.length <= 1 && DEVIATION_LIST.test(result.error?.message ?? '');
  const met = own.outcome.deviations.filter((d) => !named.has(d.clause));
  if (named.size === 0 || met.length === 0 || !onlyDeviations) return [own];
  const mine = own.outcome.deviations.filter((d) => named.has(d.clause));
  const { details } = own.outcome;
  const byClause = new Map<string, Deviation[]>();
  for (const d of met) byClause.set(d.clause, [...(byClause.get(d.clause) ?? []), d]);
  const metBy = `met by the test "${own.name}" (${own.classname}), which checks ${[...named].join(', ')}`;
  return [
    { ...own, outcome: mine.length ? { kind: 'deviation', deviations: mine, details } : { kind: 'passed' } },
    ...[...byClause].map(
      ([clause, deviations]): JunitCase => ({
        name: clauseCaseName(clause),
        classname: own.classname,
        seconds: 0,
        outcome: {
          kind: 'deviation',
          deviations: deviations.map((d) => ({ clause, message: `${d.message} (${metBy})` })),
          details: `${metBy}:\n\n${details}`,
        },
      }),
    ),
  ];
}

export function junitCase(test: TestCase, result: TestResult): JunitCase {
  const file = test.location.file.replace(/^.*\/(conformance|fuzz)\//, '$1/');
  const strictness = result.annotations
    .filter((a) => a.type === 'strictness')
    .map((a) => parseClauseNote(a.description))
    .filter((n) => n !== null);
  const base = {
    name: test.titlePath().slice(3).join(' › '),
    classname: file,
    seconds: result.duration / 1000,
    ...(strictness.length ? { strictness } : {}),
  };
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

/**
 * The cases of one suite (a spec file of a project): each test's own case in the order they ended, then the clause
 * cases, one per clause, holding every deviation on it the suite's tests met.
 */
export function suiteCases(byTest: ReadonlyMap<string, readonly JunitCase[]>): JunitCase[] {
  const tests: JunitCase[] = [];
  const clauses = new Map<string, JunitCase>();
  for (const [own, ...met] of byTest.values()) {
    tests.push(own);
    for (const c of met) {
      const before = clauses.get(c.name);
      if (before?.outcome.kind !== 'deviation' || c.outcome.kind !== 'deviation') clauses.set(c.name, c);
      else
        clauses.set(c.name, {
          ...before,
          outcome: {
            kind: 'deviation',
            deviations: [...before.outcome.deviations, ...c.outcome.deviations],
            details: `${before.outcome.details}\n\n${c.outcome.details}`,
          },
        });
    }
  }
  return [...tests, ...clauses.values()];
}

export default class JunitReporter implements Reporter {
  /** Per suite (project and file): each test's cases, by the test's id (a retried test: its last result stands). */
  private readonly suites = new Map<string, { name: string; project: string; byTest: Map<string, JunitCase[]> }>();
  private readonly outputFile: string | undefined;
  /** `outputFile` from the config; on a command line's --reporter, PLAYWRIGHT_JUNIT_OUTPUT_FILE (as Playwright's own). */
  constructor(options: { outputFile?: string } = {}) {
    this.outputFile = options.outputFile ?? process.env.PLAYWRIGHT_JUNIT_OUTPUT_FILE;
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    const project = test.parent.project()?.name ?? '';
    const cases = junitCases(test, result);
    const key = `${project}\u0000${cases[0].classname}`;
    const suite = this.suites.get(key) ?? { name: cases[0].classname, project, byTest: new Map() };
    suite.byTest.delete(test.id); // a retry ends after its earlier attempts: in the order tests ended
    suite.byTest.set(test.id, cases);
    this.suites.set(key, suite);
  }

  onEnd(result: FullResult): void {
    if (!this.outputFile) return;
    // The late read of the global teardown, which ran before this: a case of its own.
    const late = readLateRead(process.env.RUN_ID);
    if (late)
      this.suites.set('run\u0000late-read', {
        name: 'late-read',
        project: 'run',
        byTest: new Map([['late-read', [lateReadJunitCase(late)]]]),
      });
    mkdirSync(dirname(this.outputFile), { recursive: true });
    const suites: JunitSuite[] = [...this.suites.values()].map((s) => ({ name: s.name, project: s.project, cases: suiteCases(s.byTest) }));
    writeFileSync(this.outputFile, junitXml(suites, result.duration / 1000));
  }

  printsToStdio(): boolean {
    return false;
  }
}
