import type { Arbitrary } from 'fast-check';
import { POSITIVE, amountBetween, hasAmountBetween } from './_internals/decimal-amount.ts';
import type { AmountBetween } from './_internals/decimal-amount.ts';
import { compareDecimals, exactDecimalOf } from './_internals/exact-decimal.ts';
import type { OpenOffer } from '../contract/vocabulary.ts';

/** The contract's limit on amountRequested: "no more than 6 decimal places" (Limits 4). */
export const MAX_AMOUNT_DECIMAL_PLACES = 6;

const ALL_SCALES = [0, 1, 2, 3, 4, 5, 6];

type OrderLimits = OpenOffer['pricingAndOrderLimits'];

function insideLimits(limits: Pick<OrderLimits, 'hardMinLimit' | 'hardMaxLimit'>): AmountBetween {
  const min = exactDecimalOf(limits.hardMinLimit);
  return {
    // An amount is a cash amount: never zero or negative, even if an offer's minimum were.
    lower: compareDecimals(min, POSITIVE.at) > 0 ? { at: min, inclusive: true } : POSITIVE,
    upper: { at: exactDecimalOf(limits.hardMaxLimit), inclusive: true },
    scales: ALL_SCALES,
  };
}

/** True when some amount with at most 6 decimals lies in `hardMinLimit..hardMaxLimit` (and above 0). */
export function hasAmountWithinLimits(limits: Pick<OrderLimits, 'hardMinLimit' | 'hardMaxLimit'>): boolean {
  return hasAmountBetween(insideLimits(limits));
}

/**
 * Valid `amountRequested` values for an offer.
 *
 * Follows the contract's Limits 4 ("amountRequested holds at most 6 decimal places") and Limits 5
 * (the order size range `pricingAndOrderLimits.hardMinLimit`..`hardMaxLimit`, both included):
 * each value is `units / 10^k` for k in 0..6, with units between the limits scaled by 10^k, so
 * its shortest decimal text has at most 6 decimal places by construction, and is checked after it
 * is built. Bounds are taken from the shortest text of the limits, exactly (no float scaling).
 * Values stay below 10^15 / 10^k so that every one prints as exactly the decimal intended.
 *
 * @throws RangeError when the range holds no such amount (for example hardMinLimit > hardMaxLimit).
 */
export function amountWithinLimits(limits: Pick<OrderLimits, 'hardMinLimit' | 'hardMaxLimit'>): Arbitrary<number> {
  const amounts = amountBetween(insideLimits(limits));
  if (amounts === undefined) {
    throw new RangeError(
      `amountWithinLimits: no amount with at most ${MAX_AMOUNT_DECIMAL_PLACES} decimal places lies in ` +
        `${String(limits.hardMinLimit)}..${String(limits.hardMaxLimit)}`,
    );
  }
  return amounts;
}
