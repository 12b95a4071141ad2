// Client checks, reads (CLIENT-POLLS-MODIFIED-AFTER, CLIENT-PAGINATION-WALK): how the client polls for new offers and
// walks the pages of a list. One area of the registry joined in ../client-checks.ts.
import type { SessionExchange } from '../recorded-session.ts';
import {
  type ClientFinding,
  defineClientCheck,
  isSuccess,
  LIST_QUERY_OPS,
  leadingCount,
  queryOf,
  requestLine,
  result,
} from './client-check.ts';

/** The pages of one list walk share the operation, the path and every query parameter but offset and limit. */
function walkKey(ex: SessionExchange): string {
  const url = new URL(ex.path, 'http://client');
  const rest = [...url.searchParams].filter(([n]) => n !== 'offset' && n !== 'limit').sort(([a], [b]) => (a < b ? -1 : 1));
  return `${ex.operation} ${url.pathname}?${new URLSearchParams(rest).toString()}`;
}

function pageOf(ex: SessionExchange): { offset: number; limit: number | null } | null {
  const q = queryOf(ex);
  const offset = q.get('offset') === null ? 0 : Number(q.get('offset'));
  const limit = q.get('limit') === null ? null : Number(q.get('limit'));
  return Number.isInteger(offset) && (limit === null || Number.isInteger(limit)) ? { offset, limit } : null;
}

export const pollsWithModifiedAfter = defineClientCheck({
  name: 'pollsWithModifiedAfter',
  clause: 'CLIENT-POLLS-MODIFIED-AFTER',
  run(session) {
    // A read of the offers from the start (no offset, or offset 0) that the service answered is a poll; the first
    // one is the initial load. A read refused (a 429) and sent again is the same read.
    const reads = session.exchanges.filter((ex) => ex.operation === 'offer.list' && (pageOf(ex)?.offset ?? 0) === 0 && isSuccess(ex));
    const polls = reads.slice(1);
    const rereads = polls.filter((ex) => !queryOf(ex).has('modifiedAfter'));
    const withModifiedAfter = polls.length - rereads.length;
    // "Recommended way to poll for new offers": a client polls that way. A read of all the offers again now and then
    // (a restart, a nightly reconciliation) is not its way of polling, and nothing in the contract forbids it; a
    // client whose reads again outnumber its polls with modifiedAfter, or that has none, polls without it.
    const pollsWithout = rereads.length > withModifiedAfter;
    const findings = pollsWithout
      ? rereads.map((ex) => ({
          message: `${requestLine(ex)} read the offers again without modifiedAfter (initial read: #${reads[0].seq}; ${withModifiedAfter} poll(s) with modifiedAfter, ${rereads.length} without)`,
          expected: 'modifiedAfter on the reads that poll for new offers',
          received: ex.path,
          evidence: [reads[0].seq, ex.seq],
        }))
      : [];
    const allowed = rereads.length
      ? `; ${rereads.length} read(s) of all the offers again among them, fewer than the ${withModifiedAfter} with modifiedAfter (a restart or a reconciliation)`
      : '';
    return result(
      polls,
      findings,
      `${polls.length} poll(s) after the initial read #${reads[0]?.seq ?? '?'}${allowed}`,
      reads.length ? 'the client read the offers once and never polled for new ones' : 'the session has no read of the offers list',
    );
  },
});

export const paginationWalk = defineClientCheck({
  name: 'paginationWalk',
  clause: 'CLIENT-PAGINATION-WALK',
  run(session) {
    const lastPage = new Map<string, SessionExchange>();
    const exercised: SessionExchange[] = [];
    const findings: ClientFinding[] = [];
    const notes: string[] = [];
    // Each list query with its page and its list (same path and filters), read once.
    const lists = session.exchanges.flatMap((ex) => {
      const page = LIST_QUERY_OPS.has(ex.operation) ? pageOf(ex) : null;
      return page ? [{ ex, ...page, key: walkKey(ex), items: ex.responseItems }] : [];
    });
    type Page = (typeof lists)[number] & { limit: number };
    /** Where the page after `q` may start: its offset + limit, or, after a capped page (fewer items than asked: the
     * service's own maximum), where it ended. */
    const nextOffsets = (q: Page) => [...new Set([q.offset + q.limit, ...(q.items !== null && q.items > 0 ? [q.offset + q.items] : [])])];
    // Successful pages of each list, whatever their order: the pages a next page may follow, sorted by offset (then by
    // arrival), and indexed by where the page after each may start. Each page is then judged by a lookup, not by a
    // scan of its list: a load run through the proxy reads the same page tens of thousands of times.
    const answered = new Map<string, { byOffset: Page[]; byNextOffset: Map<number, Page[]> }>();
    for (const p of lists) {
      if (!isSuccess(p.ex) || p.limit === null) continue;
      let list = answered.get(p.key);
      if (!list) {
        list = { byOffset: [], byNextOffset: new Map() };
        answered.set(p.key, list);
      }
      list.byOffset.push(p as Page);
      for (const next of nextOffsets(p as Page)) {
        const continuing = list.byNextOffset.get(next);
        if (continuing) continuing.push(p as Page);
        else list.byNextOffset.set(next, [p as Page]);
      }
    }
    for (const list of answered.values()) list.byOffset.sort((a, b) => a.offset - b.offset || a.ex.seq - b.ex.seq);
    // A page beyond the first continues some page of the same list, found by offset, not by arrival: a client that
    // asks for several pages at once may send them in any order.
    for (const p of lists) {
      const list = answered.get(p.key);
      // How many of the list's pages start below this one.
      const below = list ? leadingCount(list.byOffset, (q) => q.offset < p.offset) : 0;
      if (list && p.offset > 0 && below > 0) {
        exercised.push(p.ex);
        if (!list.byNextOffset.get(p.offset)?.some((q) => q.ex !== p.ex && q.offset < p.offset)) {
          // The nearest page below it (the latest of them, if several share that offset).
          const prev = list.byOffset[below - 1];
          const kind = p.offset < prev.offset + prev.limit ? 'overlaps' : 'leaves a gap after';
          findings.push({
            message: `${requestLine(p.ex)} ${kind} the page before it (#${prev.ex.seq}, offset ${prev.offset}, limit ${prev.limit})`,
            expected: `offset ${nextOffsets(prev).join(' or ')}`,
            received: `offset ${p.offset}`,
            evidence: [prev.ex.seq, p.ex.seq],
          });
        }
      }
      if (isSuccess(p.ex)) lastPage.set(p.key, p.ex);
    }
    for (const [, ex] of lastPage) {
      const p = pageOf(ex);
      if (p?.limit && ex.responseItems === p.limit) notes.push(`walk ended at ${requestLine(ex)} after a full page`);
    }
    const seen = `${exercised.length} next-page request(s) checked${notes.length ? `; ${notes.join('; ')}` : ''}`;
    return result(
      exercised,
      findings,
      seen,
      'the client never asked for a page after the first (no offset beyond 0 following a page of the same list)',
    );
  },
});
