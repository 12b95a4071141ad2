import type { FastifyInstance } from 'fastify';
import { sendJson } from '../context.ts';
import type { RouteOptions } from '../context.ts';
import { pageQuery } from '../paging.ts';
import type { RawPageQuery } from '../paging.ts';
import { ROUTE_SCHEMAS } from '../route-schemas.ts';

export async function offerRoutes(app: FastifyInstance, { ctx }: RouteOptions): Promise<void> {
  app.get<{ Querystring: RawPageQuery & { modifiedAfter?: string } }>(
    '/offer',
    { schema: ROUTE_SCHEMAS.listOffers, config: { operation: 'listOffers' } },
    (request, reply) => {
      const { modifiedAfter, offset, limit } = request.query;
      sendJson(reply, ctx, 200, ctx.offers.page(modifiedAfter, pageQuery({ offset, limit }), ctx.maxLimit));
    },
  );

  app.get<{ Params: { offerId: string } }>(
    '/offer/:offerId',
    { schema: ROUTE_SCHEMAS.getOffer, config: { operation: 'getOffer' } },
    (request, reply) => {
      const { offerId } = request.params;
      sendJson(reply, ctx, 200, ctx.offers.json(offerId) ?? JSON.stringify(ctx.behaviour.offers.missing(offerId)));
    },
  );
}
