/**
 * The clause catalogue: every normative statement of the contract
 * (`spec/offer-subscription-api.md`) with a stable ID.
 *
 * - `must`: the document states it; a target that deviates fails.
 * - `observe`: the document says "not shown" or only lists values seen; the suite records what the
 *   target does and never fails on it (unless a pinned profile turns a change into drift, or strict mode).
 * - `notTestable`: a `must` that no black-box test can check, with the reason (shown in reports).
 * - `client`: a duty the contract puts on the partner's client (`clientClauses`, below). No test of the service
 *   can see it: the client certification (`npm run proxy`, `npm run certify:client`) checks it on a recorded
 *   session. Client clauses are never service must-clauses and never appear in a service certification.
 *
 * IDs are stable: tests, fault switches, waivers and reports refer to them. Add, never renumber.
 */
export type ClauseKind = 'must' | 'observe' | 'client';

export interface Clause {
  /** Stable identifier, AREA-WHAT, e.g. `SUB-CREATE-DECIMALS`. */
  id: string;
  /** One line in our own words. */
  summary: string;
  /** Section of the contract it comes from. */
  section: string;
  kind: ClauseKind;
  /** Set when no black-box test can check it; the reason is shown in reports. */
  notTestable?: string;
  /** The contract's own words the clause comes from (client clauses quote them in their report). */
  contract?: string;
}

const S = {
  overview: 'What the service does',
  conventions: 'Conventions',
  offer: 'Resources and their fields / Offer',
  allocation: 'Resources and their fields / Allocation record',
  subscription: 'Resources and their fields / Subscription',
  health: 'Resources and their fields / Health check result',
  subStates: 'States and transitions / Subscription status',
  offerStates: 'States and transitions / Offer status',
  epOffers: 'Endpoints / Get all offers',
  epOffer: 'Endpoints / Get an offer by its identifier',
  epAllocations: 'Endpoints / Get all allocations',
  epAllocation: 'Endpoints / Get allocations for an offer',
  epSubs: 'Endpoints / Get all subscriptions',
  epCreate: 'Endpoints / Create a subscription',
  epSub: 'Endpoints / Get a specific subscription',
  epCancel: 'Endpoints / Cancel a subscription',
  epHealth: 'Endpoints / Get healthcheck status',
  auth: 'Authentication',
  events: 'Events',
  errors: 'Errors',
  limits: 'Limits',
  versioning: 'Versioning',
} as const;

