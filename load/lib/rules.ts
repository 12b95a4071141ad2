/**
 * The contract properties each scenario re-checks under load, one table per scenario. A failure is
 * counted in the `contract_violations` metric tagged with the rule id, and every rule gets a
 * `count==0` threshold, so a single violation fails the run and the summary shows which rule.
 * Pure module.
 */
import type { ClauseId } from '../../src/contract/clauses/catalogue.ts';
import type { ScenarioName } from './names.ts';

export const PAGINATION_RULES = {
  'page-is-list': 'a page is a JSON list (allocations: a record of the offer with an allocations list)',
  'page-within-limit': 'a page holds at most limit items',
  'items-have-ids': 'every item carries a string id',
  'ids-unique-across-pages': 'ids never repeat across the pages of one walk',
  'pages-full-until-last': 'pages are full until the last one (nothing follows a short page)',
  'walk-ends': 'the walk ends within PAGE_MAX_PAGES pages',
} as const;

export const POLLING_RULES = {
  'poll-is-list': 'a poll answers a JSON list of offers',
  'poll-has-last-modified': 'every offer carries a parsable dates.lastModifiedOn',
  'poll-only-on-or-after': 'a poll returns only offers modified on or after modifiedAfter',
  'poll-includes-on-or-after': 'a poll returns the offers known to be modified on or after modifiedAfter (the boundary is inclusive)',
} as const;

export const SUBSCRIPTION_RULES = {
  'create-status': 'creation answers a status the profile allows (default 2xx)',
  'created-record': 'the created record echoes offerId and carries an id and a status',
  'read-after-create': 'the record reads back by its id with the same offerId',
  'cancel-accepted': 'an accepted record can be cancelled (profile status.cancel, default 2xx)',
  'none-left-open': "teardown leaves no record of the run uncancelled (the sweep's cancels hold)",
} as const;

/**
 * The contract shows no rate limit ("Request rate limits: not shown"), so these are judged only where the operator
 * promises Retry-After (RATE_REQUIRE_RETRY_AFTER=yes); otherwise the probe observes and reports.
 */
export const RATE_PROBE_RULES = {
  'retry-after-given': 'a 429 says when to come back (Retry-After)',
  'retry-after-honoured': 'a read sent once the Retry-After a 429 gave has passed is answered (refused again twice running: fails)',
} as const;

export type PaginationRule = keyof typeof PAGINATION_RULES;

export type PollingRule = keyof typeof POLLING_RULES;
export type SubscriptionRule = keyof typeof SUBSCRIPTION_RULES;
export type RateProbeRule = keyof typeof RATE_PROBE_RULES;
export type ContractRule = PaginationRule | PollingRule | SubscriptionRule | RateProbeRule;

/** The clause of the contract each rule re-checks under load (`npm run clauses -- <ID>` lists them with the rest). */
export const RULE_CLAUSES = {
  'page-is-list': 'PAGE-WALK',
  'page-within-limit': 'PAGE-LIMIT',
  'items-have-ids': 'PAGE-WALK',
  'ids-unique-across-pages': 'PAGE-WALK',
  'pages-full-until-last': 'PAGE-WALK',
  'walk-ends': 'PAGE-WALK',
  'poll-is-list': 'OFFER-LIST',
  'poll-has-last-modified': 'OFFER-SCHEMA',
  'poll-only-on-or-after': 'OFFER-MODIFIED-AFTER',
  'poll-includes-on-or-after': 'OFFER-MODIFIED-AFTER',
  'create-status': 'SUB-CREATE',
  'created-record': 'SUB-CREATE-ECHO',
  'read-after-create': 'SUB-READ-AFTER-WRITE',
  'cancel-accepted': 'SUB-CANCEL',
  'none-left-open': 'SUB-CANCEL',
  'retry-after-given': 'LIMIT-RATE',
  'retry-after-honoured': 'LIMIT-RATE',
} as const satisfies Record<ContractRule, ClauseId>;

export const RULES_BY_SCENARIO: Record<ScenarioName, Readonly<Record<string, string>>> = {
  pagination: PAGINATION_RULES,
  polling: POLLING_RULES,
  subscriptions: SUBSCRIPTION_RULES,
  'rate-probe': RATE_PROBE_RULES,
};

/** One evaluated rule: ok or not, with what was expected and what was received when not. */
export interface Finding<R extends string = ContractRule> {
  rule: R;
  ok: boolean;
  expected?: string;
  received?: string;
}

export function pass<R extends string>(rule: R): Finding<R> {
  return { rule, ok: true };
}

export function fail<R extends string>(rule: R, expected: string, received: string): Finding<R> {
  return { rule, ok: false, expected, received };
}

export function ruleTitle(scenario: ScenarioName, rule: string): string {
  return RULES_BY_SCENARIO[scenario][rule] ?? rule;
}
