/**
 * Offers laws judged on a list that held still (src/checks/steady-list.ts): a live service edits offers and publishes
 * new ones while the suite reads them. The law first runs on the offers the run listed (TargetFacts); on a
 * deviation, when the offers listed now differ from those, again on the offers as they are now. A list that changed
 * under every attempt skips the test, saying so.
 */
import { isDeepStrictEqual } from 'node:util';
import { judgeOnSteadyList } from '../src/checks/steady-list.ts';
import type { Verdict } from '../src/checks/verdict.ts';
import type { ApiClient } from '../src/client/api-client.ts';
import type { Offer } from '../src/model/types.ts';
import { test } from './fixtures.ts';
import type { TargetFacts } from './target-facts.ts';

/** The offers as listed now, or null when the list cannot be read (its exchange checks say why). */
export async function offersListedNow(api: ApiClient): Promise<Offer[] | null> {
  const ex = await api.listOffers();
  return ex.status === 200 && Array.isArray(ex.body) ? (ex.body as Offer[]) : null;
}

export async function judgeOnSteadyOffers(
  { api, facts, verdict }: { api: ApiClient; facts: TargetFacts; verdict: Verdict },
  law: (offers: Offer[], scratch: Verdict) => Promise<void>,
): Promise<void> {
  const outcome = await judgeOnSteadyList<Offer[]>({
    verdict,
    law: async (scratch, attempt) => {
      const offers = attempt === 0 ? await facts.offers() : await offersListedNow(api);
      if (offers === null) return null;
      await law(offers, scratch);
      return offers;
    },
    reread: () => offersListedNow(api),
    same: isDeepStrictEqual,
  });
  test.skip(
    !outcome.judged,
    `The offers changed while the law was judged, ${outcome.judged ? 0 : outcome.attempts} times in a row: not judged on a list that changes this often.`,
  );
}
