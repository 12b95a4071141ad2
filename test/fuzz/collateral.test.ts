// A deviation a fuzz property meets on a clause it does not check (fuzz/runner.ts isCollateral): reported once, with
// the first case that met it, not shrunk, and the property runs on with its own law. Before, such a case was shrunk for
// up to FUZZ_SHRINK_TIME_LIMIT (re-sending the requests of many smaller cases, every one failing alike) and ended the
// property's search; and the read a writing property makes before its cases (which offers closed since the run listed
// them) failed it on that deviation too.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { readRunRecords } from '../../fuzz/record.ts';
import { isCollateral } from '../../fuzz/runner.ts';
import type { CheckFailure } from '../../src/checks/types.ts';
import { failingClauses, outcomeTitled, ROOT, runSuite, tail } from '../selftest/run-suite.ts';

const failure = (clause: string): CheckFailure => ({ clause, message: `${clause} broken` }) as CheckFailure;

const CASES: Array<{ description: string; failures: CheckFailure[]; error: unknown; collateral: boolean }> = [
  { description: 'only on clauses the property does not check', failures: [failure('OFFER-SCHEMA')], error: null, collateral: true },
  {
    description: 'one failure on a clause of the property',
    failures: [failure('OFFER-SCHEMA'), failure('GEN-FAILURE-4XX')],
    error: null,
    collateral: false,
  },
  {
    description: 'an error beside the failures (a bug, a dead target)',
    failures: [failure('OFFER-SCHEMA')],
    error: new Error('boom'),
    collateral: false,
  },
  { description: 'no failure at all', failures: [], error: null, collateral: false },
];

for (const c of CASES) {
  test(`a case that failed ${c.description} is ${c.collateral ? '' : 'not '}collateral`, () => {
    expect(isCollateral(c.failures, c.error, new Set(['GEN-FAILURE-4XX', 'SUB-CREATE']))).toBe(c.collateral);
  });
}

test('against offers that fail their schema: a property reading offers reports it unshrunk and runs every case; a writing property is not failed by its offer read', async () => {
  test.setTimeout(120_000);
  const run = await runSuite({
    project: 'fuzz',
    faults: ['offer-price-as-string'],
    label: 'collateral-offer-schema',
    // A fixed seed: the same cases in every run (which ids or queries a case draws is the seed's).
    env: { FUZZ_RUNS: '20', FUZZ_SEED: '42' },
    args: ['--grep=no 5xx for offer list queries of any kind|one defect, missing-required'],
    clauseReportOnly: true,
  });
  const outcome = (title: RegExp) => outcomeTitled(run, title);
  // GET /offer with queries of any kind: a case answered 200 lists offers whose price is a string.
  const reader = outcome(/offer list queries of any kind/);
  expect(reader?.status, tail(run)).toBe('failed');
  expect(reader!.clauseFailures.map((f) => f.clause)).toEqual(['OFFER-SCHEMA']);
  expect(reader!.clauseFailures[0].message).toMatch(
    /met by the case .*not shrunk: not a clause of this property; replay: RUN_ID=\S+ FUZZ_SEED=-?\d+\)$/,
  );
  const [record] = readRunRecords(run.reportsDir).filter((r) => /offer list queries of any kind/.test(r.property));
  expect(record, tail(run)).toMatchObject({ status: 'failed', runs: 20, shrinks: 0, path: null, counterexample: expect.any(String) });
  expect(record.failures.map((f) => f.clause)).toEqual(['OFFER-SCHEMA']);
  // Creates of invalid bodies: nothing in its cases reads an offer, and its read of the offers before them is not judged.
  expect(outcome(/one defect, missing-required/)?.status, tail(run)).toBe('passed');
});

test('one deviation met by several properties fails one of them: the others note it and are judged by their own clauses', async () => {
  test.setTimeout(120_000);
  // Three properties that read the offers (two compare pages with the full list, one sends queries of any kind), one
  // worker: each meets OFFER-SCHEMA on reads of its own. Before, each failed on it, and each failure cost a new worker.
  const run = await runSuite({
    project: 'fuzz',
    faults: ['offer-price-as-string'],
    label: 'collateral-claimed-once',
    env: { FUZZ_RUNS: '10', FUZZ_SEED: '42' },
    args: ['--grep=offers: every page is the slice|offers: walking the pages|no 5xx for offer list queries of any kind'],
    clauseReportOnly: true,
  });
  const titles = [/offers: every page is the slice/, /offers: walking the pages/, /offer list queries of any kind/];
  const outcomes = titles.map((title) => outcomeTitled(run, title));
  expect(
    outcomes.every((o) => o !== undefined),
    tail(run),
  ).toBe(true);
  const failed = outcomes.filter((o) => o?.status === 'failed');
  expect(failed, tail(run)).toHaveLength(1);
  expect(failed[0]!.clauseFailures.map((f) => f.clause)).toEqual(['OFFER-SCHEMA']);
  expect(
    outcomes.filter((o) => o?.status === 'passed'),
    tail(run),
  ).toHaveLength(2);
  // The clause's verdict is the same: OFFER-SCHEMA fails, and so does the run.
  expect(failingClauses(run), tail(run)).toEqual(['OFFER-SCHEMA']);
  expect(run.exitCode, tail(run)).not.toBe(0);
});

// Issue 49, item 1: the path-identifier fuzz met an offer failing its schema, and JUnit filed OFFER-SCHEMA under "no 5xx
// for identifiers of any kind in paths", which a CI dashboard reads as a 5xx. In the JUnit file (conformance's and
// certify's, one reporter), the finding sits under a case named for the clause, saying which property met it.
test('JUnit: a schema failure the path-identifier fuzz meets is filed under the clause, not under "no 5xx"', async () => {
  test.setTimeout(120_000);
  const label = 'collateral-junit';
  const junit = join('reports', 'project-tests', 'junit', `${label}.xml`);
  const reporters = [
    'src/harness/deferred-verdict-reporter.ts',
    'list',
    'src/certify/clause-file-reporter.ts',
    'src/harness/junit-reporter.ts',
  ];
  const run = await runSuite({
    project: 'fuzz',
    faults: ['offer-price-as-string'],
    label,
    env: { FUZZ_RUNS: '100', FUZZ_SEED: '42', PLAYWRIGHT_JUNIT_OUTPUT_FILE: join(ROOT, junit) },
    args: ['--grep=identifiers of any kind in paths', `--reporter=${reporters.map((r) => (r === 'list' ? r : join(ROOT, r))).join(',')}`],
  });
  expect(failingClauses(run), tail(run)).toEqual(['OFFER-SCHEMA']);
  const xml = readFileSync(join(ROOT, junit), 'utf8');
  // Each <testcase> with what it holds, up to the next one.
  const caseOf = (name: string) => xml.split('<testcase ').find((c) => c.startsWith(`name="${name}`)) ?? '';
  const property = caseOf('no 5xx for identifiers of any kind in paths"');
  expect(property, xml).not.toBe('');
  expect(property, xml).not.toContain('<failure');
  const clause = caseOf('OFFER-SCHEMA: ');
  expect(clause, xml).toMatch(
    /<failure message="OFFER-SCHEMA: GET \/offer\/[^"]*met by the test &quot;no 5xx for identifiers of any kind in paths/,
  );
});
