/**
 * Checks that hold for every response the target sends, whatever test sent the request. The API client
 * hands each exchange to `runExchangeChecks`, so every response of every endpoint is validated against
 * its schema, its content type and its error body, without each test having to remember to.
 *
 * One rule = one named check in the registry below (in the manner of Schemathesis' checks).
 */
import type { ClauseId } from '../contract/clauses/catalogue.ts';
import type { CreatedRecord, RetriedAttempt } from '../client/api-client.ts';
import { differentCreates } from '../client/ledger.ts';
import { errorShapeOf, exchangeExcerpt, redirectNote, statusText, type Exchange, type Operation } from '../client/exchange.ts';
import { extraProperties, extraPropertiesInList, validate, validateList, type SchemaIssue, type SchemaName } from '../schema/registry.ts';
import { ZERO_OFFSET } from '../schema/vocabulary.ts';
import { type Check, type CheckKind, type CheckSpec, checkRegistry, defineCheck } from './define-check.ts';
import type { CheckContext, CheckFailure, CheckResult, Observation } from './types.ts';
import { VALUES_SEEN, valueAt } from './values-seen.ts';
import { STATED_200_OPERATIONS } from '../contract/operations.ts';

/** An exchange check: judges one answer the suite's client saw (defined with defineExchangeCheck, in the registry below). */
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

const defineExchangeCheck = (spec: CheckSpec<Exchange, CheckContext, Partial<CheckResult>, ExchangeCheckTools>): ExchangeCheck =>
  defineCheck(EXCHANGE_CHECK, spec);

/** The model of each operation's success body; `list` = an array of it. Cancel's success body is not shown. */
const SUCCESS_MODEL: Partial<Record<Operation, { model: SchemaName; list: boolean }>> = {
  'offer.list': { model: 'offer', list: true },
  'offer.get': { model: 'offer', list: false },
  'allocation.list': { model: 'allocation-record', list: true },
  'allocation.get': { model: 'allocation-record', list: false },
  'subscription.list': { model: 'subscription', list: true },
  'subscription.get': { model: 'subscription', list: false },
  'subscription.create': { model: 'subscription', list: false },
  health: { model: 'health-check-result', list: false },
};

/** Operations whose success status the contract states (200). Create and cancel are "not shown". */
const READS: ReadonlySet<Operation> = STATED_200_OPERATIONS;

const MODEL_CLAUSE: Record<string, ClauseId> = {
  offer: 'OFFER-SCHEMA',
  'allocation-record': 'ALLOC-SCHEMA',
  subscription: 'SUB-SCHEMA',
  'health-check-result': 'HEALTH-SCHEMA',
};

/** Which clause a schema issue breaks: timestamps and closed enums have clauses of their own. */
export function clauseForSchemaIssue(model: SchemaName, issue: SchemaIssue): ClauseId {
  if (issue.keyword === 'format' && /date-time/.test(issue.message)) return 'GEN-TIMESTAMP-UTC';
  const field = issue.path.split('/').pop();
  if (model === 'offer' && issue.keyword === 'enum' && (field === 'offerType' || field === 'offerSubType')) return 'OFFER-ENUMS';
  if (model === 'subscription' && issue.keyword === 'enum' && field === 'status') return 'SUB-STATUS-ENUM';
  return MODEL_CLAUSE[model] ?? 'GEN-FIELD-NAMES';
}

