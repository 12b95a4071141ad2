// Error bodies and bad input: every failure is a 4xx with the error body of its operation, a 400 says
// "Bad Request", and no request of any kind yields a 5xx. (The exchange checks verify the body shape
// and the 400 message on every response; these tests make sure such responses happen.)
import { covers, requireOffersToWrite, requireWrites, test } from '../src/harness/fixtures.ts';
import { minimalCreateBody } from '../src/arbitraries/fixed-create-bodies.ts';
import type { Operation } from '../src/client/exchange.ts';
import { QUERY_PARAMETERS, type RequestOperation } from '../src/contract/request-cases.ts';
import type { StrictnessKind } from '../src/contract/strictness.ts';
import { judgeInvalidRead } from '../src/checks/strictness.ts';

/**
 * Values per parameter type, each a query string for a parameter name: cases as data. Invalid ones are not of the type
 * the contract gives the parameter (its table row), refused (GEN-QUERY-INVALID); each names the valid requests it may
 * stand for (`standsFor`, query strings; '' = the parameter left out) and the strictness kind of answering as one of
 * them (src/contract/strictness.ts): a repeated parameter as one of its values, an invalid value as the request without
 * it. `recorded`: not invalid by the contract's words (an empty offerId is a string), so what the target answers is
 * recorded only (PAGE-INVALID-PARAMS). Not a UTC date-time in the contract's form but a real instant (an offset) is left
 * to modified-after.spec.ts, which records what it gets.
 */
interface InvalidQuery {
  query: (name: string) => string;
  kind: StrictnessKind;
  standsFor: (name: string) => string[];
  /** Not invalid by the contract's words: the answer is recorded only. */
  recorded?: true;
}
const ignored = (query: (name: string) => string): InvalidQuery => ({ query, kind: 'invalid-query-ignored', standsFor: () => [''] });
const repeated = (a: string, b: string): InvalidQuery => ({
  query: (n) => `${n}=${a}&${n}=${b}`,
  kind: 'repeated-parameter',
  standsFor: (n) => [`${n}=${a}`, `${n}=${b}`],
});
const INVALID_QUERIES: Record<'date-time' | 'count' | 'string', InvalidQuery[]> = {
  'date-time': [
    ignored((n) => `${n}=not-a-date`),
    ignored((n) => `${n}=2024-13-45T00:00:00Z`),
    ignored((n) => `${n}=`),
    repeated('2024-01-01T00:00:00Z', '2025-01-01T00:00:00Z'),
  ],
  count: [ignored((n) => `${n}=abc`), ignored((n) => `${n}=-1`), ignored((n) => `${n}=`), repeated('0', '1')],
  string: [repeated('osd-suite-a', 'osd-suite-b'), { ...ignored((n) => `${n}=`), recorded: true }],
};

/** Malformed requests to the create operation: cases as data. None may create anything or yield a 5xx. */
const BAD_CREATE_INPUT: Array<{ description: string; rawBody: string; headers?: Record<string, string> }> = [
  { description: 'malformed JSON', rawBody: '{"offerId": "x", ' },
  { description: 'an empty body', rawBody: '' },
  { description: 'a JSON array', rawBody: '[]' },
  { description: 'a JSON string', rawBody: '"subscription"' },
  { description: 'a __proto__ key', rawBody: '{"__proto__": {"admin": true}, "offerId": "x"}' },
  { description: 'a constructor key', rawBody: '{"constructor": {"prototype": {"admin": true}}}' },
  { description: 'a text/plain content type', rawBody: '{"offerId":"x"}', headers: { 'content-type': 'text/plain' } },
];

