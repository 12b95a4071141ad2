// List laws (contract, Limits 1-3, and "Get all offers": modifiedAfter), as properties over generated
// queries: for offers, for the subscriptions of one offer, and for the allocations of one offer.
import { allocationsPageable, maxPageSize, offersPageable, subscriptionsPageable, type Pageable } from '../src/harness/pageables.ts';
import { checkListLaw, modifiedAfterParam } from '../src/arbitraries/index.ts';
import { minimalCreateBody } from '../src/arbitraries/fixed-create-bodies.ts';
import type { Offer } from '../src/contract/types.ts';
import { property, requireWrites, test } from './fixtures.ts';
import { CaseSkipped, type FuzzProperty, type FuzzRunner } from './runner.ts';
import { casesForLongList, type FullList, pageIsSliceProperty, readFull, walkRebuildsProperty } from './list-laws.ts';
import { fuzzOffers } from './offers.ts';
import { WriteBudgetSpent } from './write-budget.ts';
import type { SuiteFixture } from '../src/harness/fixtures.ts';
import type { ReadSettle } from '../src/checks/read-settle.ts';
import type { Verdict } from '../src/checks/test-verdict.ts';
import { compareReadings, reorderedFailure } from '../src/checks/steady-list.ts';
import { arrayOrNull, type TargetFacts } from '../src/harness/target-facts.ts';

/** Records the subscription laws need on their offer, at least (created only when missing). */
const SUBSCRIPTIONS_TO_PAGE = 7;

interface Collection {
  name: string;
  mode: 'read' | 'write';
  /** The collection to page, after any set-up it needs; skips the test (with the reason) when it cannot. */
  open(o: { fuzz: FuzzRunner; facts: TargetFacts; suite: SuiteFixture; reads: ReadSettle; verdict: Verdict }): Promise<Pageable>;
}

const COLLECTIONS: Collection[] = [
  { name: 'offers', mode: 'read', open: async ({ fuzz }) => offersPageable(fuzz.api) },
  {
    name: 'subscriptions of one offer',
    mode: 'write',
    async open({ fuzz, facts, suite, reads, verdict }) {
      requireWrites(suite);
      const { listOffer } = await fuzzOffers(fuzz, facts);
      test.skip(
        !listOffer,
        'Needs at least four open offers the run writes to (in a currency the target takes creates in): one is kept free of other writes for these laws.',
      );
      const list = subscriptionsPageable(fuzz.api, listOffer!.id);
      const have = (await readFull(list))?.keys.length ?? 0;
      const created: string[] = [];
      try {
        for (let i = have; i < SUBSCRIPTIONS_TO_PAGE; i++) {
          const { exchange } = await fuzz.create(minimalCreateBody(listOffer as Offer));
          const id = (exchange.body as { id?: unknown } | null)?.id;
          if (exchange.status < 300 && typeof id === 'string') created.push(id);
        }
      } catch (error) {
        if (error instanceof WriteBudgetSpent) test.skip(true, `Cannot create the records to page through: ${error.message}.`);
        throw error;
      }
      // The laws compare pages with the full list: read it, within API_READ_SETTLE, until it holds what was just created.
      await reads.read({
        read: () => readFull(list),
        shows: (full) => full !== null && created.every((id) => full.keys.includes(id)),
        what: `the subscriptions of offer ${listOffer!.id} after ${created.length} creates`,
        verdict,
      });
      return list;
    },
  },
  {
    name: 'allocations of one offer',
    mode: 'read',
    async open({ fuzz, facts }) {
      const records = await facts.allocations();
      const largest = [...records].sort((a, b) => (b.allocations?.length ?? 0) - (a.allocations?.length ?? 0))[0];
      test.skip(!largest || (largest.allocations?.length ?? 0) < 2, 'No offer has at least 2 allocations to page through.');
      return allocationsPageable(fuzz.api, largest.offerId);
    },
  },
];

async function fullList(list: Pageable): Promise<FullList> {
  const full = await readFull(list);
  if (full === null) throw new Error(`${list.name}: the full list could not be read; the checks of that request say why`);
  return full;
}

/**
 * A list law as a property of `list`: its full list read (the oracle), the maximum page size (the profile's, or inferred
 * from a capped page: unknown is not unlimited), and the walk bound (API_WALK_PAGES).
 */
async function checkPagingLaw<T>(
  law: (fuzz: FuzzRunner, list: Pageable, full: FullList, maxLimit: number | null, maxPages: number) => FuzzProperty<T>,
  list: Pageable,
  fuzz: FuzzRunner,
  suite: SuiteFixture,
): Promise<void> {
  const full = await fuzz.oracle(() => fullList(list));
  const maxLimit = (await fuzz.oracle(() => maxPageSize(list, full.keys.length, suite.profile.maxLimit))).value;
  await fuzz.check(law(fuzz, list, full, maxLimit, suite.config.limits.walkPages));
}

