import type { FastifyInstance } from 'fastify';
import type { HealthResult } from '../behaviour.ts';
import { sendJson } from '../context.ts';
import type { RouteOptions } from '../context.ts';
import { ROUTE_SCHEMAS } from '../route-schemas.ts';

export async function healthRoutes(app: FastifyInstance, { ctx }: RouteOptions): Promise<void> {
  const { method, path } = ctx.behaviour.protocol.healthRoute;
  app.route({
    method,
    url: path,
    schema: ROUTE_SCHEMAS.health,
    config: { operation: 'health' },
    handler: (_request, reply) => {
      const store = { status: 'up' };
      const result: HealthResult = { status: 'ok', info: { store }, error: null, details: { store } };
      sendJson(reply, ctx, 200, JSON.stringify(ctx.behaviour.wire.health(result)));
    },
  });
}
