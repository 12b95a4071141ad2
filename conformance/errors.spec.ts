// Error bodies and bad input: every failure is a 4xx with the error body of its operation, a 400 says
// "Bad Request", and no request of any kind yields a 5xx. (The exchange checks verify the body shape
// and the 400 message on every response; these tests make sure such responses happen.)
import { covers, requireWrites, test } from '../src/harness/fixtures.ts';
import { minimalCreateBody } from '../src/arbitraries/fixed-create-bodies.ts';

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
  test(
    'list and get errors carry the list/get error body',
    covers('read', 'ERR-LIST-GET-BODY', 'ERR-400-MESSAGE', 'GEN-FAILURE-4XX', 'PAGE-INVALID-PARAMS'),
    async ({ api, suite, verdict }) => {
      await api.getOffer(`osd-suite-unknown-${suite.config.runId}`);
      for (const [offset, limit] of [
        ['-1', '5'],
        ['abc', '5'],
        ['0', 'many'],
        ['', ''],
      ]) {
        const ex = await api.listOffers({ offset, limit });
        verdict.observe({
          clause: 'PAGE-INVALID-PARAMS',
          key: `page.invalid.offset=${offset}&limit=${limit}`,
          message: `offset=${JSON.stringify(offset)}&limit=${JSON.stringify(limit)} answered ${ex.status}`,
          value: ex.status,
        });
      }
    },
  );

  test(
    'an invalid create gets a 4xx with the create/cancel error body',
    covers('write', 'ERR-CREATE-CANCEL-BODY', 'ERR-400-MESSAGE', 'SUB-CREATE-VALIDATION', 'ERR-VALIDATION-ERROR-MODEL'),
    async ({ api, facts, suite, verdict }) => {
      requireWrites(suite);
      const offers = await facts.writableOffers();
      test.skip(offers.length === 0, 'No open offer to address the create to.');
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
