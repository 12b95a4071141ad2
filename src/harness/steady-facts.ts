/**
 * Laws over offers and allocation records judged on a list that held still (src/checks/steady-list.ts): a live
 * service edits offers, publishes new ones and grants allocations while the suite reads them. A law first runs on
 * the list the run read (TargetFacts); on a deviation, when the list read now differs from that one, again on the
 * list as it is now. A list that changed under every attempt skips the test, saying so.
 */
import { isDeepStrictEqual } from 'node:util';
import { judgeOnSteadyList } from '../checks/steady-list.ts';
import type { Verdict } from '../checks/test-verdict.ts';
import type { ApiClient } from '../client/api-client.ts';
import type { AllocationRecord, Offer } from '../contract/types.ts';
import { test } from './fixtures.ts';
import { arrayOrNull, type TargetFacts } from './target-facts.ts';

export async function judgeOnSteadyOffers(
  { api, facts, verdict }: { api: ApiClient; facts: TargetFacts; verdict: Verdict },
  law: (offers: Offer[], scratch: Verdict) => Promise<void>,
): Promise<void> {
  await judgeOnSteadyReading(
    verdict,
    'offers',
    () => facts.offers(),
    async () => arrayOrNull<Offer>(await api.listOffers()),
    law,
  );
}

/** The same for laws over the allocation records: an issuer may grant allocations while the suite reads them. */
export async function judgeOnSteadyAllocations(
  { api, facts, verdict }: { api: ApiClient; facts: TargetFacts; verdict: Verdict },
  law: (records: AllocationRecord[], scratch: Verdict) => Promise<void>,
): Promise<void> {
  await judgeOnSteadyReading(
    verdict,
    'allocation records',
    () => facts.allocations(),
    async () => arrayOrNull<AllocationRecord>(await api.listAllocations()),
    law,
  );
}

/** A law judged first on the run's listing (`listed`), then, on a deviation over a list in motion, on `listedNow`. */
async function judgeOnSteadyReading<T>(
  verdict: Verdict,
  what: string,
  listed: () => Promise<T[]>,
  listedNow: () => Promise<T[] | null>,
  law: (items: T[], scratch: Verdict) => Promise<void>,
): Promise<void> {
  const outcome = await judgeOnSteadyList<T[]>({
    verdict,
    law: async (scratch, attempt) => {
      const items = attempt === 0 ? await listed() : await listedNow();
      if (items === null) return null;
      await law(items, scratch);
      return items;
    },
    reread: listedNow,
    same: isDeepStrictEqual,
  });
  test.skip(
    !outcome.judged,
    `The ${what} changed while the law was judged, ${outcome.judged ? 0 : outcome.attempts} times in a row: not judged on a list that changes this often.`,
  );
}
