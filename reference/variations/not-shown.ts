// Variation switches, "not shown" items taken the other plausible way. One area of the table joined in
// reference/variations.ts.
import type { SubscriptionRequest } from '../data/types.ts';
import { ApiError } from '../errors.ts';
import { editable, patch, protocol } from '../patches.ts';
import { CATEGORY_OF_TYPE, type SubscriptionType } from '../../src/contract/vocabulary.ts';
import { isInvestorReferenceOf } from './investor-references.ts';
import type { VariationSwitch } from './variation-switch.ts';
import { replicaLag } from './durability.ts';

/** Subscription records answered without these fields (each optional in a response). */
const recordsWithout = (...fields: string[]) =>
  patch('wire', (current) => ({
    subscription: (record) => {
      const out = editable(current.subscription(record));
      for (const field of fields) delete out[field];
      return out;
    },
  }));

/** One more check of a create body the schema takes: `why` gives the reason it is refused with 400, or null. */
const refusing = (property: string, why: (request: SubscriptionRequest) => string | null) =>
  patch('subscriptions', (current) => ({
    validate: (body) => {
      const checked = current.validate(body);
      const reason = checked.ok ? why(checked.request) : null;
      return reason === null ? checked : { ok: false, errors: [{ property, messages: [reason] }] };
    },
  }));