function failure(ex: Exchange, clause: ClauseId, check: string, message: string, expected: unknown, received: unknown): CheckFailure {
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
function instances(ex: Exchange, model: SchemaName): readonly Instance[] {
  const spec = SUCCESS_MODEL[ex.operation];
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

/**
 * What the status of an answer tells, whether it reached the test or the client retried it: a status
 * other than 200 and 400 is recorded, and a 429 is a rate-limit answer with its Retry-After. `fate`
 * completes the messages: what became of the answer.
 */
function statusObservations(
  operation: Operation,
  status: number,
  retryAfter: string | null,
  fate: { status: string; rateLimit: string },
  headers: Record<string, string> = {},
): Observation[] {
  const observations: Observation[] = [];
  if (status !== 200 && status !== 400) {
    const redirect = redirectNote(status, headers);
    observations.push({
      clause: 'ERR-STATUS-CODES',
      key: `status.${operation}.${status}`,
      message: `${operation} answered ${status}${redirect ? ` (${redirect})` : ''}${fate.status}`,
      value: status,
    });
  }
  if (status === 429) {
    observations.push({
      clause: 'LIMIT-RATE',
      key: 'rateLimit.retryAfter',
      message: `429 ${fate.rateLimit} (Retry-After: ${retryAfter ?? 'absent'})`,
      value: retryAfter,
    });
  }
  return observations;
}

/** The sorted property names found across the objects of an array. */
function fieldNamesOf(items: unknown): string[] {
  if (!Array.isArray(items)) return [];
  const names = new Set<string>();
  // Items of one list nearly always share their keys: an item with the same keys as the one before adds nothing.
  let previous: string[] = [];
  for (const item of items) {
    if (item === null || typeof item !== 'object') continue;
    const keys = Object.keys(item);
    if (keys.length === previous.length && keys.every((key, i) => key === previous[i])) continue;
    previous = keys;
    for (const key of keys) names.add(key);
  }
  return [...names].sort();
}

/** The first string of a JSON value that is a UTC timestamp written with a zero offset, if any. */
function firstZeroOffset(value: unknown): string | undefined {
  if (typeof value === 'string') return ZERO_OFFSET.test(value) ? value : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  for (const item of Array.isArray(value) ? value : Object.values(value)) {
    const found = firstZeroOffset(item);
    if (found !== undefined) return found;
  }
  return undefined;
}

// Order matters only for speed: extraFields validates against the closed variant first, and a body that
// passes it is not validated again by successBodyMatchesSchema (see the schema registry).
export const exchangeChecks = checkRegistry('exchange', [
  defineExchangeCheck({
    // A broken answer (corrupt gzip, short of its content-length, over the size cap) is the target's failure on
    // this exchange, not "cannot be reached" (issue 10, defect 8). Its body is not judged any further.
    name: 'bodyReadWhole',
    clauses: ['GEN-JSON-CONTENT-TYPE'],
    appliesTo: (ex) => ex.bodyError !== undefined,
    run(ex, _ctx, { fail }) {
      return {
        failures: [
          fail(
            'a complete JSON body',
            ex.bodyError,
            `${ex.method} ${ex.path} answered ${ex.status} with a body that could not be read: ${ex.bodyError}`,
          ),
        ],
      };
    },
  }),
  defineExchangeCheck({
    name: 'jsonContentType',
    clauses: ['GEN-JSON-CONTENT-TYPE'],
    // A 204 has no content (RFC 9110 15.3.5), so nothing to type: a cancel may answer so, its success response being
    // "not shown". On a read it fails GEN-SUCCESS-200, and a create without its record fails the create's clauses.
    appliesTo: (ex) => ex.status !== 204,
    run(ex, _ctx, { fail }) {
      const ct = ex.responseHeaders['content-type'] ?? '';
      // For the same reason, a cancel's success with no content at all (a 202 Accepted of a queued cancel, say): no body,
      // no content type. A body, or a content type claiming one, is still judged.
      if (ex.operation === 'subscription.cancel' && ex.status >= 200 && ex.status < 300 && ex.text === '' && ct === '') return {};
      // application/json, optionally with parameters; not application/json-seq or the like.
      if (!/^application\/json\s*(?:;|$)/i.test(ct))
        return {
          failures: [fail('application/json', ct || '(none)', `${ex.method} ${ex.path} answered with content-type "${ct || '(none)'}"`)],
        };
      if (!ex.isJson && ex.bodyError === undefined)
        return {
          failures: [
            fail('a JSON body', ex.text.slice(0, 200) || '(empty body)', `${ex.method} ${ex.path} answered with a body that is not JSON`),
          ],
        };
      return {};
    },
  }),
  defineExchangeCheck({
    name: 'noServerError',
    clauses: ['GEN-FAILURE-4XX'],
    // A 5xx, a 1xx, or a 3xx (a redirect, never followed: the credentials would go along to its host).
    appliesTo: (ex) => ex.status >= 500 || ex.status < 200 || (ex.status >= 300 && ex.status < 400),
    run(ex, _ctx, { fail }) {
      return {
        failures: [
          fail('2xx or 4xx', ex.status, `${ex.method} ${ex.path} answered ${statusText(ex)}; a call either succeeds or fails with a 4xx`),
        ],
      };
    },
  }),
  defineExchangeCheck({
    name: 'readSucceedsWith200',
    clauses: ['GEN-SUCCESS-200'],
    appliesTo: (ex) => READS.has(ex.operation) && ex.status >= 200 && ex.status < 300 && ex.status !== 200,
    run(ex, _ctx, { fail }) {
      return { failures: [fail(200, ex.status, `${ex.method} ${ex.path} succeeded with ${ex.status}`)] };
    },
  }),
  defineExchangeCheck({
    name: 'extraFields',
    clauses: ['GEN-EXTRA-FIELDS'],
    run(ex, ctx, { fail }) {
      const spec = SUCCESS_MODEL[ex.operation];
      let extras: string[] = [];
      if (spec && ex.status < 300 && ex.isJson)
        extras = spec.list ? extraPropertiesInList(spec.model, ex.body) : extraProperties(spec.model, ex.body);
      else if (ex.status >= 400 && ex.isJson) {
        const shape = errorShapeOf(ex.operation);
        if (shape !== 'none') extras = extraProperties(shape === 'create-cancel' ? 'validation-error-body' : 'error-body', ex.body);
      }
      if (extras.length === 0) return {};
      // Report field names without array indexes, so 30 offers with one extra field read as one finding.
      const fields = [...new Set(extras.map((p) => p.replace(/\/\d+(?=\/|$)/g, '/*')))];
      const message = `${ex.operation} carries field(s) the contract does not list: ${fields.join(', ')}`;
      if (ctx.strict)
        return {
          failures: [fail('only the fields of the contract', fields, `${message} (strict mode)`)],
        };
      return {
        observations: fields.map((f) => ({
          clause: 'GEN-EXTRA-FIELDS' as const,
          key: `extraField.${ex.operation}.${f}`,
          message: `${ex.operation} carries undocumented field ${f}`,
          value: f,
        })),
      };
    },
  }),
  defineExchangeCheck({
    name: 'successBodyMatchesSchema',
    clauses: ['OFFER-SCHEMA', 'OFFER-ENUMS', 'ALLOC-SCHEMA', 'SUB-SCHEMA', 'SUB-STATUS-ENUM', 'HEALTH-SCHEMA', 'GEN-TIMESTAMP-UTC'],
    run(ex, _ctx, { fail }) {
      const spec = SUCCESS_MODEL[ex.operation];
      if (!spec || ex.status < 200 || ex.status >= 300 || !ex.isJson) return {};
      const result = spec.list ? validateList(spec.model, ex.body) : validate(spec.model, ex.body);
      if (result.valid) return {};
      const byClause = new Map<ClauseId, string[]>();
      result.issues.forEach((issue, i) => {
        const clause = clauseForSchemaIssue(spec.model, issue);
        byClause.set(clause, [...(byClause.get(clause) ?? []), result.errors[i] ?? issue.message]);
      });
      const failures = [...byClause].map(([clause, lines]) =>
        fail(
          `a valid ${spec.list ? 'array of ' : ''}${spec.model} (schemas/${spec.model}.schema.json)`,
          lines.slice(0, 8),
          `${ex.method} ${ex.path}: ${lines.length} schema violation(s): ${lines[0]}`,
          clause,
        ),
      );
      return { failures };
    },
  }),
  defineExchangeCheck({
    name: 'errorBodyMatchesOperation',
    clauses: ['ERR-LIST-GET-BODY', 'ERR-CREATE-CANCEL-BODY'],
    appliesTo: (ex) => !(ex.status < 400 || ex.status >= 500 || ex.bodyError !== undefined),
    run(ex, _ctx, { fail }) {
      const shape = errorShapeOf(ex.operation);
      if (shape === 'none') return {};
      const [model, clause]: [SchemaName, ClauseId] =
        shape === 'create-cancel' ? ['validation-error-body', 'ERR-CREATE-CANCEL-BODY'] : ['error-body', 'ERR-LIST-GET-BODY'];
      const result = ex.isJson ? validate(model, ex.body) : { valid: false, errors: ['(root): body is not JSON'], issues: [] };
      const failures: CheckFailure[] = [];
      if (!result.valid)
        failures.push(
          fail(
            `the ${shape} error body (schemas/${model}.schema.json)`,
            result.errors.slice(0, 8),
            `${ex.method} ${ex.path} ${ex.status}: error body is not the ${shape} shape: ${result.errors[0]}`,
            clause,
          ),
        );
      else if (shape === 'create-cancel' && (ex.body as { status: unknown }).status !== ex.status) {
        failures.push(
          fail(
            ex.status,
            (ex.body as { status: unknown }).status,
            `${ex.method} ${ex.path}: body status ${String((ex.body as { status: unknown }).status)} differs from HTTP status ${ex.status}`,
            clause,
          ),
        );
      }
      return { failures };
    },
  }),
  defineExchangeCheck({
    name: 'badRequestMessage',
    clauses: ['ERR-400-MESSAGE'],
    appliesTo: (ex) => !(ex.status !== 400 || ex.bodyError !== undefined),
    run(ex, _ctx, { fail }) {
      const message = ex.isJson && typeof ex.body === 'object' && ex.body !== null ? (ex.body as { message?: unknown }).message : undefined;
      if (message === 'Bad Request') return {};
      return {
        failures: [fail('Bad Request', message, `${ex.method} ${ex.path} 400 carries message ${JSON.stringify(message)}`)],
      };
    },
  }),
  defineExchangeCheck({
    // "ISO 8601 in UTC, for example ... YYYY-MM-DDTHH:MM:SSZ": a zero offset (+00:00) is UTC too, but not the
    // example's spelling, which a client's parser may expect: recorded (failed in strict mode).
    name: 'zeroOffsetTimestamps',
    clauses: ['GEN-TIMESTAMP-UTC'],
    // Every answer passes here: the body is walked only when its text holds a zero offset at all.
    appliesTo: (ex) => !(!SUCCESS_MODEL[ex.operation] || ex.status < 200 || ex.status >= 300 || !ex.isJson || !ex.text.includes('+00:00')),
    run(ex, ctx, { fail }) {
      const found = firstZeroOffset(ex.body);
      if (found === undefined) return {};
      const message = `${ex.operation} writes timestamps with a zero offset (+00:00) instead of Z`;
      if (ctx.strict)
        return {
          failures: [fail('YYYY-MM-DDTHH:MM:SSZ', found, `${message} (strict mode)`)],
        };
      return { observations: [{ clause: 'GEN-TIMESTAMP-UTC', key: `timestamps.zeroOffset.${ex.operation}`, message, value: found }] };
    },
  }),
  defineExchangeCheck({
    name: 'valuesBeyondSeen',
    clauses: ['OFFER-VALUES-SEEN', 'HEALTH-STATUS-VALUES'],
    run(ex, ctx, { fail }) {
      const observations: Observation[] = [];
      const failures: CheckFailure[] = [];
      for (const rule of VALUES_SEEN) {
        for (const { value } of instances(ex, rule.model)) {
          const v = valueAt(value, rule.pointer);
          if (typeof v !== 'string' || rule.seen.includes(v)) continue;
          const message = `${rule.pointer} = "${v}", beyond the values seen in the contract (${rule.seen.join(', ')})`;
          if (ctx.strict) failures.push(fail(rule.seen, v, `${message} (strict mode)`, rule.clause));
          else observations.push({ clause: rule.clause, key: `values.${rule.model}${rule.pointer}.${v}`, message, value: v });
        }
      }
      return { failures, observations };
    },
  }),
  defineExchangeCheck({
    name: 'offerOrderRange',
    clauses: ['OFFER-ORDER-RANGE'],
    run(ex, _ctx, { fail }) {
      const failures: CheckFailure[] = [];
      for (const { index, value } of instances(ex, 'offer')) {
        const min = valueAt(value, '/pricingAndOrderLimits/hardMinLimit');
        const max = valueAt(value, '/pricingAndOrderLimits/hardMaxLimit');
        if (typeof min === 'number' && typeof max === 'number' && min > max) {
          failures.push(
            fail(
              'hardMinLimit <= hardMaxLimit',
              { hardMinLimit: min, hardMaxLimit: max },
              `offer ${String(valueAt(value, '/id'))} (${index < 0 ? 'body' : `/${index}`}) has hardMinLimit ${min} above hardMaxLimit ${max}`,
            ),
          );
        }
      }
      return { failures };
    },
  }),
  defineExchangeCheck({
    name: 'offerShownValues',
    clauses: ['OFFER-EARLY-CLOSE', 'OFFER-DISCOUNT-NO-PRICE', 'OFFER-STATUS-TRANSITIONS'],
    run(ex) {
      // A list repeats the same few findings on many offers: one observation per distinct finding.
      const found = new Map<string, Observation>();
      const note = (o: Observation) => {
        if (!found.has(o.key)) found.set(o.key, o);
      };
      for (const { value } of instances(ex, 'offer')) {
        const status = valueAt(value, '/details/status');
        if (valueAt(value, '/dates/offerEarlyClose') !== undefined) {
          note({
            clause: 'OFFER-EARLY-CLOSE',
            key: `earlyClose.status.${String(status)}`,
            message: `offerEarlyClose present on an offer with status ${String(status)}`,
            value: status,
          });
        }
        const priceType = valueAt(value, '/pricingAndOrderLimits/priceType');
        const discount = valueAt(value, '/pricingAndOrderLimits/discount');
        if (priceType === 'no_price' && discount !== null) {
          note({
            clause: 'OFFER-DISCOUNT-NO-PRICE',
            key: 'discount.noPrice.nonNull',
            message: `discount is ${JSON.stringify(discount)} on a no_price offer`,
            value: discount,
          });
        }
        if (typeof status === 'string')
          note({ clause: 'OFFER-STATUS-TRANSITIONS', key: `offerStatus.${status}`, message: `offer status ${status} seen`, value: status });
      }
      return { observations: [...found.values()] };
    },
  }),
  defineExchangeCheck({
    name: 'shapesNotShown',
    clauses: ['ALLOC-ITEM-FIELDS', 'ERR-VALIDATION-ERROR-MODEL'],
    run(ex) {
      const observations: Observation[] = [];
      // The item fields of every record of the body together, as one finding.
      const itemFields = new Set<string>();
      for (const { value } of instances(ex, 'allocation-record'))
        for (const name of fieldNamesOf(valueAt(value, '/allocations'))) itemFields.add(name);
      if (itemFields.size) {
        const fields = [...itemFields].sort();
        observations.push({
          clause: 'ALLOC-ITEM-FIELDS',
          key: 'allocationItem.fields',
          message: `allocation items carry ${fields.join(', ')}`,
          value: fields,
        });
      }
      if (ex.status >= 400 && errorShapeOf(ex.operation) === 'create-cancel' && ex.isJson) {
        const fields = fieldNamesOf(valueAt(ex.body, '/errors'));
        if (fields.length)
          observations.push({
            clause: 'ERR-VALIDATION-ERROR-MODEL',
            key: 'validationError.fields',
            message: `ValidationErrorModel items carry ${fields.join(', ')}`,
            value: fields,
          });
      }
      return { observations };
    },
  }),
  defineExchangeCheck({
    name: 'statusCodesBeyond200And400',
    clauses: ['ERR-STATUS-CODES', 'LIMIT-RATE'],
    run(ex) {
      return {
        observations: statusObservations(
          ex.operation,
          ex.status,
          ex.responseHeaders['retry-after'] ?? null,
          { status: '', rateLimit: 'reached the test' },
          ex.responseHeaders,
        ),
      };
    },
  }),
]);

/**
 * What an answer the client retried instead of returning tells (a 429 or 503 to a read): the service
 * did answer it, so it is recorded as the statusCodesBeyond200And400 check records answers that reached
 * the test.
 */
export function retriedAnswerObservations(r: RetriedAttempt): Observation[] {
  if (r.status === null) return []; // a transport reset: in the request log, no status to record
  return statusObservations(r.operation, r.status, r.retryAfter, {
    status: ` (the client waited ${r.waitMs} ms and retried)`,
    rateLimit: `answered and retried after ${r.waitMs} ms`,
  });
}

/**
 * "Generated by the service, unique": a create's id must not be one the service already gave another
 * create of this run (any worker, any test, any property: the run journal holds them all, src/run/journal.ts). Two
 * creates are different when they sent different bodies, whatever reference they carried (two orders with one
 * clientSubscriptionReference are two orders); one body sent twice and given one id is duplicate detection,
 * SUB-CREATE-NO-DEDUP's finding. The second of two creates that share an id is the one that fails; the end of the
 * run judges the whole journal again (src/harness/clause-reporter.ts), so no race between workers hides one.
 */
export function idUniqueInRun(c: CreatedRecord): CheckFailure[] {
  const others = c.earlierWithId.filter((earlier) => differentCreates(earlier, c.entry)).map((earlier) => earlier.tag);
  if (others.length === 0) return [];
  const message = `the service gave id ${JSON.stringify(c.id)} to this create and to ${others.length} earlier, different create(s) of the run`;
  return [
    failure(c.exchange, 'SUB-CREATE-ID', 'idUniqueInRun', message, 'an id no other record of the run has', {
      id: c.id,
      thisCreate: c.tag,
      earlierCreates: others,
    }),
  ];
}

/** Run every exchange check on one exchange. */
export function runExchangeChecks(ex: Exchange, ctx: CheckContext): CheckResult {
  const out: CheckResult = { failures: [], observations: [] };
  for (const check of exchangeChecks) {
    const r = check.run(ex, ctx);
    if (r.failures) out.failures.push(...r.failures);
    if (r.observations) out.observations.push(...r.observations);
  }
  return out;
}
