import fc from 'fast-check';
import type { Arbitrary } from 'fast-check';
import { SILENT_CLAUSES, byVerdict } from './query-param.ts';
import type { LabelledParam, VerdictConstraint } from './query-param.ts';

/** A valid offerId means: keep the subscriptions whose offerId is `offerId`. */
export type OfferIdParam = LabelledParam<'offerId', { offerId: string }>;

export interface OfferIdParamConstraints extends VerdictConstraint {
  /** Offer ids the target listed. */
  knownOfferIds: readonly string[];
}

/**
 * Values of `offerId` on GET /subscription (contract, "Get all subscriptions": "offerId (string,
 * only subscriptions on that offer)"):
 *
 * - valid, law SUB-LIST-OFFER-FILTER (only, and all, the subscriptions on that offer): absent, or a
 *   known offer id;
 * - contract-silent: an id the offers list does not hold, or empty (an empty list or a 4xx are both
 *   readings the contract allows; never a 5xx).
 *
 * `constraints.verdict` narrows the draw to valid or to contract-silent values.
 */
export function offerIdParam(constraints: OfferIdParamConstraints): Arbitrary<OfferIdParam> {
  const known = new Set(constraints.knownOfferIds);
  const absent: OfferIdParam = {
    name: 'offerId',
    value: undefined,
    description: 'offerId absent',
    verdict: 'valid',
    clauses: ['SUB-LIST-OFFER-FILTER'],
  };
  const unknown = fc
    .oneof(fc.uuid(), fc.stringMatching(/^[A-Za-z0-9_-]{1,24}$/), fc.constant(''))
    .filter((id) => !known.has(id))
    .map(
      (id): OfferIdParam => ({
        name: 'offerId',
        value: id,
        description: `offerId ${JSON.stringify(id)} (${id === '' ? 'empty' : 'unknown'})`,
        verdict: 'contract-silent',
        clauses: SILENT_CLAUSES,
      }),
    );
  const knownIds =
    known.size === 0
      ? []
      : [
          fc.constantFrom(...known).map(
            (id): OfferIdParam => ({
              name: 'offerId',
              value: id,
              description: `offerId ${JSON.stringify(id)} (known)`,
              verdict: 'valid',
              clauses: ['SUB-LIST-OFFER-FILTER'],
              meaning: { offerId: id },
            }),
          ),
        ];
  return byVerdict([fc.constant(absent), ...knownIds], [unknown], constraints.verdict);
}
