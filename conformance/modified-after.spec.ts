// modifiedAfter: "Only offers modified on or after this instant are returned" (inclusive).
import { covers, test } from '../src/harness/fixtures.ts';
import { judgeOnSteadyOffers } from '../src/harness/steady-facts.ts';
import { arrayBody } from '../src/harness/target-facts.ts';
import type { Verdict } from '../src/checks/test-verdict.ts';
import type { ApiClient } from '../src/client/api-client.ts';
import type { Offer } from '../src/contract/types.ts';

const idsOf = (offers: Offer[]) => offers.map((o) => o.id).sort();
const modifiedOnOrAfter = (offers: Offer[], instant: string) =>
  offers.filter((o) => Date.parse(o.dates.lastModifiedOn) >= Date.parse(instant));

/** modifiedAfter at each instant returns the offers of `offers` modified on or after it (ids, in list order). */
async function checkInstants(
  api: ApiClient,
  verdict: Verdict,
  offers: Offer[],
  instants: string[],
  what: (want: string[]) => string,
): Promise<void> {
  for (const instant of instants) {
    const ex = await api.listOffers({ modifiedAfter: instant });
    const got = idsOf(arrayBody<Offer>(ex, 'modifiedAfter'));
    const want = idsOf(modifiedOnOrAfter(offers, instant));
    verdict.check(
      'OFFER-MODIFIED-AFTER',
      JSON.stringify(got) === JSON.stringify(want),
      `modifiedAfter=${instant} must return ${what(want)}`,
      {
        expected: want,
        received: got,
        exchange: ex,
      },
    );
  }
}

test.describe('offers modifiedAfter', () => {
  test(
    "at an offer's exact lastModifiedOn, that offer is included",
    covers('read', 'OFFER-MODIFIED-AFTER'),
    async ({ api, facts, verdict }) => {
      await judgeOnSteadyOffers({ api, facts, verdict }, async (offers, scratch) => {
        test.skip(offers.length < 2, 'Needs at least two offers.');
        // Prefer an instant shared by several offers: the boundary must include all of them.
        const counts = new Map<string, number>();
        for (const o of offers) counts.set(o.dates.lastModifiedOn, (counts.get(o.dates.lastModifiedOn) ?? 0) + 1);
        const sorted = [...counts.keys()].sort((a, b) => Date.parse(a) - Date.parse(b));
        const shared = sorted.filter((t) => (counts.get(t) ?? 0) > 1);
        const instants = [...new Set([shared[0] ?? sorted[Math.floor(sorted.length / 2)], sorted[sorted.length - 1]])];
        await checkInstants(api, scratch, offers, instants, (want) => `the ${want.length} offer(s) modified on or after it`);
      });
    },
  );

  test(
    'only offers modified on or after the instant are returned',
    covers('read', 'OFFER-MODIFIED-AFTER'),
    async ({ api, facts, verdict }) => {
      await judgeOnSteadyOffers({ api, facts, verdict }, async (offers, scratch) => {
        test.skip(offers.length < 2, 'Needs at least two offers.');
        const times = [...new Set(offers.map((o) => Date.parse(o.dates.lastModifiedOn)))].sort((a, b) => a - b);
        // Between two distinct instants, and one millisecond after the latest (nothing is that new).
        const between = times.length > 1 ? new Date(Math.floor((times[0] + times[1]) / 2)).toISOString() : undefined;
        const afterAll = new Date(times[times.length - 1] + 1).toISOString();
        const instants = [between, afterAll].filter((t): t is string => !!t);
        await checkInstants(api, scratch, offers, instants, () => 'exactly the offers modified on or after it');
      });
    },
  );

  test(
    // Not the contract's UTC form, but a real instant: a service may read it or refuse it; recorded. (A modifiedAfter
    // that is no date-time at all must be refused: errors.spec.ts, GEN-QUERY-INVALID.)
    'a modifiedAfter with a non-zero UTC offset: what the target does is recorded, never a 5xx',
    covers('read', 'GEN-FAILURE-4XX', 'PAGE-INVALID-PARAMS'),
    async ({ api, verdict }) => {
      for (const value of ['2024-06-01T10:00:00+01:00']) {
        const ex = await api.listOffers({ modifiedAfter: value, offset: 0, limit: 1 });
        verdict.observe({
          clause: 'PAGE-INVALID-PARAMS',
          key: `modifiedAfter.invalid.${value}`,
          message: `modifiedAfter=${value} answered ${ex.status}`,
          value: ex.status,
        });
      }
    },
  );
});
