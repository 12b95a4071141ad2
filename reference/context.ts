// What the routes of one server instance share, and the one way they answer successfully.
import type { FastifyReply } from 'fastify';
import type { Behaviour, Caller, OperationName } from './behaviour.ts';
import type { AllocationRecord } from './data/types.ts';
import type { OfferCatalogue } from './offer-catalogue.ts';
import type { SubscriptionStore } from './store.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Which operation a route is: picks its error body shape and whether it needs credentials. */
    operation?: OperationName;
  }
  interface FastifyRequest {
    /** Who sent it, once the credential check passed (null on the public routes). */
    caller: Caller | null;
  }
}

export interface ReferenceContext {
  behaviour: Behaviour;
  maxLimit: number;
  offers: OfferCatalogue;
  allocations: readonly AllocationRecord[];
  allocationsByOffer: ReadonlyMap<string, AllocationRecord>;
  store: SubscriptionStore;
}

export interface RouteOptions {
  ctx: ReferenceContext;
}

/** Sends an already serialized body as is, with the behaviour's content type. */
export function sendJson(reply: FastifyReply, ctx: ReferenceContext, status: number, body: string | Buffer): void {
  const { text, contentType } = ctx.behaviour.wire;
  reply
    .code(status)
    .type(contentType)
    .send(text ? text(body.toString()) : body);
}
