// Page walks: the plan, and the per-page contract checks against in-memory lists that behave and
// misbehave the ways a paginated API can.
import { test, expect } from '@playwright/test';
import {
  type WalkPlanEntry,
  acceptPage,
  listChangedUnderWalk,
  nextRequest,
  planWalks,
  startWalk,
  walkReachedEnd,
  withdrawRepeat,
} from '../../load/lib/pages.ts';
import type { PaginationRule } from '../../load/lib/rules.ts';
import { ids, pagedList } from './fixtures.ts';

/** Walks `serve` like the k6 scenario does, one page per step; returns the failed rules and requests made. */
function walk(entry: WalkPlanEntry, serve: (offset: number, limit: number) => unknown, maxPages = 50) {
  let state = startWalk(entry);
  const failed = new Set<PaginationRule>();
  let requests = 0;
  for (;;) {
    const req = nextRequest(state);
    requests++;
    const out = acceptPage(state, serve(req.query.offset, req.query.limit), maxPages);
    for (const f of out.findings) if (!f.ok) failed.add(f.rule);
    state = out.state;
    if (out.done) return { failed: [...failed].sort(), requests, items: state.items, reachedEnd: walkReachedEnd(state) };
  }
}

const offers = (size: number): WalkPlanEntry => ({ resource: 'offers', pageSize: size, offerId: null });

interface WalkCase {
  description: string;
  entry: WalkPlanEntry;
  serve: (offset: number, limit: number) => unknown;
  failed: PaginationRule[];
  requests?: number;
  items?: number;
}

const CASES: WalkCase[] = [
  { description: 'exact pages end on an empty page', entry: offers(5), serve: pagedList(ids(10)), failed: [], requests: 3, items: 10 },
  {
    description: 'a short last page is confirmed by one empty page',
    entry: offers(4),
    serve: pagedList(ids(10)),
    failed: [],
    requests: 4,
    items: 10,
  },
  { description: 'an empty list ends at once', entry: offers(7), serve: pagedList([]), failed: [], requests: 1, items: 0 },
  { description: 'page size 1 walks every item', entry: offers(1), serve: pagedList(ids(6)), failed: [], requests: 7, items: 6 },
  {
    description: 'a server that ignores offset never ends and repeats ids',
    entry: offers(2),
    serve: pagedList(ids(10), 100, 'ignore-offset'),
    failed: ['ids-unique-across-pages', 'walk-ends'],
  },
  {
    description: 'overlapping pages repeat ids',
    entry: offers(3),
    serve: pagedList(ids(10), 100, 'overlap'),
    failed: ['ids-unique-across-pages'],
  },
  {
    description: 'a short page in the middle is caught',
    entry: offers(3),
    serve: pagedList(ids(10), 100, 'short-middle'),
    failed: ['pages-full-until-last'],
  },
  {
    description: 'more items than limit',
    entry: offers(2),
    serve: () => ids(3),
    failed: ['ids-unique-across-pages', 'page-within-limit', 'walk-ends'],
  },
  { description: 'items without ids', entry: offers(5), serve: pagedList([{ id: 'a' }, { name: 'x' }]), failed: ['items-have-ids'] },
  { description: 'a body that is not a list', entry: offers(5), serve: () => ({ items: [] }), failed: ['page-is-list'] },
  {
    description: 'an allocation record is paged through its allocations list',
    entry: { resource: 'allocations', pageSize: 4, offerId: 'o1' },
    serve: (offset, limit) => ({
      offerId: 'o1',
      price: 1,
      priceCurrency: 'GBP',
      allocations: Array.from({ length: 9 }, (_, i) => ({ n: i })).slice(offset, offset + limit),
    }),
    failed: [],
    requests: 4,
    items: 9,
  },
  {
    description: 'an allocation record of another offer',
    entry: { resource: 'allocations', pageSize: 4, offerId: 'o1' },
    serve: () => ({ offerId: 'o2', allocations: [] }),
    failed: ['page-is-list'],
  },
];

