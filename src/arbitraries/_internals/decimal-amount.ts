// Amounts built as integer units at a decimal scale k (value = units / 10^k), between two exact
// bounds. Every value has at most k decimal places and prints as exactly that decimal: the unit
// count is capped at 15 significant digits, and each value is checked after it is built.
import fc from 'fast-check';
import type { Arbitrary } from 'fast-check';
import { MAX_EXACT_UNITS, exactNumber, unitsAt } from './exact-decimal.ts';
import type { ExactDecimal } from './exact-decimal.ts';

export interface AmountBound {
  readonly at: ExactDecimal;
  readonly inclusive: boolean;
}

export interface AmountBetween {
  /** Lower bound; absent = the most negative 15-digit amount. */
  readonly lower?: AmountBound;
  /** Upper bound; absent = the largest 15-digit amount. */
  readonly upper?: AmountBound;
  /** Decimal scales to draw from, e.g. `[0, 1, 2, 3, 4, 5, 6]`. */
  readonly scales: readonly number[];
  /** Require EXACTLY k decimal places (last unit digit non-zero) rather than at most k. */
  readonly exactPlaces?: boolean;
}

interface UnitRange {
  readonly k: number;
  readonly lo: bigint;
  readonly hi: bigint;
}

const ZERO: ExactDecimal = { units: 0n, scale: 0 };
/** Strictly above zero. */
export const POSITIVE: AmountBound = { at: ZERO, inclusive: false };

function unitRange(k: number, spec: AmountBetween): UnitRange | undefined {
  const { lower, upper } = spec;
  let lo = lower === undefined ? -MAX_EXACT_UNITS : unitsAt(lower.at, k, 'ceil');
  if (lower !== undefined && !lower.inclusive && unitsAt(lower.at, k, 'floor') === lo) lo += 1n;
  let hi = upper === undefined ? MAX_EXACT_UNITS : unitsAt(upper.at, k, 'floor');
  if (upper !== undefined && !upper.inclusive && unitsAt(upper.at, k, 'ceil') === hi) hi -= 1n;
  if (lo < -MAX_EXACT_UNITS) lo = -MAX_EXACT_UNITS;
  if (hi > MAX_EXACT_UNITS) hi = MAX_EXACT_UNITS;
  if (lo > hi) return undefined;
  // Exactly k places needs a unit count not ending in 0 inside the range.
  if (spec.exactPlaces && k > 0 && lo === hi && lo % 10n === 0n) return undefined;
  return { k, lo, hi };
}

/** Moves a unit count ending in 0 to a neighbour inside the range (deterministic, so shrinking stays stable). */
function withNonZeroLastDigit(u: bigint, range: UnitRange): bigint {
  if (u % 10n !== 0n) return u;
  return u + 1n <= range.hi ? u + 1n : u - 1n;
}

/** Unit ranges of `spec` that hold at least one amount, one per usable scale. */
function usableRanges(spec: AmountBetween): UnitRange[] {
  return spec.scales.map((k) => unitRange(k, spec)).filter((r): r is UnitRange => r !== undefined);
}

export const hasAmountBetween = (spec: AmountBetween): boolean => usableRanges(spec).length > 0;

/**
 * Amounts inside the bounds with the decimal places `spec` asks for, or `undefined` when the bounds
 * hold none. fast-check's integer bias makes the bounds themselves frequent.
 */
export function amountBetween(spec: AmountBetween): Arbitrary<number> | undefined {
  const ranges = usableRanges(spec);
  if (ranges.length === 0) return undefined;
  return fc.oneof(
    ...ranges.map((range) =>
      fc
        .bigInt(range.lo, range.hi)
        .map((u) => (spec.exactPlaces && range.k > 0 ? withNonZeroLastDigit(u, range) : u))
        .map((u) => exactNumber(u, range.k))
        // Never rejects for 15-digit unit counts; kept so a broken construction cannot leak a value.
        .filter((value): value is number => value !== undefined),
    ),
  );
}
