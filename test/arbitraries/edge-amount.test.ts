// edgeAmountCases / edgeAmount: every edge value has the verdicts it claims, checked independently
// (decimalPlaces for the decimals, double comparison for the limits, the request schema for both).
import assert from 'node:assert/strict';
import { test, expect } from '@playwright/test';
import fc from 'fast-check';
import { assertProperty, edgeAmount, edgeAmountCases, validCreateBody } from '../../src/arbitraries/index.ts';
import { decimalPlaces } from '../../src/schema/decimal-places.ts';
import { validate } from '../../src/schema/registry.ts';
import { BROKEN_OFFER, OFFERS } from './fixtures.ts';

/** The fixed edges the issue names, by value. */
const FIXED = [0.000001, 123.456789, 1e-7, 1.0000001, 0.1 + 0.2, 5e-324, 1e21];

/**
 * One step below hardMinLimit and above hardMaxLimit, worked out by hand: the micro step 0.000001,
 * except for huge limits where a double cannot show it (1e12 - 0.000001 and 1e14 + 0.000001 have no
 * exact double; the next powers of ten that print exactly are 0.0001 and 0.1).
 */
const STEPPED_OUTSIDE: Record<string, { below: number; above: number; steps: [number, number] }> = {
  'whole-pounds': { below: 99.999999, above: 250000.000001, steps: [0.000001, 0.000001] },
  'fractional-limits': { below: 0.499999, above: 10.250001, steps: [0.000001, 0.000001] },
  'six-decimal-limits': { below: 1.234566, above: 2.345679, steps: [0.000001, 0.000001] },
  'micro-range': { below: 0, above: 0.000011, steps: [0.000001, 0.000001] },
  'zero-minimum': { below: -0.000001, above: 1000.000001, steps: [0.000001, 0.000001] },
  'single-amount': { below: 499.999999, above: 500.000001, steps: [0.000001, 0.000001] },
  'large-limits': { below: 999999.999999, above: 5000000000.000001, steps: [0.000001, 0.000001] },
  'huge-limits': { below: 999999999999.9999, above: 100000000000000.1, steps: [0.0001, 0.1] },
};

for (const offer of OFFERS) {
  const { hardMinLimit, hardMaxLimit } = offer.pricingAndOrderLimits;

  test.describe(`edge amounts of offer ${offer.id} (${hardMinLimit}..${hardMaxLimit})`, () => {
    const cases = edgeAmountCases(offer);

    test('hold the fixed edges, both exact limits and one step outside each', () => {
      const amounts = cases.map((c) => c.amount);
      for (const fixed of FIXED) expect(amounts, String(fixed)).toContain(fixed);
      expect(amounts).toContain(hardMinLimit);
      expect(amounts).toContain(hardMaxLimit);
      const stepped = cases.filter((c) => c.step !== undefined);
      const expected = STEPPED_OUTSIDE[offer.id];
      expect(stepped.map((c) => c.amount)).toEqual([expected.below, expected.above]);
      expect(stepped.map((c) => c.step)).toEqual(expected.steps);
    });

    test('claim the decimal places decimalPlaces finds, and the limits a double comparison finds', () => {
      // Node's assert in the loop over every case and in the property: each expect() records a step with its stack, some 0.3 ms a call.
      for (const c of cases) {
        const places = decimalPlaces(c.amount);
        assert.equal(c.decimals, places <= 6 ? 'at-most-6' : 'more-than-6', `${c.name}: ${places} places`);
        const inside = c.amount > 0 && c.amount >= hardMinLimit && c.amount <= hardMaxLimit;
        assert.equal(c.limits, inside ? 'inside' : 'outside', `${c.name}: ${c.amount}`);
        const expected = c.decimals === 'more-than-6' ? 'schema' : c.limits === 'outside' ? 'not-accepted' : 'accepted';
        assert.equal(c.expect, expected, c.name);
      }
    });

    test('in an otherwise valid body, fail the request schema exactly when they claim more than 6 decimals', () => {
      assertProperty(
        fc.property(validCreateBody([offer]), edgeAmount(offer), (body, edge) => {
          const verdict = validate('subscription-create-request', { ...body, amountRequested: edge.amount });
          assert.equal(verdict.valid, edge.decimals === 'at-most-6', `${edge.name}: ${edge.amount} ${verdict.errors.join('; ')}`);
          if (!verdict.valid)
            assert.deepEqual(
              verdict.issues.map((i) => i.path),
              ['/amountRequested'],
              edge.name,
            );
        }),
        { numRuns: 60 },
      );
    });
  });
}

test('an offer whose minimum is above its maximum has no edges', () => {
  expect(() => edgeAmountCases(BROKEN_OFFER)).toThrow(RangeError);
});

// Playwright prints what a test throws as it is: a target's id in the message must not reach the terminal raw.
test("the errors that name a target's offers show its control characters as escapes", () => {
  const id = 'min-above-max\u001b[2J\u202e';
  const hostile = { ...BROKEN_OFFER, id };
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is what this test is for
  const raw = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e]/;
  for (const thrower of [() => edgeAmountCases(hostile), () => validCreateBody([hostile])]) {
    let message = '';
    try {
      thrower();
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('min-above-max\\u001b[2J\\u202e');
    expect(message).not.toMatch(raw);
  }
});
