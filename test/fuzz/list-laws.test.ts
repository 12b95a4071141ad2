// Which clause a page that breaks its law is reported under, how long a walk may be, and a walk bounded by
// API_WALK_PAGES: sampled at both ends and limited, never failed for what it did not read.
import assert from 'node:assert/strict';
import { expect, test } from '@playwright/test';
import fc from 'fast-check';
import { pageIsSliceProperty, pageLawClause, walkLimit, walkRebuildsProperty } from '../../fuzz/list-laws.ts';
import type { FuzzRunner } from '../../fuzz/runner.ts';
import { Verdict } from '../../src/checks/test-verdict.ts';
import type { Exchange } from '../../src/client/exchange.ts';
import type { Pageable } from '../../src/harness/pageables.ts';
import type { PageLaw } from '../../src/arbitraries/index.ts';

const FULL = ['a', 'b', 'c', 'd', 'e'];

const CASES: Array<{ description: string; law: PageLaw; page: string[] | null; clause: string }> = [
  { description: 'no offset, no limit, not everything', law: { kind: 'all' }, page: ['a'], clause: 'PAGE-ALL-WHEN-OMITTED' },
  { description: 'offset past the end, refused', law: { kind: 'slice', start: 5, limit: 2 }, page: null, clause: 'PAGE-OFFSET-PAST-END' },
  {
    description: 'offset past the end, not empty',
    law: { kind: 'slice', start: 9, limit: 2 },
    page: ['e'],
    clause: 'PAGE-OFFSET-PAST-END',
  },
  {
    description: 'offset 1 starting at the first entry (one-based)',
    law: { kind: 'slice', start: 1, limit: 2 },
    page: ['a', 'b'],
    clause: 'PAGE-OFFSET-ZERO-BASED',
  },
  {
    description: 'the right start, too many entries',
    law: { kind: 'slice', start: 0, limit: 2 },
    page: ['a', 'b', 'c'],
    clause: 'PAGE-LIMIT',
  },
  {
    description: 'a limit above the maximum, refused',
    law: { kind: 'capped', start: 0, limit: 101, max: 100 },
    page: null,
    clause: 'PAGE-MAX-LIMIT',
  },
  {
    description: 'a limit above the maximum, starting wrong',
    law: { kind: 'capped', start: 2, limit: 101, max: 100 },
    page: ['a'],
    clause: 'PAGE-OFFSET-ZERO-BASED',
  },
  {
    description: 'offset alone, starting wrong',
    law: { kind: 'from-offset', start: 3 },
    page: ['c', 'd'],
    clause: 'PAGE-OFFSET-ZERO-BASED',
  },
];

for (const c of CASES) {
  test(`a page breaking its law, ${c.description}: ${c.clause}`, () => {
    expect(pageLawClause(c.law, FULL, c.page)).toBe(c.clause);
  });
}

test('a walk takes about ten pages at most and never pages above the maximum', () => {
  fc.assert(
    fc.property(fc.nat({ max: 5000 }), fc.option(fc.integer({ min: 1, max: 200 }), { nil: null }), fc.nat(), (total, maxLimit, pick) => {
      const limits = fc.sample(walkLimit(total, maxLimit), { numRuns: 5, seed: pick });
      // Node's assert in the property: each expect() records a step with its stack, some 0.3 ms a call.
      for (const limit of limits) {
        assert.ok(limit >= 1, `limit ${limit}`);
        if (maxLimit !== null) assert.ok(limit <= maxLimit, `limit ${limit} above the maximum ${maxLimit}`);
        if (maxLimit === null || maxLimit >= Math.ceil(total / 10))
          assert.ok(
            Math.ceil((total + 1) / limit) <= 11,
            `limit ${limit} takes ${Math.ceil((total + 1) / limit)} pages for ${total} entries`,
          );
      }
    }),
    { numRuns: 200 },
  );
});

/** A paged list of `n` entries in memory, counting the pages asked for; `edit` changes a page as a faulty target would. */
function memoryList(n: number, edit: (page: string[], offset: number) => string[] = (p) => p) {
  const entries = Array.from({ length: n }, (_, i) => `e${i}`);
  const asked: string[] = [];
  const list: Pageable = {
    name: 'offers',
    page: async (q) => {
      const offset = Number(q.offset ?? 0);
      const limit = q.limit === undefined ? n : Number(q.limit);
      asked.push(`${offset}+${limit}`);
      return {
        ex: { status: 200, responseHeaders: {} } as unknown as Exchange,
        items: edit(entries.slice(offset, offset + limit), offset),
      };
    },
    key: String,
    content: String,
  };
  return { list, asked, full: { keys: entries, reading: entries } };
}

