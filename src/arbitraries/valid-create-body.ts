import type { Arbitrary } from 'fast-check';
import { createBodyForAny, offersForValidBodies } from './_internals/create-body-model.ts';
import type { CreateBodyConstraints } from './_internals/create-body-model.ts';
import type { OpenOffer, SubscriptionCreateBody } from '../contract/vocabulary.ts';

export type { CreateBodyConstraints } from './_internals/create-body-model.ts';

/** A valid creation body that names its subscriptionType and subscriptionCategory. */
export type ValidCreateBody = SubscriptionCreateBody & Required<Pick<SubscriptionCreateBody, 'subscriptionType' | 'subscriptionCategory'>>;

/**
 * Valid bodies for POST /subscription (contract, "Create a subscription" and the Subscription
 * table's "In request" column), for the target's open offers:
 *
 * - `offerId` is one of `offers` ("Identifier of an offer as returned by the offers list");
 * - `amountRequested` lies in that offer's `hardMinLimit`..`hardMaxLimit` with 0 to 6 decimal places
 *   (Limits 4 and 5; see `amountWithinLimits`);
 * - subscriptionType and subscriptionCategory are both present (the request declares both required;
 *   the case with neither is `createBodyWithoutTypeOrCategory`, as defaults apply there);
 * - every value of subscriptionType, subscriptionCategory, investorReferenceType, currency and
 *   accountType is reachable; every optional field is sometimes present and sometimes absent;
 * - clientSubscriptionTimestamp is UTC with `Z`, with and without milliseconds (Conventions).
 *
 * With `constraints.tag` every body carries it as `clientSubscriptionReference`.
 * Offers whose limits admit no valid amount are skipped (see `offersForValidBodies`).
 *
 * @throws RangeError when `offers` is empty or no offer admits a valid body.
 */
export function validCreateBody(offers: readonly OpenOffer[], constraints: CreateBodyConstraints = {}): Arbitrary<ValidCreateBody> {
  const usable = offersForValidBodies(offers, constraints, 'validCreateBody');
  return createBodyForAny(usable, constraints, 'both') as Arbitrary<ValidCreateBody>;
}