export const clauses = [
  // --- General conventions -------------------------------------------------------------------
  {
    id: 'GEN-JSON-CONTENT-TYPE',
    kind: 'must',
    section: S.overview,
    summary: 'Every response carries content-type application/json and a JSON body.',
  },
  { id: 'GEN-SUCCESS-200', kind: 'must', section: S.overview, summary: 'A successful read (list, get, health) returns status 200.' },
  {
    id: 'GEN-FAILURE-4XX',
    kind: 'must',
    section: S.overview,
    summary: 'A failed call returns a 4xx status with a JSON error body; never a 5xx, whatever the request.',
  },
  {
    id: 'GEN-TIMESTAMP-UTC',
    kind: 'must',
    section: S.conventions,
    summary:
      "Every timestamp is ISO 8601 in UTC: Z as in the contract's example, or a zero offset +00:00 (the same instant, recorded; failed in strict mode); fractions of a second allowed.",
  },
  { id: 'GEN-FIELD-NAMES', kind: 'must', section: S.conventions, summary: 'Field names are exact and case-sensitive.' },
  {
    id: 'GEN-ACCEPT-HEADER',
    kind: 'must',
    section: S.overview,
    summary: 'Requests are sent with accept: application/json.',
    notTestable:
      "An obligation on the client; the suite's client always sends the header (a partner's client: CLIENT-ACCEPT-HEADER, npm run certify:client).",
  },
  {
    id: 'GEN-EXTRA-FIELDS',
    kind: 'observe',
    section: S.conventions,
    summary: 'Fields beyond those the contract lists are recorded (strict mode fails on them).',
  },

  // --- Authentication ------------------------------------------------------------------------
  {
    id: 'AUTH-REQUIRED',
    kind: 'must',
    section: S.auth,
    summary: 'Every call except the health check is refused (4xx) without both credential headers.',
  },
  {
    id: 'AUTH-SUBSCRIPTION-KEY',
    kind: 'must',
    section: S.auth,
    summary: 'A missing or wrong service-api-subscription header is refused with a 4xx.',
  },
  { id: 'AUTH-SECRET', kind: 'must', section: S.auth, summary: 'A missing or wrong service-api-secret header is refused with a 4xx.' },
  { id: 'AUTH-ERROR-BODY', kind: 'must', section: S.errors, summary: 'A refused call returns the JSON error body of its operation.' },
  {
    id: 'AUTH-FAILURE-STATUS',
    kind: 'observe',
    section: S.errors,
    summary: 'The status codes for missing and for wrong credentials are not shown; recorded.',
  },
  {
    id: 'AUTH-ISSUANCE',
    kind: 'must',
    section: S.auth,
    summary: "Credentials are issued by the operator's solutions engineer on request.",
    notTestable: 'An onboarding process, not an API behaviour.',
  },
  {
    id: 'AUTH-IP-ALLOWLIST',
    kind: 'must',
    section: S.auth,
    summary: "The operator allowlists the partner's IP addresses.",
    notTestable: 'Needs a second source address outside the allowlist; not reachable from one client.',
  },
  {
    id: 'AUTH-CLIENT-CURRENCY',
    kind: 'observe',
    section: S.auth,
    summary: 'A client is associated with one currency; which one, and what other currencies get, is recorded.',
  },
  {
    id: 'AUTH-ENVIRONMENTS',
    kind: 'must',
    section: S.auth,
    summary: 'Staging and production exist under different base addresses.',
    notTestable: 'A deployment fact; the suite is pointed at one base address per run.',
  },

  // --- Offers ----------------------------------------------------------------------------------
  { id: 'OFFER-LIST', kind: 'must', section: S.epOffers, summary: 'GET /offer returns 200 and an array of Offer.' },
  {
    id: 'OFFER-SCHEMA',
    kind: 'must',
    section: S.offer,
    summary: 'Every offer has the Offer fields with their types, required parts and nullability.',
  },
  { id: 'OFFER-ENUMS', kind: 'must', section: S.offer, summary: 'offerType and offerSubType take only their enumerated values.' },
  {
    id: 'OFFER-VALUES-SEEN',
    kind: 'observe',
    section: S.offer,
    summary: 'details.status/type/subType, membershipRequired, priceType, issuerType beyond the values seen are recorded.',
  },
  {
    id: 'OFFER-ORDER-RANGE',
    kind: 'must',
    section: S.limits,
    summary: 'Each offer has an order size range: hardMinLimit <= hardMaxLimit.',
  },
  {
    id: 'OFFER-EARLY-CLOSE',
    kind: 'observe',
    section: S.offer,
    summary: 'offerEarlyClose appears only on offers closed early; where it appears, the offer status is recorded.',
  },
  {
    id: 'OFFER-DISCOUNT-NO-PRICE',
    kind: 'observe',
    section: S.offer,
    summary: 'discount is null when priceType is no_price in the responses seen; other combinations recorded.',
  },
  {
    id: 'OFFER-GET',
    kind: 'must',
    section: S.epOffer,
    summary: 'GET /offer/{offerId} returns 200 and the same Offer as the list entry with that id.',
  },
  {
    id: 'OFFER-UNKNOWN-ID',
    kind: 'must',
    section: S.epOffer,
    summary: 'GET /offer/{offerId} for an unknown id returns a 4xx with the list/get error body.',
  },
  {
    id: 'OFFER-MODIFIED-AFTER',
    kind: 'must',
    section: S.epOffers,
    summary: 'modifiedAfter returns exactly the offers with lastModifiedOn on or after the instant (inclusive).',
  },
  {
    id: 'OFFER-STATUS-TRANSITIONS',
    kind: 'observe',
    section: S.offerStates,
    summary: 'Offer status transitions are not shown; statuses seen are recorded.',
  },

  // --- Allocations -----------------------------------------------------------------------------
  { id: 'ALLOC-LIST', kind: 'must', section: S.epAllocations, summary: 'GET /allocation returns 200 and an array of Allocation records.' },
  {
    id: 'ALLOC-SCHEMA',
    kind: 'must',
    section: S.allocation,
    summary: 'Every allocation record has offerId, price, priceCurrency (enum), allocations[] and an optional numeric allocationCount.',
  },
  {
    id: 'ALLOC-ONE-PER-OFFER',
    kind: 'must',
    section: S.overview,
    summary: 'Allocations are per offer: one record per offerId, each naming an offer that exists.',
  },
  {
    id: 'ALLOC-GET',
    kind: 'must',
    section: S.epAllocation,
    summary: 'GET /allocation/{offerId} returns 200 and the one record for that offer, equal to its list entry.',
  },
  {
    id: 'ALLOC-UNKNOWN-OFFER',
    kind: 'must',
    section: S.epAllocation,
    summary: 'GET /allocation/{offerId} for an unknown offer returns a 4xx with the list/get error body.',
  },
  {
    id: 'ALLOC-COUNT',
    kind: 'must',
    section: S.allocation,
    summary: 'Where allocationCount is present it equals the number of allocations retrievable for the offer.',
  },
  {
    id: 'ALLOC-ITEM-FIELDS',
    kind: 'observe',
    section: S.allocation,
    summary: 'Fields of an allocation item are not shown; the fields seen are recorded.',
  },
  {
    id: 'ALLOC-LIST-PAGINATION',
    kind: 'observe',
    section: S.epAllocations,
    summary:
      'GET /allocation lists no query parameters while Limits says allocations paginate; whether it honours offset/limit is recorded.',
  },

  // --- Subscriptions: create -------------------------------------------------------------------
  {
    id: 'SUB-CREATE',
    kind: 'must',
    section: S.epCreate,
    summary: 'POST /subscription with a valid body succeeds (2xx) and returns the created Subscription.',
  },
  {
    id: 'SUB-CREATE-STATUS-CODE',
    kind: 'observe',
    section: S.epCreate,
    summary: 'The success status code of create is not shown; recorded (and pinned by a profile).',
  },
  {
    id: 'SUB-SCHEMA',
    kind: 'must',
    section: S.subscription,
    summary: 'Every subscription returned has the response fields with their types, enums and required parts.',
  },
  {
    id: 'SUB-CREATE-ECHO',
    kind: 'must',
    section: S.subscription,
    summary:
      'The created record carries the request fields with the values sent; a field the contract makes optional in a response may be left out (observed).',
  },
  {
    id: 'SUB-CREATE-ID',
    kind: 'must',
    section: S.subscription,
    summary: 'The service generates an id for each created record, unique across records.',
  },
  { id: 'SUB-STATUS-ENUM', kind: 'must', section: S.subStates, summary: 'A subscription status is one of accepted, rejected, cancelled.' },
  {
    id: 'SUB-CREATE-DEFAULTS',
    kind: 'must',
    section: S.subscription,
    summary: 'With neither subscriptionType nor subscriptionCategory, they default to discretionary_qualified and professional.',
  },
  {
    id: 'SUB-CREATE-TYPE-OR-CATEGORY',
    kind: 'observe',
    section: S.subscription,
    summary: 'A body with only one of subscriptionType/subscriptionCategory: the contract does not say; recorded.',
  },
  {
    id: 'SUB-CREATE-NO-DEDUP',
    kind: 'must',
    section: S.epCreate,
    summary: 'Identical bodies sent several times create several records with different ids.',
  },
  {
    id: 'SUB-CREATE-DECIMALS',
    kind: 'must',
    section: S.limits,
    summary: 'amountRequested with more than 6 decimal places is refused with a 4xx.',
  },
  {
    id: 'SUB-CREATE-VALIDATION',
    kind: 'must',
    section: S.epCreate,
    summary:
      'An invalid body (missing required field, wrong type, value outside an enum, non-UTC timestamp) gets a 4xx validation error and creates nothing.',
  },
  {
    id: 'SUB-CREATE-ORDER-LIMITS',
    kind: 'must',
    section: S.limits,
    summary: "An order outside the offer's hardMinLimit..hardMaxLimit is not accepted (a 4xx, or status rejected).",
  },
  {
    id: 'SUB-CREATE-UNKNOWN-OFFER',
    kind: 'must',
    section: S.subscription,
    summary: 'An order for an offerId not in the offers list is not accepted (a 4xx, or status rejected).',
  },
  {
    id: 'SUB-CREATE-OUTCOME',
    kind: 'observe',
    section: S.subStates,
    summary: 'Which status a new record gets under which condition is not shown; outcomes are recorded.',
  },
  {
    id: 'SUB-MEMBERSHIP-STATUS',
    kind: 'observe',
    section: S.subscription,
    summary: 'membershipStatus is set for community offerings; when and to what is recorded.',
  },
  {
    id: 'SUB-TYPE-DEPRECATED',
    kind: 'must',
    section: S.versioning,
    summary: 'subscriptionType is deprecated in favour of subscriptionCategory but still part of the request.',
    notTestable: 'Deprecation is documentation; sending the field is exercised by SUB-CREATE.',
  },
  {
    id: 'SUB-CLIENT-PREVENTS-DUPLICATES',
    kind: 'must',
    section: S.epCreate,
    summary: 'The client must prevent duplicates.',
    notTestable:
      "An obligation on the client; the suite never retries a create (a partner's client: CLIENT-NO-DUPLICATE-CREATES, npm run certify:client).",
  },

  // --- Subscriptions: read, list, cancel -------------------------------------------------------
  { id: 'SUB-GET', kind: 'must', section: S.epSub, summary: 'GET /subscription/{id} returns 200 and the record as created.' },
  {
    id: 'SUB-UNKNOWN-ID',
    kind: 'must',
    section: S.errors,
    summary: 'GET /subscription/{id} for an unknown id returns a 4xx with the list/get error body.',
  },
  {
    id: 'SUB-LIST',
    kind: 'must',
    section: S.epSubs,
    summary: 'GET /subscription returns 200 and an array of Subscription including the records created.',
  },
  {
    id: 'SUB-LIST-OFFER-FILTER',
    kind: 'must',
    section: S.epSubs,
    summary: 'GET /subscription?offerId= returns only, and all, subscriptions on that offer.',
  },
  {
    id: 'SUB-CANCEL',
    kind: 'must',
    section: S.epCancel,
    summary: 'Cancelling a subscription makes its status cancelled on the next read.',
  },
  {
    id: 'SUB-CANCEL-ROUTE',
    kind: 'observe',
    section: S.epCancel,
    summary: 'Cancel method, path and success response are not shown; taken from the profile and recorded.',
  },
  {
    id: 'SUB-CANCEL-UNKNOWN-ID',
    kind: 'must',
    section: S.epCancel,
    summary: 'Cancelling an unknown id returns a 4xx with the create/cancel validation error body.',
  },
  {
    id: 'SUB-CANCEL-REPEAT',
    kind: 'observe',
    section: S.subStates,
    summary: 'From which states cancel is allowed is not shown; what cancelling a cancelled record does is recorded.',
  },

  // --- Health ------------------------------------------------------------------------------------
  { id: 'HEALTH-NO-CREDENTIALS', kind: 'must', section: S.epHealth, summary: 'The health check succeeds without credential headers.' },
  {
    id: 'HEALTH-SCHEMA',
    kind: 'must',
    section: S.health,
    summary: 'The health result has status (string), info and error (object or null) and details (object).',
  },
  {
    id: 'HEALTH-ROUTE',
    kind: 'observe',
    section: S.epHealth,
    summary: 'The health method and path are not shown; taken from the profile and recorded.',
  },
  { id: 'HEALTH-STATUS-VALUES', kind: 'observe', section: S.health, summary: 'Health status values beyond "ok" are recorded.' },

  // --- Pagination --------------------------------------------------------------------------------
  { id: 'PAGE-OFFSET-ZERO-BASED', kind: 'must', section: S.limits, summary: 'offset is zero-based: offset=0 starts at the first entry.' },
  {
    id: 'PAGE-LIMIT',
    kind: 'must',
    section: S.limits,
    summary: 'limit is the most entries returned; a page is the slice [offset, offset+limit) of the full list.',
  },
  {
    id: 'PAGE-WALK',
    kind: 'must',
    section: S.limits,
    summary: 'Walking pages by offset += limit rebuilds the full list with no gap and no duplicate.',
  },
  {
    id: 'PAGE-ALL-WHEN-OMITTED',
    kind: 'must',
    section: S.limits,
    summary: 'With offset and limit both omitted, all entries are returned.',
  },
  { id: 'PAGE-OFFSET-PAST-END', kind: 'must', section: S.limits, summary: 'An offset past the last entry returns an empty page.' },
  {
    id: 'PAGE-MAX-LIMIT',
    kind: 'must',
    section: S.limits,
    summary: 'A limit above the allowed maximum is not an error: the service applies its own maximum.',
  },
  { id: 'PAGE-MAX-LIMIT-VALUE', kind: 'observe', section: S.limits, summary: 'The value of the maximum page size is not shown; recorded.' },
  {
    id: 'PAGE-INVALID-PARAMS',
    kind: 'observe',
    section: S.limits,
    summary: 'What negative, non-numeric or empty offset/limit get is not shown; recorded (a failure must still be a 4xx).',
  },

  // --- Errors ------------------------------------------------------------------------------------
  {
    id: 'ERR-LIST-GET-BODY',
    kind: 'must',
    section: S.errors,
    summary: 'Errors of list/get operations have error (string), message (string), optional validationErrors (string[]).',
  },
  {
    id: 'ERR-CREATE-CANCEL-BODY',
    kind: 'must',
    section: S.errors,
    summary: 'Errors of create/cancel have status (the HTTP status), errors (object[]) and message (string).',
  },
  { id: 'ERR-400-MESSAGE', kind: 'must', section: S.errors, summary: 'A 400 response carries the message "Bad Request".' },
  {
    id: 'ERR-STATUS-CODES',
    kind: 'observe',
    section: S.errors,
    summary: 'Status codes other than 200 and 400 are not shown; those met are recorded.',
  },
  {
    id: 'ERR-VALIDATION-ERROR-MODEL',
    kind: 'observe',
    section: S.errors,
    summary: 'Fields of ValidationErrorModel are not shown; those seen are recorded.',
  },

  // --- Limits, events, versioning -----------------------------------------------------------------
  {
    id: 'LIMIT-RATE',
    kind: 'observe',
    section: S.limits,
    summary: 'Request rate limits are not shown; 429s, Retry-After and their body are recorded.',
  },
  {
    id: 'EVT-ALLOCATION-WEBHOOK',
    kind: 'must',
    section: S.events,
    summary: 'An allocation webhook may carry only the allocation count, after which the partner polls the allocations endpoints.',
    notTestable: 'Webhook registration, payload and delivery are not shown; the suite cannot subscribe to them.',
  },
  {
    id: 'VER-COMMERCIAL-2',
    kind: 'must',
    section: S.versioning,
    summary: 'The interface is the Commercial API, version 2.0.',
    notTestable: 'Version selection in requests is not shown; nothing to send or check.',
  },

  // --- Subscriptions: consistency and enum coverage (issue 15) ---------------------------------------
  {
    id: 'SUB-LIST-MATCHES-GET',
    kind: 'must',
    section: S.epSubs,
    summary:
      'GET /subscription lists each record with the status GET /subscription/{id} gives it, after every state change (create, cancel).',
  },
  {
    id: 'SUB-CREATE-ENUM-VALUES',
    kind: 'must',
    section: S.subscription,
    summary:
      "Every enumerated value of a request field is valid: a body using it is created, not refused (currency: the client's own, Authentication 4).",
  },

  // --- Sequences of calls (issue 12): laws that only a sequence shows ----------------------------------
  {
    id: 'SUB-CANCELLED-STAYS',
    kind: 'must',
    section: S.subStates,
    summary:
      'A cancelled subscription stays cancelled: the only transition listed, cancel, leads to cancelled, so no later call (a second cancel included) gives it another status.',
  },
  {
    id: 'PAGE-STABLE-ORDER',
    kind: 'must',
    section: S.limits,
    summary:
      'Two reads of a list with no change to its entries in between give them in the same order (offset paging, next page = offset + limit, relies on it).',
  },
  {
    id: 'SUB-READ-AFTER-WRITE',
    kind: 'observe',
    section: S.subscription,
    summary:
      "How soon a read shows the run's own write is not shown: a read that does not show it yet is read again for up to API_READ_SETTLE seconds (default 2) before it is judged, and the delay is recorded.",
  },
  {
    id: 'SUB-SEQUENCE-CONSISTENT',
    kind: 'observe',
    section: S.subStates,
    summary:
      "Choices the contract leaves open that a record's status decides (the answer to cancel from one status) are recorded from the first answer of a sequence; a different choice later in the same sequence fails. The status a create gets is observed only (SUB-CREATE-OUTCOME): its condition is not shown.",
  },
] as const satisfies readonly Clause[];

