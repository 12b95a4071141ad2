/**
 * The reference faults each load scenario exists to catch, and what it must fail on, as data (node-driver.test.ts runs
 * them through the Node driver): a rule of load/lib/rules.ts (its contract_violations{rule} threshold), or, for a
 * redirect, the redirects_refused threshold with the redirect named. Every fault is one of reference/faults/.
 */
import type { FaultName } from '../../reference/faults.ts';
import type { ContractRule } from '../../load/lib/rules.ts';
import type { ScenarioName } from '../../load/lib/names.ts';

/** Read knobs that keep a pagination run to a few seconds: the page sizes walk every list several ways within 60 pages. */
export const PAGINATION_KNOBS = { PAGE_SIZES: '1,7,100' };

export interface FaultCase {
  /** What the scenario exists to catch, in a reader's words. */
  what: string;
  fault: FaultName;
  scenario: ScenarioName;
  fails: { rule: ContractRule } | { redirect: { endpoint: string; status: number } };
  iterations: number;
  vus: number;
  knobs: Record<string, string>;
}

export const FAULT_CASES: readonly FaultCase[] = [
  {
    what: 'a page walk that repeats an entry',
    fault: 'offset-one-based',
    scenario: 'pagination',
    fails: { rule: 'ids-unique-across-pages' },
    iterations: 60,
    vus: 2,
    knobs: PAGINATION_KNOBS,
  },
  {
    what: 'a page walk that skips an entry',
    fault: 'page-one-short',
    scenario: 'pagination',
    fails: { rule: 'pages-full-until-last' },
    iterations: 60,
    vus: 2,
    knobs: PAGINATION_KNOBS,
  },
  {
    what: 'a page longer than its limit',
    fault: 'limit-ignored',
    scenario: 'pagination',
    fails: { rule: 'page-within-limit' },
    iterations: 60,
    vus: 2,
    knobs: PAGINATION_KNOBS,
  },
  {
    what: 'a redirect on a read (never followed)',
    fault: 'record-read-redirected',
    scenario: 'pagination',
    fails: { redirect: { endpoint: 'GET /allocation/{offerId}', status: 301 } },
    iterations: 20,
    vus: 1,
    knobs: PAGINATION_KNOBS,
  },
  {
    what: 'a modifiedAfter that returns older offers',
    fault: 'modified-after-ignored',
    scenario: 'polling',
    fails: { rule: 'poll-only-on-or-after' },
    iterations: 10,
    vus: 2,
    knobs: {},
  },
  {
    what: 'a modifiedAfter that leaves out the offers modified at its instant',
    fault: 'modified-after-exclusive',
    scenario: 'polling',
    fails: { rule: 'poll-includes-on-or-after' },
    iterations: 10,
    vus: 2,
    knobs: {},
  },
  {
    what: 'a record left open after teardown',
    fault: 'cancel-not-persisted',
    scenario: 'subscriptions',
    fails: { rule: 'none-left-open' },
    iterations: 6,
    vus: 2,
    knobs: {},
  },
];
