// Cases for the exchange checks, as data: a fabricated response and the clause failures (with the
// check that finds each) and observations it must produce.
import type { ClauseId } from '../../src/contract/clauses/catalogue.ts';
import {
  allocation,
  allocations,
  createCancelError,
  health,
  listGetError,
  offer,
  offers,
  patched,
  subscription,
  type ExchangeSpec,
} from './samples.ts';

export interface ExchangeCheckCase {
  description: string;
  response: ExchangeSpec;
  strict?: boolean;
  /** Exactly these failures, as [clause, check]; empty means the response conforms. */
  fails: Array<[ClauseId, string]>;
  /** Observations that must be among those made, by key (or by clause, when the key does not matter). */
  observes?: Array<{ clause: ClauseId; key?: string }>;
  /** Clauses that must not be observed. */
  neverObserves?: ClauseId[];
}

const BAD_UTC = '2024-05-01T10:00:00+01:00';
const ok = (operation: ExchangeSpec['operation'], body: unknown, status = 200): ExchangeSpec => ({ operation, status, body });

export const exchangeCheckCases: ExchangeCheckCase[] = [
  // --- Conforming responses: no failure ---------------------------------------------------------
  {
    description: 'offer list from the seed data',
    response: ok('offer.list', offers()),
    fails: [],
    neverObserves: ['GEN-EXTRA-FIELDS', 'OFFER-VALUES-SEEN', 'ERR-STATUS-CODES'],
  },
  { description: 'an empty offer list', response: ok('offer.list', []), fails: [] },
  {
    description: 'one offer',
    response: ok('offer.get', offer()),
    fails: [],
    observes: [{ clause: 'OFFER-STATUS-TRANSITIONS', key: 'offerStatus.open_for_subscription' }],
    neverObserves: ['OFFER-EARLY-CLOSE', 'OFFER-DISCOUNT-NO-PRICE'],
  },
  {
    description: 'allocation list from the seed data',
    response: ok('allocation.list', allocations()),
    fails: [],
    observes: [{ clause: 'ALLOC-ITEM-FIELDS', key: 'allocationItem.fields' }],
  },
  { description: 'one allocation record', response: ok('allocation.get', allocation()), fails: [], neverObserves: ['GEN-EXTRA-FIELDS'] },
  { description: 'subscription list', response: ok('subscription.list', [subscription()]), fails: [] },
  { description: 'one subscription', response: ok('subscription.get', subscription()), fails: [] },
  // --- A by-id path that lost its id names the list: its answer is not judged as one record (issue 49) -----
  {
    description: 'a list answered for GET /subscription/ (an empty id): not judged as one Subscription',
    response: { ...ok('subscription.get', [subscription()]), path: '/subscription/' },
    fails: [],
  },
  {
    description: 'a list answered for GET /offer/. (a dot segment): not judged as one Offer',
    response: { ...ok('offer.get', offers()), path: '/offer/.' },
    fails: [],
  },
  {
    description: 'a list answered for GET /allocation/%2E?offset=0 (a dot segment): not judged as one record',
    response: { ...ok('allocation.get', allocations()), path: '/allocation/%2E?offset=0' },
    fails: [],
  },
  {
    description: 'a list answered for GET /subscription/s1 (the path names one record): judged as one Subscription',
    response: ok('subscription.get', [subscription()]),
    fails: [['SUB-SCHEMA', 'successBodyMatchesSchema']],
  },
  {
    description: 'a create answered 201 (its success code is not shown): observed, not failed',
    response: ok('subscription.create', subscription(), 201),
    fails: [],
    observes: [{ clause: 'ERR-STATUS-CODES', key: 'status.subscription.create.201' }],
  },
  {
    description: 'a cancel answered 200 with any JSON body (its success body is not shown)',
    response: ok('subscription.cancel', { anything: true }),
    fails: [],
    neverObserves: ['GEN-EXTRA-FIELDS'],
  },
  {
    description: 'a cancel answered 204 No Content, with no content type and no body (its success response is not shown)',
    response: { operation: 'subscription.cancel', status: 204, text: '', contentType: null },
    fails: [],
  },
  {
    description: 'a cancel answered 202 Accepted with no body and no content type (a queued cancel; success response not shown)',
    response: { operation: 'subscription.cancel', status: 202, text: '', contentType: null },
    fails: [],
  },
  {
    description: 'a cancel answered 202 with a text body is judged: content is JSON',
    response: { operation: 'subscription.cancel', status: 202, text: 'Accepted', contentType: 'text/plain' },
    fails: [['GEN-JSON-CONTENT-TYPE', 'jsonContentType']],
  },
  {
    description: 'a create answered 202 with no body still needs its content type (its success body is the record)',
    response: { operation: 'subscription.create', status: 202, text: '', contentType: null },
    fails: [['GEN-JSON-CONTENT-TYPE', 'jsonContentType']],
  },
  {
    description: 'a read answered 204 No Content fails on its status, not on its missing content type',
    response: { operation: 'offer.list', status: 204, text: '', contentType: null },
    fails: [['GEN-SUCCESS-200', 'readSucceedsWith200']],
  },
  {
    description: 'health with contents in info and details (not shown: not extra fields)',
    response: ok('health', health()),
    fails: [],
    neverObserves: ['GEN-EXTRA-FIELDS', 'HEALTH-STATUS-VALUES'],
  },
  {
    description: 'content type in another case, with parameters',
    response: { ...ok('offer.get', offer()), contentType: 'Application/JSON;charset=UTF-8' },
    fails: [],
  },

  // --- Content type and JSON body -----------------------------------------------------------------
  {
    description: 'text/html with a JSON body',
    response: { ...ok('offer.list', offers()), contentType: 'text/html' },
    fails: [['GEN-JSON-CONTENT-TYPE', 'jsonContentType']],
  },
  {
    description: 'no content type at all',
    response: { ...ok('offer.list', offers()), contentType: null },
    fails: [['GEN-JSON-CONTENT-TYPE', 'jsonContentType']],
  },
  {
    description: 'application/json-seq is not application/json',
    response: { ...ok('offer.list', offers()), contentType: 'application/json-seq' },
    fails: [['GEN-JSON-CONTENT-TYPE', 'jsonContentType']],
  },
  {
    description: 'application/problem+json on an error is not application/json',
    response: { operation: 'offer.get', status: 404, body: listGetError(), contentType: 'application/problem+json' },
    fails: [['GEN-JSON-CONTENT-TYPE', 'jsonContentType']],
  },
  {
    description: 'a JSON content type over a body that is not JSON',
    response: { operation: 'offer.get', status: 200, text: '<html>offer</html>' },
    fails: [['GEN-JSON-CONTENT-TYPE', 'jsonContentType']],
  },
  {
    description: 'an empty 200 body',
    response: { operation: 'offer.list', status: 200, text: '' },
    fails: [['GEN-JSON-CONTENT-TYPE', 'jsonContentType']],
  },
  // Issue 10, defect 8: a broken answer is a failure of that exchange, and only of the body it could not read.
  {
    description: 'a 200 whose gzip body is corrupt',
    response: { operation: 'offer.list', status: 200, text: '', bodyError: 'incorrect header check' },
    fails: [['GEN-JSON-CONTENT-TYPE', 'bodyReadWhole']],
  },
  {
    description: 'a 400 cut short of its content-length',
    response: { operation: 'subscription.create', status: 400, text: '{"status":4', bodyError: 'terminated' },
    fails: [['GEN-JSON-CONTENT-TYPE', 'bodyReadWhole']],
  },

  // --- Status codes -------------------------------------------------------------------------------
  {
    description: 'a 500 on a read',
    response: { operation: 'offer.list', status: 500, body: listGetError('Internal Server Error') },
    fails: [['GEN-FAILURE-4XX', 'noServerError']],
    observes: [{ clause: 'ERR-STATUS-CODES', key: 'status.offer.list.500' }],
  },
  {
    description: 'a 503 on a create',
    response: { operation: 'subscription.create', status: 503, body: createCancelError(503, 'Service Unavailable') },
    fails: [['GEN-FAILURE-4XX', 'noServerError']],
  },
  {
    description: 'a 302 redirect',
    response: { operation: 'offer.get', status: 302, body: {} },
    fails: [['GEN-FAILURE-4XX', 'noServerError']],
  },
  { description: 'a 201 on a read', response: ok('offer.get', offer(), 201), fails: [['GEN-SUCCESS-200', 'readSucceedsWith200']] },
  {
    description: 'a 202 on a list',
    response: ok('subscription.list', [subscription()], 202),
    fails: [['GEN-SUCCESS-200', 'readSucceedsWith200']],
  },
  { description: 'a 201 on health', response: ok('health', health(), 201), fails: [['GEN-SUCCESS-200', 'readSucceedsWith200']] },
  {
    description: 'a 401 is recorded, and conforms with the list/get error body',
    response: { operation: 'offer.list', status: 401, body: listGetError('Unauthorized') },
    fails: [],
    observes: [{ clause: 'ERR-STATUS-CODES', key: 'status.offer.list.401' }],
    neverObserves: ['LIMIT-RATE'],
  },
  {
    description: 'a 429 reaching a test is recorded with its Retry-After',
    response: { operation: 'offer.list', status: 429, body: listGetError('Too Many Requests'), headers: { 'retry-after': '5' } },
    fails: [],
    observes: [
      { clause: 'LIMIT-RATE', key: 'rateLimit.retryAfter' },
      { clause: 'ERR-STATUS-CODES', key: 'status.offer.list.429' },
    ],
  },
  {
    description: '200 and 400 are not recorded as unexpected codes',
    response: ok('offer.get', offer()),
    fails: [],
    neverObserves: ['ERR-STATUS-CODES'],
  },

  // --- Schemas, each violation mapped to its clause -------------------------------------------------
  {
    description: 'offer lastModifiedOn with an offset instead of Z',
    response: ok('offer.get', patched(offer(), { '/dates/lastModifiedOn': BAD_UTC })),
    fails: [['GEN-TIMESTAMP-UTC', 'successBodyMatchesSchema']],
  },
  {
    description: 'a timestamp without a zone, in the third offer of a list',
    response: ok('offer.list', patched(offers(), { '/2/dates/offerStartDateTime': '2024-05-01 10:00:00' })),
    fails: [['GEN-TIMESTAMP-UTC', 'successBodyMatchesSchema']],
  },
  {
    description: 'offerType outside its enum',
    response: ok('offer.get', patched(offer(), { '/offerType': 'spac' })),
    fails: [['OFFER-ENUMS', 'successBodyMatchesSchema']],
  },
  {
    description: 'offerSubType outside its enum',
    response: ok('offer.list', patched(offers(), { '/1/offerSubType': 'rights_issue' })),
    fails: [['OFFER-ENUMS', 'successBodyMatchesSchema']],
  },
  {
    description: 'an offer without its issuer',
    response: ok('offer.get', patched(offer(), { '/issuer': undefined })),
    fails: [['OFFER-SCHEMA', 'successBodyMatchesSchema']],
  },
  {
    description: 'offerPrice sent as a string',
    response: ok('offer.get', patched(offer(), { '/pricingAndOrderLimits/offerPrice': '10.5' })),
    fails: [['OFFER-SCHEMA', 'successBodyMatchesSchema']],
  },
  {
    description: 'id renamed to offerId: a schema failure, and the new name observed',
    response: ok('offer.get', patched(offer(), { '/id': undefined, '/offerId': 'x' })),
    fails: [['OFFER-SCHEMA', 'successBodyMatchesSchema']],
    observes: [{ clause: 'GEN-EXTRA-FIELDS', key: 'extraField.offer.get./offerId' }],
  },
  {
    description: 'a bad enum and a bad timestamp in one offer: both clauses',
    response: ok('offer.get', patched(offer(), { '/offerType': 'IPO', '/dates/admissionDateTime': BAD_UTC })),
    fails: [
      ['OFFER-ENUMS', 'successBodyMatchesSchema'],
      ['GEN-TIMESTAMP-UTC', 'successBodyMatchesSchema'],
    ],
  },
  {
    description: 'subscription status outside its enum',
    response: ok('subscription.get', patched(subscription(), { '/status': 'ACCEPTED' })),
    fails: [['SUB-STATUS-ENUM', 'successBodyMatchesSchema']],
  },
  {
    description: 'a created subscription with status pending',
    response: ok('subscription.create', patched(subscription(), { '/status': 'pending' }), 201),
    fails: [['SUB-STATUS-ENUM', 'successBodyMatchesSchema']],
  },
  {
    description: 'a subscription without status',
    response: ok('subscription.list', [patched(subscription(), { '/status': undefined })]),
    fails: [['SUB-SCHEMA', 'successBodyMatchesSchema']],
  },
  {
    description: 'a subscription currency outside its enum',
    response: ok('subscription.get', patched(subscription(), { '/currency': 'JPY' })),
    fails: [['SUB-SCHEMA', 'successBodyMatchesSchema']],
  },
  {
    description: 'amountRequested with 7 decimal places',
    response: ok('subscription.get', patched(subscription(), { '/amountRequested': 1.1234567 })),
    fails: [['SUB-SCHEMA', 'successBodyMatchesSchema']],
  },
  {
    description: 'clientSubscriptionTimestamp without Z',
    response: ok('subscription.get', patched(subscription(), { '/clientSubscriptionTimestamp': '2024-05-01T10:00:00' })),
    fails: [['GEN-TIMESTAMP-UTC', 'successBodyMatchesSchema']],
  },
  {
    description: 'allocation priceCurrency outside its enum',
    response: ok('allocation.get', patched(allocation(), { '/priceCurrency': 'XXX' })),
    fails: [['ALLOC-SCHEMA', 'successBodyMatchesSchema']],
  },
  {
    description: 'allocation price sent as a string',
    response: ok('allocation.list', patched(allocations(), { '/0/price': '60.7' })),
    fails: [['ALLOC-SCHEMA', 'successBodyMatchesSchema']],
  },
  {
    description: 'a list that is an object',
    response: ok('offer.list', { items: offers() }),
    fails: [['OFFER-SCHEMA', 'successBodyMatchesSchema']],
  },
  {
    description: 'health without details',
    response: ok('health', patched(health(), { '/details': undefined })),
    fails: [['HEALTH-SCHEMA', 'successBodyMatchesSchema']],
  },
  {
    description: 'health info as a string',
    response: ok('health', patched(health(), { '/info': 'fine' })),
    fails: [['HEALTH-SCHEMA', 'successBodyMatchesSchema']],
  },

  // --- Error bodies per operation -------------------------------------------------------------------
  {
    description: 'get 404 with the list/get body',
    response: { operation: 'offer.get', status: 404, body: listGetError() },
    fails: [],
    observes: [{ clause: 'ERR-STATUS-CODES', key: 'status.offer.get.404' }],
  },
  {
    description: 'get 404 with validationErrors as strings',
    response: { operation: 'subscription.get', status: 404, body: { ...listGetError(), validationErrors: ['id: unknown'] } },
    fails: [],
  },
  {
    description: 'get 404 with the create/cancel body',
    response: { operation: 'offer.get', status: 404, body: createCancelError(404, 'Not Found') },
    fails: [['ERR-LIST-GET-BODY', 'errorBodyMatchesOperation']],
  },
  {
    description: 'list 401 without the error field',
    response: { operation: 'subscription.list', status: 401, body: { message: 'Unauthorized' } },
    fails: [['ERR-LIST-GET-BODY', 'errorBodyMatchesOperation']],
  },
  {
    description: 'get 404 with validationErrors as numbers',
    response: { operation: 'allocation.get', status: 404, body: { ...listGetError(), validationErrors: [1] } },
    fails: [['ERR-LIST-GET-BODY', 'errorBodyMatchesOperation']],
  },
  {
    description: 'get 404 as plain text',
    response: { operation: 'offer.get', status: 404, text: 'Not Found', contentType: 'text/plain' },
    fails: [
      ['GEN-JSON-CONTENT-TYPE', 'jsonContentType'],
      ['ERR-LIST-GET-BODY', 'errorBodyMatchesOperation'],
    ],
  },
  {
    description: 'create 400 with the create/cancel body',
    response: { operation: 'subscription.create', status: 400, body: createCancelError(400) },
    fails: [],
    observes: [{ clause: 'ERR-VALIDATION-ERROR-MODEL', key: 'validationError.fields' }],
    neverObserves: ['ERR-STATUS-CODES'],
  },
  {
    description: 'create 400 with the list/get body',
    response: { operation: 'subscription.create', status: 400, body: listGetError('Bad Request') },
    fails: [['ERR-CREATE-CANCEL-BODY', 'errorBodyMatchesOperation']],
  },
  {
    description: 'create 422 whose body says 400',
    response: { operation: 'subscription.create', status: 422, body: createCancelError(400, 'Unprocessable') },
    fails: [['ERR-CREATE-CANCEL-BODY', 'errorBodyMatchesOperation']],
  },
  {
    description: 'cancel 404 with status as a string',
    response: { operation: 'subscription.cancel', status: 404, body: { status: '404', errors: [], message: 'Not Found' } },
    fails: [['ERR-CREATE-CANCEL-BODY', 'errorBodyMatchesOperation']],
  },
  {
    description: 'cancel 409 with the create/cancel body',
    response: { operation: 'subscription.cancel', status: 409, body: { status: 409, errors: [], message: 'Conflict' } },
    fails: [],
    neverObserves: ['ERR-VALIDATION-ERROR-MODEL'],
  },
  {
    description: 'cancel 404 with errors that are not objects',
    response: { operation: 'subscription.cancel', status: 404, body: { status: 404, errors: ['unknown'], message: 'Not Found' } },
    fails: [['ERR-CREATE-CANCEL-BODY', 'errorBodyMatchesOperation']],
  },
  {
    description: 'health 401 has no error body to check',
    response: { operation: 'health', status: 401, body: { reason: 'no' } },
    fails: [],
    neverObserves: ['GEN-EXTRA-FIELDS'],
  },

  // --- 400 carries "Bad Request" ----------------------------------------------------------------------
  {
    description: 'list 400 with another message',
    response: { operation: 'offer.list', status: 400, body: listGetError('Invalid limit') },
    fails: [['ERR-400-MESSAGE', 'badRequestMessage']],
  },
  {
    description: 'create 400 with another message',
    response: { operation: 'subscription.create', status: 400, body: createCancelError(400, 'Validation failed') },
    fails: [['ERR-400-MESSAGE', 'badRequestMessage']],
  },
  {
    description: 'list 400 with "Bad Request"',
    response: { operation: 'offer.list', status: 400, body: listGetError('Bad Request') },
    fails: [],
  },
  {
    description: 'create 400 that is not JSON',
    response: { operation: 'subscription.create', status: 400, text: 'Bad Request' },
    fails: [
      ['GEN-JSON-CONTENT-TYPE', 'jsonContentType'],
      ['ERR-CREATE-CANCEL-BODY', 'errorBodyMatchesOperation'],
      ['ERR-400-MESSAGE', 'badRequestMessage'],
    ],
  },
  {
    description: 'a 404 need not say "Bad Request"',
    response: { operation: 'offer.get', status: 404, body: listGetError('Not Found') },
    fails: [],
  },

  // --- Extra fields: observed, or failed in strict mode ----------------------------------------------------
  {
    description: 'an extra field on every offer of a list is observed once, without indexes',
    response: ok(
      'offer.list',
      offers().map((o) => ({ ...o, riskRating: 'high' })),
    ),
    fails: [],
    observes: [{ clause: 'GEN-EXTRA-FIELDS', key: 'extraField.offer.list./*/riskRating' }],
  },
  {
    description: 'an extra field on every offer, strict',
    strict: true,
    response: ok(
      'offer.list',
      offers().map((o) => ({ ...o, riskRating: 'high' })),
    ),
    fails: [['GEN-EXTRA-FIELDS', 'extraFields']],
    neverObserves: ['GEN-EXTRA-FIELDS'],
  },
  {
    description: 'a nested extra field',
    response: ok('offer.get', patched(offer(), { '/details/newFlag': true })),
    fails: [],
    observes: [{ clause: 'GEN-EXTRA-FIELDS', key: 'extraField.offer.get./details/newFlag' }],
  },
  {
    description: 'an extra field on a subscription',
    response: ok('subscription.get', { ...subscription(), brokerNote: 'x' }),
    fails: [],
    observes: [{ clause: 'GEN-EXTRA-FIELDS', key: 'extraField.subscription.get./brokerNote' }],
  },
  {
    description: 'an extra field on an error body',
    response: { operation: 'offer.get', status: 404, body: { ...listGetError(), traceId: 'abc' } },
    fails: [],
    observes: [{ clause: 'GEN-EXTRA-FIELDS', key: 'extraField.offer.get./traceId' }],
  },
  {
    description: 'an extra field on an error body, strict',
    strict: true,
    response: { operation: 'offer.get', status: 404, body: { ...listGetError(), traceId: 'abc' } },
    fails: [['GEN-EXTRA-FIELDS', 'extraFields']],
  },
  {
    description: 'fields inside allocation items are not shown: not extra',
    response: ok('allocation.get', patched(allocation(), { '/allocations/0/newItemField': 1 })),
    fails: [],
    neverObserves: ['GEN-EXTRA-FIELDS'],
  },
  { description: 'strict mode does not fail a conforming body', strict: true, response: ok('offer.list', offers()), fails: [] },

  // --- UTC written with a zero offset: observed, or failed in strict mode ------------------------------------
  {
    description: 'an offer date in UTC with a zero offset (+00:00) instead of Z',
    response: ok('offer.get', patched(offer(), { '/dates/lastModifiedOn': '2024-05-01T10:00:00.000000+00:00' })),
    fails: [],
    observes: [{ clause: 'GEN-TIMESTAMP-UTC', key: 'timestamps.zeroOffset.offer.get' }],
  },
  {
    description: 'an offer date in UTC with a zero offset, strict',
    strict: true,
    response: ok('offer.get', patched(offer(), { '/dates/lastModifiedOn': '2024-05-01T10:00:00+00:00' })),
    fails: [['GEN-TIMESTAMP-UTC', 'zeroOffsetTimestamps']],
    neverObserves: ['GEN-TIMESTAMP-UTC'],
  },
  {
    description: 'an offer date with offset -00:00 (RFC 3339: unknown offset) is not UTC',
    response: ok('offer.get', patched(offer(), { '/dates/lastModifiedOn': '2024-05-01T10:00:00-00:00' })),
    fails: [['GEN-TIMESTAMP-UTC', 'successBodyMatchesSchema']],
  },

  // --- Values beyond those seen: observed, or failed in strict mode -------------------------------------------
  {
    description: 'details.type beyond the values seen',
    response: ok('offer.get', patched(offer(), { '/details/type': 'spin_off' })),
    fails: [],
    observes: [{ clause: 'OFFER-VALUES-SEEN', key: 'values.offer/details/type.spin_off' }],
  },
  {
    description: 'details.type beyond the values seen, strict',
    strict: true,
    response: ok('offer.get', patched(offer(), { '/details/type': 'spin_off' })),
    fails: [['OFFER-VALUES-SEEN', 'valuesBeyondSeen']],
    neverObserves: ['OFFER-VALUES-SEEN'],
  },
  {
    description: 'details.status beyond the values seen, in a list',
    response: ok('offer.list', patched(offers(), { '/1/details/status': 'suspended' })),
    fails: [],
    observes: [{ clause: 'OFFER-VALUES-SEEN', key: 'values.offer/details/status.suspended' }],
  },
  {
    description: 'priceType, membershipRequired and issuerType beyond the values seen',
    response: ok(
      'offer.get',
      patched(offer(), { '/pricingAndOrderLimits/priceType': 'range', '/details/membershipRequired': 'yes', '/issuer/issuerType': 'fund' }),
    ),
    fails: [],
    observes: [
      { clause: 'OFFER-VALUES-SEEN', key: 'values.offer/pricingAndOrderLimits/priceType.range' },
      { clause: 'OFFER-VALUES-SEEN', key: 'values.offer/details/membershipRequired.yes' },
      { clause: 'OFFER-VALUES-SEEN', key: 'values.offer/issuer/issuerType.fund' },
    ],
  },
  {
    description: 'health status beyond "ok"',
    response: ok('health', patched(health(), { '/status': 'degraded' })),
    fails: [],
    observes: [{ clause: 'HEALTH-STATUS-VALUES', key: 'values.health-check-result/status.degraded' }],
  },
  {
    description: 'health status beyond "ok", strict',
    strict: true,
    response: ok('health', patched(health(), { '/status': 'degraded' })),
    fails: [['HEALTH-STATUS-VALUES', 'valuesBeyondSeen']],
  },
  {
    description: 'an unseen value in an error response is not an offer value',
    response: { operation: 'offer.get', status: 404, body: { error: 'x', message: 'y', details: { type: 'spin_off' } } },
    fails: [],
    neverObserves: ['OFFER-VALUES-SEEN'],
  },

  // --- Order range and shown values ---------------------------------------------------------------------------
  {
    description: 'hardMinLimit above hardMaxLimit',
    response: ok(
      'offer.get',
      patched(offer(), { '/pricingAndOrderLimits/hardMinLimit': 5000, '/pricingAndOrderLimits/hardMaxLimit': 100 }),
    ),
    fails: [['OFFER-ORDER-RANGE', 'offerOrderRange']],
  },
  {
    description: 'hardMinLimit above hardMaxLimit in the second offer of a list',
    response: ok('offer.list', patched(offers(), { '/1/pricingAndOrderLimits/hardMinLimit': 1e9 })),
    fails: [['OFFER-ORDER-RANGE', 'offerOrderRange']],
  },
  {
    description: 'hardMinLimit equal to hardMaxLimit',
    response: ok('offer.get', patched(offer(), { '/pricingAndOrderLimits/hardMinLimit': 100, '/pricingAndOrderLimits/hardMaxLimit': 100 })),
    fails: [],
  },
  {
    description: 'an early close is observed with the offer status',
    response: ok('offer.get', patched(offer(), { '/dates/offerEarlyClose': '2024-05-02T10:00:00.000Z' })),
    fails: [],
    observes: [{ clause: 'OFFER-EARLY-CLOSE', key: 'earlyClose.status.open_for_subscription' }],
  },
  {
    description: 'a discount on a no_price offer is observed',
    response: ok('offer.get', patched(offer(), { '/pricingAndOrderLimits/priceType': 'no_price', '/pricingAndOrderLimits/discount': 2 })),
    fails: [],
    observes: [{ clause: 'OFFER-DISCOUNT-NO-PRICE', key: 'discount.noPrice.nonNull' }],
  },
  {
    description: 'a null discount on a no_price offer is as seen',
    response: ok(
      'offer.get',
      patched(offer(), { '/pricingAndOrderLimits/priceType': 'no_price', '/pricingAndOrderLimits/discount': null }),
    ),
    fails: [],
    neverObserves: ['OFFER-DISCOUNT-NO-PRICE'],
  },
];
