/**
 * A walk of a list by offset += limit, bounded (issue 41, item 2): a shared staging's lists grow for years, and a walk
 * that reads every page of them makes the run's requests grow with the target. A walk asks for at most `maxPages`
 * pages (API_WALK_PAGES, src/config/run-limits.ts). When the list, as long as another reading says it is
 * (`expected`: the list read whole), needs more, the walk is sampled: its first pages from offset 0 and its last
 * pages up to the short page that ends it, both on the same offset += limit grid; the pages between are not read,
 * and `skipped` says which entries those are, so the check that judges the walk reports its clause as limited there,
 * never as failed for the entries it did not read.
 */

export interface WalkPage<E> {
  offset: number;
  /** The page's entries as keys; empty when the page was refused or not a list (the walk ends there). */
  keys: string[];
  ex: E;
}

export interface BoundedWalk<E> {
  limit: number;
  /** The pages asked for, in order: the first ones, then (sampled) the last ones. */
  pages: WalkPage<E>[];
  /** Every key the pages held, in the order walked. */
  walked: string[];
  /** The walk met a short page (fewer than `limit` entries): the end of the list. */
  ended: boolean;
  /** The entries not read, [from, to) by offset; null when every page from offset 0 to the last one read was asked for. */
  skipped: { from: number; to: number } | null;
  /** How many entries the walk shows the list holds, at least: the offset after the last entry of its last page. */
  reaches: number;
}

/** Pages a walk of `expected` entries at `limit` a page needs: every full page and the short one that ends it. */
export function pagesToWalk(expected: number, limit: number): number {
  return Math.floor(expected / limit) + 1;
}

/** The sampled walk's split of `maxPages`: the first pages and the last ones (the end of a list is where paging slips). */
export function sampleSplit(maxPages: number): { first: number; last: number } {
  const last = Math.floor(maxPages / 2);
  return { first: maxPages - last, last };
}

export async function boundedWalk<E>(o: {
  limit: number;
  /** Entries another reading says the list holds (the list read whole): where its end is looked for. */
  expected: number;
  maxPages: number;
  page: (offset: number, limit: number) => Promise<{ keys: string[]; ex: E }>;
}): Promise<BoundedWalk<E>> {
  const { limit, maxPages } = o;
  const pages: WalkPage<E>[] = [];
  /** Pages from `offset` on until a short one, `most` at most; whether it ended. */
  const run = async (offset: number, most: number): Promise<boolean> => {
    for (let n = 0; n < most; n++, offset += limit) {
      const { keys, ex } = await o.page(offset, limit);
      pages.push({ offset, keys, ex });
      if (keys.length < limit) return true;
    }
    return false;
  };
  const finish = (ended: boolean, skipped: BoundedWalk<E>['skipped']): BoundedWalk<E> => {
    const last = pages[pages.length - 1];
    return { limit, pages, walked: pages.flatMap((p) => p.keys), ended, skipped, reaches: last ? last.offset + last.keys.length : 0 };
  };
  if (pagesToWalk(o.expected, limit) <= maxPages) return finish(await run(0, maxPages), null);
  const { first, last } = sampleSplit(maxPages);
  if (await run(0, first)) return finish(true, null);
  // The last pages: those of the grid that end the list as long as it was read whole, after the first pages.
  const from = first * limit;
  const lastStart = Math.max(from, (pagesToWalk(o.expected, limit) - last) * limit);
  const ended = await run(lastStart, last);
  return finish(ended, lastStart > from ? { from, to: lastStart } : null);
}

/** The sentence a limited walk is reported with: what it read of how many, and the setting that bounds it. */
export function walkLimitNote(what: string, walk: Pick<BoundedWalk<unknown>, 'limit' | 'pages' | 'skipped'>, total: number): string | null {
  if (!walk.skipped) return null;
  const { from, to } = walk.skipped;
  return `${what}: ${total} entries need ${pagesToWalk(total, walk.limit)} pages of ${walk.limit}, more than API_WALK_PAGES allows; the walk read ${walk.pages.length} pages (entries 0..${from - 1} and ${to}..${total - 1}), entries ${from}..${to - 1} were not walked`;
}

/**
 * The most entries a list may hold to be read whole where a walk would be bounded: API_WALK_PAGES pages of the largest
 * page (the profile's maximum, or 100 where it is not known). One figure for every check that reads a whole list.
 */
export function wholeListBound(walkPages: number, maxLimit: number | null | undefined): number {
  return walkPages * (maxLimit ?? 100);
}

/** Past this offset lengthBeyond stops looking for the end of a list (2^24: 16 million entries). */
const MOST_ENTRIES_LOOKED_FOR = 2 ** 24;

/**
 * How many entries a list holds, found without reading it whole: null when it holds at most `bound` (the page of one
 * entry at offset `bound` is empty, or not a list: the caller reads the list whole, as it would have), else its length,
 * by pages of one entry at doubling offsets, then halving between the last full and the first empty one: at most
 * about log2(length / bound) + log2(length) requests of one entry (20,000 entries past a bound of 800: 20), in place of
 * one answer holding all of them.
 */
export async function lengthBeyond(bound: number, entryAt: (offset: number) => Promise<boolean | null>): Promise<number | null> {
  if ((await entryAt(bound)) !== true) return null;
  let full = bound; // an offset known to hold an entry
  let empty = bound * 2;
  for (;;) {
    // A list with an entry at every offset asked (a target that ignores offset) has no end to find: read it whole.
    if (empty > MOST_ENTRIES_LOOKED_FOR) return null;
    const has = await entryAt(empty);
    if (has === null) return null;
    if (!has) break;
    full = empty;
    empty *= 2;
  }
  while (empty - full > 1) {
    const middle = Math.floor((full + empty) / 2);
    const has = await entryAt(middle);
    if (has === null) return null;
    if (has) full = middle;
    else empty = middle;
  }
  return full + 1;
}
