// The subscriptions scenario's bodies and bookkeeping: valid amounts, the run tag, the sweep.
import { test, expect } from '@playwright/test';
import { CURRENCY_CASES } from '../run/client-currency.cases.ts';
import {
  amountWithin,
  buildSubscriptionBody,
  cancelPath,
  currenciesToWriteIn,
  firstOfEachCurrency,
  generatedRunId,
  pickSubscribableOffers,
  recordsToSweep,
  runTag,
} from '../../load/lib/subscription-body.ts';

const AMOUNTS: Array<[number, number, number]> = [
  [250, 100000, 250],
  [12.5, 15000.75, 12.5],
  [0.001, 5, 0.01],
  [0, 10, 5],
  [3.333, 3.334, 3.334],
];
for (const [min, max, expected] of AMOUNTS) {
  test(`an amount within [${min}, ${max}] is ${expected}`, () => {
    const a = amountWithin(min, max);
    expect(a).toBe(expected);
    expect(a).toBeGreaterThanOrEqual(min);
    expect(a).toBeLessThanOrEqual(max);
    expect(String(a).split('.')[1]?.length ?? 0).toBeLessThanOrEqual(6);
  });
}

const OFFERS = [
  {
    id: 'open-gbx',
    details: { status: 'open_for_subscription' },
    pricingAndOrderLimits: { hardMinLimit: 100, hardMaxLimit: 500, acceptedCurrency: 'GBX', currency: 'GBX' },
  },
  {
    id: 'closed',
    details: { status: 'closed_for_subscription' },
    pricingAndOrderLimits: { hardMinLimit: 1, hardMaxLimit: 5, acceptedCurrency: 'GBP' },
  },
  {
    id: 'bad-range',
    details: { status: 'open_for_subscription' },
    pricingAndOrderLimits: { hardMinLimit: 10, hardMaxLimit: 5, acceptedCurrency: 'GBP' },
  },
  {
    id: 'odd-currency',
    details: { status: 'open_for_subscription' },
    pricingAndOrderLimits: { hardMinLimit: 1, hardMaxLimit: 5, acceptedCurrency: 'XYZ', currency: 'XYZ' },
  },
];

test('only open offers with a usable range and a known currency are subscribed to', () => {
  expect(pickSubscribableOffers(OFFERS, null).map((o) => o.id)).toEqual(['open-gbx']);
  expect(pickSubscribableOffers(OFFERS, 'EUR').map((o) => `${o.id}:${o.currency}`)).toEqual(['open-gbx:EUR', 'odd-currency:EUR']);
});

test('with the partner currency given, the offers in it are picked when there are any', () => {
  const withGbp = [
    ...OFFERS,
    { ...OFFERS[0], id: 'open-gbp', pricingAndOrderLimits: { ...OFFERS[0].pricingAndOrderLimits, acceptedCurrency: 'GBP' } },
  ];
  expect(pickSubscribableOffers(withGbp, 'GBP').map((o) => `${o.id}:${o.currency}`)).toEqual(['open-gbp:GBP']);
  expect(pickSubscribableOffers(withGbp, 'EUR').map((o) => o.id)).toEqual(['open-gbx', 'odd-currency', 'open-gbp']);
});

// The suite's rule (test/run/client-currency.test.ts holds it to the same cases).
for (const c of CURRENCY_CASES)
  test(`setup's currencies to write in: ${c.description}`, () => {
    const answers = ['GBP', 'EUR', 'SEK'].map((currency) => ({ currency, status: c.statusOf[currency] ?? 201 }));
    expect(currenciesToWriteIn(answers)).toEqual(c.writable);
  });

test('setup probes the first offer of each currency', () => {
  const offers = ['GBP', 'EUR', 'GBP', 'SEK', 'EUR'].map((currency, i) => ({ id: `o${i}`, min: 1, max: 5, currency }));
  expect(firstOfEachCurrency(offers).map((o) => o.id)).toEqual(['o0', 'o1', 'o3']);
  expect(buildSubscriptionBody(offers[0], 'run-7', 'currency-GBP', 0).clientSubscriptionReference).toBe('osd-suite.run-7.currency-GBP');
});

test('the body carries the run tag and every field the contract requires in a request', () => {
  const [offer] = pickSubscribableOffers(OFFERS, null);
  const body = buildSubscriptionBody(offer, 'run-7', 12, Date.parse('2026-01-02T03:04:05.678Z'));
  expect(body).toEqual({
    offerId: 'open-gbx',
    amountRequested: 100,
    subscriptionType: 'discretionary_qualified',
    subscriptionCategory: 'professional',
    clientSubscriptionTimestamp: '2026-01-02T03:04:05.678Z',
    clientSubscriptionReference: 'osd-suite.run-7.12',
    currency: 'GBX',
    accountType: 'general_investment',
  });
});

test("the sweep takes only this run's records that are not cancelled or rejected", () => {
  const list = [
    { id: '1', clientSubscriptionReference: runTag('r1', 0), status: 'accepted' },
    { id: '2', clientSubscriptionReference: runTag('r1', 1), status: 'cancelled' },
    { id: '3', clientSubscriptionReference: runTag('r1', 2), status: 'rejected' },
    { id: '4', clientSubscriptionReference: runTag('r10', 0), status: 'accepted' },
    { id: '5', clientSubscriptionReference: 'partner-own', status: 'accepted' },
    { id: '6', clientSubscriptionReference: runTag('r1', 3) },
  ];
  expect(recordsToSweep(list, 'r1')).toEqual([
    { id: '1', status: 'accepted' },
    { id: '6', status: null },
  ]);
  expect(recordsToSweep({}, 'r1')).toEqual([]);
});

test('the cancel path comes from the profile template', () => {
  expect(cancelPath('/subscription/{subscriptionId}/cancel', 'a/b')).toBe('/subscription/a%2Fb/cancel');
  expect(cancelPath('/subscriptions/{subscriptionId}', 'x')).toBe('/subscriptions/x');
});

test("a generated run id is time-sortable and fits RUN_ID's pattern", () => {
  const id = generatedRunId(Date.parse('2026-01-02T03:04:05.678Z'), 0.5);
  expect(id).toBe('20260102T030405-7fffff');
  expect(id).toMatch(/^[A-Za-z0-9_-]{1,40}$/);
  expect(generatedRunId(0, 0)).toMatch(/-000000$/);
});
