// The contract's AUTH-* clauses (the ID prefix names this file). See ./clause.ts for what a clause is.
import { type Clause, S } from './clause.ts';

export const AUTH_CLAUSES = [
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
    summary:
      'A missing or wrong service-api-subscription header is refused with a 4xx, the right key in another letter case included ("Without them the request is not accepted").',
  },
  {
    id: 'AUTH-SECRET',
    kind: 'must',
    section: S.auth,
    summary:
      'A missing or wrong service-api-secret header is refused with a 4xx, a secret one character off the right one and another partner\'s secret with this key included ("Without them the request is not accepted").',
  },
  {
    id: 'AUTH-CANCEL',
    kind: 'must',
    section: S.auth,
    summary:
      'A cancel of an existing record with missing or wrong credentials is refused (4xx) and leaves the record as it was (exercised only where a cancel route is known and the run may write).',
  },
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
] as const satisfies readonly Clause[];
