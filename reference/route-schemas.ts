// The schemas every route declares: params, querystring, body and each status it can answer with.
// Response schemas come from `schemas/` through the registry; they document the routes. The
// server serializes with plain JSON.stringify (see server.ts), so a schema never strips or coerces
// what a route (or a fault switch) sends.
import { loadSchema } from '../src/schema/registry.ts';
import type { SchemaName } from '../src/schema/registry.ts';
import { OPERATIONS } from './behaviour.ts';
import type { OperationName } from './behaviour.ts';
import { pageQueryProperties } from './paging.ts';

const model = (name: SchemaName): object => loadSchema(name);
const listOf = (name: SchemaName): object => ({ type: 'array', items: loadSchema(name) });

const ERROR_BODY: Record<'read' | 'write', () => object> = {
  read: () => model('error-body'),
  write: () => model('validation-error-body'),
};

/** Error statuses every credentialed route can answer with: refused, rate-limited, broken. */
const COMMON_ERRORS = [400, 401, 429, 500];

function responses(operation: OperationName, success: Record<number, object>, extraErrors: number[] = []): Record<number, object> {
  const errors = Object.fromEntries([...COMMON_ERRORS, ...extraErrors].map((status) => [status, ERROR_BODY[OPERATIONS[operation]]()]));
  return { ...success, ...errors };
}

const offerIdParam = {
  type: 'object',
  required: ['offerId'],
  properties: { offerId: { type: 'string', minLength: 1, description: 'a non-empty offer identifier' } },
};

const subscriptionIdParam = {
  type: 'object',
  required: ['subscriptionId'],
  properties: { subscriptionId: { type: 'string', minLength: 1, description: 'a non-empty subscription identifier' } },
};

const pageQuery = { type: 'object', properties: { ...pageQueryProperties } };

export const ROUTE_SCHEMAS = {
  listOffers: {
    querystring: {
      type: 'object',
      properties: {
        modifiedAfter: {
          type: 'string',
          format: 'utc-date-time',
          description: 'an ISO 8601 date-time in UTC (YYYY-MM-DDTHH:MM:SS[.fraction]Z)',
        },
        ...pageQueryProperties,
      },
    },
    response: responses('listOffers', { 200: listOf('offer') }),
  },
  getOffer: { params: offerIdParam, response: responses('getOffer', { 200: model('offer') }, [404]) },
  listAllocations: { querystring: pageQuery, response: responses('listAllocations', { 200: listOf('allocation-record') }) },
  getAllocation: {
    params: offerIdParam,
    querystring: pageQuery,
    response: responses('getAllocation', { 200: model('allocation-record') }, [404]),
  },
  listSubscriptions: {
    querystring: {
      type: 'object',
      properties: { offerId: { type: 'string', minLength: 1, description: 'a non-empty offer identifier' }, ...pageQueryProperties },
    },
    response: responses('listSubscriptions', { 200: listOf('subscription') }),
  },
  createSubscription: {
    body: model('subscription-create-request'),
    response: responses('createSubscription', { 201: model('subscription') }, [413, 415]),
  },
  getSubscription: { params: subscriptionIdParam, response: responses('getSubscription', { 200: model('subscription') }, [404]) },
  cancelSubscription: {
    params: subscriptionIdParam,
    response: responses('cancelSubscription', { 200: model('subscription') }, [404, 409, 413, 415]),
  },
  health: { response: { 200: model('health-check-result'), 401: ERROR_BODY.read(), 429: ERROR_BODY.read(), 500: ERROR_BODY.read() } },
} satisfies Record<OperationName, object>;
