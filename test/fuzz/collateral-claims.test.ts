// claimCollateral: one deviation met by many properties fails the first of an invocation; a replay starts afresh.
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { claimCollateral } from '../../fuzz/collateral-claims.ts';
import { RUN_INVOCATION_ENV } from '../../src/run/run-paths.ts';

const runId = `claims-test-${randomUUID()}`;

test('the first property to meet a clause claims it; the others are told which one did', () => {
  const env = { [RUN_INVOCATION_ENV]: randomUUID() };
  expect(claimCollateral(runId, 'OFFER-SCHEMA', 'offers: walking the pages', env)).toEqual({ claimed: true });
  expect(claimCollateral(runId, 'OFFER-SCHEMA', 'no 5xx for offer list queries', env)).toEqual({
    claimed: false,
    by: 'offers: walking the pages',
  });
  // Another clause is claimed on its own.
  expect(claimCollateral(runId, 'ALLOC-SCHEMA', 'no 5xx for offer list queries', env)).toEqual({ claimed: true });
});

test('another invocation of the same run (a replay) claims afresh', () => {
  const first = { [RUN_INVOCATION_ENV]: randomUUID() };
  const replay = { [RUN_INVOCATION_ENV]: randomUUID() };
  expect(claimCollateral(runId, 'SUB-SCHEMA', 'a property', first).claimed).toBe(true);
  expect(claimCollateral(runId, 'SUB-SCHEMA', 'a property', replay).claimed).toBe(true);
});

test('outside the suite (no invocation set), every property claims: each fails on what it met, as before', () => {
  expect(claimCollateral(runId, 'OFFER-SCHEMA', 'a', {}).claimed).toBe(true);
  expect(claimCollateral(runId, 'OFFER-SCHEMA', 'b', {}).claimed).toBe(true);
});
