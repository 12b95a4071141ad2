// The bounded walk (src/checks/bounded-walk.ts): a list that fits API_WALK_PAGES is walked whole; a longer one is
// walked at both ends, the pages between not asked for, and the clause it judges reported limited, never failed, when
// what it read holds; a deviation in the pages it read still fails. Against an in-memory list, no server.
import { expect, test } from '@playwright/test';
import { boundedWalk, lengthBeyond, pagesToWalk, walkLimitNote } from '../../src/checks/bounded-walk.ts';
import { Verdict } from '../../src/checks/test-verdict.ts';
import { clauseResults, type TestOutcome } from '../../src/report/clause-results.ts';
import { readRunLimits } from '../../src/config/run-limits.ts';
import { ConfigError } from '../../src/config/config-error.ts';

const list = (n: number) => Array.from({ length: n }, (_, i) => `e${i}`);

/** A paged reader of `entries`, counting the offsets asked for; `edit` changes a page as a faulty target would. */
function pager(entries: string[], edit: (page: string[], offset: number) => string[] = (p) => p) {
  const asked: number[] = [];
  return {
    asked,
    page: async (offset: number, limit: number) => {
      asked.push(offset);
      return { keys: edit(entries.slice(offset, offset + limit), offset), ex: { offset } };
    },
  };
}

test('a list that fits the budget is walked whole, every page from 0 to the short one', async () => {
  const entries = list(35);
  const p = pager(entries);
  const walk = await boundedWalk({ limit: 5, expected: 35, maxPages: 8, page: p.page });
  expect(p.asked).toEqual([0, 5, 10, 15, 20, 25, 30, 35]);
  expect(walk).toMatchObject({ walked: entries, ended: true, skipped: null, reaches: 35 });
  expect(walkLimitNote('offers', walk, 35)).toBeNull();
});

test('a list too long for the budget is walked at both ends: the first and the last pages, never more than the budget', async () => {
  const entries = list(2000);
  const p = pager(entries);
  const walk = await boundedWalk({ limit: 100, expected: 2000, maxPages: 8, page: p.page });
  expect(pagesToWalk(2000, 100)).toBe(21);
  expect(p.asked).toEqual([0, 100, 200, 300, 1700, 1800, 1900, 2000]);
  expect(walk.skipped).toEqual({ from: 400, to: 1700 });
  expect(walk.walked).toEqual([...entries.slice(0, 400), ...entries.slice(1700)]);
  expect(walk).toMatchObject({ ended: true, reaches: 2000 });
  expect(walkLimitNote('offers', walk, 2000)).toBe(
    'offers: 2000 entries need 21 pages of 100, more than API_WALK_PAGES allows; the walk read 8 pages (entries 0..399 and 1700..1999), entries 400..1699 were not walked',
  );
});

test('a list shorter than its whole reading said ends the walk early, with nothing skipped', async () => {
  const p = pager(list(150));
  const walk = await boundedWalk({ limit: 100, expected: 2000, maxPages: 8, page: p.page });
  expect(p.asked).toEqual([0, 100]);
  expect(walk).toMatchObject({ ended: true, skipped: null, reaches: 150 });
});

test('a list longer than its whole reading: the walk shows where it reaches, past the whole reading', async () => {
  const p = pager(list(5000));
  const walk = await boundedWalk({ limit: 100, expected: 2000, maxPages: 8, page: p.page });
  expect(walk.ended).toBe(false);
  expect(walk.reaches).toBeGreaterThan(2000);
});

/** The verdict a pagination law gives on a sampled walk of `entries`, and the clause's result from its outcome. */
async function judgedSampled(entries: string[], edit?: (page: string[], offset: number) => string[]) {
  const walk = await boundedWalk({ limit: 100, expected: entries.length, maxPages: 8, page: pager(entries, edit).page });
  const verdict = new Verdict({ profile: { name: 'test' }, strict: false });
  // A walk the target ended early (a short page) read no more: judged whole, as conformance/pagination.spec.ts does.
  const expected = walk.skipped ? [...entries.slice(0, walk.skipped.from), ...entries.slice(walk.skipped.to)] : entries;
  verdict.check(
    'PAGE-WALK',
    walk.walked.length === expected.length && walk.walked.every((k, i) => k === expected[i]) && walk.ended,
    'sampled pages hold the entries at their offsets',
    { expected: expected.length, received: walk.walked.length },
  );
  const note = walkLimitNote('offers', walk, entries.length);
  if (note) verdict.limit('PAGE-WALK', note);
  const outcome: TestOutcome = {
    title: 'offers paginate',
    file: 'conformance/pagination.spec.ts',
    project: 'conformance',
    status: verdict.failures.length ? 'failed' : 'passed',
    clauses: ['PAGE-WALK'],
    clauseFailures: verdict.failures.map((f) => ({ clause: f.clause, message: f.message })),
    observations: [],
    limited: verdict.limits.map((l) => ({ clause: l.clause, message: l.message })),
    durationMs: 1,
  };
  return { verdict, result: clauseResults([outcome]).find((r) => r.clause.id === 'PAGE-WALK')! };
}

