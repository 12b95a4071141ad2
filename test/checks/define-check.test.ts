// One way to register a check (src/checks/define-check.ts): applicability declared and honoured, the kind's helpers
// bound to the check, and a registry that refuses two checks of one name.
import { expect, test } from '@playwright/test';
import { type CheckKind, checkRegistry, defineCheck } from '../../src/checks/define-check.ts';
import { createChecks } from '../../src/checks/create-checks.ts';
import { exchangeChecks } from '../../src/checks/exchange-checks.ts';
import { clientChecks } from '../../src/client-certification/client-checks.ts';

interface Tools {
  fail(message: string): string;
}
const KIND: CheckKind<number, null, string[], Tools> = {
  notApplicable: () => ['not applicable'],
  tools: (check, subject) => ({ fail: (message) => `${check.name} on ${check.clauses[0]} for ${subject}: ${message}` }),
};

test('a check runs only where it applies, and its helpers name the check, its clause and the subject', () => {
  let runs = 0;
  const positive = defineCheck(KIND, {
    name: 'positive',
    clauses: ['GEN-FAILURE-4XX'],
    appliesTo: (n) => n > 0,
    run: (n, _ctx, { fail }) => {
      runs += 1;
      return n > 10 ? [fail('too big')] : [];
    },
  });
  expect(positive.run(-1, null)).toEqual(['not applicable']);
  expect(runs).toBe(0);
  expect(positive.appliesTo(5, null)).toBe(true);
  expect(positive.run(5, null)).toEqual([]);
  expect(positive.run(11, null)).toEqual(['positive on GEN-FAILURE-4XX for 11: too big']);
  expect(runs).toBe(2);
});

test('a check without a clause, and two checks of one name, are refused when they load', () => {
  expect(() => defineCheck(KIND, { name: 'nothing', clauses: [], run: () => [] })).toThrow('Check "nothing" declares no clause');
  const one = defineCheck(KIND, { name: 'same', clauses: ['GEN-FAILURE-4XX'], run: () => [] });
  expect(() => checkRegistry('test', [one, one])).toThrow('Two test checks are named "same"');
});

test('the exchange, create and client registries are built with defineCheck: every check has a name, clauses and appliesTo', () => {
  for (const check of [...exchangeChecks, ...createChecks, ...clientChecks]) {
    expect(check.name, JSON.stringify(check.clauses)).toMatch(/^[a-z][A-Za-z0-9]+$/);
    expect(check.clauses.length, check.name).toBeGreaterThan(0);
    expect(typeof check.appliesTo, check.name).toBe('function');
  }
  for (const check of clientChecks) expect(check.clauses).toEqual([check.clause]);
});