test.describe('error bodies', () => {
  test('list and get errors carry the list/get error body', covers('read', 'ERR-LIST-GET-BODY'), async ({ api, suite }) => {
    await api.getOffer(`osd-suite-unknown-${suite.config.runId}`);
  });

  test(
    'every query parameter with an invalid value is refused with a 4xx, or answered as the valid request it stands for (strictness)',
    covers('read', 'GEN-QUERY-INVALID', 'GEN-FAILURE-4XX', 'PAGE-INVALID-PARAMS', 'ERR-LIST-GET-BODY', 'ERR-400-MESSAGE'),
    async ({ api, facts, verdict }) => {
      const offers = await facts.offers();
      const allocations = await facts.allocations();
      const offerId = allocations[0]?.offerId ?? offers[0]?.id ?? 'osd-suite-any';
      const targets: Array<{ operation: Operation; path: string }> = [
        { operation: 'offer.list', path: '/offer' },
        { operation: 'allocation.get', path: `/allocation/${encodeURIComponent(offerId)}` },
        { operation: 'subscription.list', path: '/subscription' },
      ];
      for (const t of targets) {
        for (const [name, type] of Object.entries(QUERY_PARAMETERS[t.operation as RequestOperation])) {
          for (const q of INVALID_QUERIES[type]) {
            const query = q.query(name);
            const ex = await api.send({ operation: t.operation, method: 'GET', path: `${t.path}?${query}` });
            const what = `GET ${t.path}?${query}`;
            verdict.observe({
              clause: 'PAGE-INVALID-PARAMS',
              key: `invalid.${t.operation}.${query}`,
              message: `${what} answered ${ex.status}`,
              value: ex.status,
            });
            if (q.recorded) continue;
            // Answered as the valid request it stands for: strictness; as anything else (other entries): a deviation.
            await judgeInvalidRead(verdict, ex, {
              clause: 'GEN-QUERY-INVALID',
              what,
              kind: q.kind,
              candidates: q.standsFor(name).map((v) => (v ? `${t.path}?${v}` : t.path)),
              read: (path) => api.send({ operation: t.operation, method: 'GET', path }),
            });
          }
        }
      }
    },
  );

  test(
    'an invalid create gets a 4xx with the create/cancel error body',
    covers('write', 'ERR-CREATE-CANCEL-BODY', 'ERR-400-MESSAGE', 'SUB-CREATE-VALIDATION', 'ERR-VALIDATION-ERROR-MODEL'),
    async ({ api, facts, suite, verdict }) => {
      requireWrites(suite);
      const offers = await facts.writableOffers();
      await requireOffersToWrite(facts, offers);
      const { exchange } = await api.createSubscription({ ...minimalCreateBody(offers[0]), amountRequested: 'one hundred' });
      verdict.check(
        'SUB-CREATE-VALIDATION',
        exchange.status >= 400 && exchange.status < 500,
        'a create with a string amount must be refused with a 4xx',
        { expected: '4xx', received: exchange.status, exchange },
      );
    },
  );

  for (const c of BAD_CREATE_INPUT) {
    test(
      `${c.description} sent to create gets a 4xx, never a 5xx`,
      covers('write', 'GEN-FAILURE-4XX', 'ERR-CREATE-CANCEL-BODY'),
      async ({ api, suite, verdict }) => {
        requireWrites(suite);
        const { exchange } = await api.createSubscription(undefined, { rawBody: c.rawBody, headers: c.headers });
        verdict.check('GEN-FAILURE-4XX', exchange.status >= 400 && exchange.status < 500, `${c.description} must be refused with a 4xx`, {
          expected: '4xx',
          received: exchange.status,
          exchange,
        });
      },
    );
  }

  test(
    'every read route with a trailing slash is refused, or answered as the route itself (strictness)',
    covers('read', 'ERR-STATUS-CODES', 'GEN-FAILURE-4XX'),
    async ({ api, facts, verdict }) => {
      const offers = await facts.offers();
      const offerId = offers[0]?.id ?? 'osd-suite-any';
      const subscriptions = await api.listSubscriptions({ offset: '0', limit: '1' });
      const subscriptionId = Array.isArray(subscriptions.body) ? (subscriptions.body[0] as { id?: unknown } | undefined)?.id : undefined;
      const routes: Array<{ operation: Operation; path: string }> = [
        { operation: 'offer.list', path: '/offer' },
        { operation: 'offer.get', path: `/offer/${encodeURIComponent(offerId)}` },
        { operation: 'allocation.list', path: '/allocation' },
        { operation: 'allocation.get', path: `/allocation/${encodeURIComponent(offerId)}` },
        { operation: 'subscription.list', path: '/subscription' },
        ...(typeof subscriptionId === 'string'
          ? [{ operation: 'subscription.get' as const, path: `/subscription/${encodeURIComponent(subscriptionId)}` }]
          : []),
      ];
      for (const r of routes) {
        const ex = await api.send({ operation: 'other', method: 'GET', path: `${r.path}/` });
        verdict.observe({
          clause: 'ERR-STATUS-CODES',
          key: `trailingSlash.${r.operation}`,
          message: `GET ${r.path}/ answered ${ex.status}`,
          value: ex.status,
        });
        if (ex.status >= 300 && ex.status < 400) continue; // a redirect to the route: recorded, never followed
        await judgeInvalidRead(verdict, ex, {
          clause: 'ERR-STATUS-CODES',
          what: `GET ${r.path}/`,
          kind: 'trailing-slash',
          candidates: [r.path],
          read: (path) => api.send({ operation: path === r.path ? r.operation : 'other', method: 'GET', path }),
        });
      }
    },
  );

  test(
    'an unknown route gets a 4xx JSON error, never a 5xx',
    covers('read', 'GEN-FAILURE-4XX', 'ERR-STATUS-CODES'),
    async ({ api, verdict }) => {
      const ex = await api.send({ operation: 'other', method: 'GET', path: '/osd-suite-no-such-route' });
      verdict.check('GEN-FAILURE-4XX', ex.status >= 400 && ex.status < 500, 'an unknown route must be refused with a 4xx', {
        expected: '4xx',
        received: ex.status,
        exchange: ex,
      });
    },
  );
});
