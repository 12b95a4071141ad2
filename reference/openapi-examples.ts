// The `example`s of the OpenAPI document (reference/openapi.ts), taken from the reference's own data: its seeded
// offers and allocation records, a create body it accepts (an open offer, an amount inside its order range, in its
// currency), the record it answers with, and its error bodies as its error renderer writes them. Contract testers
// (Portman, Dredd, Prism's mock) send these, so each must be one the reference answers with success (issue 32, item 6).
import type { OperationName } from './behaviour.ts';
import { SEED_ALLOCATIONS } from './data/allocations.ts';
import { SEED_OFFERS } from './data/offers.ts';
import type { Offer } from './data/types.ts';
import { ApiError, createCancelBody, listGetBody, type ProblemKind } from './errors.ts';
import { OPERATIONS } from './behaviour.ts';
import { SECRET_HEADER, SUBSCRIPTION_KEY_HEADER } from '../src/contract/credentials.ts';

/** Per operation: an example for each parameter by name, the request body's, and each response body's by status. */
export interface OperationExamples {
  parameters: Record<string, string>;
  body?: unknown;
  responses: Record<string, unknown>;
}

/** The open offer the examples subscribe to: open, no membership code needed, a minimum above zero. */
const OPEN_OFFER: Offer = SEED_OFFERS.find(
  (o) => o.details.status === 'open_for_subscription' && o.details.membershipRequired === 'no' && o.pricingAndOrderLimits.hardMinLimit > 0,
)!;
/** An offer with an allocation record (allocations are granted on closed offers). */
const ALLOCATION = SEED_ALLOCATIONS[0];

/**
 * The subscription record's id in the examples. The reference makes a new id for each create (crypto.randomUUID), so no
 * id is known before a run: this one has the shape, and a tool that reads or cancels by it gets the documented 404.
 */
export const EXAMPLE_SUBSCRIPTION_ID = '3f8e2b9c-5d41-4e7a-9b06-2c1d7a4e8f53';

/** A body the reference accepts: every required field, both category fields, an amount twice the offer's minimum. */
export const EXAMPLE_CREATE_BODY = {
  offerId: OPEN_OFFER.id,
  amountRequested: OPEN_OFFER.pricingAndOrderLimits.hardMinLimit * 2,
  subscriptionType: 'xo_qualified',
  subscriptionCategory: 'retail',
  clientSubscriptionTimestamp: '2026-01-15T09:30:00Z',
  clientSubscriptionReference: 'partner-order-00001',
  currency: OPEN_OFFER.pricingAndOrderLimits.currency,
  accountType: 'general_investment',
} as const;

const RECORD = { id: EXAMPLE_SUBSCRIPTION_ID, ...EXAMPLE_CREATE_BODY, status: 'accepted' };

const PROBLEM: Record<number, [ProblemKind, string]> = {
  400: ['validation', 'The request is invalid'],
  401: ['auth', `Both credential headers ${SUBSCRIPTION_KEY_HEADER} and ${SECRET_HEADER} are required`],
  403: ['auth', 'The credentials are not valid'],
  404: ['not-found', 'No record with this id'],
  409: ['conflict', 'The subscription cannot be cancelled in its present status'],
  413: ['payload', 'The body is larger than the reference accepts'],
  415: ['payload', 'The body must be sent as application/json'],
  422: ['validation', 'The request is invalid'],
  429: ['rate-limit', 'Too many requests'],
  500: ['internal', 'Internal error'],
};

/** The error body the reference sends with `status` on this operation, as its renderer (reference/errors.ts) writes it. */
export function errorExample(operation: OperationName, status: number): unknown {
  const [kind, detail] = PROBLEM[status] ?? ['internal', 'Error'];
  const error = new ApiError(status, kind, detail);
  return OPERATIONS[operation] === 'write' ? createCancelBody(error) : listGetBody(error);
}

const page = { offset: '0', limit: '10' };

/** Success bodies by operation; error bodies come from `errorExample`. */
export const OPERATION_EXAMPLES: Record<OperationName, OperationExamples> = {
  listOffers: {
    parameters: { modifiedAfter: OPEN_OFFER.dates.lastModifiedOn, ...page },
    responses: { success: [OPEN_OFFER] },
  },
  getOffer: { parameters: { offerId: OPEN_OFFER.id }, responses: { success: OPEN_OFFER } },
  listAllocations: { parameters: page, responses: { success: [ALLOCATION] } },
  getAllocation: { parameters: { offerId: ALLOCATION.offerId, ...page }, responses: { success: ALLOCATION } },
  listSubscriptions: { parameters: { offerId: OPEN_OFFER.id, ...page }, responses: { success: [RECORD] } },
  createSubscription: { parameters: {}, body: EXAMPLE_CREATE_BODY, responses: { success: RECORD } },
  getSubscription: { parameters: { subscriptionId: EXAMPLE_SUBSCRIPTION_ID }, responses: { success: RECORD } },
  cancelSubscription: {
    parameters: { subscriptionId: EXAMPLE_SUBSCRIPTION_ID },
    responses: { success: { ...RECORD, status: 'cancelled' } },
  },
  health: {
    parameters: {},
    responses: { success: { status: 'ok', info: { store: { status: 'up' } }, error: null, details: { store: { status: 'up' } } } },
  },
};
