// Credentials checked in part (issue 50, items 2 and 3): against each fault that lets a near miss of the right
// credentials through, the certification fails on the fault's clause, its findings naming the kind of near miss and
// never a value; no near miss (nor any credential) is in a file it wrote or a line it printed. Against production it
// sends the near misses on the reads only: no create, no cancel. Each run is limited to the clauses it is about.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { FAULTS } from '../../reference/faults.ts';
import { startReferenceServer } from '../../reference/server.ts';
import { CANARY, CANARY_NEAR_MISSES, CANARY_SECOND } from '../hostile/canary.ts';
import { findCanaries, scanTree } from '../hostile/canary-scan.ts';
import { FEW_FUZZ_CASES, ONE_WORKER, ROOT, runCertify, tail, type CertifyRun } from './run-certify.ts';

test.describe.configure({ mode: 'parallel', timeout: 240_000 });

/** Every credential value of the run, and every near miss of them it sends. */
const SECRETS = [CANARY.subscriptionKey, CANARY.secret, CANARY_SECOND.subscriptionKey, CANARY_SECOND.secret, ...CANARY_NEAR_MISSES];

/** The bundled reference serves the canary credentials (the first partner's and the second's). */
const CANARY_REFERENCE = {
  REFERENCE_SUBSCRIPTION_KEY: CANARY.subscriptionKey,
  REFERENCE_SECRET: CANARY.secret,
  REFERENCE_SECOND_SUBSCRIPTION_KEY: CANARY_SECOND.subscriptionKey,
  REFERENCE_SECOND_SECRET: CANARY_SECOND.secret,
};

/**
 * Cases as data: the faults of one run, and for each its clause and a near miss it lets through (as the findings name
 * it). Two faults share a run only where neither can trip the other's clause (a key compared without case lets no
 * secret through, a secret compared on its first 8 characters no key): three runs, not four.
 */
const RUNS = [
  {
    label: 'prefix-8-and-key-case',
    faults: [
      { fault: 'secret-compared-on-first-8', clause: 'AUTH-SECRET', says: 'secret, last character changed' },
      { fault: 'subscription-key-case-insensitive', clause: 'AUTH-SUBSCRIPTION-KEY', says: 'subscription key, letter case changed' },
    ],
  },
  {
    label: 'all-but-last',
    faults: [{ fault: 'secret-compared-on-all-but-last', clause: 'AUTH-SECRET', says: 'secret, last character removed' }],
  },
  {
    label: 'two-partners',
    faults: [
      { fault: 'key-and-secret-of-two-partners', clause: 'AUTH-SECRET', says: "the second partner's key with the first partner's secret" },
    ],
  },
] as const;

/** No credential or near miss in any file the certification wrote (its report zip included) or in its output. */
function expectNothingLeaked(run: CertifyRun): void {
  const scan = scanTree(run.out, SECRETS);
  expect(scan.files).toBeGreaterThan(10);
  expect(scan.findings).toEqual([]);
  expect(findCanaries(run.output, SECRETS), 'console output').toEqual([]);
}

function requestLines(run: CertifyRun): Array<{ operation: string; cases?: string[] }> {
  return readFileSync(join(run.out, 'evidence', 'requests.jsonl'), 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line));
}

for (const r of RUNS) {
  const names = r.faults.map((f) => f.fault).join(', ');
  test(`certify fails on each fault's clause against ${names}, naming the near miss by its kind; nothing leaked`, {
    tag: '@long',
  }, async () => {
    for (const f of r.faults) expect(FAULTS.find((fault) => fault.name === f.fault)?.clauses).toContain(f.clause);
    const clauses = [...new Set(r.faults.map((f) => f.clause))];
    const run = await runCertify({
      label: `near-miss-${r.label}`,
      args: ['--skip-load', ...ONE_WORKER, '--clauses', clauses.join(',')],
      env: { REFERENCE_FAULTS: names.replaceAll(' ', ''), ...CANARY_REFERENCE, ...FEW_FUZZ_CASES },
    });
    expect(run.exitCode, tail(run)).toBe(1);
    for (const f of r.faults) {
      const row = run.report!.clauses.find((c) => c.id === f.clause)!;
      expect(row.status).toBe('fail');
      expect(row.failures.map((failure) => failure.message).join('\n')).toContain(`with near-miss credentials (${f.says}): answered 200`);
      expect(run.output).toContain(`- ${f.clause} fails`);
    }
    expectNothingLeaked(run);
  });
}

test('certify against production sends the near misses on every read and no create or cancel at all; nothing leaked', {
  tag: '@long',
}, async () => {
  const reference = await startReferenceServer({ credentials: CANARY, secondCredentials: CANARY_SECOND });
  try {
    const run = await runCertify({
      label: 'near-miss-production',
      args: ['--skip-load', ...ONE_WORKER, '--clauses', 'AUTH-*'],
      env: {
        API_BASE_URL: reference.url,
        API_ENVIRONMENT: 'production',
        API_PROFILE: join(ROOT, 'reference/profile.json'),
        API_SUBSCRIPTION_KEY: CANARY.subscriptionKey,
        API_SECRET: CANARY.secret,
        API_SECOND_SUBSCRIPTION_KEY: CANARY_SECOND.subscriptionKey,
        API_SECOND_SECRET: CANARY_SECOND.secret,
        ...FEW_FUZZ_CASES,
      },
    });
    expect(run.report, tail(run)).not.toBeNull();
    const lines = requestLines(run);
    const nearMissReads = new Set(lines.filter((l) => l.cases?.includes('credentials:near-miss')).map((l) => l.operation));
    expect([...nearMissReads].sort()).toEqual(
      ['allocation.get', 'allocation.list', 'offer.get', 'offer.list', 'subscription.get', 'subscription.list'].sort(),
    );
    expect(lines.filter((l) => l.operation === 'subscription.create' || l.operation === 'subscription.cancel')).toEqual([]);
    // Nothing was created on the target, whatever the request log says.
    const held = await fetch(`${reference.url}/subscription`, {
      headers: { 'service-api-subscription': CANARY.subscriptionKey, 'service-api-secret': CANARY.secret },
    });
    expect(await held.json()).toEqual([]);
    expectNothingLeaked(run);
  } finally {
    await reference.close();
  }
});