// The runner is used only to read the list again aside when a walk deviates.
const runnerAside = { aside: (read: () => Promise<unknown>) => read(), casesPerProperty: 100 } as unknown as FuzzRunner;

test('the walk property on a list longer than API_WALK_PAGES: both ends read, PAGE-WALK limited, not failed', async () => {
  const { list, asked, full } = memoryList(2000);
  const verdict = new Verdict({ profile: { name: 'test' }, strict: false });
  const property = walkRebuildsProperty(runnerAside, list, full, 100, 8);
  await property.run(100, verdict);
  expect(asked).toEqual(['0+100', '100+100', '200+100', '300+100', '1700+100', '1800+100', '1900+100', '2000+100']);
  expect(verdict.failures).toEqual([]);
  expect(verdict.limits).toEqual([
    { clause: 'PAGE-WALK', message: expect.stringMatching(/entries 400\.\.1699 were not walked; 10 cases of FUZZ_RUNS=100 ran/) },
  ]);
  // Every walk of it is this same sampled walk (no page a walk may take fits it in 8): 10 cases, not 100.
  expect(property.runs).toBe(10);
});

test('the walk property on a list longer than API_WALK_PAGES still fails on what it read (an entry repeated at the end)', async () => {
  const { list, full } = memoryList(2000, (page, offset) => (offset === 1900 ? ['e1899', ...page.slice(1)] : page));
  const verdict = new Verdict({ profile: { name: 'test' }, strict: false });
  await walkRebuildsProperty(runnerAside, list, full, 100, 8).run(100, verdict);
  expect(verdict.failures.map((f) => f.clause)).toEqual(['PAGE-WALK']);
});

test('the walk property on a list that fits: walked whole, nothing limited', async () => {
  const { list, asked, full } = memoryList(36);
  const verdict = new Verdict({ profile: { name: 'test' }, strict: false });
  const property = walkRebuildsProperty(runnerAside, list, full, 100, 8);
  await property.run(9, verdict);
  expect(asked).toHaveLength(5);
  expect(property.runs).toBeUndefined();
  expect({ failures: verdict.failures, limits: verdict.limits }).toEqual({ failures: [], limits: [] });
});

test('the page property on a list longer than API_WALK_PAGES: a case with an offset and no limit reads from the last entries, and still judges', async () => {
  const { list, asked, full } = memoryList(2000);
  const property = pageIsSliceProperty(runnerAside, list, full, 100, 8);
  expect(property.runsNote).toMatch(/a list of 2000 entries, .*each case with an offset and no limit starts in its last 100 entries/);
  const queries = fc.sample(property.arbitrary, { numRuns: 400, seed: 41 });
  const fromOffset = queries.filter((q) => q.law?.page.kind === 'from-offset');
  expect(fromOffset.length, 'the draw holds such cases').toBeGreaterThan(5);
  for (const q of fromOffset) assert.ok(Number(q.query.offset) >= 1900, `${q.description}: offset ${q.query.offset}`);
  // Every other case as drawn: a page with a limit, or the whole list without offset or limit.
  expect(queries.filter((q) => q.law?.page.kind === 'all').length).toBeGreaterThan(0);
  const verdict = new Verdict({ profile: { name: 'test' }, strict: false });
  for (const q of fromOffset.slice(0, 3)) await property.run(q, verdict);
  expect(asked.every((a) => Number(a.split('+')[0]) >= 1900)).toBe(true);
  expect(verdict.failures).toEqual([]);
  // A target that drops the first entry of such a page still fails there.
  const dropping = memoryList(2000, (page, offset) => (offset >= 1900 ? page.slice(1) : page));
  const failing = new Verdict({ profile: { name: 'test' }, strict: false });
  await pageIsSliceProperty(runnerAside, dropping.list, dropping.full, 100, 8).run(fromOffset[0], failing);
  expect(failing.failures.map((f) => f.clause)).toEqual(['PAGE-OFFSET-ZERO-BASED']);
});

test('the page property on a list that fits draws its cases unchanged', () => {
  const { list, full } = memoryList(36);
  const property = pageIsSliceProperty(runnerAside, list, full, 100, 8);
  expect(property.runsNote).toBeUndefined();
  const queries = fc.sample(property.arbitrary, { numRuns: 300, seed: 41 });
  expect(queries.some((q) => q.law?.page.kind === 'from-offset' && Number(q.query.offset) < 30)).toBe(true);
});
