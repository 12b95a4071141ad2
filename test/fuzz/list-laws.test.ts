// Which clause a page that breaks its law is reported under, and how long a walk may be.
import { expect, test } from '@playwright/test';
import fc from 'fast-check';
import { pageLawClause, walkLimit } from '../../fuzz/list-laws.ts';
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
      for (const limit of limits) {
        expect(limit).toBeGreaterThanOrEqual(1);
        if (maxLimit !== null) expect(limit).toBeLessThanOrEqual(maxLimit);
        if (maxLimit === null || maxLimit >= Math.ceil(total / 10)) expect(Math.ceil((total + 1) / limit)).toBeLessThanOrEqual(11);
      }
    }),
    { numRuns: 200 },
  );
});
