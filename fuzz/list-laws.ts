/**
 * The list laws as fuzz properties, for any paginated collection behind a Pageable
 * (src/harness/pageables.ts): a page is the slice of the full list its offset and limit name, and
 * walking the pages rebuilds the full list. "Full" is the collection read with no offset and no limit
 * (Limits 2: all entries). A case that sees the list change under it (an entry added, removed or edited) is skipped,
 * not failed; one that sees the same entries in another order fails PAGE-STABLE-ORDER as well (src/checks/steady-list.ts).
 */
import fc from 'fast-check';
import type { Arbitrary } from 'fast-check';
import type { Pageable } from '../src/harness/pageables.ts';
import type { ClauseId } from '../src/contract/clauses/catalogue.ts';
import type { Verdict } from '../src/checks/test-verdict.ts';
import { checkListLaw, pageQuery } from '../src/arbitraries/index.ts';
import type { ListQuery, PageLaw } from '../src/arbitraries/index.ts';
import { CaseSkipped, type FuzzProperty, type FuzzRunner } from './runner.ts';
import { compareReadings, reorderedFailure, type ListReading } from '../src/checks/steady-list.ts';
import { boundedWalk, pagesToWalk, walkLimitNote } from '../src/checks/bounded-walk.ts';
import type { Exchange } from '../src/client/exchange.ts';

const sameKeys = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((k, i) => k === b[i]);
const byKey = { key: (k: string) => k };

/**
 * The clause a page that breaks its law breaks: a page refused or cut past the end is
 * PAGE-OFFSET-PAST-END, one starting at the wrong entry PAGE-OFFSET-ZERO-BASED, a wrong length
 * PAGE-LIMIT (PAGE-MAX-LIMIT above the maximum), no parameters PAGE-ALL-WHEN-OMITTED.
 */
export function pageLawClause(law: PageLaw, full: readonly string[], page: readonly string[] | null): ClauseId {
  if (law.kind === 'all') return 'PAGE-ALL-WHEN-OMITTED';
  if (law.start >= full.length) return 'PAGE-OFFSET-PAST-END';
  if (page !== null && page.length > 0 && page[0] !== full[law.start]) return 'PAGE-OFFSET-ZERO-BASED';
  return law.kind === 'capped' ? 'PAGE-MAX-LIMIT' : 'PAGE-LIMIT';
}

/** The full list of a collection: its entry keys in list order, and its reading (each entry whole, to tell an edit). */
export interface FullList {
  keys: string[];
  reading: ListReading;
}

/** The full list of a collection, read fresh; null when it cannot be read (its checks say why). */
export async function readFull(list: Pageable): Promise<FullList | null> {
  const { items } = await list.page({});
  return items === null ? null : { keys: items.map(list.key), reading: items.map(list.content) };
}

/**
 * Reads the full list again (aside: it is the reference, not the subject): when its content changed since `full`, the
 * case cannot be judged; the same entries in another order are no change, and fail PAGE-STABLE-ORDER.
 */
async function confirmUnchanged(fuzz: FuzzRunner, list: Pageable, full: FullList, verdict: Verdict): Promise<void> {
  const now = await fuzz.aside(() => readFull(list));
  if (now === null) return;
  const change = compareReadings(full.reading, now.reading);
  if (change === 'reordered') reorderedFailure(verdict, list.name, full.reading, now.reading, (entry) => list.key(JSON.parse(entry)));
  if (change !== 'moved') return;
  // later cases compare with the list as it is now
  full.keys.splice(0, full.keys.length, ...now.keys);
  full.reading = now.reading;
  throw new CaseSkipped(`${list.name} changed while a case read it`);
}

/**
 * A case with an offset and no limit on a list longer than a walk may read: moved into the list's last `tail` entries
 * (the same law, `from-offset`: entries from the offset on), so it reads no more than a page of the largest size, not
 * the rest of a list of thousands (issue 41: the offers property read 2,000 offers in each such case).
 */
