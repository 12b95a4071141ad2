import fc from 'fast-check';
import type { Arbitrary } from 'fast-check';
import { INT32_MAX, SILENT_NUMBER_TEXTS, SILENT_PAGE_CLAUSES, byVerdict, labelledValues } from './query-param.ts';
import type { LabelledParam, VerdictConstraint } from './query-param.ts';

/**
 * What a valid limit means:
 * - `exact`: the page holds at most `limit` entries (it is at or below the service's maximum);
 * - `capped`: `limit` may be above the maximum, so the page holds at most min(limit, max) entries;
 *   `max` is `null` when the maximum is not known (contract: "the value of that maximum: not shown").
 */
export type LimitMeaning = { kind: 'exact'; limit: number } | { kind: 'capped'; limit: number; max: number | null };
export type LimitParam = LabelledParam<'limit', LimitMeaning>;

export interface LimitParamConstraints extends VerdictConstraint {
  /** The target's maximum page size, from its profile; `null` when not known. */
  maxLimit: number | null;
}

const absent: LimitParam = { name: 'limit', value: undefined, description: 'limit absent', verdict: 'valid', clauses: ['PAGE-LIMIT'] };

function exact(limit: number, description: string): LimitParam {
  return { name: 'limit', value: String(limit), description, verdict: 'valid', clauses: ['PAGE-LIMIT'], meaning: { kind: 'exact', limit } };
}

function capped(limit: number, max: number | null, description: string): LimitParam {
  return {
    name: 'limit',
    value: String(limit),
    description,
    verdict: 'valid',
    clauses: ['PAGE-MAX-LIMIT', 'PAGE-LIMIT'],
    meaning: { kind: 'capped', limit, max },
  };
}

const silent = (value: string, description: string): LimitParam => ({
  name: 'limit',
  value,
  description: `limit ${description}`,
  verdict: 'contract-silent',
  clauses: SILENT_PAGE_CLAUSES,
});

/**
 * Values of the `limit` query parameter (contract, Limits 1 and 3: "limit is the maximum number of
 * entries returned"; "When a limit larger than the allowed maximum is given, the service applies
 * its own maximum instead"):
 *
 * - valid: absent; 1; with a known maximum, the maximum itself and values below it (`exact`), the
 *   maximum + 1 and values above it (`capped`, PAGE-MAX-LIMIT); with an unknown maximum, any value
 *   above 1 is `capped` with `max: null`; 2^31 - 1 (huge) is `capped`;
 * - contract-silent: 0 (the contract does not say whether it means an empty page or no limit),
 *   negative, fractional, non-numeric, empty, and beyond 32 bits.
 *
 * `constraints.verdict` narrows the draw to valid or to contract-silent values.
 */
export function limitParam(constraints: LimitParamConstraints): Arbitrary<LimitParam> {
  const { maxLimit } = constraints;
  if (maxLimit !== null && !(Number.isSafeInteger(maxLimit) && maxLimit >= 1)) {
    throw new RangeError(`limitParam: maxLimit must be a positive integer or null, got ${String(maxLimit)}`);
  }
  const fixedValid: LimitParam[] = [absent, exact(1, 'limit 1'), capped(INT32_MAX, maxLimit, 'limit 2^31 - 1 (huge: above any maximum)')];
  const fixedSilent: LimitParam[] = [silent('0', '0'), ...SILENT_NUMBER_TEXTS.map(({ value, description }) => silent(value, description))];
  const known =
    maxLimit === null
      ? [fc.integer({ min: 2, max: 500 }).map((n) => capped(n, null, `limit ${n} (maximum not known)`))]
      : [
          labelledValues([
            exact(maxLimit, `limit ${maxLimit} (the maximum)`),
            capped(maxLimit + 1, maxLimit, `limit ${maxLimit + 1} (maximum + 1)`),
          ]),
          ...(maxLimit > 2
            ? [fc.integer({ min: 2, max: maxLimit - 1 }).map((n) => exact(n, `limit ${n} (below the maximum ${maxLimit})`))]
            : []),
          fc
            .integer({ min: maxLimit + 1, max: maxLimit * 10 })
            .map((n) => capped(n, maxLimit, `limit ${n} (above the maximum ${maxLimit})`)),
        ];
  return byVerdict(
    [labelledValues(fixedValid), ...known],
    [labelledValues(fixedSilent), fc.integer({ min: -1_000_000, max: -1 }).map((n) => silent(String(n), `${n} (negative)`))],
    constraints.verdict,
  );
}
