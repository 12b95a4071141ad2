// Cases of the client checks, as data: a few exchanges of a session, the settings, and the verdict the
// named check must reach. The example-client tests cover every clause failing; these pin the edges that
// must NOT fail (a wrong verdict either way costs a partner) and the incomplete ones.
import type { ClientClauseId } from '../../src/contract/clauses/catalogue.ts';
import { DEFAULT_SETTINGS, type ClientCheckSettings, type ClientVerdict } from '../../src/client-certification/client-checks.ts';
import type { SessionExchange } from '../../src/client-certification/recorded-session.ts';

const CREDS = { accept: 'application/json', 'service-api-subscription': '[REDACTED]', 'service-api-secret': '[REDACTED]' };
const T0 = Date.parse('2026-01-01T10:00:00.000Z');

/** One exchange: a read of `path` answered 200 at t ms, unless told otherwise. */
export function ex(seq: number, t: number, over: Partial<SessionExchange> = {}): SessionExchange {
  return {
    type: 'exchange',
    seq,
    operation: 'offer.list',
    method: 'GET',
    path: '/offer',
    arrivedAt: T0 + t,
    answeredAt: T0 + t + 5,
    requestHeaders: CREDS,
    requestBody: null,
    status: 200,
    retryAfter: null,
    responseItems: null,
    outcome: 'answered',
    serviceFindings: [],
    ...over,
  };
}

const body = (over: Record<string, unknown> = {}) =>
  JSON.stringify({
    offerId: 'o-1',
    amountRequested: 1000.5,
    subscriptionType: 'xo_qualified',
    subscriptionCategory: 'retail',
    clientSubscriptionTimestamp: '2026-01-01T10:00:00Z',
    clientSubscriptionReference: 'r-1',
    currency: 'GBP',
    accountType: 'general_investment',
    ...over,
  });
const create = (seq: number, t: number, status: number | null, over: Partial<SessionExchange> = {}, fields: Record<string, unknown> = {}) =>
  ex(seq, t, { operation: 'subscription.create', method: 'POST', path: '/subscription', requestBody: body(fields), status, ...over });

export interface ClientCheckCase {
  name: string;
  clause: ClientClauseId;
  exchanges: SessionExchange[];
  settings?: Partial<ClientCheckSettings>;
  verdict: ClientVerdict;
  /** Sequence numbers the findings must name (fail cases). */
  evidence?: number[];
}

