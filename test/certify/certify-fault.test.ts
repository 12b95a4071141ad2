// Against the reference with a fault switch on, the certification fails and its report names the
// failing clause with its evidence; the same failure under a waiver in force passes, marked waived.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { FAULTS } from '../../reference/faults.ts';
import { validateCertificationReport } from '../../src/report/report-schema.ts';
import { FEW_FUZZ_CASES, ONE_WORKER, runCertify, tail, TESTS_DIR, type CertifyRun } from './run-certify.ts';

test.describe.configure({ mode: 'default', timeout: 180_000 });

const FAULT = 'duplicate-detection';
const CLAUSE = 'SUB-CREATE-NO-DEDUP';

test('the fault switch used here exists and is meant to fail that clause', () => {
  expect(FAULTS.find((f) => f.name === FAULT)?.clauses).toContain(CLAUSE);
});

test.describe('with a fault switch on', () => {
  let run: CertifyRun;
  test.beforeAll(async () => {
    test.setTimeout(300_000);
    run = await runCertify({ label: 'fault', args: ['--skip-load', ...ONE_WORKER], env: { REFERENCE_FAULTS: FAULT, ...FEW_FUZZ_CASES } });
  });

  test('the verdict fails (exit 1) and names the failing clause first', () => {
    expect(run.exitCode, tail(run)).toBe(1);
    expect(run.report!.verdict).toBe('fail');
    expect(run.report!.target.faults).toEqual([FAULT]);
    expect(run.report!.verdictReasons[0]).toContain(CLAUSE);
    expect(validateCertificationReport(run.report).errors).toEqual([]);
    expect(run.output).toContain(`- ${CLAUSE} fails`);
  });

  test('the failing clause carries its evidence: request, response, expected and received', () => {
    const row = run.report!.clauses.find((c) => c.id === CLAUSE)!;
    expect(row.status).toBe('fail');
    const failure = row.failures[0];
    expect(failure.test).toContain('identical bodies');
    expect(failure.expected).toBeDefined();
    expect(failure.received).toBeDefined();
    expect(failure.evidence?.request).toMatch(/^POST \/subscription/);
    expect(failure.evidence?.status).toBeGreaterThanOrEqual(200);
    expect(failure.evidence?.responseBody).toContain('"id"');
    // Only the fault's clause fails: the report does not smear one bug over the catalogue.
    expect(run.report!.clauses.filter((c) => c.status === 'fail').map((c) => c.id)).toEqual([CLAUSE]);
  });

  test('evidence/junit.xml, the file CI tools read, has the deviation as a <failure> naming the clause and its cause', () => {
    // Issue 43, item 6: not Playwright's <error message="1 contract deviation(s):">, which GitLab and Jenkins show as is.
    const xml = readFileSync(join(run.out, 'evidence', 'junit.xml'), 'utf8');
    expect(xml).toMatch(/^<\?xml [^\n]*\n<testsuites name="osd-suite" tests="\d+" failures="[1-9]\d*" errors="\d+"/);
    expect(xml).toMatch(new RegExp(`<failure message="${CLAUSE}: [^"]+" type="contract-deviation">`));
    expect(xml).not.toContain('contract deviation(s):"');
  });

  test('certification.md and index.html name the clause and show its evidence', () => {
    const md = readFileSync(join(run.out, 'certification.md'), 'utf8');
    expect(md).toContain('# Certification: FAIL');
    expect(md).toContain(`### ${CLAUSE} (FAIL)`);
    expect(md).toMatch(/POST \/subscription\n/);
    const html = readFileSync(join(run.out, 'index.html'), 'utf8');
    expect(html).toContain(`data-clause="${CLAUSE}" data-status="fail"`);
    expect(html).toContain('Certification verdict: FAIL');
    expect(html).toMatch(/evidence: POST \/subscription → 20\d/);
  });
});

test.describe('the same failure under a waiver', { tag: '@long' }, () => {
  let run: CertifyRun;
  test.beforeAll(async () => {
    test.setTimeout(300_000);
    mkdirSync(TESTS_DIR, { recursive: true });
    const waivers = join(TESTS_DIR, 'waivers-fault.json');
    writeFileSync(
      waivers,
      JSON.stringify([
        { clause: CLAUSE, reason: 'Known: fixed in the next release', owner: 'payments-team', expires: '2999-12-31' },
        { clause: 'OFFER-LIST', reason: 'Stale waiver', owner: 'payments-team', expires: '2999-12-31' },
      ]),
    );
    run = await runCertify({
      label: 'fault-waived',
      args: ['--skip-load', '--waivers', waivers, ...ONE_WORKER],
      env: { REFERENCE_FAULTS: FAULT, ...FEW_FUZZ_CASES },
    });
  });

  test('a waived failure shows as waived and does not fail the verdict; a waiver not needed is reported', () => {
    expect(run.exitCode, tail(run)).toBe(0);
    expect(run.report!.verdict).toBe('pass');
    const row = run.report!.clauses.find((c) => c.id === CLAUSE)!;
    expect(row).toMatchObject({ status: 'waived', verdict: 'fail', waiver: { state: 'applied', owner: 'payments-team' } });
    expect(row.failures.length).toBeGreaterThan(0);
    expect(run.report!.waivers.find((w) => w.clause === 'OFFER-LIST')?.state).toBe('not-needed');
    expect(run.report!.verdictReasons.join('\n')).toMatch(/SUB-CREATE-NO-DEDUP fails but is waived until 2999-12-31/);
    expect(run.report!.verdictReasons.join('\n')).toMatch(/waiver for OFFER-LIST: the clause did not fail/);
    expect(readFileSync(join(run.out, 'index.html'), 'utf8')).toContain(`data-clause="${CLAUSE}" data-status="waived"`);
  });
});
