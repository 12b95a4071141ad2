// The clause reporter's end-of-run judgement of ids (issue 31, class 4): every id the run's journal holds, across
// workers and properties, given to two different creates fails SUB-CREATE-ID, and the run with it.
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { expect, test } from '@playwright/test';
import ClauseReporter, { RUN_IDS_UNIQUE, runIdsOutcome } from '../../src/harness/clause-reporter.ts';
import { appendJsonl } from '../../src/run/jsonl.ts';
import { runFile } from '../../src/run/run-paths.ts';
import { PROJECT_TEST_OUTPUT } from '../project-output.ts';

const created = (tag: string, id: string, body: string) => ({
  at: 'now',
  event: 'created',
  tag,
  id,
  status: 'accepted',
  create: tag,
  body,
});

/** A journal as two workers left it (each wrote its create before reading the other's), under the tests' own output. */
function journalOf(name: string, entries: object[]): string {
  const path = join(PROJECT_TEST_OUTPUT, 'harness', `${name}.jsonl`);
  rmSync(path, { force: true });
  mkdirSync(dirname(path), { recursive: true }); // a clean clone has no output folder yet
  for (const e of entries) appendJsonl(path, e);
  return path;
}

test('an id two workers were given, unseen by either, fails SUB-CREATE-ID at the end of the run; a run without one adds nothing', async () => {
  const racing = [created('osd-suite.r.100-1', 'SUB-000001', 'a'), created('osd-suite.r.200-1', 'SUB-000001', 'b')];
  const outcome = runIdsOutcome('race', journalOf('ids-race', racing));
  expect(outcome).toMatchObject({ title: RUN_IDS_UNIQUE, status: 'failed', clauses: ['SUB-CREATE-ID'] });
  expect(outcome!.clauseFailures[0].message).toContain('"SUB-000001" to 2 different creates');

  const clean = journalOf('ids-clean', [created('osd-suite.r.100-1', 'SUB-000001', 'a'), created('osd-suite.r.200-1', 'SUB-000002', 'b')]);
  expect(runIdsOutcome('clean', clean)).toBeNull();
  expect(runIdsOutcome(undefined)).toBeNull();

  // The reporter reads the run's own journal (RUN_ID): the clause fails in its report, and a run that passed every test
  // is failed. The journal is removed after, so no cleanup ever takes it for a user's run.
  const runId = `ids-race-${process.pid}-${Date.now()}`;
  for (const e of racing) appendJsonl(runFile.journal(runId), e);
  const outputFile = join(PROJECT_TEST_OUTPUT, 'harness', `${runId}.json`);
  const saved = process.env.RUN_ID;
  process.env.RUN_ID = runId;
  const write = process.stdout.write;
  process.stdout.write = (() => true) as typeof process.stdout.write;
  let ended: Awaited<ReturnType<ClauseReporter['onEnd']>>;
  try {
    ended = await new ClauseReporter({ outputFile }).onEnd({ status: 'passed' } as never);
  } finally {
    process.stdout.write = write;
    process.env.RUN_ID = saved;
    rmSync(dirname(runFile.journal(runId)), { recursive: true, force: true });
  }
  expect(ended).toEqual({ status: 'failed' });
  const report = JSON.parse(readFileSync(outputFile, 'utf8')) as { status: string; results: { clause: { id: string }; verdict: string }[] };
  expect(report.status).toBe('failed');
  expect(report.results.find((r) => r.clause.id === 'SUB-CREATE-ID')?.verdict).toBe('fail');
});

// Issue 43, item 7: what an interrupt leaves on the console. A test interrupted before its verdict is no contract
// failure: no "FAIL <clause>: test error: interrupted" line; the closing lines say how many were interrupted.
test('an interrupted test prints no FAIL line for its clause, and the end of the run counts it as interrupted', async () => {
  const reporter = new ClauseReporter();
  const end = (title: string, status: string, tags: string[]) =>
    reporter.onTestEnd(
      {
        titlePath: () => ['', 'conformance', 'offers.spec.ts', title],
        location: { file: '/x/conformance/offers.spec.ts' },
        parent: { project: () => ({ name: 'conformance' }) },
        tags,
      } as never,
      { status, annotations: [], duration: 5, error: status === 'interrupted' ? { message: 'interrupted' } : undefined } as never,
    );
  end('list', 'passed', ['@OFFER-LIST']);
  end('get one', 'interrupted', ['@OFFER-GET']);
  const saved = process.env.RUN_ID;
  delete process.env.RUN_ID;
  const write = process.stdout.write;
  let printed = '';
  process.stdout.write = ((text: string) => {
    printed += text;
    return true;
  }) as typeof process.stdout.write;
  try {
    await reporter.onEnd({ status: 'interrupted' } as never);
  } finally {
    process.stdout.write = write;
    if (saved !== undefined) process.env.RUN_ID = saved;
  }
  expect(printed).not.toMatch(/FAIL OFFER-GET/);
  expect(printed).toMatch(/Clauses: \d+ pass, 0 fail,/);
  expect(printed).toContain('  1 test(s) interrupted before their verdict: not contract failures, their clauses unconfirmed');
});
