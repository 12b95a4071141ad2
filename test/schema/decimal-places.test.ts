import { expect, test } from '@playwright/test';
import { decimalPlaces } from '../../src/schema/decimal-places.ts';

// [value, expected decimal places, why]
const CASES: ReadonlyArray<readonly [number, number, string]> = [
  [0, 0, 'zero'],
  [-0, 0, 'negative zero prints as 0'],
  [100, 0, 'integer'],
  [-42, 0, 'negative integer'],
  [Number.MAX_SAFE_INTEGER, 0, 'largest safe integer'],
  [1.1, 1, 'one place (not an exact binary fraction)'],
  [-2.5, 1, 'sign does not count'],
  [0.000001, 6, 'smallest 6-place value, still plain notation'],
  [0.000003, 6, 'float multipleOf would get this wrong'],
  [123.456789, 6, 'six places'],
  [0.1234567, 7, 'seven places'],
  [1.0000001, 7, 'seven places'],
  [1e-7, 7, 'exponent notation below 1e-6'],
  [2.5e-7, 8, 'mantissa fraction plus exponent'],
  [-1e-7, 7, 'negative, exponent notation'],
  [0.1 + 0.2, 17, 'shortest round-trip form is 0.30000000000000004'],
  [5e-324, 324, 'smallest subnormal'],
  [1e21, 0, 'printed 1e+21'],
  [1.5e300, 0, 'large exponent'],
  [1.2345e22, 0, 'mantissa digits absorbed by the exponent'],
];

for (const [value, expected, why] of CASES) {
  test(`decimalPlaces(${String(value)}) = ${expected} (${why})`, () => {
    expect(decimalPlaces(value)).toBe(expected);
  });
}

for (const value of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
  test(`decimalPlaces(${String(value)}) throws: not a JSON number`, () => {
    expect(() => decimalPlaces(value)).toThrow(RangeError);
  });
}

test('decimalPlaces agrees with the text a JSON parser reads', () => {
  // What a client writes on the wire, and what the rule must conclude from it.
  const wire: ReadonlyArray<readonly [string, number]> = [
    ['100.000000', 0], // trailing zeros are not significant: the number is 100
    ['1.100', 1],
    ['0.0000010', 6],
    ['1E-7', 7],
    ['12.5e-3', 4],
  ];
  for (const [text, expected] of wire) {
    expect(decimalPlaces(JSON.parse(text) as number), text).toBe(expected);
  }
});
