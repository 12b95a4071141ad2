// Whether an offer's limits admit any order (src/contract/order-amount.ts): cases as data, and held to the generators'
// own rule (src/arbitraries/amount-within-limits.ts, exact decimals too) on limits drawn at random.
import assert from 'node:assert/strict';
import { expect, test } from '@playwright/test';
import fc from 'fast-check';
import { hasAmountWithinLimits } from '../../src/arbitraries/amount-within-limits.ts';
import { admitsAnOrder } from '../../src/contract/order-amount.ts';

const CASES: Array<{ description: string; limits: { hardMinLimit?: unknown; hardMaxLimit?: unknown } | null; admits: boolean }> = [
  { description: 'an ordinary range', limits: { hardMinLimit: 100, hardMaxLimit: 25_000 }, admits: true },
  { description: 'one amount: minimum and maximum the same', limits: { hardMinLimit: 1.5, hardMaxLimit: 1.5 }, admits: true },
  { description: 'minimum above maximum (OFFER-ORDER-RANGE)', limits: { hardMinLimit: 500, hardMaxLimit: 100 }, admits: false },
  { description: 'nothing above 0', limits: { hardMinLimit: 0, hardMaxLimit: 0 }, admits: false },
  {
    description: 'a negative minimum: the smallest cash amount still counts',
    limits: { hardMinLimit: -5, hardMaxLimit: 0.000001 },
    admits: true,
  },
  { description: 'a range finer than 6 decimals holds none', limits: { hardMinLimit: 1e-7, hardMaxLimit: 9e-7 }, admits: false },
  { description: 'its top is the first millionth', limits: { hardMinLimit: 1e-7, hardMaxLimit: 0.000001 }, admits: true },
  { description: 'between two millionths', limits: { hardMinLimit: 1.0000001, hardMaxLimit: 1.0000009 }, admits: false },
  { description: 'a large exponent', limits: { hardMinLimit: 1e21, hardMaxLimit: 2e21 }, admits: true },
  { description: 'limits that are not numbers', limits: { hardMinLimit: '1', hardMaxLimit: 10 }, admits: false },
  { description: 'a limit missing', limits: { hardMinLimit: 1 }, admits: false },
  { description: 'an infinite limit (not JSON)', limits: { hardMinLimit: 1, hardMaxLimit: Number.POSITIVE_INFINITY }, admits: false },
  { description: 'no limits at all', limits: null, admits: false },
];

for (const c of CASES)
  test(`admitsAnOrder: ${c.description}`, () => {
    expect(admitsAnOrder(c.limits)).toBe(c.admits);
  });

test('admitsAnOrder agrees with the generators of valid amounts, on limits drawn at random', () => {
  // Limits as JSON carries them: whole numbers, few and many decimal places, tiny and large; in either order.
  const limit = fc.oneof(
    fc.integer({ min: -1_000, max: 1_000_000 }),
    fc.double({ min: -10, max: 10, noNaN: true, noDefaultInfinity: true }),
    fc.integer({ min: 0, max: 10_000 }).map((n) => n / 10 ** 7),
  );
  fc.assert(
    fc.property(limit, limit, (hardMinLimit, hardMaxLimit) => {
      // Node's assert in the property: each expect() records a step with its stack, some 0.3 ms a call.
      assert.equal(
        admitsAnOrder({ hardMinLimit, hardMaxLimit }),
        hasAmountWithinLimits({ hardMinLimit, hardMaxLimit }),
        JSON.stringify({ hardMinLimit, hardMaxLimit }),
      );
    }),
    { numRuns: 2_000 },
  );
});
