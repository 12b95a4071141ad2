/**
 * What a request exercises, as cases a run can count (issue 31: a deviation on a request the suite never sends cannot be
 * caught). Each request of the contract's eight operations falls under:
 * - a credential case (valid, none, no key, no secret, wrong key, wrong secret, a near miss of the right ones:
 *   src/contract/near-miss-credentials.ts);
 * - for each query parameter the operation lists, whether it was sent with a value of its type (`param:offset`) or an
 *   invalid one, and which kind of invalid (`invalid:offset:negative`), and filters combined with paging
 *   (`combined:modifiedAfter+offset`);
 * - for a create, the body's cases: a required field left out (`body:missing:currency`), a number or a boolean given
 *   as a string (`body:string:isExistingShareholder`), a case-sensitive optional string in lower case
 *   (`body:lower-case:investorReference`), the contract's defaults (`body:defaults`: neither type nor category).
 * EXPECTED_REQUEST_CASES is what a run that may write, against a target with a cancel route, must send; the
 * certification shows per operation what was sent and what of it is missing. Pure: no Node built-in.
 */
import { CREATE_BODY_FIELD_TYPES, type CreateBodyField, REQUIRED_CREATE_BODY_FIELDS } from './vocabulary.ts';

import { REQUEST_OPERATIONS, type RequestOperation } from './operations.ts';

/** The contract's operations that take credentials (the health check takes none), from the operation table. */
export { REQUEST_OPERATIONS, type RequestOperation };

export const CREDENTIAL_CASES = ['valid', 'none', 'no-key', 'no-secret', 'wrong-key', 'wrong-secret', 'near-miss'] as const;
export type CredentialCase = (typeof CREDENTIAL_CASES)[number];

/** How a query parameter's value is judged: a date-time in UTC, a non-negative whole number, a non-empty string. */
type ParameterType = 'date-time' | 'count' | 'string';

/** The query parameters each operation lists (Endpoints; allocations' list lists none). */
export const QUERY_PARAMETERS: Readonly<Record<RequestOperation, Readonly<Record<string, ParameterType>>>> = {
  'offer.list': { modifiedAfter: 'date-time', offset: 'count', limit: 'count' },
  'offer.get': {},
  'allocation.list': {},
  'allocation.get': { offset: 'count', limit: 'count' },
  'subscription.list': { offerId: 'string', offset: 'count', limit: 'count' },
  'subscription.get': {},
  'subscription.create': {},
  'subscription.cancel': {},
};

/** Filters, which the list laws must see combined with paging. */
const FILTERS = ['modifiedAfter', 'offerId'];
const PAGING = ['offset', 'limit'];

/** The invalid values the suite must send for each parameter type (GEN-QUERY-INVALID). */
const INVALID_KINDS: Readonly<Record<ParameterType, readonly string[]>> = {
  'date-time': ['not-a-date-time', 'empty', 'repeated'],
  count: ['not-a-number', 'negative', 'empty', 'repeated'],
  string: ['empty', 'repeated'],
};

const UTC_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|\+00:00)$/;

/** What is wrong with one value of a parameter (null: it is of its type). */
function invalidKind(type: ParameterType, value: string): string | null {
  if (value === '') return 'empty';
  if (type === 'count') return /^\d+$/.test(value) ? null : /^-\d/.test(value) ? 'negative' : 'not-a-number';
  if (type === 'date-time') {
    if (Number.isNaN(Date.parse(value))) return 'not-a-date-time';
    return UTC_DATE_TIME.test(value) ? null : 'not-utc';
  }
  return null;
}

/** `a=1&b=&a=2` -> { a: ['1', '2'], b: [''] } (decoded). */
function queryValues(path: string): Map<string, string[]> {
  const values = new Map<string, string[]>();
  const query = path.includes('?') ? path.slice(path.indexOf('?') + 1) : '';
  for (const pair of query.split('&')) {
    if (pair === '') continue;
    const [rawName, ...rest] = pair.split('=');
    const decode = (s: string) => {
      try {
        return decodeURIComponent(s.replace(/\+/g, ' '));
      } catch {
        return s;
      }
    };
    const name = decode(rawName);
    values.set(name, [...(values.get(name) ?? []), decode(rest.join('='))]);
  }
  return values;
}

/** Fields a create body must be refused without, one at a time. */
const REQUIRED: readonly string[] = REQUIRED_CREATE_BODY_FIELDS;
/** Numbers and booleans of the request: each given as a string must be refused. */
const TYPED_FIELDS = (Object.keys(CREATE_BODY_FIELD_TYPES) as CreateBodyField[]).filter((f) => CREATE_BODY_FIELD_TYPES[f] !== 'string');
/** Optional strings whose letter case is the client's: the service must keep it. */
const CASE_KEPT_FIELDS = ['investorReference', 'clientSubscriptionReference'];

