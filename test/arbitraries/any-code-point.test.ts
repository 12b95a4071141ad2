// anyCodePoint: the unit that replaces fast-check's `unit: 'binary'` (which costs each process 1.4 s to build) must
// draw the very same strings for the same seeds, so that recorded seeds and paths replay as before.
import { expect, test } from '@playwright/test';
import fc from 'fast-check';
import { anyCodePoint } from '../../fuzz/arbitraries/any-code-point.ts';

/**
 * The two comparisons with the built-in unit build it, some 4 s of CPU each: they guard a fast-check upgrade, and run
 * in the long tier (`@long`, which CI runs after npm test); the unit's own rules stay in npm test.
 */
const BUILDS_BINARY = { tag: '@long' };

test("strings of anyCodePoint are fast-check's binary strings, seed for seed, lengths and bias included", BUILDS_BINARY, () => {
  for (const seed of [1, 42, 20261124]) {
    for (const constraints of [{ maxLength: 40 }, { minLength: 1, maxLength: 200 }]) {
      const ours = fc.sample(fc.string({ unit: anyCodePoint(), ...constraints }), { seed, numRuns: 300 });
      const theirs = fc.sample(fc.string({ unit: 'binary', ...constraints }), { seed, numRuns: 300 });
      expect(ours, `seed ${seed}, ${JSON.stringify(constraints)}`).toEqual(theirs);
    }
  }
});

test('it can stand for every code point either side of the surrogates, never for a surrogate or for two code points', () => {
  const unit = anyCodePoint();
  for (const value of ['\u0000', '\ud7ff', '\ue000', '\u{10ffff}', 'é', '👩'])
    expect(unit.canShrinkWithoutContext(value), JSON.stringify(value)).toBe(true);
  for (const value of ['\ud800', '\udfff', 'ab', '', 42]) expect(unit.canShrinkWithoutContext(value), JSON.stringify(value)).toBe(false);
  expect(fc.sample(unit, { seed: 7, numRuns: 5_000 }).every((s) => !/[\uD800-\uDFFF]/u.test(s) && [...s].length === 1)).toBe(true);
});

test('a failing property over such strings shrinks to the same counterexample as with the built-in unit', BUILDS_BINARY, () => {
  const counterexample = (unit: fc.Arbitrary<string> | 'binary') => {
    const details = fc.check(
      fc.property(fc.string({ unit, maxLength: 40 }), (s) => !/[\u0100-\u{10ffff}]/u.test(s)),
      { seed: 3 },
    );
    return details.counterexample;
  };
  expect(counterexample(anyCodePoint())).toEqual(counterexample('binary'));
  expect(counterexample(anyCodePoint())).not.toBeNull();
});
