// Strictness apart from deviation (issue 48, item 2): a server that accepts input the contract calls invalid and
// handles it exactly as the valid request it stands for certifies PASS with its findings listed (the variation
// composites, certify-variations.test.ts, hold that), and FAIL under strict mode (API_STRICT=1), here: each strictness
// variation of the reference (reference/variations/strictness.ts) certified with API_STRICT=1 on the clauses its
// findings are on (--clauses: the run stays short), and every kind it shows is a failure of the strictness check. The
// last value of a repeated parameter (a server of its own: the first is in the certified one) runs conformance's
// invalid-query test alone, to keep npm test's budget: the same verdict pipeline, without a second certification.
import { expect, test } from '@playwright/test';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { STRICTNESS_KINDS } from '../../src/contract/strictness.ts';
import { routesOnlyProfile, VARIATIONS, type VariationSwitch } from '../../reference/variations.ts';
import { PROJECT_TEST_OUTPUT } from '../project-output.ts';
import { ONE_WORKER, runCertify } from './run-certify.ts';
import { failingClauses, runSuite, tail } from '../selftest/run-suite.ts';

test.describe.configure({ mode: 'parallel', timeout: 240_000 });

const strictness = (VARIATIONS as readonly VariationSwitch[]).filter((v) => v.shows?.length);
const LAST = 'repeated-parameter-last';
/** The first value of a repeated parameter and the last are two choices, so two servers. */
const CERTIFIED = strictness.filter((v) => v.name !== LAST);
const CONFORMANCE_ONLY = strictness.filter((v) => v.name === LAST);
/** The clauses strictness findings are on: the create's validation, invalid queries, routes (a trailing slash). */
const CLAUSES = 'SUB-CREATE-VALIDATION,GEN-QUERY-INVALID,ERR-STATUS-CODES';

test('every strictness variation is in one strict-mode run', () => {
  expect(strictness.length).toBeGreaterThanOrEqual(8);
  expect([...CERTIFIED, ...CONFORMANCE_ONLY].map((v) => v.name).sort()).toEqual(strictness.map((v) => v.name).sort());
});

/** The environment of a strict-mode run against these variations, with their routes-only profile. */
function strictEnv(label: string, names: readonly string[]): Record<string, string> {
  const dir = join(PROJECT_TEST_OUTPUT, 'selftest', 'variations');
  mkdirSync(dir, { recursive: true });
  const profile = join(dir, `${label}.profile.json`);
  writeFileSync(profile, JSON.stringify(routesOnlyProfile(names), null, 2));
  return { REFERENCE_VARIANTS: names.join(','), API_PROFILE: profile, API_STRICT: '1' };
}

/** The kinds of `variants` that no failure message names. */
const kindsNotFailed = (variants: readonly VariationSwitch[], messages: readonly string[]) =>
  [...new Set(variants.flatMap((v) => v.shows ?? []))].filter((kind) => !messages.some((m) => m.startsWith(STRICTNESS_KINDS[kind].title)));

test(`conformance with API_STRICT=1 fails on GEN-QUERY-INVALID against ${LAST}`, async () => {
  const run = await runSuite({
    project: 'conformance',
    label: 'strict-last',
    args: ['--grep', '@GEN-QUERY-INVALID'],
    env: strictEnv('strict-last', [LAST]),
  });
  expect(run.exitCode, tail(run)).toBe(1);
  expect(failingClauses(run), tail(run)).toEqual(['GEN-QUERY-INVALID']);
  const messages = (run.report?.outcomes ?? []).flatMap((o) => o.clauseFailures.map((f) => f.message));
  expect(kindsNotFailed(CONFORMANCE_ONLY, messages), tail(run)).toEqual([]);
});

{
  const names = CERTIFIED.map((v) => v.name);
  test(`certify with API_STRICT=1 fails against ${names.join(', ')}, on every strictness kind they show`, { tag: '@long' }, async () => {
    const env = { ...strictEnv('strict-first', names), FUZZ_RUNS: '3' };
    const result = await runCertify({ label: 'strict-first', args: ['--skip-load', '--clauses', CLAUSES, ...ONE_WORKER], env });
    expect(result.exitCode, result.output.slice(-3000)).toBe(1);
    const failures = (result.report?.clauses ?? []).flatMap((c) => c.failures.filter((f) => f.check === 'strictness'));
    // Strict mode makes findings failures: none is left under the Strictness heading.
    expect(result.report?.strictness ?? []).toEqual([]);
    expect(
      kindsNotFailed(
        CERTIFIED,
        failures.map((f) => f.message),
      ),
      result.output.slice(-3000),
    ).toEqual([]);
    // Nothing else failed: the variations deviate from no words of the contract.
    const others = (result.report?.clauses ?? []).flatMap((c) =>
      c.failures.filter((f) => f.check !== 'strictness').map((f) => `${c.id}: ${f.message}`),
    );
    expect(others).toEqual([]);
  });
}
