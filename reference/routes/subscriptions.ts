import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sendJson } from '../context.ts';
import type { RouteOptions } from '../context.ts';
import type { Subscription, SubscriptionRequest } from '../data/types.ts';
import { ApiError } from '../errors.ts';
import { unknownSubscription } from '../behaviour.ts';
import { pageQuery, slicePage } from '../paging.ts';
import type { RawPageQuery } from '../paging.ts';
import { ROUTE_SCHEMAS } from '../route-schemas.ts';

export async function subscriptionRoutes(app: FastifyInstance, { ctx }: RouteOptions): Promise<void> {
  const { behaviour } = ctx;
  /** The records of the partner whose credentials the request carried (every route here needs credentials). */
  const recordsOf = (request: FastifyRequest) => behaviour.subscriptions.recordsOf(ctx.store, request.caller!.partner);
  const answer = (records: readonly Subscription[]): string => JSON.stringify(records.map(behaviour.wire.subscription));

  app.get<{ Querystring: RawPageQuery & { offerId?: string } }>(
    '/subscription',
    { schema: ROUTE_SCHEMAS.listSubscriptions, config: { operation: 'listSubscriptions' } },
    (request, reply) => {
      const { offerId, offset, limit } = request.query;
      const records = behaviour.subscriptions.forOffer(recordsOf(request), offerId);
      const window = behaviour.paging.window(pageQuery({ offset, limit }), records.length, ctx.maxLimit);
      sendJson(reply, ctx, 200, answer(slicePage(records, window)));
    },
  );

  // The body was validated (and reduced to the contract's fields) by behaviour.subscriptions.validate,
  // which the server installs as the body validator of this route.
  app.post<{ Body: SubscriptionRequest }>(
    '/subscription',
    { schema: ROUTE_SCHEMAS.createSubscription, config: { operation: 'createSubscription' } },
    async (request, reply) => {
      const offer = behaviour.subscriptions.resolveOffer(ctx.offers.byId, request.body.offerId);
      if (!offer) {
        throw new ApiError(400, 'validation', 'The request body is invalid', [
          { property: 'offerId', messages: ['no offer with this id'] },
        ]);
      }
      const withDefaults = behaviour.subscriptions.applyDefaults(request.body);
      const store = recordsOf(request);
      const record: Subscription = {
        id: behaviour.subscriptions.newId(store, withDefaults, request.caller!),
        ...withDefaults,
        status: behaviour.subscriptions.outcome(withDefaults, offer),
      };
      const stored = await behaviour.subscriptions.insert(store, record);
      sendJson(reply, ctx, behaviour.protocol.createStatus, JSON.stringify(behaviour.wire.subscription(stored)));
      return reply;
    },
  );

  app.get<{ Params: { subscriptionId: string } }>(
    '/subscription/:subscriptionId',
    { schema: ROUTE_SCHEMAS.getSubscription, config: { operation: 'getSubscription' } },
    (request, reply) => {
      const record = behaviour.subscriptions.lookup(recordsOf(request), request.params.subscriptionId);
      if (!record) throw unknownSubscription(request.params.subscriptionId);
      sendJson(reply, ctx, 200, JSON.stringify(behaviour.wire.subscription(record)));
    },
  );

  await app.register(async (cancelScope) => {
    // Cancel takes no body: an empty one is fine even when labelled application/json (clients that
    // set the header on every call); a non-empty one must still be valid JSON.
    const strictJson = cancelScope.getDefaultJsonParser('error', 'error');
    cancelScope.removeContentTypeParser('application/json');
    cancelScope.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (text === '') done(null, undefined);
      else strictJson(req, text, done);
    });
    cancelScope.route<{ Params: { subscriptionId: string } }>({
      method: behaviour.protocol.cancelRoute.method,
      url: behaviour.protocol.cancelRoute.path,
      schema: ROUTE_SCHEMAS.cancelSubscription,
      config: { operation: 'cancelSubscription' },
      handler: (request, reply) => {
        const cancelled = behaviour.subscriptions.cancel(recordsOf(request), request.params.subscriptionId);
        if (behaviour.protocol.cancelAnswer === 'no-content') reply.code(204).send();
        else if (behaviour.protocol.cancelAnswer === 'accepted') reply.code(202).send();
        else if (behaviour.protocol.cancelAnswer === 'message')
          sendJson(reply, ctx, 200, JSON.stringify({ message: `Subscription ${cancelled.id} cancelled` }));
        else sendJson(reply, ctx, 200, JSON.stringify(behaviour.wire.subscription(cancelled)));
      },
    });
  });
}