export const clientCheckCases: ClientCheckCase[] = [
  {
    name: 'accept with parameters among other types',
    clause: 'CLIENT-ACCEPT-HEADER',
    exchanges: [ex(1, 0, { requestHeaders: { ...CREDS, accept: 'text/plain, Application/JSON; q=0.9' } })],
    verdict: 'pass',
  },
  {
    name: 'the health check needs no credentials',
    clause: 'CLIENT-CREDENTIALS',
    exchanges: [ex(1, 0, { operation: 'health', path: '/health', requestHeaders: { accept: 'application/json' } }), ex(2, 10)],
    verdict: 'pass',
  },
  {
    name: 'an empty secret is a missing secret',
    clause: 'CLIENT-CREDENTIALS',
    exchanges: [ex(1, 0, { requestHeaders: { ...CREDS, 'service-api-secret': ' ' } })],
    verdict: 'fail',
    evidence: [1],
  },
  {
    name: 'a next page after a capped page starts where it ended',
    clause: 'CLIENT-PAGINATION-WALK',
    exchanges: [
      ex(1, 0, { path: '/offer?offset=0&limit=500', responseItems: 100 }),
      ex(2, 200, { path: '/offer?offset=100&limit=500', responseItems: 3 }),
    ],
    verdict: 'pass',
  },
  {
    name: 'a page retried after a 429 is not a walk error',
    clause: 'CLIENT-PAGINATION-WALK',
    exchanges: [
      ex(1, 0, { path: '/offer?offset=0&limit=10', responseItems: 10 }),
      ex(2, 100, { path: '/offer?offset=10&limit=10', status: 429, retryAfter: '1' }),
      ex(3, 1200, { path: '/offer?offset=10&limit=10', responseItems: 4 }),
    ],
    verdict: 'pass',
  },
  {
    name: 'an overlapping page',
    clause: 'CLIENT-PAGINATION-WALK',
    exchanges: [
      ex(1, 0, { path: '/subscription?offset=0&limit=10', operation: 'subscription.list', responseItems: 10 }),
      ex(2, 100, { path: '/subscription?limit=10&offset=5', operation: 'subscription.list' }),
    ],
    verdict: 'fail',
    evidence: [1, 2],
  },
  {
    name: 'pages asked for at once, their requests arriving out of order (a client that walks in parallel)',
    clause: 'CLIENT-PAGINATION-WALK',
    exchanges: [
      ex(1, 0, { path: '/offer?offset=0&limit=10', responseItems: 10 }),
      ex(2, 100, { path: '/offer?offset=20&limit=10', responseItems: 10 }),
      ex(3, 100, { path: '/offer?offset=10&limit=10', responseItems: 10 }),
      ex(4, 101, { path: '/offer?offset=30&limit=10', responseItems: 2 }),
    ],
    verdict: 'pass',
  },
  {
    name: 'the list walked again in parallel, a later page arriving before the first',
    clause: 'CLIENT-PAGINATION-WALK',
    exchanges: [
      ex(1, 0, { path: '/offer?offset=0&limit=10', responseItems: 10 }),
      ex(2, 10, { path: '/offer?offset=10&limit=10', responseItems: 3 }),
      ex(3, 60_000, { path: '/offer?offset=10&limit=10', responseItems: 3 }),
      ex(4, 60_000, { path: '/offer?offset=0&limit=10', responseItems: 10 }),
    ],
    verdict: 'pass',
  },
  {
    name: 'a parallel walk that leaves a page out',
    clause: 'CLIENT-PAGINATION-WALK',
    exchanges: [
      ex(1, 0, { path: '/offer?offset=0&limit=10', responseItems: 10 }),
      ex(2, 100, { path: '/offer?offset=30&limit=10', responseItems: 2 }),
      ex(3, 100, { path: '/offer?offset=10&limit=10', responseItems: 10 }),
    ],
    verdict: 'fail',
    evidence: [3, 2],
  },
  {
    name: 'a walk never past its first page',
    clause: 'CLIENT-PAGINATION-WALK',
    exchanges: [ex(1, 0, { path: '/offer?offset=0&limit=10', responseItems: 3 })],
    verdict: 'incomplete',
  },
  {
    name: 'a create refused with 429 may be sent again after the wait',
    clause: 'CLIENT-NO-DUPLICATE-CREATES',
    exchanges: [create(1, 0, 429, { retryAfter: '1' }), create(2, 1100, 201)],
    verdict: 'pass',
  },
  {
    name: 'an identical body outside the window',
    clause: 'CLIENT-NO-DUPLICATE-CREATES',
    exchanges: [create(1, 0, 201), create(2, 61_000, 201)],
    verdict: 'pass',
  },
  {
    name: 'a create resent after a 502 from the proxy (target did not answer)',
    clause: 'CLIENT-NO-DUPLICATE-CREATES',
    exchanges: [create(1, 0, null, { outcome: 'upstream-error', answeredAt: null }), create(2, 120_000, 201)],
    verdict: 'fail',
    evidence: [1, 2],
  },
  {
    name: 'an HTTP-date Retry-After waited for',
    clause: 'CLIENT-HONOURS-RETRY-AFTER',
    exchanges: [ex(1, 0, { status: 429, answeredAt: T0, retryAfter: new Date(T0 + 2000).toUTCString() }), ex(2, 2000)],
    verdict: 'pass',
  },
  {
    name: 'a request 500 ms into a 1 s Retry-After',
    clause: 'CLIENT-HONOURS-RETRY-AFTER',
    exchanges: [ex(1, 0, { status: 429, answeredAt: T0, retryAfter: '1' }), ex(2, 500)],
    verdict: 'fail',
    evidence: [1, 2],
  },
  {
    name: 'another request already on its way when the 429 was answered',
    clause: 'CLIENT-HONOURS-RETRY-AFTER',
    exchanges: [
      ex(1, 0, { status: 429, answeredAt: T0, retryAfter: '1' }),
      ex(2, 3, { path: '/subscription', operation: 'subscription.list' }),
      ex(3, 1000),
    ],
    verdict: 'pass',
  },
  {
    name: 'the refused request resent at once',
    clause: 'CLIENT-HONOURS-RETRY-AFTER',
    exchanges: [ex(1, 0, { status: 429, answeredAt: T0, retryAfter: '1' }), ex(2, 3)],
    verdict: 'fail',
    evidence: [1, 2],
  },
  { name: 'no agreed rate: incomplete, never a guess', clause: 'CLIENT-RATE', exchanges: [ex(1, 0), ex(2, 10)], verdict: 'incomplete' },
  {
    name: 'within the agreed rate',
    clause: 'CLIENT-RATE',
    settings: { agreedRate: 2 },
    exchanges: [ex(1, 0), ex(2, 10), ex(3, 1000)],
    verdict: 'pass',
  },
  {
    name: 'the initial read refused with a 429 and sent again is still the initial read',
    clause: 'CLIENT-POLLS-MODIFIED-AFTER',
    exchanges: [
      ex(1, 0, { status: 429, retryAfter: '1' }),
      ex(2, 1100),
      ex(3, 5000, { path: '/offer?modifiedAfter=2026-01-01T10%3A00%3A00.000Z' }),
    ],
    verdict: 'pass',
  },
  { name: 'one read of the offers is not polling', clause: 'CLIENT-POLLS-MODIFIED-AFTER', exchanges: [ex(1, 0)], verdict: 'incomplete' },
  {
    // "Recommended way to poll": a client restarted during the session reads all the offers again, then polls as before.
    name: 'a restart reads all the offers again between polls with modifiedAfter',
    clause: 'CLIENT-POLLS-MODIFIED-AFTER',
    exchanges: [
      ex(1, 0),
      ex(2, 5000, { path: '/offer?modifiedAfter=2026-01-01T10%3A00%3A00.000Z' }),
      ex(3, 9000),
      ex(4, 14000, { path: '/offer?modifiedAfter=2026-01-01T10%3A00%3A09.000Z' }),
    ],
    verdict: 'pass',
  },
  {
    name: 'reads again without modifiedAfter outnumber the polls with it',
    clause: 'CLIENT-POLLS-MODIFIED-AFTER',
    exchanges: [ex(1, 0), ex(2, 5000, { path: '/offer?modifiedAfter=2026-01-01T10%3A00%3A00.000Z' }), ex(3, 9000), ex(4, 14000)],
    verdict: 'fail',
    evidence: [1, 3, 1, 4],
  },
  {
    name: 'polls that never use modifiedAfter',
    clause: 'CLIENT-POLLS-MODIFIED-AFTER',
    exchanges: [ex(1, 0), ex(2, 5000)],
    verdict: 'fail',
    evidence: [1, 2],
  },
  {
    name: 'creates in another currency than the agreed one',
    clause: 'CLIENT-CURRENCY',
    settings: { currency: 'EUR' },
    exchanges: [create(1, 0, 201)],
    verdict: 'fail',
    evidence: [1],
  },
  {
    name: 'seven decimal places',
    clause: 'CLIENT-DECIMALS',
    exchanges: [create(1, 0, 400, {}, { amountRequested: 1.1234567 })],
    verdict: 'fail',
    evidence: [1],
  },
  {
    name: 'a lower-case enum value of the wrong case',
    clause: 'CLIENT-ENUMS',
    exchanges: [create(1, 0, 400, {}, { accountType: 'General_Investment' })],
    verdict: 'fail',
    evidence: [1],
  },
  {
    name: 'UTC written with a zero offset, as Python writes it, in a create and in a poll',
    clause: 'CLIENT-REQUEST-SCHEMA',
    exchanges: [
      create(1, 0, 201, {}, { clientSubscriptionTimestamp: '2026-01-01T10:00:00.123456+00:00' }),
      ex(2, 100, { path: '/offer?modifiedAfter=2026-01-01T10%3A00%3A00.123456%2B00%3A00' }),
    ],
    verdict: 'pass',
  },
  {
    name: 'a non-UTC client timestamp',
    clause: 'CLIENT-REQUEST-SCHEMA',
    exchanges: [create(1, 0, 400, {}, { clientSubscriptionTimestamp: '2026-01-01T10:00:00+01:00' })],
    verdict: 'fail',
    evidence: [1],
  },
];

export const settingsOf = (c: ClientCheckCase): ClientCheckSettings => ({ ...DEFAULT_SETTINGS, ...c.settings });