export function offsetCaseInTail(q: ListQuery, total: number, tail: number): ListQuery {
  const page = q.law?.page;
  const tailStart = Math.max(0, total - tail);
  if (!q.law || page?.kind !== 'from-offset' || page.start >= tailStart) return q;
  const start = tailStart + (page.start % Math.max(1, tail));
  return {
    ...q,
    query: { ...q.query, offset: String(start) },
    description: `offset ${start} (offset ${page.start} moved into the last ${tail} of ${total} entries), limit absent`,
    clauses: start <= 1 ? q.clauses : q.clauses.filter((c) => c !== 'PAGE-OFFSET-ZERO-BASED'),
    law: { ...q.law, page: { kind: 'from-offset', start } },
  };
}

/**
 * page(offset, limit) equals the slice of the full list (PAGE-LIMIT and the clauses around it). On a list longer than
 * `maxPages` pages of the largest page (API_WALK_PAGES), a case with an offset and no limit starts in its last entries
 * (offsetCaseInTail), and `runsNote` says so.
 */
export function pageIsSliceProperty(
  fuzz: FuzzRunner,
  list: Pageable,
  fullList: FullList,
  maxLimit: number | null,
  maxPages: number,
): FuzzProperty<ListQuery> {
  const full = fullList.keys;
  const largest = Math.min(full.length + 1, maxLimit ?? Number.POSITIVE_INFINITY);
  const long = pagesToWalk(full.length, largest) > maxPages;
  const tail = Math.min(full.length, maxLimit ?? SAMPLED_TAIL_WITHOUT_MAXIMUM);
  const queries = pageQuery({ maxLimit, verdict: 'valid' });
  return {
    arbitrary: long ? queries.map((q) => offsetCaseInTail(q, full.length, tail)) : queries,
    ...(long
      ? {
          runsNote: `a list of ${full.length} entries, longer than API_WALK_PAGES=${maxPages} pages of ${largest}: each case with an offset and no limit starts in its last ${tail} entries`,
        }
      : {}),
    async run(q, verdict: Verdict) {
      const law = q.law!;
      const { ex, items } = await list.page(q.query);
      const page = items === null ? null : items.map(list.key);
      if (page === null) {
        verdict.check(
          pageLawClause(law.page, full, null),
          false,
          `${list.name}: ${q.description} must return a page, got status ${ex.status}`,
          { expected: '200 with an array', received: ex.status, exchange: ex },
        );
        return;
      }
      const failure = checkListLaw(full, page, law, byKey);
      if (!failure) return;
      await confirmUnchanged(fuzz, list, fullList, verdict);
      verdict.check(pageLawClause(law.page, full, page), false, `${list.name}: ${q.description}: ${failure.check}`, {
        expected: failure.expected,
        received: failure.received,
        exchange: ex,
      });
    },
  };
}

/**
 * Page sizes for a walk: at most about ten pages (so a long list costs ten requests, not a thousand)
 * and never above the maximum, where the next page would no longer start at offset + limit.
 */
export function walkLimit(total: number, maxLimit: number | null): Arbitrary<number> {
  const max = Math.max(1, Math.min(total + 1, maxLimit ?? Infinity));
  return fc.integer({ min: Math.min(max, Math.max(1, Math.ceil(total / 10))), max });
}

/** Where a list's maximum page is not known: the tail a case with an offset and no limit is moved into. */
const SAMPLED_TAIL_WITHOUT_MAXIMUM = 100;

/** Cases of a property every case of which reads more of a list than a walk may (API_WALK_PAGES pages of the largest page). */
export const SAMPLED_WALK_CASES = 10;

/**
 * Whether a list is longer than one walk may read (`maxPages` pages of the largest page the target serves): then every
 * case of a property that reads it whole, or walks it, reads the same bounded amount however the case varies, so a few
 * cases say what a hundred would, and the run's cost stops growing with the target's list (issue 41). Each case still
 * judges all it reads. `runs` is undefined when the list fits (FUZZ_RUNS cases); `fewer` says so otherwise.
 */
export function casesForLongList(
  fuzz: Pick<FuzzRunner, 'casesPerProperty'>,
  entries: number,
  maxLimit: number | null,
  maxPages: number,
): { runs?: number; fewer: string } {
  const largest = Math.min(entries + 1, maxLimit ?? Number.POSITIVE_INFINITY);
  if (pagesToWalk(entries, largest) <= maxPages) return { fewer: '' };
  const runs = Math.min(fuzz.casesPerProperty, SAMPLED_WALK_CASES);
  return { runs, fewer: runs < fuzz.casesPerProperty ? `${runs} cases of FUZZ_RUNS=${fuzz.casesPerProperty} ran` : '' };
}

