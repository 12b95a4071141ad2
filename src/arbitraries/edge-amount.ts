import fc from 'fast-check';
import { forTerminal } from '../config/terminal-text.ts';
import type { Arbitrary } from 'fast-check';
import type { ClauseId } from '../contract/clauses/catalogue.ts';
import { addDecimals, compareDecimals, exactDecimalOf, exactNumber, negateDecimal } from './_internals/exact-decimal.ts';
import type { ExactDecimal } from './_internals/exact-decimal.ts';
import { MAX_AMOUNT_DECIMAL_PLACES } from './amount-within-limits.ts';
import type { OpenOffer } from '../contract/vocabulary.ts';

/** Whether the amount's shortest decimal text has at most 6 decimal places (contract, Limits 4). */
export type DecimalsVerdict = 'at-most-6' | 'more-than-6';
/** Whether the amount lies in hardMinLimit..hardMaxLimit, both included, and above 0 (Limits 5). */
export type LimitsVerdict = 'inside' | 'outside';
/**
 * What a conforming target does with a body carrying this amount (all else valid):
 * `accepted` = 2xx (SUB-CREATE), `schema` = 4xx as a validation error (SUB-CREATE-DECIMALS),
 * `not-accepted` = a 4xx or a record with status rejected (SUB-CREATE-ORDER-LIMITS).
 * A `schema` amount outside the limits has two reasons to be refused.
 */
export type EdgeExpectation = 'accepted' | 'schema' | 'not-accepted';

export interface EdgeAmount {
  name: string;
  amount: number;
  decimals: DecimalsVerdict;
  limits: LimitsVerdict;
  expect: EdgeExpectation;
  clauses: ClauseId[];
  /** For the values one step outside a limit: the step used (see `edgeAmountCases`). */
  step?: number;
}

/** Fixed edges, each with the decimal places of its shortest text stated by hand (not computed). */
const FIXED_EDGES: readonly { name: string; amount: number; decimals: DecimalsVerdict }[] = [
  { name: 'one micro-unit 0.000001 (6 places, the finest amount allowed)', amount: 0.000001, decimals: 'at-most-6' },
  { name: '123.456789 (exactly 6 places)', amount: 123.456789, decimals: 'at-most-6' },
  { name: '1e-7 (7 places, printed in exponent notation)', amount: 1e-7, decimals: 'more-than-6' },
  { name: '1.0000001 (7 places)', amount: 1.0000001, decimals: 'more-than-6' },
  { name: '0.1+0.2 = 0.30000000000000004 (17 places: float arithmetic)', amount: 0.1 + 0.2, decimals: 'more-than-6' },
  { name: '5e-324 (smallest positive double, 324 places)', amount: 5e-324, decimals: 'more-than-6' },
  { name: '1e21 (integer, printed in exponent notation)', amount: 1e21, decimals: 'at-most-6' },
];

const ZERO: ExactDecimal = { units: 0n, scale: 0 };
const MICRO_STEP_EXPONENT = -MAX_AMOUNT_DECIMAL_PLACES;

function limitsVerdict(amount: ExactDecimal, min: ExactDecimal, max: ExactDecimal): LimitsVerdict {
  const inside = compareDecimals(amount, ZERO) > 0 && compareDecimals(amount, min) >= 0 && compareDecimals(amount, max) <= 0;
  return inside ? 'inside' : 'outside';
}

function expectationOf(decimals: DecimalsVerdict, limits: LimitsVerdict): { expect: EdgeExpectation; clauses: ClauseId[] } {
  if (decimals === 'more-than-6') {
    return {
      expect: 'schema',
      clauses: limits === 'outside' ? ['SUB-CREATE-DECIMALS', 'SUB-CREATE-ORDER-LIMITS'] : ['SUB-CREATE-DECIMALS'],
    };
  }
  return limits === 'outside'
    ? { expect: 'not-accepted', clauses: ['SUB-CREATE-ORDER-LIMITS'] }
    : { expect: 'accepted', clauses: ['SUB-CREATE'] };
}

