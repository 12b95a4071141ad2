// Offers: the list, one offer by id, unknown ids. Schema, enum, timestamp, content-type and
// values-seen checks run on every response through the exchange checks.
import { isDeepStrictEqual } from 'node:util';
import { covers, test } from '../src/harness/fixtures.ts';
import { judgeOnSteadyOffers } from '../src/harness/steady-facts.ts';

test.describe('offers', () => {
  test(
    'GET /offer returns an array of valid offers',
    covers(
      'read',
      'OFFER-LIST',
      'OFFER-SCHEMA',
      'OFFER-ENUMS',
      'OFFER-ORDER-RANGE',
      'GEN-TIMESTAMP-UTC',
      'GEN-JSON-CONTENT-TYPE',
      'GEN-SUCCESS-200',
      'GEN-FIELD-NAMES',
      'GEN-EXTRA-FIELDS',
      'OFFER-VALUES-SEEN',
      'OFFER-EARLY-CLOSE',
      'OFFER-DISCOUNT-NO-PRICE',
      'OFFER-STATUS-TRANSITIONS',
    ),
    async ({ api, verdict }) => {
      const ex = await api.listOffers();
      verdict.check('OFFER-LIST', ex.status === 200 && Array.isArray(ex.body), 'GET /offer returns 200 and an array', {
        expected: '200 with a JSON array',
        received: `${ex.status} with ${Array.isArray(ex.body) ? 'an array' : typeof ex.body}`,
        exchange: ex,
      });
    },
  );

  test(
    'GET /offer/{offerId} returns the same offer as the list',
    covers('read', 'OFFER-GET', 'OFFER-SCHEMA'),
    async ({ api, facts, verdict }) => {
      // Judged on a list that held still: an offer edited between the list and the get is read again (steady-facts.ts).
      await judgeOnSteadyOffers({ api, facts, verdict }, async (offers, scratch) => {
        test.skip(offers.length === 0, 'The target lists no offers.');
        // First, last and a spread between: enough to catch a mix-up without reading every offer on staging.
        const picks = [...new Set([0, offers.length - 1, ...[1, 2, 3, 4, 5].map((k) => Math.floor((k * offers.length) / 6))])].map(
          (i) => offers[i],
        );
        for (const offer of picks) {
          const ex = await api.getOffer(offer.id);
          scratch.check(
            'OFFER-GET',
            ex.status === 200 && isDeepStrictEqual(ex.body, offer),
            `GET /offer/${offer.id} differs from the list entry`,
            { expected: offer, received: ex.status === 200 ? ex.body : `status ${ex.status}`, exchange: ex },
          );
        }
      });
    },
  );

  test(
    'an unknown offer id gets a 4xx with the list/get error body',
    covers('read', 'OFFER-UNKNOWN-ID', 'ERR-LIST-GET-BODY', 'ERR-STATUS-CODES'),
    async ({ api, suite, verdict }) => {
      const ex = await api.getOffer(`osd-suite-unknown-${suite.config.runId}`);
      verdict.status(ex, {
        key: 'unknownId',
        profile: suite.profile,
        observeClause: 'ERR-STATUS-CODES',
        contractClause: 'OFFER-UNKNOWN-ID',
        contractRule: ['4xx'],
        what: 'GET /offer/{unknown id}',
      });
    },
  );
});
