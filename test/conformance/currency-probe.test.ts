// The global setup's currency probe (src/run/client-currency.ts) writes: one create per currency of the open offers
// before the tests, cancelled at the end. A run of the @read tests alone (load:contract sets RUN_READS_ONLY=1) sends
// no create at all, and a run told the client's currency (API_CLIENT_CURRENCY) needs no probe.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { runSuite, tail } from '../selftest/run-suite.ts';

test.describe.configure({ mode: 'parallel' });

/** The method and path of every request the run logged (reports/runs/<runId>/requests.jsonl). */
function requestsOf(reportsDir: string): string[] {
  const runs = join(reportsDir, 'runs');
  return readdirSync(runs).flatMap((runId) =>
    readFileSync(join(runs, runId, 'requests.jsonl'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { request?: string })
      .filter((r) => r.request !== undefined)
      .map((r) => String(r.request).split('?')[0]),
  );
}

for (const c of [
  { label: 'reads-only', env: { RUN_READS_ONLY: '1' }, creates: 0, says: null },
  {
    label: 'client-currency-given',
    env: { API_CLIENT_CURRENCY: 'GBP' },
    creates: 0,
    says: /\[currency\] the client's currency is GBP \(API_CLIENT_CURRENCY\)/,
  },
  { label: 'probing', env: {}, creates: 6, says: null },
])
  test(`the @read tests, ${c.label}: ${c.creates} create(s) before them`, { tag: '@long' }, async () => {
    const run = await runSuite({
      project: 'conformance',
      label: `currency-${c.label}`,
      env: c.env,
      args: ['--grep', '@read'],
      clauseReportOnly: true,
    });
    expect(run.exitCode, tail(run)).toBe(0);
    const creates = requestsOf(run.reportsDir).filter((r) => r === 'POST /subscription');
    // The reference's open offers are in six currencies: one create each, all taken, so nothing is said of them.
    expect(creates, tail(run)).toHaveLength(c.creates);
    if (c.says) expect(run.output).toMatch(c.says);
    else expect(run.output).not.toContain('[currency]');
  });
