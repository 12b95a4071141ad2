// The contract's CLIENT-* clauses (the ID prefix names this file). See ./clause.ts for what a clause is.
import { type Clause, S } from './clause.ts';

/**
 * The client's side of the contract: what a partner's client must do, checked on a session recorded by
 * the proxy (src/client-certification/client-checks.ts has one named check per clause).
 */
export const CLIENT_CLAUSES = [
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
