import type { FastifyInstance } from 'fastify';
import { sendJson } from '../context.ts';
import type { RouteOptions } from '../context.ts';
import { ApiError } from '../errors.ts';
import { pageQuery, slicePage } from '../paging.ts';
import type { RawPageQuery } from '../paging.ts';
import { ROUTE_SCHEMAS } from '../route-schemas.ts';

export async function allocationRoutes(app: FastifyInstance, { ctx }: RouteOptions): Promise<void> {
  const { behaviour } = ctx;

  // The contract lists no query parameters here; Limits says allocations paginate, so offset/limit
  // page the list of records (each record complete).
  app.get<{ Querystring: RawPageQuery }>(
    '/allocation',
    { schema: ROUTE_SCHEMAS.listAllocations, config: { operation: 'listAllocations' } },
    (request, reply) => {
      const window = behaviour.paging.window(pageQuery(request.query), ctx.allocations.length, ctx.maxLimit);
      sendJson(reply, ctx, 200, JSON.stringify(slicePage(ctx.allocations, window).map(behaviour.wire.allocation)));
    },
  );

  // offset/limit page the record's `allocations` array; allocationCount stays the total.
  app.get<{ Params: { offerId: string }; Querystring: RawPageQuery }>(
    '/allocation/:offerId',
    { schema: ROUTE_SCHEMAS.getAllocation, config: { operation: 'getAllocation' } },
    (request, reply) => {
      const { offerId } = request.params;
      const offer = ctx.offers.byId.get(offerId);
      if (!offer) throw new ApiError(404, 'not-found', `No offer with id ${JSON.stringify(offerId)}`);
      const record = ctx.allocationsByOffer.get(offerId) ?? behaviour.allocations.ofOpenOffer(offer);
      const window = behaviour.paging.window(pageQuery(request.query), record.allocations.length, ctx.maxLimit);
      const page = { ...record, allocations: slicePage(record.allocations, window) };
      sendJson(reply, ctx, 200, JSON.stringify(behaviour.wire.allocation(page)));
    },
  );
}
