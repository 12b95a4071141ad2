// Query-parameter arbitraries: each value carries the label the contract gives it (checked with
// independent predicates), every category is reachable, `verdict` narrows the draw, and the list
// laws hold on a model list that follows the contract and fail on models that break it.
import assert from 'node:assert/strict';
import { test, expect } from '@playwright/test';
import fc from 'fast-check';
import {
  INT32_MAX,
  assertProperty,
  checkListLaw,
  compareInstants,
  limitParam,
  modifiedAfterParam,
  offerIdParam,
  offerListQuery,
  offsetParam,
  pageQuery,
  subscriptionListQuery,
} from '../../src/arbitraries/index.ts';
import type { ListQuery, ListView } from '../../src/arbitraries/index.ts';
import { isUtcDateTime } from '../../src/schema/vocabulary.ts';
import { COVERAGE_SAMPLES, RUNS } from './fixtures.ts';

/** A non-negative integer written plainly, within 32 bits: what the suite reads as an ordinary offset/limit. */
const isPlainInt32 = (text: string): boolean => /^(0|[1-9]\d*)$/.test(text) && Number(text) <= INT32_MAX;

const MAX_LIMIT = 10;
const SEEN = ['2024-05-01T10:00:00.000Z', '2024-05-01T10:00:00.000Z', '2024-05-02T08:30:00Z', '2024-06-01T00:00:00.250Z'];
const KNOWN_OFFER_IDS = ['offer-a', 'offer-b', 'offer-c'];

test.describe('offsetParam', () => {
  test('valid offsets are absent or plain 32-bit integers meaning that index; the others are contract-silent', () => {
    assertProperty(
      fc.property(offsetParam(), (p) => {
        // Node's assert in the properties: each expect() records a step with its stack, some 0.3 ms a call.
        if (p.verdict === 'valid') {
          if (p.value === undefined) return assert.equal(p.meaning, undefined, p.description);
          assert.ok(isPlainInt32(p.value), p.description);
          assert.deepEqual(p.meaning, { start: Number(p.value) }, p.description);
        } else {
          assert.ok(p.value !== undefined && !isPlainInt32(p.value), p.description);
          assert.ok(p.clauses.includes('PAGE-INVALID-PARAMS'), `${p.description}: ${JSON.stringify(p.clauses)}`);
        }
      }),
      { numRuns: RUNS },
    );
  });

  test('reaches absent, 0, 1, huge, negative, non-numeric and empty', () => {
    const values = new Set(fc.sample(offsetParam(), COVERAGE_SAMPLES).map((p) => p.value));
    for (const v of [undefined, '0', '1', String(INT32_MAX), '-1', 'abc', '']) expect(values.has(v), String(v)).toBe(true);
  });
});

test.describe('limitParam', () => {
  for (const maxLimit of [MAX_LIMIT, null]) {
    test(`with maximum ${maxLimit}: exact below it, capped above it, silent unless a positive 32-bit integer`, () => {
      assertProperty(
        fc.property(limitParam({ maxLimit }), (p) => {
          if (p.verdict === 'contract-silent')
            return assert.ok(p.value !== undefined && !(isPlainInt32(p.value) && p.value !== '0'), p.description);
          if (p.value === undefined) return assert.equal(p.meaning, undefined, p.description);
          assert.ok(isPlainInt32(p.value) && Number(p.value) >= 1, p.description);
          const limit = Number(p.value);
          if (maxLimit === null) {
            assert.deepEqual(p.meaning, limit === 1 ? { kind: 'exact', limit } : { kind: 'capped', limit, max: null }, p.description);
          } else {
            assert.deepEqual(
              p.meaning,
              limit <= maxLimit ? { kind: 'exact', limit } : { kind: 'capped', limit, max: maxLimit },
              p.description,
            );
          }
        }),
        { numRuns: RUNS },
      );
    });
  }

  test('reaches 0, 1, the maximum, maximum + 1, huge, negative, non-numeric and empty', () => {
    const values = new Set(fc.sample(limitParam({ maxLimit: MAX_LIMIT }), COVERAGE_SAMPLES).map((p) => p.value));
    for (const v of [undefined, '0', '1', String(MAX_LIMIT), String(MAX_LIMIT + 1), String(INT32_MAX), '-1', 'abc', '']) {
      expect(values.has(v), String(v)).toBe(true);
    }
  });

  test('refuses a maximum that is no positive integer', () => {
    expect(() => limitParam({ maxLimit: 0 })).toThrow(RangeError);
    expect(() => limitParam({ maxLimit: 2.5 })).toThrow(RangeError);
  });
});