for (const c of COLLECTIONS) {
  const pageClauses = [
    'PAGE-LIMIT',
    'PAGE-OFFSET-ZERO-BASED',
    'PAGE-OFFSET-PAST-END',
    'PAGE-MAX-LIMIT',
    'PAGE-ALL-WHEN-OMITTED',
    'PAGE-STABLE-ORDER',
  ] as const;

  test(
    `${c.name}: every page is the slice of the full list its offset and limit name`,
    property(c.mode, ...pageClauses),
    async ({ fuzz, facts, suite, reads, verdict }) => {
      await checkPagingLaw(pageIsSliceProperty, await c.open({ fuzz, facts, suite, reads, verdict }), fuzz, suite);
    },
  );

  test(
    `${c.name}: walking the pages rebuilds the full list`,
    property(c.mode, 'PAGE-WALK', 'PAGE-STABLE-ORDER'),
    async ({ fuzz, facts, suite, reads, verdict }) => {
      await checkPagingLaw(walkRebuildsProperty, await c.open({ fuzz, facts, suite, reads, verdict }), fuzz, suite);
    },
  );
}

test(
  'offers modified on or after modifiedAfter are exactly the full list filtered by lastModifiedOn',
  property('read', 'OFFER-MODIFIED-AFTER', 'PAGE-STABLE-ORDER'),
  async ({ fuzz, facts, suite }) => {
    let offers = await facts.offers();
    test.skip(offers.length === 0, 'The target lists no offer.');
    const list = offersPageable(fuzz.api);
    // Every case reads its filtered list whole: on a catalogue longer than a walk may read, fewer cases (each whole).
    // The profile's maximum page when pinned; else the one a capped page shows (one request, as the page properties make).
    const pinned = suite.profile.maxLimit;
    const maxLimit = typeof pinned === 'number' ? pinned : (await fuzz.oracle(() => maxPageSize(list, offers.length, pinned))).value;
    const { runs, fewer } = casesForLongList(fuzz, offers.length, maxLimit, suite.config.limits.walkPages);
    /**
     * On a deviation: when the offers changed since `offers` (edited, published), the case read a list in motion; the
     * same offers in another order are no change, and fail PAGE-STABLE-ORDER (src/checks/steady-list.ts).
     */
    const confirmOffersUnchanged = async (verdict: Verdict) => {
      const now = arrayOrNull<Offer>(await fuzz.aside(() => fuzz.api.listOffers()));
      if (now === null) return;
      const [before, after] = [offers.map(list.content), now.map(list.content)];
      const change = compareReadings(before, after);
      if (change === 'reordered') reorderedFailure(verdict, list.name, before, after, (entry) => list.key(JSON.parse(entry)));
      if (change !== 'moved') return;
      offers = now; // later cases compare with the offers as they are now
      throw new CaseSkipped('the offers changed while a case read them');
    };
    await fuzz.check({
      arbitrary: modifiedAfterParam({ lastModifiedSeen: offers.map((o) => o.dates?.lastModifiedOn), verdict: 'valid' }).filter(
        (p) => p.meaning !== undefined,
      ),
      ...(runs === undefined ? {} : { runs }),
      ...(fewer
        ? {
            runsNote: `${fewer}: each case reads a filtered list of up to ${offers.length} offers, more than API_WALK_PAGES=${suite.config.limits.walkPages} pages of ${maxLimit}`,
          }
        : {}),
      async run(param, verdict) {
        const { ex, items } = await list.page({ modifiedAfter: param.value });
        if (items === null) {
          verdict.check(
            'OFFER-MODIFIED-AFTER',
            false,
            `${param.description} must return the offers modified on or after it, got status ${ex.status}`,
            { expected: '200 with an array', received: ex.status, exchange: ex },
          );
          return;
        }
        const failure = checkListLaw(
          offers as Offer[],
          items as Offer[],
          { modifiedSince: param.meaning!.since, page: { kind: 'all' } },
          { key: (o) => o.id, lastModifiedOn: (o) => o.dates.lastModifiedOn },
        );
        if (!failure) return;
        await confirmOffersUnchanged(verdict);
        verdict.check('OFFER-MODIFIED-AFTER', false, `${param.description}: ${failure.check}`, {
          expected: failure.expected,
          received: failure.received,
          exchange: ex,
        });
      },
    });
  },
);
