// Labels shared by the query-parameter arbitraries: what the contract says of each value sent.
import fc from 'fast-check';
import type { Arbitrary } from 'fast-check';
import type { ClauseId } from '../contract/clauses/catalogue.ts';

/**
 * - `valid`: the contract gives the value a meaning; the law attached to it must hold.
 * - `contract-silent`: the contract does not say what the value gets (refused or ignored); observe
 *   it, but a 5xx is still a failure (GEN-FAILURE-4XX).
 */
export type QueryVerdict = 'valid' | 'contract-silent';

export type QueryParamName = 'offset' | 'limit' | 'modifiedAfter' | 'offerId';

/** One query parameter as sent, with its label. `M` is what a valid value means to the law. */
export interface LabelledParam<N extends QueryParamName, M> {
  name: N;
  /** The text sent (percent-encode it, e.g. with URLSearchParams); `undefined` = not sent. */
  value: string | undefined;
  description: string;
  verdict: QueryVerdict;
  clauses: ClauseId[];
  /** Present when `verdict` is `valid`. */
  meaning?: M;
}

/** Clauses of a value the contract is silent on: observed (PAGE-INVALID-PARAMS) and never a 5xx. */
export const SILENT_PAGE_CLAUSES: ClauseId[] = ['PAGE-INVALID-PARAMS', 'GEN-FAILURE-4XX'];
export const SILENT_CLAUSES: ClauseId[] = ['GEN-FAILURE-4XX'];

/** A fixed table of labelled values as an arbitrary. */
export function labelledValues<P extends LabelledParam<QueryParamName, unknown>>(values: readonly P[]): Arbitrary<P> {
  return fc.constantFrom(...values);
}

/** Which values to draw: only valid ones, only contract-silent ones, or both (default). */
export interface VerdictConstraint {
  verdict?: QueryVerdict;
}

/** The valid and the silent alternatives of a parameter, narrowed by `verdict`. */
export function byVerdict<P>(valid: Arbitrary<P>[], silent: Arbitrary<P>[], verdict: QueryVerdict | undefined): Arbitrary<P> {
  const chosen = verdict === 'valid' ? valid : verdict === 'contract-silent' ? silent : [...valid, ...silent];
  if (chosen.length === 0) throw new RangeError(`no ${verdict ?? ''} values for this parameter`);
  return fc.oneof(...chosen);
}

/** The largest value the suite treats as an ordinary number for offset and limit: 2^31 - 1. */
export const INT32_MAX = 2_147_483_647;

/**
 * Texts that are not a non-negative integer of 32 bits: the contract types offset and limit as
 * "number" and says nothing of negative, fractional, non-numeric, empty or very large values.
 */
export const SILENT_NUMBER_TEXTS: readonly { value: string; description: string }[] = [
  { value: '', description: 'empty' },
  { value: '-1', description: 'negative (-1)' },
  { value: '-100', description: 'negative (-100)' },
  { value: 'abc', description: 'non-numeric ("abc")' },
  { value: '1.5', description: 'fractional (1.5)' },
  { value: '10abc', description: 'digits followed by letters ("10abc")' },
  { value: ' 5', description: 'leading space (" 5")' },
  { value: '0x10', description: 'hexadecimal ("0x10")' },
  { value: '1e2', description: 'exponent notation ("1e2")' },
  { value: 'NaN', description: '"NaN"' },
  { value: String(INT32_MAX + 1), description: 'huge, beyond 32 bits (2^31)' },
  { value: '9007199254740993', description: 'huge, beyond exact doubles (2^53 + 1)' },
  { value: '99999999999999999999', description: 'huge (20 digits)' },
];
