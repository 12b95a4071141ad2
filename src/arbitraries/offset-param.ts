import fc from 'fast-check';
import type { Arbitrary } from 'fast-check';
import { INT32_MAX, SILENT_NUMBER_TEXTS, SILENT_PAGE_CLAUSES, byVerdict, labelledValues } from './query-param.ts';
import type { LabelledParam, VerdictConstraint } from './query-param.ts';

/** A valid offset means the zero-based index of the first entry returned; absent = not sent. */
export type OffsetParam = LabelledParam<'offset', { start: number }>;

const valid = (value: string | undefined, description: string, clauses: OffsetParam['clauses'] = ['PAGE-LIMIT']): OffsetParam => ({
  name: 'offset',
  value,
  description,
  verdict: 'valid',
  clauses,
  meaning: value === undefined ? undefined : { start: Number(value) },
});

/**
 * Values of the `offset` query parameter (contract, Limits 1: "offset is zero-based (0 is a valid
 * value and the first item)"; endpoints "Get all offers", "Get all subscriptions", "Get allocations
 * for an offer": "offset | number"):
 *
 * - valid: absent, 0 (PAGE-OFFSET-ZERO-BASED), 1, any integer up to 2^31 - 1, including offsets past
 *   the end (PAGE-OFFSET-PAST-END: an empty page);
 * - contract-silent: negative, fractional, non-numeric, empty, and beyond 32 bits (the contract
 *   states no range; a target may refuse them with a 4xx, never a 5xx).
 *
 * `constraints.verdict` narrows the draw to valid or to contract-silent values.
 */
export function offsetParam(constraints: VerdictConstraint = {}): Arbitrary<OffsetParam> {
  const validValues = [
    labelledValues<OffsetParam>([
      valid(undefined, 'offset absent'),
      valid('0', 'offset 0 (the first entry)', ['PAGE-OFFSET-ZERO-BASED', 'PAGE-LIMIT']),
      valid('1', 'offset 1', ['PAGE-OFFSET-ZERO-BASED', 'PAGE-LIMIT']),
      valid(String(INT32_MAX), 'offset 2^31 - 1 (huge: past the end)', ['PAGE-OFFSET-PAST-END']),
    ]),
    fc.integer({ min: 2, max: 250 }).map((n) => valid(String(n), `offset ${n}`, ['PAGE-LIMIT', 'PAGE-OFFSET-PAST-END'])),
  ];
  const silentValues = [
    labelledValues<OffsetParam>(
      SILENT_NUMBER_TEXTS.map(
        ({ value, description }): OffsetParam => ({
          name: 'offset',
          value,
          description: `offset ${description}`,
          verdict: 'contract-silent',
          clauses: SILENT_PAGE_CLAUSES,
        }),
      ),
    ),
    fc.integer({ min: -1_000_000, max: -1 }).map(
      (n): OffsetParam => ({
        name: 'offset',
        value: String(n),
        description: `offset ${n} (negative)`,
        verdict: 'contract-silent',
        clauses: SILENT_PAGE_CLAUSES,
      }),
    ),
  ];
  return byVerdict(validValues, silentValues, constraints.verdict);
}
