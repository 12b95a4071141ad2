// offerClosedSinceListed (src/contract/offer-closed.ts): a refused create of a valid body is left unjudged only when the
// offer, read again, is closed now; every other answer is judged as it came, and a create not refused costs no read.
import { expect, test } from '@playwright/test';
import { offerClosedSinceListed } from '../../src/checks/offer-closed-since-listed.ts';
import { whyClosed } from '../../src/contract/offer-closed.ts';
import type { Offer } from '../../src/contract/types.ts';
import { OFFER_CLOSED_CASES } from './offer-closed.cases.ts';
import type { ApiClient } from '../../src/client/api-client.ts';
import type { Exchange } from '../../src/client/exchange.ts';

const NOW = Date.parse('2026-11-25T09:00:00Z');
const OPEN = { details: { status: 'open_for_subscription' }, dates: { offerEndDateTime: '2026-12-31T17:00:00Z' } };

interface Case {
  description: string;
  createStatus: number;
  /** What GET /offer/{id} answers; undefined: the test fails if it is asked. */
  offerNow?: { status: number; body: unknown };
  expected: RegExp | null;
}

const CASES: Case[] = [
  { description: 'a create taken: nothing read', createStatus: 201, expected: null },
  { description: 'a 429 (not taken): nothing read', createStatus: 429, expected: null },
  { description: 'a 5xx: nothing read', createStatus: 503, expected: null },
  { description: 'refused, the offer still open: judged', createStatus: 400, offerNow: { status: 200, body: OPEN }, expected: null },
  {
    description: 'refused, the offer closed now',
    createStatus: 400,
    offerNow: { status: 200, body: { ...OPEN, details: { status: 'closed_for_subscription' } } },
    expected: /offer o-1 was listed open and is closed_for_subscription now/,
  },
  {
    description: 'refused, the offer closed early (still marked open)',
    createStatus: 422,
    offerNow: { status: 200, body: { ...OPEN, dates: { ...OPEN.dates, offerEarlyClose: '2026-11-25T08:59:00Z' } } },
    expected: /closed early at 2026-11-25T08:59:00Z/,
  },
  {
    description: 'refused, the offer period over',
    createStatus: 400,
    offerNow: { status: 200, body: { ...OPEN, dates: { offerEndDateTime: '2026-11-25T08:00:00Z' } } },
    expected: /its period ended at 2026-11-25T08:00:00Z/,
  },
  { description: 'refused, the offer cannot be read: judged', createStatus: 400, offerNow: { status: 404, body: null }, expected: null },
];

for (const c of CASES) {
  test(c.description, async () => {
    const reads: string[] = [];
    const api = {
      getOffer: async (id: string) => {
        reads.push(id);
        if (!c.offerNow) throw new Error('the offer was read, and should not have been');
        return c.offerNow as unknown as Exchange;
      },
    } as unknown as ApiClient;
    const got = await offerClosedSinceListed(api, { status: c.createStatus } as Exchange, 'o-1', NOW);
    if (c.expected === null) expect(got).toBeNull();
    else expect(got).toMatch(c.expected);
    expect(reads).toEqual(c.offerNow ? ['o-1'] : []);
  });
}

// One table, two implementations: the suite's and the k6 scenario's.
for (const c of OFFER_CLOSED_CASES)
  test(`closed or open, the suite and k6 agree: ${c.description}`, () => {
    for (const got of [whyClosed(c.offer as Offer, NOW)]) {
      if (c.closed === null) expect(got).toBeNull();
      else expect(got).toMatch(c.closed);
    }
  });

test('a fresh listing notes only the offers that closed since the run listed them open', async () => {
  const { TargetFacts } = await import('../../src/harness/target-facts.ts');
  const { isKnownClosed } = await import('../../src/run/offers-closed-this-run.ts');
  const open = (id: string, end: string) => ({ id, details: { status: 'open_for_subscription' }, dates: { offerEndDateTime: end } });
  const listed = [
    open('nocs-closes', '2099-01-01T00:00:00Z'),
    open('nocs-past-end', '2000-01-01T00:00:00Z'),
    open('nocs-stays', '2099-01-01T00:00:00Z'),
  ];
  const now = [{ ...listed[0], details: { status: 'closed_for_subscription' } }, listed[1], listed[2]];
  let reads = 0;
  const api = { listOffers: async () => ({ status: 200, body: reads++ === 0 ? listed : now }) } as unknown as ApiClient;
  const facts = new TargetFacts(api);
  await facts.offers(); // the run's listing
  await facts.noteOffersClosedSince();
  expect(['nocs-closes', 'nocs-past-end', 'nocs-stays'].map(isKnownClosed)).toEqual([true, false, false]);
});

test('a catalogue longer than a walk may read is listed again at most once per interval; a short one every time', async () => {
  const { TargetFacts } = await import('../../src/harness/target-facts.ts');
  const offers = [1, 2, 3].map((i) => ({ id: `relist-${i}`, details: { status: 'open_for_subscription' } })) as unknown as Offer[];
  let reads = 0;
  const api = {
    listOffers: async () => {
      reads++;
      return { status: 200, body: offers };
    },
  } as unknown as ApiClient;
  let clock = 0;
  const now = () => clock;
  const long = new TargetFacts(api, { offers }, { walkEntries: 2, longEveryMs: 30_000 }, now);
  await long.noteOffersClosedSince();
  clock = 29_999;
  await long.noteOffersClosedSince();
  expect(reads, 'three offers, a walk of two: listed again once within the interval').toBe(1);
  clock = 30_000;
  await long.noteOffersClosedSince();
  expect(reads, 'and again once the interval has passed').toBe(2);
  const short = new TargetFacts(api, { offers }, { walkEntries: 3, longEveryMs: 30_000 }, now);
  await short.noteOffersClosedSince();
  await short.noteOffersClosedSince();
  expect(reads, 'a catalogue a walk reads whole: listed again every time').toBe(4);
});