test('limit reached on a correct list: PAGE-WALK is not confirmed by the test, with the reason, and not failed', async () => {
  const { verdict, result } = await judgedSampled(list(2000));
  expect(verdict.failures).toEqual([]);
  expect(result.verdict).toBe('skipped');
  expect(result.failures).toEqual([]);
  expect(result.skipReasons).toEqual([
    expect.stringMatching(/^limited: offers: 2000 entries need 21 pages.*entries 400\.\.1699 were not walked$/),
  ]);
});

test('limit reached, and the pages read deviate: PAGE-WALK fails on what was read', async () => {
  // Each page one short: the walk ends at its first page. An entry of the last pages repeated: sampled, and wrong.
  for (const edit of [
    (page: string[]) => page.slice(0, -1),
    (page: string[], offset: number) => (offset === 1800 ? ['e1799', ...page.slice(1)] : page),
  ])
    expect((await judgedSampled(list(2000), edit)).result.verdict).toBe('fail');
});

test('a limited test does not confirm the clause, another test that walked a list whole does', () => {
  const base = {
    file: 'x',
    project: 'conformance',
    status: 'passed' as const,
    clauses: ['PAGE-WALK' as const],
    clauseFailures: [],
    observations: [],
    durationMs: 1,
  };
  const results = clauseResults([
    { ...base, title: 'offers', limited: [{ clause: 'PAGE-WALK', message: 'offers: sampled' }] },
    { ...base, title: 'subscriptions' },
  ]);
  expect(results.find((r) => r.clause.id === 'PAGE-WALK')?.verdict).toBe('pass');
});

test('API_WALK_PAGES: default 8, at least 4 (two pages at each end), a whole number', () => {
  expect(readRunLimits({}).walkPages).toBe(8);
  expect(readRunLimits({ API_WALK_PAGES: '20' }).walkPages).toBe(20);
  for (const bad of ['3', '2.5', 'many', '-1']) expect(() => readRunLimits({ API_WALK_PAGES: bad }), bad).toThrow(ConfigError);
});

test("a list's length past the bound is found with pages of one entry, a few per doubling; one within it is read whole", async () => {
  for (const length of [0, 1, 800, 801, 802, 1599, 1600, 1601, 20_000, 123_457]) {
    const asked: number[] = [];
    const found = await lengthBeyond(800, async (offset) => {
      asked.push(offset);
      return offset < length;
    });
    expect(found, `a list of ${length}`).toBe(length > 800 ? length : null);
    // the doublings past 800, then halving the last gap (at most half the length): about 2 log2(length) pages of one
    const most = length > 800 ? 2 + Math.ceil(Math.log2(length / 800)) + Math.ceil(Math.log2(length / 2)) : 1;
    expect(asked.length, `a list of ${length}: pages asked at ${asked.join(', ')}`).toBeLessThanOrEqual(most);
  }
});

test('a page that is not a list while the length is looked for: the list is read whole instead', async () => {
  expect(await lengthBeyond(800, async () => null)).toBeNull();
  expect(await lengthBeyond(800, async (offset) => (offset === 800 ? true : null))).toBeNull();
  expect(await lengthBeyond(800, async (offset) => (offset < 3000 ? true : offset === 3200 ? false : null))).toBeNull();
});

test('a target with an entry at every offset (offset ignored) has no end to find: the list is read whole', async () => {
  const asked: number[] = [];
  const everywhere = async (offset: number) => {
    asked.push(offset);
    return true;
  };
  expect(await lengthBeyond(800, everywhere)).toBeNull();
  expect(asked.length).toBeLessThan(20);
});