export const NOT_SHOWN_VARIATIONS = [
  {
    name: 'create-200',
    description: 'A create is answered 200 (not 201).',
    apply: protocol({ createStatus: 200 }),
  },
  {
    name: 'create-202',
    description: 'A create is answered 202 Accepted with the record, as a service that takes an order for processing does (not 201).',
    apply: protocol({ createStatus: 202 }),
  },
  {
    name: 'credentials-403',
    description: 'Missing and wrong credentials are answered 403 (not 401).',
    apply: protocol({ missingCredentialsStatus: 403, wrongCredentialsStatus: 403 }),
  },
  {
    name: 'unknown-id-400',
    description: 'An unknown offer or subscription id is answered 400 (not 404).',
    apply: protocol({ unknownIdStatus: 400 }),
  },
  {
    name: 'validation-422',
    description:
      'An invalid request (a body, a query or a path parameter the service refuses, malformed JSON too) is answered 422 Unprocessable Content, as FastAPI and Rails answer one (not 400: "Failure: 4xx").',
    apply: protocol({ validationStatus: 422 }),
  },
  {
    name: 'cancel-by-delete',
    description: 'Cancel is DELETE /subscription/{subscriptionId} (not POST .../cancel).',
    apply: protocol({ cancelRoute: { method: 'DELETE', path: '/subscription/:subscriptionId' } }),
  },
  {
    name: 'cancel-204',
    description: 'A successful cancel is answered 204 No Content, with no body and no content-type (not 200 with the record).',
    apply: protocol({ cancelAnswer: 'no-content' }),
  },
  {
    name: 'cancel-answers-message',
    description:
      'A successful cancel is answered 200 with a JSON message ({"message": "Subscription ... cancelled"}), not the record (the success response is not shown).',
    apply: protocol({ cancelAnswer: 'message' }),
  },
  {
    name: 'cancel-async-202',
    description:
      'A cancel is answered 202 Accepted with no body and takes effect 300 ms later, as a queue would (the success response is not shown); a cancel of a record whose cancel is still pending is answered 202 again.',
    slow: true,
    apply: (behaviour) => {
      const pending = new Set<string>();
      const next = protocol({ cancelAnswer: 'accepted' })(behaviour);
      return patch('subscriptions', (current) => ({
        cancel: (store, id) => {
          const record = store.get(id);
          if (record && pending.has(id)) return record;
          // The checks a cancel makes (unknown id, not cancellable) answer at once; the change itself comes later.
          const before = record ? { ...record } : undefined;
          const view = current.cancel(store, id);
          if (before) {
            store.put(before);
            pending.add(id);
            setTimeout(() => {
              pending.delete(id);
              current.cancel(store, id);
            }, 300).unref();
          }
          return view;
        },
      }))(next);
    },
  },
  {
    name: 'health-elsewhere',
    description: 'The health check is GET /status/health (not /health).',
    apply: protocol({ healthRoute: { method: 'GET', path: '/status/health' } }),
  },
  {
    name: 'cancel-idempotent',
    description: 'Cancelling a cancelled subscription answers 200 with the record (not 409).',
    apply: patch('subscriptions', (current) => ({
      cancel: (store, id) => {
        const record = store.get(id);
        return record?.status === 'cancelled' ? record : current.cancel(store, id);
      },
    })),
  },
  {
    name: 'subscriptions-newest-first',
    description:
      'GET /subscription lists the newest record first (the order of a list is not shown): a record created between two page reads moves every later one down a place.',
    apply: patch('subscriptions', (current) => ({
      forOffer: (store, offerId) => [...current.forOffer(store, offerId)].reverse(),
    })),
  },
  {
    name: 'ids-opaque',
    description:
      'Subscription ids are not UUIDs: a sequence and a random part with characters a path must encode ("sub:2026/000042+k3f9"); the contract says only "Generated by the service, unique".',
    apply: (behaviour) => {
      let next = 0; // one sequence per server instance
      return patch('subscriptions', () => ({
        newId: () => `sub:2026/${String(++next).padStart(6, '0')}+${Math.random().toString(36).slice(2, 6)}`,
      }))(behaviour);
    },
  },
  {
    name: 'investor-identity-withheld',
    description:
      'Records are answered without investorReferenceType, investorReference and membershipCode (personal data and an access code kept, not sent back); the contract makes these fields optional in a response.',
    apply: recordsWithout('investorReferenceType', 'investorReference', 'membershipCode'),
  },
  {
    name: 'category-not-returned',
    description:
      'Records are answered without subscriptionCategory, as an API that added it to requests only would (optional in a response); the default a create gets shows in subscriptionType alone.',
    apply: recordsWithout('subscriptionCategory'),
  },
  {
    name: 'investor-references-checked',
    description:
      'investorReference is checked against its investorReferenceType ("Investor reference of the kind given"): a NINO by HMRC\'s rules, an LEI by its check digits, an SSN by the SSA\'s, a CONCAT by its layout; a reference of another kind is refused with 400.',
    apply: refusing('investorReference', ({ investorReferenceType: type, investorReference: reference }) =>
      type === undefined || reference === undefined || isInvestorReferenceOf(type, reference) ? null : `not a valid ${type}`,
    ),
  },
  {
    name: 'client-currency-gbp',
    description:
      'The client is associated with GBP ("A partner\'s client is associated with one currency; amounts in subscriptions are expressed in that currency"): a create in another currency is refused with 400, whatever the offer\'s own currency.',
    apply: refusing('currency', ({ currency }) => (currency === 'GBP' ? null : "must be GBP, the client's currency")),
  },
  {
    name: 'investor-kinds-checked',
    description:
      'An order is refused with 400 when its investor is of two kinds at once: a corporate investor ("ecp/institutional = corporate investor") identified as a person (any investorReferenceType but lei and other) or in a tax-efficient account (held by individuals), or an individual (retail, professional, or neither given) identified by an LEI (which identifies a legal entity).',
    apply: refusing('investorReferenceType', (request) => {
      const category =
        request.subscriptionCategory ??
        (request.subscriptionType ? CATEGORY_OF_TYPE[request.subscriptionType as SubscriptionType] : 'professional');
      const corporate = category === 'ecp/institutional';
      const type = request.investorReferenceType;
      if (corporate && type !== undefined && type !== 'lei' && type !== 'other')
        return `a corporate investor is not identified by a ${type}`;
      if (corporate && request.accountType === 'tax_efficient') return 'a corporate investor holds no tax-efficient account';
      if (!corporate && type === 'lei') return 'an individual investor is not identified by an LEI';
      return null;
    }),
  },
  {
    name: 'future-timestamps-refused',
    description:
      'A clientSubscriptionTimestamp more than 5 minutes ahead of the server\'s clock is refused with 400: it is the "time the order was received by the API client\'s own system", which cannot be to come.',
    apply: refusing('clientSubscriptionTimestamp', ({ clientSubscriptionTimestamp }) =>
      Date.parse(clientSubscriptionTimestamp) > Date.now() + 5 * 60_000 ? 'an order cannot be received in the future' : null,
    ),
  },
  {
    name: 'type-and-category-paired',
    description:
      'subscriptionType and subscriptionCategory must agree as the contract words them (qualified = professional, unqualified = retail, institutional = ecp/institutional); a body where they disagree is refused with 400.',
    apply: refusing('subscriptionCategory', ({ subscriptionType: type, subscriptionCategory: category }) =>
      type === undefined || category === undefined || CATEGORY_OF_TYPE[type as SubscriptionType] === category
        ? null
        : `${category} does not go with ${type}`,
    ),
  },
  {
    name: 'employees-rejected',
    description:
      "An order with isIssuerEmployee true is recorded as rejected (the issuer's own rule; which outcome under which condition is not shown).",
    apply: patch('subscriptions', (current) => ({
      outcome: (request, offer) => (request.isIssuerEmployee === true ? 'rejected' : current.outcome(request, offer)),
    })),
  },
  {
    name: 'reads-lag-300ms',
    description:
      'Reads (GET /subscription/{id}, GET /subscription) answer from a replica that shows a write 300 ms after it: a record just created is not found yet, one just cancelled still shows its old status. Writes answer at once.',
    slow: true,
    apply: replicaLag(300),
  },
  {
    name: 'refuse-out-of-limits',
    description: 'An order outside the limits or on a closed offer is refused with 400 (not recorded as rejected).',
    apply: patch('subscriptions', (current) => ({
      // Its own condition, not "whatever the reference rejects": composed with employees-rejected, an employee's order
      // inside the limits is still a valid request, recorded (as rejected), never a 400.
      outcome: (request, offer) => {
        const { hardMinLimit, hardMaxLimit } = offer.pricingAndOrderLimits;
        const outside = request.amountRequested < hardMinLimit || request.amountRequested > hardMaxLimit;
        if (offer.details.status === 'open_for_subscription' && !outside) return current.outcome(request, offer);
        const why = "the order is outside the offer's limits or the offer is not open for subscription";
        throw new ApiError(400, 'validation', why, [{ property: 'amountRequested', messages: [why] }]);
      },
    })),
  },
  {
    name: 'orders-inside-offer-period',
    description:
      'An order whose clientSubscriptionTimestamp ("time the order was received by the API client\'s own system") is before the offer\'s offerStartDateTime or after its offerEndDateTime is refused with 400: no order for it could be received then.',
    apply: patch('subscriptions', (current) => ({
      outcome: (request, offer) => {
        const received = Date.parse(request.clientSubscriptionTimestamp);
        const { offerStartDateTime, offerEndDateTime } = offer.dates;
        if (received >= Date.parse(offerStartDateTime) && received <= Date.parse(offerEndDateTime)) return current.outcome(request, offer);
        const why = `an order for this offer can only be received between ${offerStartDateTime} and ${offerEndDateTime}`;
        throw new ApiError(400, 'validation', why, [{ property: 'clientSubscriptionTimestamp', messages: [why] }]);
      },
    })),
  },
  {
    name: 'allocations-open-empty',
    description: 'Allocations of an open offer are 200 with an empty array (not 404).',
    apply: patch('allocations', () => ({
      ofOpenOffer: (offer) => ({
        offerId: offer.id,
        price: offer.pricingAndOrderLimits.offerPrice,
        priceCurrency: offer.pricingAndOrderLimits.currency,
        allocationCount: 0,
        allocations: [],
      }),
    })),
  },
  {
    name: 'max-page-10',
    description: 'The largest page is 10 entries (larger limits are capped).',
    apply: protocol({ maxLimit: 10 }),
  },
  {
    name: 'rate-limit-5',
    description: 'At most 5 requests per second per client, then 429 with Retry-After and a JSON error body.',
    apply: protocol({ rateLimit: 5 }),
    slow: true,
  },
  {
    name: 'retry-after-date',
    description: 'Retry-After is an HTTP date (RFC 9110), under a rate limit of 5 requests per second.',
    apply: protocol({ retryAfter: 'http-date', rateLimit: 5 }),
    slow: true,
  },
  {
    name: 'rate-limit-no-retry-after',
    description:
      'A 429 without Retry-After (the header is not promised: rate limits are not shown), under a rate limit of 5 requests per second.',
    apply: protocol({ retryAfter: 'none', rateLimit: 5 }),
    slow: true,
  },
  {
    name: 'latency-200ms',
    description: 'Every answer takes 200 ms more.',
    apply: protocol({ latencyMs: 200 }),
    slow: true,
  },
] as const satisfies readonly VariationSwitch[];
