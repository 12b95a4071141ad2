// The property helpers: a failure names its seed and path, shows the shrunk value readably, and
// replays; the schema-verdict checks refuse what they should.
import { test, expect } from '@playwright/test';
import fc from 'fast-check';
import {
  PropertyCheckFailure,
  assertAmountDecimals,
  assertAmountWithinLimits,
  assertProperty,
  assertSchemaAccepts,
  assertSchemaRefusesOnlyAt,
  describeRunFailure,
  showValue,
} from '../../src/arbitraries/index.ts';
import type { SchemaVerdict } from '../../src/arbitraries/index.ts';
import { OFFERS } from './fixtures.ts';

const SEED = 42;
/** Fails on any body whose amount is 100 or more; shrinks to exactly 100. */
const failing = fc.property(
  fc.record({ offerId: fc.constant('whole-pounds'), amountRequested: fc.integer({ min: 0, max: 10_000 }) }),
  (body) => {
    if (body.amountRequested >= 100) throw new Error(`amount ${body.amountRequested} too large`);
  },
);

test.describe('assertProperty / describeRunFailure', () => {
  test('a failure reports seed, path, the shrunk value as pretty JSON, and the error', () => {
    let message = '';
    try {
      assertProperty(failing, { seed: SEED, numRuns: 200 });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain(`seed: ${SEED}, path: "`);
    expect(message).toContain(`FUZZ_SEED=${SEED} FUZZ_PATH=`);
    expect(message).toContain('Counterexample (shrunk):');
    expect(message).toContain('"amountRequested": 100');
    expect(message).toContain('Error: amount 100 too large');
  });

  test('the seed and path reported replay the same counterexample, every time', () => {
    const first = fc.check(failing, { seed: SEED, numRuns: 200 });
    expect(first.failed).toBe(true);
    for (let i = 0; i < 10; i += 1) {
      const replay = fc.check(failing, { seed: first.seed, path: first.counterexamplePath!, numRuns: 200 });
      expect(replay.counterexample).toEqual(first.counterexample);
    }
  });

  test('a property that holds passes', () => {
    expect(() =>
      assertProperty(
        fc.property(fc.nat(), (n) => n >= 0),
        { numRuns: 50 },
      ),
    ).not.toThrow();
    expect(
      describeRunFailure(
        fc.check(
          fc.property(fc.nat(), (n) => n >= 0),
          { numRuns: 10 },
        ),
      ),
    ).toBe('property held');
  });
});

test.describe('showValue', () => {
  test('shows JSON-safe values as pretty JSON, and others exactly with what JSON would send', () => {
    expect(showValue({ a: 1, b: ['x'] })).toBe('{\n  "a": 1,\n  "b": [\n    "x"\n  ]\n}');
    expect(showValue({ amountRequested: -0 })).toContain('-0');
    expect(showValue({ amountRequested: -0 })).toContain('sent as JSON: {"amountRequested":0}');
    expect(showValue(undefined)).toBe('undefined');
    expect(showValue(10n)).toBe('10n');
  });
});

test.describe('amount checks', () => {
  const offer = OFFERS[0]; // 100..250000
  test('refuse more than 6 decimals and amounts outside the limits, with expected and received', () => {
    expect(() => assertAmountDecimals(1.123456)).not.toThrow();
    expect(() => assertAmountDecimals(1.1234567)).toThrow(PropertyCheckFailure);
    expect(() => assertAmountDecimals(0.1 + 0.2)).toThrow(/17 \(0\.30000000000000004\)/);
    expect(() => assertAmountWithinLimits(100, offer)).not.toThrow();
    expect(() => assertAmountWithinLimits(250_000, offer)).not.toThrow();
    for (const outside of [99.999999, 250_000.000001, 0, -5]) {
      const failure = (() => {
        try {
          assertAmountWithinLimits(outside, offer);
        } catch (error) {
          return error as PropertyCheckFailure;
        }
        return undefined;
      })();
      expect(failure, String(outside)).toBeInstanceOf(PropertyCheckFailure);
      expect(failure!.received).toBe(String(outside));
      expect(failure!.expected).toContain('100 <= amount <= 250000');
    }
  });
});

test.describe('schema verdict checks', () => {
  const verdict = (paths: string[]): SchemaVerdict => ({
    valid: paths.length === 0,
    errors: paths.map((p) => `${p}: bad`),
    issues: paths.map((path) => ({ path, keyword: 'type', message: 'bad' })),
  });

  test('assertSchemaRefusesOnlyAt wants issues at the target and nowhere else', () => {
    expect(() => assertSchemaRefusesOnlyAt(verdict(['/currency', '/currency']), '/currency', {})).not.toThrow();
    expect(() => assertSchemaRefusesOnlyAt(verdict([]), '/currency', {})).toThrow(/expected: invalid at \/currency/);
    expect(() => assertSchemaRefusesOnlyAt(verdict(['/currency', '/accountType']), '/currency', {})).toThrow(/\/accountType: bad/);
    expect(() => assertSchemaRefusesOnlyAt(verdict(['']), '', [])).not.toThrow();
  });

  test('assertSchemaAccepts wants a valid verdict and shows the value otherwise', () => {
    expect(() => assertSchemaAccepts(verdict([]), {})).not.toThrow();
    expect(() => assertSchemaAccepts(verdict(['/offerId']), { offerId: 5 })).toThrow(/"offerId": 5/);
  });
});