test.describe('modifiedAfterParam', () => {
  test('valid values are UTC date-times meaning that instant; silent ones are not', () => {
    assertProperty(
      fc.property(modifiedAfterParam({ lastModifiedSeen: SEEN }), (p) => {
        if (p.value === undefined) return assert.equal(p.verdict, 'valid', p.description);
        assert.equal(isUtcDateTime(p.value), p.verdict === 'valid', p.description);
        if (p.verdict === 'valid') assert.deepEqual(p.meaning, { since: p.value }, p.description);
      }),
      { numRuns: RUNS },
    );
  });

  test('reaches each seen value exactly, 1 ms either side, whole seconds, and non-UTC forms', () => {
    const params = fc.sample(modifiedAfterParam({ lastModifiedSeen: SEEN }), COVERAGE_SAMPLES);
    const values = new Set(params.map((p) => p.value));
    for (const seen of SEEN) expect(values.has(seen), seen).toBe(true);
    expect(values.has('2024-05-02T08:30:00.001Z')).toBe(true);
    expect(values.has('2024-05-02T08:29:59.999Z')).toBe(true);
    expect(values.has('2024-06-01T00:00:00Z')).toBe(true);
    expect(params.some((p) => p.value !== undefined && /[+-]\d{2}:\d{2}$/.test(p.value))).toBe(true);
  });
});

test.describe('offerIdParam', () => {
  test('known ids are valid (filter law), unknown or empty ones contract-silent', () => {
    assertProperty(
      fc.property(offerIdParam({ knownOfferIds: KNOWN_OFFER_IDS }), (p) => {
        if (p.value === undefined) return assert.equal(p.verdict, 'valid', p.description);
        assert.equal(KNOWN_OFFER_IDS.includes(p.value), p.verdict === 'valid', p.description);
        if (p.verdict === 'valid') assert.deepEqual(p.meaning, { offerId: p.value }, p.description);
      }),
      { numRuns: RUNS },
    );
  });
});

test.describe('list queries', () => {
  const arbitraries = {
    pageQuery: (verdict?: 'valid' | 'contract-silent') => pageQuery({ maxLimit: MAX_LIMIT, verdict }),
    offerListQuery: (verdict?: 'valid' | 'contract-silent') => offerListQuery({ maxLimit: MAX_LIMIT, lastModifiedSeen: SEEN, verdict }),
    subscriptionListQuery: (verdict?: 'valid' | 'contract-silent') =>
      subscriptionListQuery({ maxLimit: MAX_LIMIT, knownOfferIds: KNOWN_OFFER_IDS, verdict }),
  };

  for (const [name, arbitrary] of Object.entries(arbitraries)) {
    test(`${name}: a law exactly when valid; 'verdict' narrows the draw`, () => {
      assertProperty(
        fc.property(arbitrary(), (q) => assert.equal(q.law !== undefined, q.verdict === 'valid', q.description)),
        { numRuns: RUNS },
      );
      assertProperty(
        fc.property(arbitrary('valid'), (q) => assert.equal(q.verdict, 'valid', q.description)),
        { numRuns: RUNS },
      );
      assertProperty(
        fc.property(arbitrary('contract-silent'), (q) => assert.equal(q.verdict, 'contract-silent', q.description)),
        { numRuns: RUNS },
      );
      // Each parameter in turn is the silent one.
      const silentKeys = new Set(fc.sample(arbitrary('contract-silent'), COVERAGE_SAMPLES).flatMap((q) => Object.keys(q.query)));
      expect(silentKeys.size).toBe(name === 'pageQuery' ? 2 : 3);
    });
  }

  test('page laws: both absent = all, offset alone = from-offset, limit without offset starts at 0', () => {
    const laws = fc.sample(pageQuery({ maxLimit: MAX_LIMIT, verdict: 'valid' }), COVERAGE_SAMPLES);
    const of = (q: ListQuery) => q.law!.page;
    expect(laws.filter((q) => Object.keys(q.query).length === 0).every((q) => of(q).kind === 'all')).toBe(true);
    expect(laws.filter((q) => 'offset' in q.query && !('limit' in q.query)).every((q) => of(q).kind === 'from-offset')).toBe(true);
    const noOffset = laws.filter((q) => !('offset' in q.query) && 'limit' in q.query).map(of);
    expect(noOffset.length).toBeGreaterThan(0);
    expect(noOffset.every((p) => p.kind !== 'all' && p.kind !== 'from-offset' && p.start === 0)).toBe(true);
  });
});

