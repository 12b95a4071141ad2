// Pagination laws (Limits 1-3), the same for offers, subscriptions and allocations.
import { covers, requireOffersToWrite, requireWrites, skipIfOfferClosed, test, type SuiteFixture } from '../src/harness/fixtures.ts';
import {
  allocationsPageable,
  HUGE_LIMIT,
  maxPageSize,
  offersPageable,
  subscriptionsPageable,
  type Pageable,
} from '../src/harness/pageables.ts';
import { boundedWalk, walkLimitNote } from '../src/checks/bounded-walk.ts';
import { judgeOnSteadyList, type ListReading } from '../src/checks/steady-list.ts';
import type { Verdict } from '../src/checks/test-verdict.ts';
import { minimalCreateBody } from '../src/arbitraries/fixed-create-bodies.ts';
import { forTerminal } from '../src/config/terminal-text.ts';

const keys = (p: Pageable, items: unknown[] | null) => (items ?? []).map(p.key);
const same = (a: string[], b: string[]) => a.length === b.length && a.every((k, i) => k === b[i]);

/** The list holds fewer than 3 entries, walked or read whole: too few for the laws to say anything. */
class TooFewEntries extends Error {}

/**
 * Every law on one collection. `full` is the list read with no offset and no limit. The maximum page
 * size is the profile's or, when the profile does not pin it, the one this run sees (a page asked for
 * with a huge limit that holds fewer than all entries); every page the walk asks for stays at or below
 * it, because above it "increase offset by limit" no longer names the next page.
 */
