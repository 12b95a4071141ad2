/**
 * Laws over offers and allocation records judged on a list that held still (src/checks/steady-list.ts): a live
 * service edits offers, publishes new ones and grants allocations while the suite reads them. A law first runs on
 * the list the run read (TargetFacts); on a deviation, when the list read now differs in content from that one (an entry
 * added, removed or edited), again on the list as it is now. A list that changed under every attempt skips the test,
 * saying so; the same entries in another order are no change but a PAGE-STABLE-ORDER failure.
 */
import { judgeOnSteadyList } from '../checks/steady-list.ts';
import type { Verdict } from '../checks/test-verdict.ts';
import type { ApiClient } from '../client/api-client.ts';
import type { AllocationRecord, Offer } from '../contract/types.ts';
import { canonicalJson } from '../report/evidence.ts';
import { test } from './fixtures.ts';
import { arrayOrNull, type TargetFacts } from './target-facts.ts';

export async function judgeOnSteadyOffers(
  { api, facts, verdict }: { api: ApiClient; facts: TargetFacts; verdict: Verdict },
  law: (offers: Offer[], scratch: Verdict) => Promise<void>,
): Promise<void> {
  await judgeOnSteadyReading(
    verdict,
    'offers',
    'id',
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
    'offerId',
    () => facts.allocations(),
    async () => arrayOrNull<AllocationRecord>(await api.listAllocations()),
    law,
  );
}

/** A law judged first on the run's listing (`listed`), then, on a deviation over a list in motion, on `listedNow`. */
async function judgeOnSteadyReading<T>(
  verdict: Verdict,
  what: string,
  idField: string,
  listed: () => Promise<T[]>,
  listedNow: () => Promise<T[] | null>,
  law: (items: T[], scratch: Verdict) => Promise<void>,
): Promise<void> {
  // A reading: every entry whole, so an edit (a new lastModifiedOn, one more allocation) is a change of content.
  const reading = (items: T[]) => items.map(canonicalJson);
  const outcome = await judgeOnSteadyList({
    verdict,
    what: `GET /${what === 'offers' ? 'offer' : 'allocation'}`,
    law: async (scratch, attempt) => {
      const items = attempt === 0 ? await listed() : await listedNow();
      if (items === null) return null;
      await law(items, scratch);
      return () => reading(items);
    },
    reread: async () => {
      const items = await listedNow();
      return items === null ? null : reading(items);
    },
    keyOf: (entry) => String((JSON.parse(entry) as Record<string, unknown>)?.[idField] ?? entry),
  });
  test.skip(
    !outcome.judged,
    `The ${what} changed while the law was judged, ${outcome.judged ? 0 : outcome.attempts} times in a row: not judged on a list that changes this often.`,
  );
}
