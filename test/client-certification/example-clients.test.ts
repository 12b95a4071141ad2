// Issue 14: the good example client certifies clean through the proxy; the faulty one fails every client
// clause, each finding naming the requests the faulty client marked as breaking it; no credential byte in
// the session or the report (canary scan).
import { FAULT_HEADER } from '../../examples/clients/http.ts';
import { runFaultyClient } from '../../examples/clients/faulty-client.ts';
import { runGoodClient } from '../../examples/clients/good-client.ts';
import { clientClauses } from '../../src/contract/clauses/catalogue.ts';
import { clientChecks } from '../../src/client-certification/client-checks.ts';
import { verifyManifest } from '../../src/report/evidence.ts';
import { verifyPackage } from '../../src/certify/verify.ts';
import { findCanaries } from '../hostile/canary-scan.ts';
import { CANARY, expect, readText, test, type ClientRun } from './fixtures.ts';

function expectNoCanary(run: ClientRun): void {
  const files = run.writtenFiles();
  expect(files.length).toBeGreaterThan(5);
  for (const file of files) expect(findCanaries(readText(file), [CANARY.subscriptionKey, CANARY.secret]), file).toEqual([]);
}

// Tagged @waits (test/playwright.config.ts): at 3 requests/s it spends its time waiting out 429s.
test('the good example client passes every client clause (reference rate-limited at 3/s: it meets 429s and waits)', {
  tag: '@waits',
}, async ({ certifyClientRun }) => {
  const run = await certifyClientRun(runGoodClient, { rateLimit: 3 });
  const failing = run.report.clauses
    .filter((c) => c.status !== 'pass')
    .map((c) => `${c.id} ${c.status}: ${c.findings[0]?.message ?? c.note}`);
  expect(failing).toEqual([]);
  expect(run.report.verdict).toBe('pass');
  expect(run.exitCode).toBe(0);
  expect(run.report.clauses.map((c) => c.id)).toEqual(clientClauses.map((c) => c.id));
  // The rehearsal really showed a 429, and the service itself behaved.
  expect(run.session.exchanges.some((ex) => ex.status === 429)).toBe(true);
  expect(run.report.service).toEqual([]);
  expect(verifyManifest(run.dir).ok).toBe(true);
  // Its manifest marks it a client certification: what `certify --verify` accepts (exit 0).
  expect(verifyPackage(run.dir, null)).toMatchObject({
    exitCode: 0,
    sentence: expect.stringMatching(
      /^Verified: .* is a client certification \(suite [^,]+, contract sha256:[0-9a-f]{12}…\), not signed; all \d+ files match/,
    ),
  });
  expectNoCanary(run);
});

test('the faulty example client fails each client clause, with the requests it broke it with as evidence', async ({ certifyClientRun }) => {
  const run = await certifyClientRun(runFaultyClient, { rateLimit: 20 });
  expect(run.report.verdict).toBe('fail');
  expect(run.exitCode).toBe(1);
  // Its package is evidence, never a certification: `certify --verify` refuses it with the verdict's reason.
  expect(verifyPackage(run.dir, null)).toMatchObject({
    exitCode: 1,
    sentence: expect.stringMatching(
      /^Refused: .* is evidence only, not a certification: the client's verdict is FAIL: CLIENT-[A-Z-]+ fails/,
    ),
  });
  for (const clause of clientClauses) {
    const row = run.report.clauses.find((c) => c.id === clause.id)!;
    const marked = run.session.exchanges.filter((ex) => ex.requestHeaders[FAULT_HEADER] === clause.id).map((ex) => ex.seq);
    const named = new Set(row.findings.flatMap((f) => f.evidence));
    expect(row.status, `${clause.id}: ${row.note}`).toBe('fail');
    expect(marked.length, clause.id).toBeGreaterThan(0);
    // A request judged on its own is named whenever it is marked; a session-wide duty (rate, Retry-After) names some of its marked requests.
    const perRequest = clientChecks.find((c) => c.clause === clause.id)!.perRequest;
    if (perRequest || clause.id === 'CLIENT-NO-DUPLICATE-CREATES')
      expect(
        marked.filter((seq) => !named.has(seq)),
        `${clause.id}: marked requests its findings do not name`,
      ).toEqual([]);
    else
      expect(
        marked.some((seq) => named.has(seq)),
        `${clause.id}: its findings name none of the marked requests`,
      ).toBe(true);
    // Every request a finding names is in the report's request table.
    for (const seq of named)
      expect(
        run.report.requests.some((r) => r.seq === seq),
        `${clause.id} #${seq}`,
      ).toBe(true);
  }
  // The create resent after the client hung up is told apart from a plain duplicate.
  const duplicates = run.report.clauses.find((c) => c.id === 'CLIENT-NO-DUPLICATE-CREATES')!.findings.map((f) => f.message);
  expect(duplicates.some((m) => /gave up waiting/.test(m))).toBe(true);
  expect(duplicates.some((m) => /same body as create/.test(m))).toBe(true);
  expectNoCanary(run);
});