function bodyCases(body: unknown): string[] {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return [];
  const b = body as Record<string, unknown>;
  const cases: string[] = [];
  const missing = REQUIRED.filter((f) => !(f in b));
  if (missing.length === 1) cases.push(`body:missing:${missing[0]}`);
  if (!('subscriptionType' in b) && !('subscriptionCategory' in b) && missing.length === 0) cases.push('body:defaults');
  for (const f of TYPED_FIELDS) if (typeof b[f] === 'string') cases.push(`body:string:${f}`);
  for (const f of CASE_KEPT_FIELDS) if (typeof b[f] === 'string' && /[a-z]/.test(b[f] as string)) cases.push(`body:lower-case:${f}`);
  return cases;
}

/** One request as the coverage counts it. */
export interface SentRequest {
  operation: string;
  /** Path and query, as sent. */
  path: string;
  credentials?: CredentialCase;
  requestBody?: unknown;
}

/** The cases one request exercises (none for a request outside the eight operations). */
export function requestCasesOf(r: SentRequest): string[] {
  if (!(REQUEST_OPERATIONS as readonly string[]).includes(r.operation)) return [];
  const operation = r.operation as RequestOperation;
  const cases = [`credentials:${r.credentials ?? 'valid'}`];
  const params = QUERY_PARAMETERS[operation];
  const valid: string[] = [];
  for (const [name, values] of queryValues(r.path)) {
    const type = params[name];
    if (!type) continue;
    const kind = values.length > 1 ? 'repeated' : invalidKind(type, values[0]);
    if (kind) cases.push(`invalid:${name}:${kind}`);
    else valid.push(name);
  }
  for (const name of valid) cases.push(`param:${name}`);
  for (const filter of FILTERS.filter((f) => valid.includes(f)))
    for (const paging of PAGING.filter((p) => valid.includes(p))) cases.push(`combined:${filter}+${paging}`);
  if (operation === 'subscription.create') cases.push(...bodyCases(r.requestBody));
  return cases;
}

/** The cases a full run must send, per operation: a table as data (its test compares a run's log with it). */
export const EXPECTED_REQUEST_CASES: Readonly<Record<RequestOperation, readonly string[]>> = Object.fromEntries(
  REQUEST_OPERATIONS.map((operation) => {
    const params = QUERY_PARAMETERS[operation];
    const names = Object.keys(params);
    return [
      operation,
      [
        ...CREDENTIAL_CASES.map((c) => `credentials:${c}`),
        ...names.map((n) => `param:${n}`),
        ...names.flatMap((n) => INVALID_KINDS[params[n]].map((k) => `invalid:${n}:${k}`)),
        ...FILTERS.filter((f) => names.includes(f)).flatMap((f) => PAGING.map((p) => `combined:${f}+${p}`)),
        ...(operation === 'subscription.create'
          ? [
              ...REQUIRED.map((f) => `body:missing:${f}`),
              ...TYPED_FIELDS.map((f) => `body:string:${f}`),
              'body:lower-case:investorReference',
              'body:defaults',
            ]
          : []),
      ],
    ];
  }),
) as unknown as Record<RequestOperation, readonly string[]>;

/** One operation's row of the request-coverage table. */
export interface RequestCoverageRow {
  operation: RequestOperation;
  requests: number;
  /** Every case sent, with how many requests sent it. */
  sent: Record<string, number>;
  /** Expected cases the run never sent. */
  missing: string[];
}

/** The request-coverage table of a run: per operation, the cases sent and the expected ones it never sent. */
export function requestCoverage(requests: Iterable<SentRequest & { cases?: readonly string[] }>): RequestCoverageRow[] {
  const rows = new Map<RequestOperation, RequestCoverageRow>(
    REQUEST_OPERATIONS.map((operation) => [operation, { operation, requests: 0, sent: {}, missing: [] }]),
  );
  for (const r of requests) {
    const row = rows.get(r.operation as RequestOperation);
    if (!row) continue;
    row.requests++;
    for (const c of r.cases ?? requestCasesOf(r)) row.sent[c] = (row.sent[c] ?? 0) + 1;
  }
  for (const row of rows.values()) row.missing = EXPECTED_REQUEST_CASES[row.operation].filter((c) => !(c in row.sent));
  return [...rows.values()];
}
