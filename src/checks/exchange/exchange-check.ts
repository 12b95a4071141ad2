// The kit of the exchange checks: how one is defined, the failure it makes, and the success bodies it walks. The
// checks themselves are kept by clause area in this folder and joined, in order, in ../exchange-checks.ts.
import type { ClauseId } from '../../contract/clauses/catalogue.ts';
import { exchangeExcerpt, type Exchange, type Operation } from '../../client/exchange.ts';
import type { SchemaName } from '../../schema/registry.ts';
import { type Check, type CheckKind, type CheckSpec, defineCheck } from '../define-check.ts';
import type { CheckContext, CheckFailure, CheckResult } from '../types.ts';
import { STATED_200_OPERATIONS } from '../../contract/operations.ts';
import { isDotSegment } from '../../client/request-path.ts';

/** An exchange check: judges one answer the suite's client saw (defined with defineExchangeCheck, joined in ../exchange-checks.ts). */
export type ExchangeCheck = Check<Exchange, CheckContext, Partial<CheckResult>>;

/** What an exchange check's run gets: `fail` builds a failure naming the check, the clause (its first by default) and the exchange. */
interface ExchangeCheckTools {
  fail(expected: unknown, received: unknown, message: string, clause?: ClauseId): CheckFailure;
}

const EXCHANGE_CHECK: CheckKind<Exchange, CheckContext, Partial<CheckResult>, ExchangeCheckTools> = {
  notApplicable: () => ({}),
  tools: (check, ex) => ({
    fail: (expected, received, message, clause = check.clauses[0]) => failure(ex, clause, check.name, message, expected, received),
  }),
};

export const defineExchangeCheck = (spec: CheckSpec<Exchange, CheckContext, Partial<CheckResult>, ExchangeCheckTools>): ExchangeCheck =>
  defineCheck(EXCHANGE_CHECK, spec);

/** The model of each operation's success body; `list` = an array of it. Cancel's success body is not shown. */
export const SUCCESS_MODEL: Partial<Record<Operation, { model: SchemaName; list: boolean }>> = {
  'offer.list': { model: 'offer', list: true },
  'offer.get': { model: 'offer', list: false },
  'allocation.list': { model: 'allocation-record', list: true },
  'allocation.get': { model: 'allocation-record', list: false },
  'subscription.list': { model: 'subscription', list: true },
  'subscription.get': { model: 'subscription', list: false },
  'subscription.create': { model: 'subscription', list: false },
  health: { model: 'health-check-result', list: false },
};

/** The path of each operation that names one record by the id in its last segment. */
const BY_ID_PATH: Partial<Record<Operation, RegExp>> = {
  'offer.get': /^\/offer\/([^/?#]+)(?:[?#]|$)/,
  'allocation.get': /^\/allocation\/([^/?#]+)(?:[?#]|$)/,
  'subscription.get': /^\/subscription\/([^/?#]+)(?:[?#]|$)/,
};

/**
 * Whether an exchange's path still names its operation: a by-id operation whose path lost its id (`/offer/`, the
 * list's path with a trailing slash, or a dot segment URL parsing removes) asked for another resource, and its answer is
 * no record of that operation (issue 49: a list answered for `GET /subscription/` was judged as one Subscription).
 */
export function namesItsOperation(ex: Pick<Exchange, 'operation' | 'path'>): boolean {
  const pattern = BY_ID_PATH[ex.operation];
  if (!pattern) return true;
  const id = pattern.exec(ex.path)?.[1];
  return id !== undefined && !isDotSegment(id);
}

/** The model of an exchange's success body: its operation's, unless its path no longer names that operation. */
export function successModelOf(ex: Pick<Exchange, 'operation' | 'path'>): { model: SchemaName; list: boolean } | undefined {
  return namesItsOperation(ex) ? SUCCESS_MODEL[ex.operation] : undefined;
}

/** Operations whose success status the contract states (200). Create and cancel are "not shown". */
export const READS: ReadonlySet<Operation> = STATED_200_OPERATIONS;

export function failure(
  ex: Exchange,
  clause: ClauseId,
  check: string,
  message: string,
  expected: unknown,
  received: unknown,
): CheckFailure {
  return { clause, check, message, expected, received, evidence: exchangeExcerpt(ex) };
}

/** One instance of a model inside a success body; `index` is its place in a list body (-1 for a single body). */
interface Instance {
  index: number;
  value: unknown;
}

const NO_INSTANCES: readonly Instance[] = [];
/** Several checks walk the same instances: found once per exchange (whose operation has one model). */
const instancesSeen = new WeakMap<Exchange, readonly Instance[]>();

/** Each instance of a model inside a success body. */
export function instances(ex: Exchange, model: SchemaName): readonly Instance[] {
  const spec = successModelOf(ex);
  if (!spec || spec.model !== model || ex.status >= 300 || !ex.isJson) return NO_INSTANCES;
  let found = instancesSeen.get(ex);
  if (!found) {
    found = !spec.list
      ? [{ index: -1, value: ex.body }]
      : Array.isArray(ex.body)
        ? ex.body.map((value, index) => ({ index, value }))
        : NO_INSTANCES;
    instancesSeen.set(ex, found);
  }
  return found;
}
