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
 * - `security`: a security finding beyond the contract's words (`beyondContract` says why the suite checks it anyway).
 *   Not a contract clause: the report shows it as a finding of its own kind; it fails the certification when it
 *   fails, and leaves it INCOMPLETE when it could not be exercised, like a `must`.
 *
 * Every binding clause (`must`, `security`) quotes the contract in `contract`: the sentence(s) or table row(s) of
 * spec/offer-subscription-api.md it enforces, verbatim (a row as written, `| field | type | ... |`).
 * test/contract/clause-quotes.test.ts fails on a quote the spec does not hold and on a binding clause without one.
 * The summary says no more than its quotes do: what goes beyond them is an `observe` clause (docs/contract.md).
 *
 * IDs are stable: tests, fault switches, waivers and reports refer to them. Add, never renumber.
 */
export type ClauseKind = 'must' | 'observe' | 'client' | 'security';

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
  /**
   * The contract's own words the clause enforces: one passage, or several (a list). Verbatim for `must` and
   * `security` clauses (a sentence, or a table row as written); every report shows them beside the finding.
   */
  contract?: string | readonly string[];
  /** A `security` finding: why the suite checks what the contract does not say in words. */
  beyondContract?: string;
}

/** A clause's quotes of the contract, as a list (none for a clause that has none). */
export function quotesOf(clause: Clause): readonly string[] {
  const c = clause.contract;
  return c === undefined ? [] : typeof c === 'string' ? [c] : c;
}

/** Kinds a target must satisfy: a failure fails the certification, and one not confirmed leaves it INCOMPLETE. */
export function isBinding(kind: ClauseKind): boolean {
  return kind === 'must' || kind === 'security';
}

/** The contract's sections, as clause files cite them. */
export const S = {
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
