// Error bodies and bad input: every failure is a 4xx with the error body of its operation, a 400 says
// "Bad Request", and no request of any kind yields a 5xx. (The exchange checks verify the body shape
// and the 400 message on every response; these tests make sure such responses happen.)
import { covers, requireOffersToWrite, requireWrites, test } from '../src/harness/fixtures.ts';
import { minimalCreateBody } from '../src/arbitraries/fixed-create-bodies.ts';
import type { Operation } from '../src/client/exchange.ts';
import { QUERY_PARAMETERS, type RequestOperation } from '../src/contract/request-cases.ts';

/**
 * Values per parameter type, each a query string for a parameter name: cases as data. `invalid`: not of the type the
 * contract gives the parameter (its table row), refused (GEN-QUERY-INVALID). A valid value beside an invalid one
 * (repeated) must not make the service take either. `recorded`: not invalid by the contract's words (an empty offerId
 * is a string), so what the target answers is recorded only (PAGE-INVALID-PARAMS). Not a UTC date-time in the
 * contract's form but a real instant (an offset) is left to modified-after.spec.ts, which records what it gets.
 */
const QUERY_CASES: Record<'date-time' | 'count' | 'string', { invalid: QueryCase[]; recorded: QueryCase[] }> = {
  'date-time': {
    invalid: [
      (n) => `${n}=not-a-date`,
      (n) => `${n}=2024-13-45T00:00:00Z`,
      (n) => `${n}=`,
      (n) => `${n}=2024-01-01T00:00:00Z&${n}=2025-01-01T00:00:00Z`,
    ],
    recorded: [],
  },
  count: { invalid: [(n) => `${n}=abc`, (n) => `${n}=-1`, (n) => `${n}=`, (n) => `${n}=0&${n}=1`], recorded: [] },
  string: { invalid: [(n) => `${n}=osd-suite-a&${n}=osd-suite-b`], recorded: [(n) => `${n}=`] },
};
type QueryCase = (name: string) => string;

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
    'every query parameter with an invalid value is refused with a 4xx, never ignored',
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
          const { invalid, recorded } = QUERY_CASES[type];
          for (const query of [...invalid, ...recorded]) {
            const ex = await api.send({ operation: t.operation, method: 'GET', path: `${t.path}?${query(name)}` });
            const what = `GET ${t.path}?${query(name)}`;
            verdict.observe({
              clause: 'PAGE-INVALID-PARAMS',
              key: `invalid.${t.operation}.${query(name)}`,
              message: `${what} answered ${ex.status}`,
              value: ex.status,
            });
            if (recorded.includes(query)) continue;
            verdict.check(
              'GEN-QUERY-INVALID',
              ex.status >= 400 && ex.status < 500,
              `${what}: an invalid ${name} must be refused with a 4xx`,
              {
                expected: '4xx',
                received: ex.status < 300 ? `${ex.status} (the value was ignored or guessed at)` : ex.status,
                exchange: ex,
              },
            );
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