// --- the laws against model lists ------------------------------------------------------------------

interface Entry {
  id: string;
  offerId: string;
  lastModifiedOn: string;
}
const VIEW: ListView<Entry> = { key: (e) => e.id, offerId: (e) => e.offerId, lastModifiedOn: (e) => e.lastModifiedOn };

/** 37 entries over three offers; several share a lastModifiedOn (the seen values), so the boundary matters. */
const FULL: Entry[] = Array.from({ length: 37 }, (_, i) => ({
  id: `e${String(i).padStart(2, '0')}`,
  offerId: KNOWN_OFFER_IDS[i % 3],
  lastModifiedOn: i % 4 === 0 ? SEEN[i % SEEN.length] : new Date(Date.UTC(2024, 4, 1 + (i % 40), i % 24)).toISOString(),
}));

type Model = (query: Record<string, string>) => Entry[];

/** Reads a valid query as the contract says: filter, then [offset, offset + min(limit, max)). */
function contractModel(overrides: { startShift?: number; cap?: number; inclusive?: boolean; filterOffer?: boolean } = {}): Model {
  const { startShift = 0, cap = MAX_LIMIT, inclusive = true, filterOffer = true } = overrides;
  return (query) => {
    let entries = FULL;
    if (query.modifiedAfter !== undefined) {
      entries = entries.filter((e) => compareInstants(e.lastModifiedOn, query.modifiedAfter) >= (inclusive ? 0 : 1));
    }
    if (query.offerId !== undefined && filterOffer) entries = entries.filter((e) => e.offerId === query.offerId);
    if (query.offset === undefined && query.limit === undefined) return entries;
    const start = Math.max(0, Number(query.offset ?? 0) + startShift);
    const n = query.limit === undefined ? cap : Math.min(Number(query.limit), cap);
    return entries.slice(start, start + n);
  };
}

const BROKEN_MODELS: Record<string, { model: Model; queries: fc.Arbitrary<ListQuery> }> = {
  'one-based offset': { model: contractModel({ startShift: -1 }), queries: pageQuery({ maxLimit: MAX_LIMIT, verdict: 'valid' }) },
  'maximum not applied': {
    model: contractModel({ cap: Number.POSITIVE_INFINITY }),
    queries: pageQuery({ maxLimit: MAX_LIMIT, verdict: 'valid' }),
  },
  'maximum smaller than the profile says': {
    model: contractModel({ cap: MAX_LIMIT - 1 }),
    queries: pageQuery({ maxLimit: MAX_LIMIT, verdict: 'valid' }),
  },
  'modifiedAfter exclusive': {
    model: contractModel({ inclusive: false }),
    queries: offerListQuery({ maxLimit: MAX_LIMIT, lastModifiedSeen: SEEN, verdict: 'valid' }),
  },
  'offerId filter ignored': {
    model: contractModel({ filterOffer: false }),
    queries: subscriptionListQuery({ maxLimit: MAX_LIMIT, knownOfferIds: KNOWN_OFFER_IDS, verdict: 'valid' }),
  },
};

test.describe('checkListLaw', () => {
  test('holds for every valid query on a list that follows the contract', () => {
    const model = contractModel();
    const queries = fc.oneof(
      offerListQuery({ maxLimit: MAX_LIMIT, lastModifiedSeen: SEEN, verdict: 'valid' }),
      subscriptionListQuery({ maxLimit: MAX_LIMIT, knownOfferIds: KNOWN_OFFER_IDS, verdict: 'valid' }),
      pageQuery({ maxLimit: null, verdict: 'valid' }),
    );
    assertProperty(
      fc.property(queries, (q) => {
        const failure = checkListLaw(FULL, model(q.query), q.law!, VIEW);
        if (failure) throw failure;
      }),
      { numRuns: RUNS },
    );
  });

  for (const [name, { model, queries }] of Object.entries(BROKEN_MODELS)) {
    test(`finds a counterexample on a list with ${name}`, () => {
      const details = fc.check(
        fc.property(queries, (q) => {
          const failure = checkListLaw(FULL, model(q.query), q.law!, VIEW);
          if (failure) throw failure;
        }),
        { numRuns: RUNS },
      );
      expect(details.failed, `${name} went unnoticed`).toBe(true);
      expect(String((details.errorInstance as Error).message)).toContain('list law');
    });
  }
});
