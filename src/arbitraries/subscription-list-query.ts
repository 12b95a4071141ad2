import type { Arbitrary } from 'fast-check';
import { limitParam } from './limit-param.ts';
import type { LimitParam, LimitParamConstraints } from './limit-param.ts';
import { listQueryOf, paramsByVerdict } from './list-query.ts';
import type { ListQuery } from './list-query.ts';
import { offerIdParam } from './offer-id-param.ts';
import type { OfferIdParam, OfferIdParamConstraints } from './offer-id-param.ts';
import { offsetParam } from './offset-param.ts';
import type { OffsetParam } from './offset-param.ts';

/**
 * Queries of GET /subscription (contract, "Get all subscriptions": offerId, offset, limit, all
 * optional), labelled with the law: the subscriptions on that offer, then paged.
 * `constraints.verdict` draws only valid queries, or only queries with a silent value.
 */
export function subscriptionListQuery(constraints: LimitParamConstraints & OfferIdParamConstraints): Arbitrary<ListQuery> {
  return paramsByVerdict<{ offerId: OfferIdParam; offset: OffsetParam; limit: LimitParam }>(
    {
      offerId: (verdict) => offerIdParam({ ...constraints, verdict }),
      offset: (verdict) => offsetParam({ verdict }),
      limit: (verdict) => limitParam({ ...constraints, verdict }),
    },
    constraints.verdict,
  ).map(({ offerId, offset, limit }) => listQueryOf({ offset, limit }, offerId));
}
