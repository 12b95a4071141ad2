/**
 * Page walks for the pagination scenario: which lists to walk with which page sizes, the request for
 * the next page, and the contract checks on each page. One iteration fetches one page, so the
 * arrival rate is a request rate; a VU keeps its walk between iterations. Pure module.
 *
 * The contract: offset is zero-based, limit is the most entries returned, the next page is at
 * offset + limit. A walk ends at the first page shorter than limit; to prove that "pages are full
 * until the last", one more page is fetched after a short (non-empty) page and must be empty.
 */
import type { PagedResource } from './config.ts';
import { ENDPOINT } from './names.ts';
import { type Finding, type PaginationRule, fail, pass } from './rules.ts';

export interface WalkPlanEntry {
  resource: PagedResource;
  pageSize: number;
  /** For allocations: the offer whose allocation record is paged. */
  offerId: string | null;
}

export interface WalkPlan {
  entries: WalkPlanEntry[];
  /** Why some requested walks are not in the plan (page size above maxLimit, no offer with allocations). */
  notes: string[];
}

/** Every (resource, page size) pair; allocation walks use the given offers in turn. */
export function planWalks(
  resources: readonly PagedResource[],
  pageSizes: readonly number[],
  maxLimit: number | null,
  allocationOfferIds: readonly string[],
): WalkPlan {
  const notes: string[] = [];
  const sizes = pageSizes.filter((s) => maxLimit === null || s <= maxLimit);
  const above = pageSizes.filter((s) => maxLimit !== null && s > maxLimit);
  if (above.length > 0)
    notes.push(
      `page sizes ${above.join(', ')} are above the profile maxLimit ${maxLimit} (the service would apply its own maximum), so they are not walked`,
    );
  const walked = resources.filter((resource) => resource !== 'allocations' || allocationOfferIds.length > 0);
  if (walked.length < resources.length) notes.push('no offer with an allocation record was found, so allocations are not walked');
  // Largest pages first, the resources taking turns: short walks come first, so even a short run
  // reaches every resource and most sizes before the long limit=1 walks.
  const bySizeDescending = sizes.map((pageSize, i) => ({ pageSize, i })).sort((a, b) => b.pageSize - a.pageSize);
  const entries: WalkPlanEntry[] = [];
  for (const { pageSize, i } of bySizeDescending) {
    for (const resource of walked)
      entries.push({ resource, pageSize, offerId: resource === 'allocations' ? allocationOfferIds[i % allocationOfferIds.length] : null });
  }
  return { entries, notes };
}

export interface WalkState {
  entry: WalkPlanEntry;
  offset: number;
  pages: number;
  items: number;
  seenIds: Record<string, true>;
  /** The ids walked so far, in walk order (what a repeat is weighed against: listChangedUnderWalk). */
  walked: string[];
  /** The list was found changed under this walk: repeats are no longer judged on it. */
  listChanged: boolean;
  /** walking: fetching full pages; confirming: fetching the page after a short one; done. */
  phase: 'walking' | 'confirming' | 'done';
  /** Set once a rule failed on this walk, so the end-of-walk rules are not also passed. */
  failed: Partial<Record<PaginationRule, true>>;
}

export function startWalk(entry: WalkPlanEntry): WalkState {
  return { entry, offset: 0, pages: 0, items: 0, seenIds: {}, walked: [], listChanged: false, phase: 'walking', failed: {} };
}

export interface PageRequest {
  path: string;
  query: { offset: number; limit: number };
  /** `name` tag: the endpoint, never the ids or query values. */
  name: string;
  pageSize: number;
  resource: PagedResource;
}

const LIST_PATH: Record<Exclude<PagedResource, 'allocations'>, { path: string; name: string }> = {
  offers: { path: '/offer', name: ENDPOINT.offers },
  subscriptions: { path: '/subscription', name: ENDPOINT.subscriptions },
};

export function nextRequest(state: WalkState): PageRequest {
  const { resource, pageSize, offerId } = state.entry;
  const target =
    resource === 'allocations'
      ? { path: `/allocation/${encodeURIComponent(offerId ?? '')}`, name: ENDPOINT.allocation }
      : LIST_PATH[resource];
  return { path: target.path, query: { offset: state.offset, limit: pageSize }, name: target.name, pageSize, resource };
}

export interface PageOutcome {
  state: WalkState;
  findings: Finding<PaginationRule>[];
  done: boolean;
  /** Ids this page repeated from earlier pages, and how many ids the walk held before the page. */
  repeated: string[];
  walkedBefore: number;
}

/**
 * Whether the list changed under a walk that met a repeated id: the list as read now (its whole body, no offset or
 * limit) does not begin with the ids the walk held before the page that repeated one. A live service inserts,
 * publishes and reorders entries while a walk goes on (offset pagination then repeats or skips entries, as it must);
 * a repeat on a list that held still is the target's own. Allocation items have no ids: never asked.
 */
