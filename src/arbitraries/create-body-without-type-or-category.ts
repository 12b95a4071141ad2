import type { Arbitrary } from 'fast-check';
import { createBodyForAny, offersForValidBodies } from './_internals/create-body-model.ts';
import type { CreateBodyConstraints } from './_internals/create-body-model.ts';
import type { OpenOffer, SubscriptionCreateBody } from '../contract/vocabulary.ts';

/** A valid creation body with neither subscriptionType nor subscriptionCategory. */
export type CreateBodyWithoutTypeOrCategory = Omit<SubscriptionCreateBody, 'subscriptionType' | 'subscriptionCategory'>;

export { TYPE_AND_CATEGORY_DEFAULTS } from '../contract/vocabulary.ts';

/**
 * Valid bodies for POST /subscription with NEITHER subscriptionType NOR subscriptionCategory: the
 * contract (Subscription table) says each then defaults, to `discretionary_qualified` and
 * `professional` (see `TYPE_AND_CATEGORY_DEFAULTS`). Everything else as in `validCreateBody`.
 *
 * @throws RangeError when `offers` is empty or no offer admits a valid body.
 */
export function createBodyWithoutTypeOrCategory(
  offers: readonly OpenOffer[],
  constraints: CreateBodyConstraints = {},
): Arbitrary<CreateBodyWithoutTypeOrCategory> {
  const usable = offersForValidBodies(offers, constraints, 'createBodyWithoutTypeOrCategory');
  return createBodyForAny(usable, constraints, 'neither');
}