async function checkPaginationLaws(p: Pageable, verdict: Verdict, suite: SuiteFixture): Promise<ListReading | null> {
  const all = await p.page({});
  if (
    !verdict.check('PAGE-ALL-WHEN-OMITTED', all.items !== null, `${p.name}: no offset and no limit must return the whole list`, {
      expected: '200 with every entry',
      received: all.ex.status,
      exchange: all.ex,
    })
  )
    return null;
  const omitted = keys(p, all.items);

  const max = await maxPageSize(p, omitted.length, suite.profile.maxLimit);
  const { capped } = max;
  const cappedOk = verdict.check('PAGE-MAX-LIMIT', capped.items !== null, `${p.name}: limit=${HUGE_LIMIT} must be capped, not refused`, {
    expected: '200 with at most the maximum',
    received: capped.ex.status,
    exchange: capped.ex,
  });
  const pageMax = max.value ?? Infinity;

  // Walk: offset += limit until a short page. Independent of the no-parameter list, so each can be
  // checked against the other. At most API_WALK_PAGES pages: a longer list is walked at both ends (bounded-walk.ts).
  const limit = Math.min(pageMax, Math.max(2, Math.ceil(omitted.length / 4)));
  const walk = await boundedWalk({
    limit,
    expected: omitted.length,
    maxPages: suite.config.limits.walkPages,
    page: async (offset, size) => {
      const page = await p.page({ offset, limit: size });
      return { keys: keys(p, page.items), ex: page.ex };
    },
  });
  const { walked } = walk;
  const duplicates = walked.filter((k, i) => walked.indexOf(k) !== i);
  const walkedUnique = [...new Set(walked)];
  // How many entries the walk shows the list holds: all it read, or, sampled, up to the end of its last page.
  const reaches = walk.skipped ? walk.reaches : walkedUnique.length;
  verdict.check(
    'PAGE-ALL-WHEN-OMITTED',
    reaches <= omitted.length,
    `${p.name}: without offset and limit ${omitted.length} entries came back, but walking the pages finds ${reaches}`,
    { expected: `all ${reaches} entries`, received: `${omitted.length} entries`, exchange: all.ex },
  );
  // The full list is the longer of the two readings, so one fault does not hide behind the other.
  const full = !walk.skipped && walkedUnique.length > omitted.length ? walkedUnique : omitted;
  const n = full.length;
  if (walk.skipped === null) {
    verdict.check(
      'PAGE-WALK',
      same(walked, full) && duplicates.length === 0,
      `${p.name}: walking pages of ${limit} must rebuild the full list of ${n} with no gap and no duplicate`,
      {
        expected: `${n} entries in list order`,
        received: `${walked.length} entries${duplicates.length ? `, ${duplicates.length} duplicated` : ''}${same(walked, full) ? '' : ', order or content differs'}`,
      },
    );
  } else {
    // Sampled: the pages read must be the entries of the full list at their offsets, the last one ending it. The pages
    // between were not read: PAGE-WALK is limited here, not confirmed by this test (and never failed for them).
    const { from, to } = walk.skipped;
    const expected = reaches <= n ? [...full.slice(0, from), ...full.slice(to)] : null;
    if (expected !== null)
      verdict.check(
        'PAGE-WALK',
        same(walked, expected) && duplicates.length === 0 && walk.ended,
        `${p.name}: the first and the last pages of ${limit} must hold the entries of the full list of ${n} at their offsets, with no duplicate, the last page ending it`,
        {
          expected: `entries 0..${from - 1} and ${to}..${n - 1} in list order, then a short page`,
          received: `${walked.length} entries${duplicates.length ? `, ${duplicates.length} duplicated` : ''}${same(walked, expected) ? '' : ', order or content differs'}${walk.ended ? '' : ', no short page where the list ends'}`,
        },
      );
    verdict.limit('PAGE-WALK', walkLimitNote(p.name, walk, n) ?? '');
  }
  // Printed by Playwright as thrown: the name holds the target's ids, their control characters shown as escapes.
  if (n < 3) throw new TooFewEntries(forTerminal(`${p.name}: needs at least 3 entries to check pagination, has ${n}`));

  /** The entries a page names: `size` from `offset`, no more than the maximum. */
  const slice = (offset: number, size: number) => full.slice(offset, offset + Math.min(size, pageMax));

  // Zero-based: offset=0 is the first entry and offset=1 the second.
  for (const [offset, count] of [
    [0, 2],
    [1, 1],
  ] as const) {
    const page = await p.page({ offset, limit: count });
    verdict.check(
      'PAGE-OFFSET-ZERO-BASED',
      same(keys(p, page.items), slice(offset, count)),
      `${p.name}: offset=${offset}&limit=${count} must start at entry ${offset + 1} of the list (offset is zero-based)`,
      { expected: slice(offset, count), received: keys(p, page.items), exchange: page.ex },
    );
  }

  for (const [offset, size] of [
    [Math.floor(n / 2), 2],
    [n - 2, 5],
  ] as const) {
    const page = await p.page({ offset, limit: size });
    const want = slice(offset, size);
    verdict.check(
      'PAGE-LIMIT',
      same(keys(p, page.items), want),
      `${p.name}: offset=${offset}&limit=${size} must be entries ${offset}..${offset + want.length - 1} of the full list`,
      { expected: want, received: keys(p, page.items), exchange: page.ex },
    );
  }

  for (const offset of [n, n + 10]) {
    const page = await p.page({ offset, limit: 5 });
    verdict.check(
      'PAGE-OFFSET-PAST-END',
      page.items !== null && page.items.length === 0,
      `${p.name}: offset=${offset} is past the last entry and must return an empty page`,
      {
        expected: '200 with []',
        received: page.items === null ? `status ${page.ex.status}` : `${page.items.length} entries`,
        exchange: page.ex,
      },
    );
  }

  // A limit above any plausible maximum: not an error; the service applies its own maximum. Whatever
  // that maximum is, the capped page is the start of the list, holds at least one entry, and (when the
  // profile pins the maximum) holds exactly min(all, maximum).
  if (cappedOk) {
    const got = keys(p, capped.items);
    const want = max.source === 'profile' ? Math.min(n, pageMax) : max.source === 'observed' ? got.length : n;
    const law =
      max.source === 'profile'
        ? `the first ${want} entries (maximum ${pageMax}, from the profile)`
        : max.source === 'observed'
          ? `the start of the list (maximum ${got.length}, as observed)`
          : `all ${n} entries (no smaller maximum seen)`;
    verdict.check(
      'PAGE-MAX-LIMIT',
      got.length === want && got.length >= 1 && same(got, full.slice(0, got.length)),
      `${p.name}: limit=${HUGE_LIMIT} must return ${law}`,
      { expected: want, received: got.length, exchange: capped.ex },
    );
    const count = got.length;
    verdict.observe({
      clause: 'PAGE-MAX-LIMIT-VALUE',
      key: count < n ? 'maxLimit' : `maxLimit.atLeast.${p.name.split(' ')[0]}`,
      message:
        count < n ? `${p.name}: the maximum page size is ${count}` : `${p.name}: the maximum page size is at least ${n} (all entries fit)`,
      value: count,
    });
  }
  return all.items!.map(p.content);
}

/**
 * The laws, judged on a list that held still while they read it: a deviation found while the list changed (a live
 * service publishes offers) is judged again on the list as it is now (src/checks/steady-list.ts).
 */
async function judgePaginationLaws(
  p: Pageable,
  verdict: Verdict,
  suite: SuiteFixture,
  /** A list of fewer than 3 entries: a failure (the test made them), or a skip (the target's own list). */
  { tooFew = 'fail' }: { tooFew?: 'fail' | 'skip' } = {},
): Promise<void> {
  let outcome: Awaited<ReturnType<typeof judgeOnSteadyList>>;
  try {
    outcome = await judgeOnSteadyList({
      verdict,
      what: p.name,
      law: (scratch) => checkPaginationLaws(p, scratch, suite),
      reread: async () => {
        const { items } = await p.page({});
        return items === null ? null : items.map(p.content);
      },
      keyOf: (entry) => p.key(JSON.parse(entry)),
    });
  } catch (error) {
    // A staging environment may list only one or two offers: too few to judge pages on, which is no deviation. The
    // count is that of the longer of the whole list and its walk, so a target that pages short is still judged.
    if (error instanceof TooFewEntries && tooFew === 'skip') test.skip(true, `${error.message}: the laws are not judged on it.`);
    throw error;
  }
  test.skip(
    !outcome.judged,
    `${p.name} changed while the laws were judged, ${outcome.judged ? 0 : outcome.attempts} times in a row: not judged on a list that changes this often.`,
  );
}

