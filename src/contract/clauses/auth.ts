// The contract's AUTH-* clauses (the ID prefix names this file). See ./clause.ts for what a clause is.
import { type Clause, S } from './clause.ts';

export const AUTH_CLAUSES = [
  // --- Authentication ------------------------------------------------------------------------
  {
    id: 'AUTH-REQUIRED',
    kind: 'must',
    section: S.auth,
    summary: 'Every call except the health check is refused (4xx) without both credential headers.',
    contract: [
      'Every call (except the health check) carries two headers: `service-api-subscription` (subscription key) and `service-api-secret` (secret key).',
      'Without them the request is not accepted.',
      'All endpoints except the health check require the credential headers.',
      'A failed call returns a 4xx status with a JSON error body.',
    ],
  },
  {
    id: 'AUTH-SUBSCRIPTION-KEY',
    kind: 'must',
    section: S.auth,
    summary: 'A missing or wrong service-api-subscription header is refused with a 4xx.',
    contract: [
      'Values are <SUBSCRIPTION_KEY> and <API_SECRET>. Without them the request is not accepted.',
      'Every call (except the health check) carries two headers: `service-api-subscription` (subscription key) and `service-api-secret` (secret key).',
      'A failed call returns a 4xx status with a JSON error body.',
    ],
  },
  {
    id: 'AUTH-SECRET',
    kind: 'must',
    section: S.auth,
    summary: 'A missing or wrong service-api-secret header is refused with a 4xx.',
    contract: [
      'Values are <SUBSCRIPTION_KEY> and <API_SECRET>. Without them the request is not accepted.',
      'Every call (except the health check) carries two headers: `service-api-subscription` (subscription key) and `service-api-secret` (secret key).',
      'A failed call returns a 4xx status with a JSON error body.',
    ],
  },
  {
    id: 'AUTH-CANCEL',
    kind: 'must',
    section: S.auth,
    summary:
      'A cancel of an existing record with missing or wrong credentials is refused (4xx) and leaves the record as it was (exercised only where a cancel route is known and the run may write).',
    contract: [
      'Every call (except the health check) carries two headers: `service-api-subscription` (subscription key) and `service-api-secret` (secret key).',
      'Without them the request is not accepted.',
      'Failure: 4xx with the validation error body.',
    ],
  },
  {
    id: 'AUTH-ERROR-BODY',
    kind: 'must',
    section: S.errors,
    summary: 'A refused call returns the JSON error body of its operation.',
    contract: [
      'A failed call returns a 4xx status with a JSON error body.',
      'Failure: 4xx, Error body (see Errors).',
      'Body for the list and get operations of offers, allocations and subscriptions:',
      'Body for creating and cancelling a subscription:',
    ],
  },
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
    contract: ["The credentials are issued to the partner by the service operator's solutions engineer on request."],
  },
  {
    id: 'AUTH-IP-ALLOWLIST',
    kind: 'must',
    section: S.auth,
    summary: "The operator allowlists the partner's IP addresses.",
    notTestable: 'Needs a second source address outside the allowlist; not reachable from one client.',
    contract: ['The partner supplies a list of its IP addresses, which the operator allowlists.'],
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
    contract: [
      'A staging environment and a production environment exist under different base addresses; both use {base_url} as the placeholder.',
    ],
  },
] as const satisfies readonly Clause[];
