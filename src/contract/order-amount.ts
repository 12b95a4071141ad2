/**
 * Whether an offer's order limits admit any order: an `amountRequested` above 0 with at most 6 decimal places (Limits 4:
 * "no more than 6 decimal places") inside `hardMinLimit..hardMaxLimit`, both included (Limits 5). An offer whose limits
 * admit none (hardMinLimit above hardMaxLimit: OFFER-ORDER-RANGE's finding) is no place to send a valid create.
 * Exact, on each limit's shortest text (what JSON carries), never on float arithmetic. Pure: no Node built-in and no
 * generator library (a conformance worker loads it; src/arbitraries/amount-within-limits.ts builds the amounts).
 */

/** `n` in whole millionths, exactly, rounded up or down when it has more than 6 decimal places. */
function millionths(n: number, rounding: 'up' | 'down'): bigint {
  const [mantissa, exponent = '0'] = String(Math.abs(n)).split('e');
  const [whole, fraction = ''] = mantissa.split('.');
  const digits = BigInt(whole + fraction);
  const shift = 6 - fraction.length + Number(exponent); // |n| = digits × 10^shift millionths
  let magnitude: bigint;
  let exact = true;
  if (shift >= 0) magnitude = digits * 10n ** BigInt(shift);
  else {
    const divisor = 10n ** BigInt(-shift);
    magnitude = digits / divisor;
    exact = magnitude * divisor === digits;
  }
  const value = n < 0 ? -magnitude : magnitude; // truncated towards zero
  if (exact) return value;
  if (rounding === 'up') return n < 0 ? value : value + 1n;
  return n < 0 ? value - 1n : value;
}

const isFiniteNumber = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n);

/** True when some amount above 0 with at most 6 decimal places lies in hardMinLimit..hardMaxLimit (numbers both). */
export function admitsAnOrder(limits: { hardMinLimit?: unknown; hardMaxLimit?: unknown } | null | undefined): boolean {
  if (!isFiniteNumber(limits?.hardMinLimit) || !isFiniteNumber(limits?.hardMaxLimit)) return false;
  const lowest = millionths(limits.hardMinLimit, 'up');
  return (lowest > 1n ? lowest : 1n) <= millionths(limits.hardMaxLimit, 'down');
}
