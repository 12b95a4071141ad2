// The contract's SUB-* clauses (the ID prefix names this file). See ./clause.ts for what a clause is.
import { type Clause, S } from './clause.ts';

export const SUBSCRIPTION_CLAUSES = [
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
  // --- What the service confirmed, read again late (issue 50) ---------------------------------------
  {
    id: 'SUB-CREATED-LASTS',
    kind: 'must',
    section: S.subStates,
    summary:
      "A record the service created is still there when read again late (after API_DURABILITY_WAIT), by id and in the list of its offer (GET /subscription?offerId=), with every request field its create echoed unchanged: the create's effect is a record, and no trigger shown changes its fields.",
    contract: 'A new record with a generated id is created',
  },
  {
    id: 'SUB-STATUS-UNPROMPTED',
    kind: 'observe',
    section: S.subStates,
    summary:
      "A status that changes when no call of the run asked for it (an accepted order read late as rejected, or cancelled by someone else): the table shows no trigger for it and forbids none; the late read records it, with when it was first seen. Out of a confirmed cancelled it is SUB-CANCELLED-STAYS's failure instead.",
  },
] as const satisfies readonly Clause[];
