/**
 * Number of decimal places of a JSON number, as the contract's "no more than 6 decimal places"
 * rule for `amountRequested` needs it.
 *
 * The rule is decided on the number's SHORTEST round-trip decimal representation, i.e. the text
 * `String(n)` gives in JavaScript (ECMAScript Number::toString): the fewest digits that parse back to
 * the same double. That is what a client most plausibly meant when it wrote the number, and it is
 * what a server that re-serialises the value will send. Float arithmetic such as JSON Schema
 * `multipleOf: 0.000001` is NOT used: `0.000003 / 0.000001` is not an exact integer in binary
 * floating point (so a valid amount would fail), and `1.1` is not an exact multiple either.
 *
 * How the text is read:
 * - Plain notation: the count of digits after the decimal point. `123.456789` -> 6, `1.1` -> 1,
 *   `0.000001` -> 6, integers -> 0.
 * - Exponent notation (JS uses it below 1e-6 and from 1e21 up): digits after the point in the
 *   mantissa minus the exponent, never below 0. `1e-7` -> 7, `2.5e-7` -> 8, `5e-324` (the smallest
 *   subnormal) -> 324, `1e21` (printed `1e+21`) -> 0.
 * - Values that are not what they look like in decimal keep their true shortest form:
 *   `0.1 + 0.2` is `0.30000000000000004` -> 17, `1.0000001` -> 7.
 * - The sign does not count; `-0` is `0` -> 0.
 *
 * NaN and ±Infinity are not JSON numbers (JSON.parse never yields them), so asking for their decimal
 * places is a programming error: a RangeError is thrown.
 */
export function decimalPlaces(n: number): number {
  if (!Number.isFinite(n)) {
    throw new RangeError(`decimalPlaces: ${String(n)} is not a JSON number`);
  }
  const text = String(Math.abs(n));
  const [mantissa, exponentText] = text.split('e');
  const fractionDigits = mantissa.split('.')[1]?.length ?? 0;
  const exponent = exponentText === undefined ? 0 : Number(exponentText);
  return Math.max(0, fractionDigits - exponent);
}