/** The clauses checkPaginationLaws judges on every list. */
const PAGE_LAWS = [
  'PAGE-STABLE-ORDER',
  'PAGE-ALL-WHEN-OMITTED',
  'PAGE-OFFSET-ZERO-BASED',
  'PAGE-LIMIT',
  'PAGE-WALK',
  'PAGE-OFFSET-PAST-END',
  'PAGE-MAX-LIMIT',
] as const;

test.describe('pagination', () => {
  test('offers paginate by offset and limit', covers('read', ...PAGE_LAWS, 'PAGE-MAX-LIMIT-VALUE'), async ({ api, verdict, suite }) => {
    await judgePaginationLaws(offersPageable(api), verdict, suite, { tooFew: 'skip' });
  });

  test(
    'offers filtered by modifiedAfter paginate by offset and limit (filter first, then page)',
    covers('read', ...PAGE_LAWS, 'OFFER-MODIFIED-AFTER'),
    async ({ api, facts, verdict, suite }) => {
      // The median lastModifiedOn: about half the offers in the filtered list, the others out of it, so a service that
      // pages before it filters shows short pages.
      const instants = (await facts.offers()).map((o) => o.dates.lastModifiedOn).sort((a, b) => Date.parse(a) - Date.parse(b));
      const instant = instants[Math.floor(instants.length / 2)];
      const selected = instants.filter((t) => Date.parse(t) >= Date.parse(instant ?? '')).length;
      test.skip(
        selected < 3 || selected === instants.length,
        'Needs at least 3 offers modified on or after the median instant, and some before it.',
      );
      await judgePaginationLaws(offersPageable(api, { modifiedAfter: instant }), verdict, suite);
    },
  );

  test(
    'the allocations of an offer paginate by offset and limit',
    covers('read', ...PAGE_LAWS, 'PAGE-MAX-LIMIT-VALUE'),
    async ({ api, facts, verdict, suite }) => {
      const records = await facts.allocations();
      const largest = [...records].sort((a, b) => (b.allocations?.length ?? 0) - (a.allocations?.length ?? 0))[0];
      test.skip(!largest || largest.allocations.length < 3, 'No offer has at least 3 allocations to paginate.');
      await judgePaginationLaws(allocationsPageable(api, largest.offerId), verdict, suite);
    },
  );

  test(
    'subscriptions paginate by offset and limit',
    covers('write', ...PAGE_LAWS, 'SUB-READ-AFTER-WRITE'),
    async ({ api, facts, verdict, suite, reads }) => {
      requireWrites(suite);
      const offer = await facts.reservedOffer();
      if (!offer)
        await requireOffersToWrite(facts, await facts.writableOffers(), {
          needed: 2,
          fewer: 'Needs at least two open offers to write to (one is reserved for this test).',
        });
      const pageable = subscriptionsPageable(api, offer!.id);
      const existing = await pageable.page({});
      const have = existing.items?.length ?? 0;
      // A handful of records on the reserved offer (only as many as are missing), cancelled at teardown.
      const created: string[] = [];
      for (let i = have; i < 7; i++) {
        const answer = (await api.createSubscription(minimalCreateBody(offer!))).exchange;
        // The reserved offer closed under the run (a live service): its list cannot be filled; the laws are judged on
        // the offers' list, and on the subscriptions by the fuzz list laws.
        await skipIfOfferClosed(api, answer, offer!.id);
        const id = (answer.body as { id?: unknown } | null)?.id;
        if (answer.status < 300 && typeof id === 'string') created.push(id);
      }
      // Creates that failed leave too few records to page through: SUB-CREATE reports why, and the laws are judged on
      // the offers' list (and on the subscriptions by the fuzz list laws), not failed here for want of records.
      if (have + created.length < 3)
        test.skip(
          true,
          `The creates on offer ${JSON.stringify(offer!.id)} failed (${created.length} of ${7 - have} made); SUB-CREATE reports why.`,
        );
      // The laws compare pages with the whole list: read it, within API_READ_SETTLE, until it holds what was just created.
      await reads.read({
        read: () => pageable.page({}),
        shows: (all) => created.every((id) => (all.items ?? []).some((item) => pageable.key(item) === id)),
        what: `GET /subscription?offerId=${offer!.id} after ${created.length} creates`,
        verdict,
      });
      await judgePaginationLaws(pageable, verdict, suite);
    },
  );
});
