// SEC-* findings (the ID prefix names this file): security properties beyond the contract's words, reported as a
// kind of their own (see ./clause.ts, kind `security`), never as contract clauses.
import { type Clause, S } from './clause.ts';

export const SECURITY_CLAUSES = [
  {
    id: 'SEC-PARTNER-ISOLATION',
    kind: 'security',
    section: S.auth,
    summary:
      "A partner cannot read, list or cancel another partner's subscriptions: with a second partner's credentials, a record the first created is absent from the list filtered by its offer, and a read or a cancel of it is refused and leaves it as it was.",
    beyondContract:
      "The contract issues credentials per partner and ties a partner's client to one currency, but does not say in words that one partner cannot see or cancel another's subscriptions; a shared API that lets it is the worst defect it can have, so the suite looks (with API_SECOND_SUBSCRIPTION_KEY / API_SECOND_SECRET) and reports what it finds as a security finding, not a contract clause.",
    contract: [
      "The credentials are issued to the partner by the service operator's solutions engineer on request.",
      "A partner's client is associated with one currency; amounts in subscriptions are expressed in that currency.",
    ],
  },
] as const satisfies readonly Clause[];
