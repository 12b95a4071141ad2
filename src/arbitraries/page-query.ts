import type { Arbitrary } from 'fast-check';
import { limitParam } from './limit-param.ts';
import type { LimitParam, LimitParamConstraints } from './limit-param.ts';
import { listQueryOf, paramsByVerdict } from './list-query.ts';
import type { ListQuery } from './list-query.ts';
import { offsetParam } from './offset-param.ts';
import type { OffsetParam } from './offset-param.ts';

/**
 * `offset` and `limit` together, labelled with the page law (contract, Limits 1-3; see `PageLaw`),
 * for any paginated list: GET /offer, GET /subscription, and the allocations of GET
 * /allocation/{offerId}. A query with any contract-silent value is contract-silent as a whole;
 * `constraints.verdict` draws only valid queries, or only queries with a silent value.
 */
export function pageQuery(constraints: LimitParamConstraints): Arbitrary<ListQuery> {
  return paramsByVerdict<{ offset: OffsetParam; limit: LimitParam }>(
    {
      offset: (verdict) => offsetParam({ verdict }),
      limit: (verdict) => limitParam({ ...constraints, verdict }),
    },
    constraints.verdict,
  ).map((page) => listQueryOf(page));
}