export function listChangedUnderWalk(walkedBefore: readonly string[], fullList: unknown): boolean {
  if (!Array.isArray(fullList)) return false; // cannot tell: the repeat stands
  const ids = fullList.map(idOf);
  return !(ids.length >= walkedBefore.length && walkedBefore.every((id, i) => ids[i] === id));
}

/** The walk's repeat finding withdrawn: the list changed under it (counted apart, not a violation). */
export function withdrawRepeat(outcome: PageOutcome): PageOutcome {
  const findings = outcome.findings.filter((f) => f.rule !== 'ids-unique-across-pages');
  const failed = { ...outcome.state.failed };
  delete failed['ids-unique-across-pages'];
  return { ...outcome, findings, state: { ...outcome.state, failed, listChanged: true } };
}

function pageItems(resource: PagedResource, body: unknown, offerId: string | null): unknown[] | string {
  if (resource !== 'allocations') return Array.isArray(body) ? body : `a ${body === null ? 'null' : typeof body} body`;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return 'not an allocation record';
  const record = body as Record<string, unknown>;
  if (record.offerId !== offerId) return `a record for offer ${JSON.stringify(record.offerId)}`;
  return Array.isArray(record.allocations) ? record.allocations : 'a record without an allocations list';
}

function idOf(item: unknown): string | null {
  if (typeof item !== 'object' || item === null) return null;
  const id = (item as Record<string, unknown>).id;
  return typeof id === 'string' && id !== '' ? id : null;
}

/**
 * Takes the parsed body of the page fetched by nextRequest(state) and returns the new state, the
 * rules evaluated on this page and whether the walk is over. `state` is consumed: its set of seen
 * ids passes to the returned state (copying it per page would make long walks quadratic).
 */
export function acceptPage(state: WalkState, body: unknown, maxPages: number): PageOutcome {
  const { resource, pageSize, offerId } = state.entry;
  const next: WalkState = { ...state, seenIds: state.seenIds, failed: { ...state.failed }, pages: state.pages + 1 };
  const walkedBefore = state.walked.length;
  const repeated: string[] = [];
  const findings: Finding<PaginationRule>[] = [];
  const record = (f: Finding<PaginationRule>): void => {
    findings.push(f);
    if (!f.ok) next.failed[f.rule] = true;
  };
  const finish = (): PageOutcome => {
    if (!next.failed['pages-full-until-last']) record(pass('pages-full-until-last'));
    if (!next.failed['walk-ends']) record(pass('walk-ends'));
    next.phase = 'done';
    return { state: next, findings, done: true, repeated, walkedBefore };
  };

  const items = pageItems(resource, body, offerId);
  if (typeof items === 'string') {
    record(fail('page-is-list', resource === 'allocations' ? `the allocation record of offer ${offerId}` : 'a JSON list', items));
    next.phase = 'done';
    return { state: next, findings, done: true, repeated, walkedBefore };
  }
  record(pass('page-is-list'));
  const count = items.length;
  record(
    count <= pageSize
      ? pass('page-within-limit')
      : fail('page-within-limit', `at most ${pageSize} items at offset ${state.offset}`, `${count} items`),
  );

  if (resource !== 'allocations') {
    const ids = items.map(idOf);
    const missing = ids.filter((id) => id === null).length;
    record(
      missing === 0
        ? pass('items-have-ids')
        : fail('items-have-ids', 'a string id on every item', `${missing} of ${count} items without one at offset ${state.offset}`),
    );
    for (const id of ids) {
      if (id === null) continue;
      if (next.seenIds[id]) repeated.push(id);
      else next.seenIds[id] = true;
      next.walked.push(id);
    }
    // A list found changed under this walk: its repeats are the change's, not judged.
    if (!state.listChanged)
      record(
        repeated.length === 0
          ? pass('ids-unique-across-pages')
          : fail(
              'ids-unique-across-pages',
              'ids not seen earlier in this walk',
              `${repeated.length} repeated at offset ${state.offset} (first: ${repeated[0]})`,
            ),
      );
  }
  next.items = state.items + count;

  if (state.phase === 'confirming') {
    if (count > 0)
      record(
        fail(
          'pages-full-until-last',
          `an empty page after the short page at offset ${state.offset - pageSize}`,
          `${count} more items at offset ${state.offset}`,
        ),
      );
    return finish();
  }
  if (count === 0) return finish();
  next.offset = state.offset + pageSize;
  if (count < pageSize) next.phase = 'confirming';
  if (next.pages >= maxPages) {
    record(fail('walk-ends', `the walk to end within ${maxPages} pages`, `still going at offset ${next.offset}`));
    next.phase = 'done';
    return { state: next, findings, done: true, repeated, walkedBefore };
  }
  return { state: next, findings, done: false, repeated, walkedBefore };
}

/** True when the walk got to its end (not cut short by a broken page or the page cap). */
export function walkReachedEnd(state: WalkState): boolean {
  return state.phase === 'done' && !state.failed['page-is-list'] && !state.failed['walk-ends'];
}
