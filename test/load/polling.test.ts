// modifiedAfter polling: instants in the contract's form, starting points spread over the data,
// and each poll checked for early offers and for missing ones (the boundary is inclusive).
import { test, expect } from '@playwright/test';
import { type PolledOffer, checkPoll, parseTimestamp, pickSeeds, readPolledOffers, toContractInstant } from '../../load/lib/polling.ts';

const offer = (id: string, lastModifiedOn: string) => ({ id, dates: { lastModifiedOn } });
const DATA = [
  offer('a', '2025-12-01T10:00:00.250Z'),
  offer('b', '2025-12-02T10:00:00.000Z'),
  offer('c', '2025-12-03T10:00:00.900Z'),
  offer('d', '2025-12-04T10:00:00.000Z'),
];

/** A server applying modifiedAfter correctly (inclusive), or one of its mistakes. */
function serve(instant: string, mistake: 'none' | 'exclusive' | 'ignores-filter' = 'none'): unknown {
  const at = Date.parse(instant);
  if (mistake === 'ignores-filter') return DATA;
  return DATA.filter((o) => (mistake === 'exclusive' ? Date.parse(o.dates.lastModifiedOn) > at : Date.parse(o.dates.lastModifiedOn) >= at));
}

test('instants are YYYY-MM-DDTHH:MM:SSZ, floored to the second', () => {
  expect(toContractInstant(Date.parse('2025-12-03T10:00:00.900Z'))).toBe('2025-12-03T10:00:00Z');
  expect(parseTimestamp('2025-12-03T10:00:00Z')).toBe(Date.parse('2025-12-03T10:00:00Z'));
  expect(parseTimestamp('2025-12-03T11:00:00+01:00')).toBe(Date.parse('2025-12-03T10:00:00Z'));
  expect(parseTimestamp('2025-12-03')).toBeNull();
  expect(parseTimestamp(42)).toBeNull();
});

test('seeds spread over the data and expect every offer on or after them', () => {
  const offers = readPolledOffers(DATA) as PolledOffer[];
  const seeds = pickSeeds(offers, 2, 0);
  expect(
    seeds.map((s) => s.instant),
    'the values exactly as the service wrote them',
  ).toEqual(['2025-12-02T10:00:00.000Z', '2025-12-03T10:00:00.900Z']);
  expect(seeds[1].expectedIds).toEqual(['c', 'd']);
  expect(pickSeeds([], 1, Date.parse('2026-01-01T00:00:00Z'))[0]).toEqual({
    instant: '2026-01-01T00:00:00Z',
    instantMs: Date.parse('2026-01-01T00:00:00Z'),
    expectedIds: [],
  });
});

interface PollCase {
  description: string;
  mistake: 'none' | 'exclusive' | 'ignores-filter';
  failed: string[];
}

const CASES: PollCase[] = [
  { description: 'a correct server passes every poll', mistake: 'none', failed: [] },
  { description: 'an exclusive boundary drops the watermark offers', mistake: 'exclusive', failed: ['poll-includes-on-or-after'] },
  { description: 'an ignored filter returns earlier offers', mistake: 'ignores-filter', failed: ['poll-only-on-or-after'] },
];

for (const c of CASES) {
  test(`polls: ${c.description}`, () => {
    let state = pickSeeds(readPolledOffers(DATA) as PolledOffer[], 1, 0)[0];
    const failed = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const out = checkPoll(state, serve(state.instant, c.mistake));
      for (const f of out.findings) if (!f.ok) failed.add(f.rule);
      state = out.next;
    }
    expect([...failed].sort()).toEqual(c.failed);
  });
}

test('the watermark moves to the latest lastModifiedOn and keeps its offers expected', () => {
  const first = pickSeeds(readPolledOffers(DATA) as PolledOffer[], 1, 0)[0];
  const out = checkPoll(first, serve(first.instant));
  expect(out.next.instant).toBe('2025-12-04T10:00:00.000Z');
  expect(out.next.expectedIds).toEqual(['d']);
  expect(checkPoll(first, { not: 'a list' }).findings).toEqual([
    { rule: 'poll-is-list', ok: false, expected: 'a JSON list of offers', received: 'a object body' },
  ]);
});

test('with milliseconds in every lastModifiedOn, an exclusive boundary is still caught: polls use the exact value', () => {
  const data = [offer('a', '2025-12-01T10:00:00.250Z'), offer('b', '2025-12-02T10:00:00.777Z'), offer('c', '2025-12-03T10:00:00.901Z')];
  const exclusive = (instant: string) => data.filter((o) => Date.parse(o.dates.lastModifiedOn) > Date.parse(instant));
  const state = pickSeeds(readPolledOffers(data) as PolledOffer[], 1, 0)[0];
  expect(state.instant).toBe('2025-12-02T10:00:00.777Z');
  const out = checkPoll(state, exclusive(state.instant));
  expect(out.findings.filter((f) => !f.ok).map((f) => f.rule)).toEqual(['poll-includes-on-or-after']);
});

test('a lastModifiedOn that is not UTC with Z is not sent back: the client asks from it floored, in the contract form', () => {
  const data = [
    offer('a', '2025-12-01T11:00:00.250+01:00'),
    offer('b', '2025-12-02T11:00:00.777+01:00'),
    offer('c', '2025-12-03T11:00:00.901+01:00'),
  ];
  const state = pickSeeds(readPolledOffers(data) as PolledOffer[], 1, 0)[0];
  expect(state.instant).toBe('2025-12-02T10:00:00Z');
  expect(state.expectedIds).toEqual(['b', 'c']);
});

test('a poll with nothing later keeps expecting what it expected, so a dropped offer stays missing', () => {
  const state = pickSeeds(readPolledOffers(DATA) as PolledOffer[], 1, 0)[0];
  const withoutB = (serve(state.instant) as Array<{ id: string }>).filter((o) => o.id !== 'b' && o.id !== 'c' && o.id !== 'd');
  const first = checkPoll(state, withoutB);
  expect(first.next.expectedIds).toEqual(state.expectedIds);
  expect(
    checkPoll(first.next, withoutB)
      .findings.filter((f) => !f.ok)
      .map((f) => f.rule),
  ).toEqual(['poll-includes-on-or-after']);
});
