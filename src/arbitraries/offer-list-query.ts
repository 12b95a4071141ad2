import type { Arbitrary } from 'fast-check';
import { limitParam } from './limit-param.ts';
import type { LimitParam, LimitParamConstraints } from './limit-param.ts';
import { listQueryOf, paramsByVerdict } from './list-query.ts';
import type { ListQuery } from './list-query.ts';
import { modifiedAfterParam } from './modified-after-param.ts';
import type { ModifiedAfterParam, ModifiedAfterParamConstraints } from './modified-after-param.ts';
import { offsetParam } from './offset-param.ts';
import type { OffsetParam } from './offset-param.ts';

/**
 * Queries of GET /offer (contract, "Get all offers": modifiedAfter, offset, limit, all optional),
 * labelled with the law: the offers with lastModifiedOn at or after modifiedAfter, then paged.
 * `constraints.verdict` draws only valid queries, or only queries with a silent value.
 */
export function offerListQuery(constraints: LimitParamConstraints & ModifiedAfterParamConstraints): Arbitrary<ListQuery> {
  return paramsByVerdict<{ modifiedAfter: ModifiedAfterParam; offset: OffsetParam; limit: LimitParam }>(
    {
      modifiedAfter: (verdict) => modifiedAfterParam({ ...constraints, verdict }),
      offset: (verdict) => offsetParam({ verdict }),
      limit: (verdict) => limitParam({ ...constraints, verdict }),
    },
    constraints.verdict,
  ).map(({ modifiedAfter, offset, limit }) => listQueryOf({ offset, limit }, modifiedAfter));
}
