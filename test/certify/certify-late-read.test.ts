// The late read in a certification (issue 50): against the reference with faults that undo a confirmed write some
// seconds later, certify fails on the clause each one breaks, and every format of its report (certification.json,
// certification.md, index.html, evidence/junit.xml, the console) says what the late read re-read, after how long,
// and what it found. Delays and waits differ from the conformance self-test's (test/selftest/conformance-faults.test.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { validateCertificationReport } from '../../src/report/report-schema.ts';
import { FEW_FUZZ_CASES, ONE_WORKER, runCertify, tail } from './run-certify.ts';

test.describe.configure({ mode: 'parallel', timeout: 240_000 });

/**
 * Each run: its faults (composable: neither hides the other's effect), their delay, the late read's wait, the clauses,
 * and a soak: the first run's faults undo the last writes only after its first read (3 s after them, read 1 s after),
 * so a later round of its 5 s soak (a round a second here) is the first to see them.
 */
const CASES = [
  {
    label: 'late-cancel-and-field',
    faults: 'cancel-undone-later,field-rewritten-later',
    delayS: '3',
    waitS: '1',
    soak: { args: ['--soak', '5s'], env: { SUITE_SOAK_INTERVAL_MS: '1000' } },
    clauses: ['SUB-CANCELLED-STAYS', 'SUB-CREATED-LASTS'],
  },
  { label: 'late-vanish', faults: 'record-vanishes-later', delayS: '1', waitS: '2', soak: null, clauses: ['SUB-CREATED-LASTS'] },
];

for (const c of CASES) {
  test(`certify fails on ${c.clauses.join(', ')} with ${c.faults} (undone ${c.delayS} s later, read ${c.waitS} s later), in every report format`, {
    tag: '@long',
  }, async () => {
    const run = await runCertify({
      label: c.label,
      // The one test tagged SUB-CREATED-LASTS leaves a record created and one cancelled (the sequence property, tagged
      // SUB-CANCELLED-STAYS too, would cost a minute more and show nothing the late read needs).
      args: ['--skip-load', '--clauses', 'SUB-CREATED-LASTS', ...ONE_WORKER, ...(c.soak?.args ?? [])],
      env: { REFERENCE_FAULTS: c.faults, REFERENCE_FAULT_DELAY: c.delayS, API_DURABILITY_WAIT: c.waitS, ...FEW_FUZZ_CASES, ...c.soak?.env },
    });
    expect(run.exitCode, tail(run)).toBe(1);
    const report = run.report!;
    expect(validateCertificationReport(report).errors).toEqual([]);
    const failing = report.clauses.filter((row) => row.status === 'fail').map((row) => row.id);
    for (const clause of c.clauses) expect(failing, tail(run)).toContain(clause);
    const late = report.lateRead!;
    expect(late.ran).toBe(true);
    expect(late.waitS).toBe(Number(c.waitS));
    expect(late.ageS!.min).toBeGreaterThanOrEqual(Number(c.waitS) - 0.1);
    for (const clause of c.clauses) expect(late.findings.some((f) => f.binding && f.clause === clause)).toBe(true);
    expect(late.sentence).toMatch(/^Late read: re-read \d+ record\(s\) .* \d+ failure\(s\)/);
    if (c.soak) {
      // Bounded: 5 s of rounds a second apart; each change kept once, with the round that first saw it.
      expect(late.soakS).toBe(5);
      expect(late.rounds).toBeGreaterThanOrEqual(3);
      expect(late.rounds).toBeLessThanOrEqual(6);
      expect(late.sentence).toContain(`soak of 5 s: ${late.rounds} round(s)`);
      expect(new Set(late.findings.map((f) => f.firstSeenAt)).size, tail(run)).toBeGreaterThan(1);
      const keys = late.findings.map((f) => `${f.id} ${f.where} ${f.message}`);
      expect(new Set(keys).size).toBe(keys.length);
    }
    expect(run.output).toContain(late.sentence);
    const md = readFileSync(join(run.out, 'certification.md'), 'utf8');
    expect(md).toContain('## Late read');
    expect(md).toContain(c.clauses[0]);
    const html = readFileSync(join(run.out, 'index.html'), 'utf8');
    expect(html).toContain('<section id="late-read"><h2>Late read</h2>');
    const xml = readFileSync(join(run.out, 'evidence', 'junit.xml'), 'utf8');
    expect(xml).toMatch(
      new RegExp(`<testsuite name="late-read"[^>]*>\\s*<testcase name="late read: [^"]+"[^>]*>\\s*<failure message="${c.clauses[0]}: `),
    );
  });
}