/**
 * Walking pages by offset += limit from 0 until a short page rebuilds the full list (PAGE-WALK). At most `maxPages`
 * pages (API_WALK_PAGES): a longer walk is sampled at both ends (src/checks/bounded-walk.ts), what it read judged and
 * the clause reported limited for what it did not read.
 */
export function walkRebuildsProperty(
  fuzz: FuzzRunner,
  list: Pageable,
  fullList: FullList,
  maxLimit: number | null,
  maxPages: number,
): FuzzProperty<number> {
  const full = fullList.keys;
  // A list that even the largest page a walk may take needs more than maxPages pages to walk: every case is the same
  // sampled walk at that page.
  const { runs, fewer: fewerCases } = casesForLongList(fuzz, full.length, maxLimit, maxPages);
  const fewer = fewerCases ? `; ${fewerCases}, each this same walk` : '';
  return {
    arbitrary: walkLimit(full.length, maxLimit),
    ...(runs === undefined ? {} : { runs }),
    async run(limit, verdict: Verdict) {
      let refused: { offset: number; ex: Exchange } | null = null;
      const walk = await boundedWalk({
        limit,
        expected: full.length,
        maxPages,
        page: async (offset, size) => {
          const { ex, items } = await list.page({ offset, limit: size });
          if (items === null) refused ??= { offset, ex };
          return { keys: (items ?? []).map(list.key), ex };
        },
      });
      if (refused !== null) {
        const { offset, ex } = refused as { offset: number; ex: Exchange };
        verdict.check('PAGE-WALK', false, `${list.name}: the page at offset=${offset}&limit=${limit} was refused (${ex.status})`, {
          expected: '200 with an array',
          received: ex.status,
          exchange: ex,
        });
        return;
      }
      // A short page before the end, with the maximum not known: the target capped the page below
      // this limit, so offset + limit is no longer the next page. Outside this law (PAGE-MAX-LIMIT).
      if (maxLimit === null && walk.pages.some((p) => p.keys.length > 0 && p.keys.length < limit && p.offset + p.keys.length < full.length))
        throw new CaseSkipped(`${list.name}: pages are capped below limit ${limit}`);
      const { walked } = walk;
      const expected = walk.skipped ? [...full.slice(0, walk.skipped.from), ...full.slice(walk.skipped.to)] : full;
      if (sameKeys(walked, expected) && walk.ended) {
        const note = walkLimitNote(list.name, walk, full.length);
        if (note) verdict.limit('PAGE-WALK', `${note}${fewer}`);
        return;
      }
      await confirmUnchanged(fuzz, list, fullList, verdict);
      const duplicated = walked.filter((k, i) => walked.indexOf(k) !== i).length;
      const pagesNeeded = pagesToWalk(full.length, limit);
      if (!walk.ended && walked.length > full.length) {
        verdict.check(
          'PAGE-WALK',
          false,
          `${list.name}: walking pages of ${limit} did not end after ${walk.pages.length} pages (the list has ${full.length} entries)`,
          { expected: `${pagesNeeded} pages`, received: `${walk.pages.length}+ pages`, exchange: walk.pages[walk.pages.length - 1]?.ex },
        );
        return;
      }
      verdict.check(
        'PAGE-WALK',
        false,
        walk.skipped
          ? `${list.name}: the first and the last pages of ${limit} must hold the entries of the full list of ${full.length} at their offsets, with no duplicate, the last page ending it`
          : `${list.name}: walking pages of ${limit} must rebuild the full list of ${full.length} entries with no gap and no duplicate`,
        {
          expected: walk.skipped
            ? `entries 0..${walk.skipped.from - 1} and ${walk.skipped.to}..${full.length - 1} in list order, then a short page`
            : `${full.length} entries in list order`,
          received: `${walked.length} entries${duplicated ? `, ${duplicated} duplicated` : ''}, ${walked.filter((k) => !full.includes(k)).length} not in the list, ${expected.filter((k) => !walked.includes(k)).length} missing`,
        },
      );
    },
  };
}