/**
 * The client's side of the contract: what a partner's client must do, checked on a session recorded by
 * the proxy (src/client-certification/client-checks.ts has one named check per clause).
 */
export const clientClauses = [
  {
    id: 'CLIENT-ACCEPT-HEADER',
    kind: 'client',
    section: S.overview,
    summary: 'Every request carries accept: application/json.',
    contract: 'Requests are sent with the header `accept: application/json`.',
  },
  {
    id: 'CLIENT-CREDENTIALS',
    kind: 'client',
    section: S.auth,
    summary: 'Every call but the health check carries both credential headers, non-empty.',
    contract:
      'Every call (except the health check) carries two headers: `service-api-subscription` (subscription key) and `service-api-secret` (secret key).',
  },
  {
    id: 'CLIENT-REQUEST-SCHEMA',
    kind: 'client',
    section: S.subscription,
    summary:
      'Every create body is a valid Subscription request (required fields, types, UTC timestamps); list queries carry numeric offset/limit and a UTC modifiedAfter.',
    contract: 'Request body: JSON object with the Subscription request fields.',
  },
  {
    id: 'CLIENT-DECIMALS',
    kind: 'client',
    section: S.limits,
    summary: 'amountRequested never has more than 6 decimal places.',
    contract: 'amountRequested holds at most 6 decimal places.',
  },
  {
    id: 'CLIENT-CURRENCY',
    kind: 'client',
    section: S.auth,
    summary: "Every create is in the client's one currency (the same currency throughout, and the agreed one when given).",
    contract: "A partner's client is associated with one currency; amounts in subscriptions are expressed in that currency.",
  },
  {
    id: 'CLIENT-ENUMS',
    kind: 'client',
    section: S.subscription,
    summary: 'Enumerated request fields carry one of their exact values (case-sensitive).',
    contract:
      'Subscription request fields subscriptionType, subscriptionCategory, investorReferenceType, currency and accountType: Enum: [their listed values].',
  },
  {
    id: 'CLIENT-NO-DUPLICATE-CREATES',
    kind: 'client',
    section: S.epCreate,
    summary:
      'No identical create body is sent twice within the duplicate window, and a create whose outcome is unknown (no answer, 5xx) is never resent as it was.',
    contract:
      'Sending identical bodies several times creates several records; the service performs no duplicate detection, so the client must prevent duplicates.',
  },
  {
    id: 'CLIENT-POLLS-MODIFIED-AFTER',
    kind: 'client',
    section: S.epOffers,
    summary:
      'After its first read of the offers, the client polls for new offers with modifiedAfter (a read of all the offers again now and then, as after a restart, is allowed; as its way of polling, not).',
    contract: 'modifiedAfter: Only offers modified on or after this instant are returned. Recommended way to poll for new offers.',
  },
  {
    id: 'CLIENT-PAGINATION-WALK',
    kind: 'client',
    section: S.limits,
    summary:
      'A list is walked by increasing offset by limit: each next page starts where a page before it ended (pages asked for at once may arrive in any order).',
    contract: 'Pagination is offset-based [...] Next page: increase offset by limit.',
  },
  {
    id: 'CLIENT-HONOURS-RETRY-AFTER',
    kind: 'client',
    section: S.limits,
    summary: 'After a 429 with Retry-After, the client sends nothing before that time has passed.',
    contract:
      "Request rate limits: not shown. (A 429 with Retry-After, RFC 9110 section 10.2.3, is the service's limit; the suite's own client honours it the same way.)",
  },
  {
    id: 'CLIENT-RATE',
    kind: 'client',
    section: S.limits,
    summary: 'The client never sends more requests in any one second than the rate agreed with the operator.',
    contract: 'Request rate limits: not shown. (The agreed rate is given to the certification with --agreed-rate.)',
  },
] as const satisfies readonly Clause[];

export type ClauseId = (typeof clauses)[number]['id'] | (typeof clientClauses)[number]['id'];
export type ClientClauseId = (typeof clientClauses)[number]['id'];

const byId = new Map<string, Clause>([...clauses, ...clientClauses].map((c) => [c.id, c]));

export function getClause(id: string): Clause {
  const clause = byId.get(id);
  if (!clause) throw new Error(`Unknown clause ID "${id}": add it to src/clauses/catalogue.ts`);
  return clause;
}

export function isClauseId(id: string): id is ClauseId {
  return byId.has(id);
}