for (const c of CASES) {
  test(`walk: ${c.description}`, () => {
    const r = walk(c.entry, c.serve);
    expect(r.failed).toEqual([...c.failed].sort());
    if (c.requests !== undefined) expect(r.requests).toBe(c.requests);
    if (c.items !== undefined) expect(r.items).toBe(c.items);
    expect(r.reachedEnd).toBe(!c.failed.includes('page-is-list') && !c.failed.includes('walk-ends'));
  });
}

test('the request names the endpoint, never the ids or query values', () => {
  const req = nextRequest(startWalk({ resource: 'allocations', pageSize: 25, offerId: 'a b' }));
  expect(req).toMatchObject({ path: '/allocation/a%20b', query: { offset: 0, limit: 25 }, name: 'GET /allocation/{offerId}' });
  expect(nextRequest(startWalk(offers(7))).name).toBe('GET /offer');
});

test('the plan drops page sizes above maxLimit and allocation walks without offers, and says why', () => {
  const plan = planWalks(['offers', 'subscriptions', 'allocations'], [1, 50, 200], 100, []);
  expect(
    plan.entries.map((e) => `${e.resource}:${e.pageSize}`),
    'largest pages first, resources taking turns',
  ).toEqual(['offers:50', 'subscriptions:50', 'offers:1', 'subscriptions:1']);
  expect(plan.notes.join(' ')).toContain('200');
  expect(plan.notes.join(' ')).toContain('allocations are not walked');
  const withOffers = planWalks(['allocations'], [1, 2, 3], null, ['a', 'b']);
  expect(withOffers.entries.map((e) => `${e.pageSize}:${e.offerId}`)).toEqual(['3:a', '2:b', '1:a']);
});

/**
 * Walks as load/pagination.ts does with its steady check: a page that repeats an id reads the whole list once; a list
 * that no longer begins with what the walk held changed under the walk, and the repeat is withdrawn.
 */
function steadyWalk(
  entry: WalkPlanEntry,
  serve: (offset: number, limit: number, step: number) => unknown,
  fullNow: (step: number) => unknown,
) {
  let state = startWalk(entry);
  const failed = new Set<PaginationRule>();
  let fullReads = 0;
  let withdrawn = 0;
  for (let step = 0; ; step++) {
    const req = nextRequest(state);
    let out = acceptPage(state, serve(req.query.offset, req.query.limit, step), 50);
    if (out.repeated.length > 0) {
      fullReads++;
      if (listChangedUnderWalk(out.state.walked.slice(0, out.walkedBefore), fullNow(step))) {
        out = withdrawRepeat(out);
        withdrawn++;
      }
    }
    for (const f of out.findings) if (!f.ok) failed.add(f.rule);
    state = out.state;
    if (out.done) return { failed: [...failed].sort(), fullReads, withdrawn };
  }
}

test('walk, steady check: overlapping pages on a list that holds still still fail', () => {
  const list = ids(10);
  const r = steadyWalk(offers(3), pagedList(list, 100, 'overlap'), () => list);
  expect(r.failed).toEqual(['ids-unique-across-pages']);
  expect(r.withdrawn).toBe(0);
});

test('walk, steady check: an entry published at the front during the walk repeats one id, withdrawn once; no more full reads after', () => {
  const before = ids(10);
  const after = [{ id: 'new-0' }, ...before]; // newest first: from the second page on, every page is shifted by one
  const serve = (offset: number, limit: number, step: number) => (step === 0 ? before : after).slice(offset, offset + limit);
  const r = steadyWalk(offers(3), serve, () => after);
  expect(r.failed).toEqual([]);
  expect(r.withdrawn).toBe(1);
  expect(r.fullReads).toBe(1);
});

test('listChangedUnderWalk: a list beginning with the walked ids held still; another, or a shorter one, changed; a non-list cannot tell', () => {
  expect(listChangedUnderWalk(['a', 'b'], [{ id: 'a' }, { id: 'b' }, { id: 'c' }])).toBe(false);
  expect(listChangedUnderWalk(['a', 'b'], [{ id: 'x' }, { id: 'a' }, { id: 'b' }])).toBe(true);
  expect(listChangedUnderWalk(['a', 'b'], [{ id: 'a' }])).toBe(true);
  expect(listChangedUnderWalk(['a', 'b'], { items: [] })).toBe(false);
});
