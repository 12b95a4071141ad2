// Strictness apart from deviation (issue 48, item 2): a server that accepts input the contract calls invalid and
// handles it exactly as the valid request it stands for certifies PASS with its findings listed (the variation
// composites, certify-variations.test.ts, hold that), and FAIL under strict mode (API_STRICT=1), here: each strictness
// variation of the reference (reference/variations/strictness.ts) certified with API_STRICT=1 on the clauses its
// findings are on (--clauses: the run stays short), and every kind it shows is a failure of the strictness check.
import { expect, test } from '@playwright/test';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { STRICTNESS_KINDS } from '../../src/contract/strictness.ts';
import { routesOnlyProfile, VARIATIONS, type VariationSwitch } from '../../reference/variations.ts';
import { PROJECT_TEST_OUTPUT } from '../project-output.ts';
import { ONE_WORKER, runCertify } from './run-certify.ts';

test.describe.configure({ mode: 'parallel', timeout: 240_000 });

const strictness = (VARIATIONS as readonly VariationSwitch[]).filter((v) => v.shows?.length);
/** Two servers: the first value of a repeated parameter and the last are two choices, so two runs. */
const RUNS = [
  { label: 'strict-first', variants: strictness.filter((v) => v.name !== 'repeated-parameter-last') },
  { label: 'strict-last', variants: strictness.filter((v) => v.name === 'repeated-parameter-last') },
];
/** The clauses strictness findings are on: the create's validation, invalid queries, routes (a trailing slash). */
const CLAUSES = 'SUB-CREATE-VALIDATION,GEN-QUERY-INVALID,ERR-STATUS-CODES';

test('every strictness variation is in one strict-mode run', () => {
  expect(strictness.length).toBeGreaterThanOrEqual(8);
  expect(RUNS.flatMap((r) => r.variants.map((v) => v.name)).sort()).toEqual(strictness.map((v) => v.name).sort());
});

for (const run of RUNS) {
  const names = run.variants.map((v) => v.name);
  test(`certify with API_STRICT=1 fails against ${names.join(', ')}, on every strictness kind they show`, async () => {
    const dir = join(PROJECT_TEST_OUTPUT, 'selftest', 'variations');
    mkdirSync(dir, { recursive: true });
    const profile = join(dir, `${run.label}.profile.json`);
    writeFileSync(profile, JSON.stringify(routesOnlyProfile(names), null, 2));
    const env = { REFERENCE_VARIANTS: names.join(','), API_PROFILE: profile, API_STRICT: '1', FUZZ_RUNS: '3' };
    const result = await runCertify({ label: run.label, args: ['--skip-load', '--clauses', CLAUSES, ...ONE_WORKER], env });
    expect(result.exitCode, result.output.slice(-3000)).toBe(1);
    const failures = (result.report?.clauses ?? []).flatMap((c) => c.failures.filter((f) => f.check === 'strictness'));
    // Strict mode makes findings failures: none is left under the Strictness heading.
    expect(result.report?.strictness ?? []).toEqual([]);
    const missing = [...new Set(run.variants.flatMap((v) => v.shows ?? []))].filter(
      (kind) => !failures.some((f) => f.message.startsWith(STRICTNESS_KINDS[kind].title)),
    );
    expect(missing, result.output.slice(-3000)).toEqual([]);
    // Nothing else failed: the variations deviate from no words of the contract.
    const others = (result.report?.clauses ?? []).flatMap((c) =>
      c.failures.filter((f) => f.check !== 'strictness').map((f) => `${c.id}: ${f.message}`),
    );
    expect(others).toEqual([]);
  });
}