/**
 * `limit ± 10^e` for the smallest e >= -6 whose result prints as exactly that decimal. For limits below
 * about 10^9 that is the micro step 0.000001; a larger limit cannot hold a micro step in a double,
 * so the step grows by powers of ten until the neighbour is a distinct, exactly printed number.
 */
function stepOutside(limit: ExactDecimal, direction: -1 | 1): { amount: number; value: ExactDecimal; step: number } {
  for (let e = MICRO_STEP_EXPONENT; e <= 308; e += 1) {
    const step: ExactDecimal = e < 0 ? { units: 1n, scale: -e } : { units: 10n ** BigInt(e), scale: 0 };
    const value = addDecimals(limit, direction === 1 ? step : negateDecimal(step));
    const amount = exactNumber(value.units, value.scale);
    if (amount !== undefined) return { amount, value, step: Number(`1e${e}`) };
  }
  throw new RangeError(`edgeAmountCases: no step outside limit ${String(limit.units)}e-${limit.scale}`);
}

const placesVerdict = (d: ExactDecimal): DecimalsVerdict => (d.scale <= MAX_AMOUNT_DECIMAL_PLACES ? 'at-most-6' : 'more-than-6');

/**
 * The edge amounts for one offer, by construction (contract, Limits 4 and 5):
 *
 * - fixed values around the 6-decimal rule: 0.000001, 123.456789, 1e-7, 1.0000001, 0.1+0.2, 5e-324,
 *   1e21, with their decimal-places verdict stated by hand;
 * - the offer's exact hardMinLimit and hardMaxLimit (inside: the range includes its ends);
 * - one step outside each: hardMinLimit - step and hardMaxLimit + step, where step is 0.000001, the
 *   finest amount the contract allows, so these are the nearest amounts a client may send beyond the
 *   limits (a larger power of ten only when the limit is too large for a micro step to show in a
 *   double; the step used is recorded).
 *
 * Inside/outside is decided in exact decimal arithmetic on the shortest texts, and an amount of 0 or
 * less counts as outside (a cash amount).
 *
 * @throws RangeError when hardMinLimit > hardMaxLimit (OFFER-ORDER-RANGE): the offer has no inside.
 */
export function edgeAmountCases(offer: OpenOffer): EdgeAmount[] {
  const { hardMinLimit, hardMaxLimit } = offer.pricingAndOrderLimits;
  const min = exactDecimalOf(hardMinLimit);
  const max = exactDecimalOf(hardMaxLimit);
  if (compareDecimals(min, max) > 0) {
    // The target's id: Playwright prints a thrown message as it is, so its control characters are shown as escapes here.
    throw new RangeError(
      forTerminal(`edgeAmountCases: offer ${JSON.stringify(offer.id)} has hardMinLimit ${hardMinLimit} > hardMaxLimit ${hardMaxLimit}`),
    );
  }
  const fixed = FIXED_EDGES.map((edge) => {
    const limits = limitsVerdict(exactDecimalOf(edge.amount), min, max);
    return { ...edge, limits, ...expectationOf(edge.decimals, limits) };
  });
  const atLimit = (name: string, amount: number, value: ExactDecimal): EdgeAmount => {
    const decimals = placesVerdict(value);
    const limits = limitsVerdict(value, min, max);
    return { name, amount, decimals, limits, ...expectationOf(decimals, limits) };
  };
  const below = stepOutside(min, -1);
  const above = stepOutside(max, 1);
  return [
    ...fixed,
    atLimit(`hardMinLimit ${String(hardMinLimit)} exactly`, hardMinLimit, min),
    atLimit(`hardMaxLimit ${String(hardMaxLimit)} exactly`, hardMaxLimit, max),
    { ...atLimit(`one step (${below.step}) below hardMinLimit: ${String(below.amount)}`, below.amount, below.value), step: below.step },
    { ...atLimit(`one step (${above.step}) above hardMaxLimit: ${String(above.amount)}`, above.amount, above.value), step: above.step },
  ];
}

/** The edge amounts of `edgeAmountCases(offer)` as an arbitrary (each equally likely; shrinks to the first). */
export function edgeAmount(offer: OpenOffer): Arbitrary<EdgeAmount> {
  return fc.constantFrom(...edgeAmountCases(offer));
}
