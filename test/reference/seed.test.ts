// The seeded data: deterministic, covering what the suite needs, and valid against the schemas as
// it goes out on the wire.
import assert from 'node:assert/strict';
import { expect, test } from '@playwright/test';
import { validate, validateList } from '../../src/schema/registry.ts';
import { isUtcDateTime } from '../../src/schema/vocabulary.ts';
import { buildAllocations, SEED_ALLOCATIONS } from '../../reference/data/allocations.ts';
import { buildOffers, SEED_OFFERS, SHARED_MODIFIED_PAIR } from '../../reference/data/offers.ts';
import { OFFER_SUB_TYPES, OFFER_TYPES } from '../../reference/data/types.ts';
import type { AllocationRecord, Offer } from '../../reference/data/types.ts';
import { buildServer, getJson } from './helpers.ts';

const MS_AND_Z = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

test('the seed is deterministic: building it twice gives the same data', () => {
  const offers = buildOffers();
  expect(buildOffers()).toEqual(offers);
  expect(offers).toEqual(SEED_OFFERS);
  expect(buildAllocations(offers)).toEqual(SEED_ALLOCATIONS);
});

test('at least 30 offers, every offerType and every offerSubType, ids unique', () => {
  expect(SEED_OFFERS.length).toBeGreaterThanOrEqual(30);
  expect(new Set(SEED_OFFERS.map((o) => o.offerType))).toEqual(new Set(OFFER_TYPES));
  expect(new Set(SEED_OFFERS.map((o) => o.offerSubType))).toEqual(new Set(OFFER_SUB_TYPES));
  expect(new Set(SEED_OFFERS.map((o) => o.id)).size).toBe(SEED_OFFERS.length);
});

// [what, predicate that some offer must meet]
const MUST_EXIST: ReadonlyArray<readonly [string, (o: Offer) => boolean]> = [
  ['an open offer', (o) => o.details.status === 'open_for_subscription'],
  ['a closed offer', (o) => o.details.status === 'closed_for_subscription'],
  ['an offer closed early', (o) => o.dates.offerEarlyClose !== undefined],
  ['a closed offer not closed early', (o) => o.details.status === 'closed_for_subscription' && o.dates.offerEarlyClose === undefined],
  ['an offer with securityIdentifier', (o) => o.issuer.securityIdentifier !== undefined],
  ['an offer without securityIdentifier', (o) => o.issuer.securityIdentifier === undefined],
  ['empty offeringDocuments', (o) => o.details.offeringDocuments.length === 0],
  ['non-empty offeringDocuments', (o) => o.details.offeringDocuments.length > 0],
  ['priceType fixed', (o) => o.pricingAndOrderLimits.priceType === 'fixed'],
  ['priceType no_price', (o) => o.pricingAndOrderLimits.priceType === 'no_price'],
  [
    'a closed no_price offer (final price found at close)',
    (o) => o.pricingAndOrderLimits.priceType === 'no_price' && o.details.status === 'closed_for_subscription',
  ],
  ['text with a line break', (o) => Object.values(o.textProperties).some((t) => typeof t === 'string' && t.includes('\n'))],
  ['text with an empty string', (o) => Object.values(o.textProperties).some((t) => t === '')],
  ['an empty pressReleaseLink', (o) => o.details.pressReleaseLink === ''],
  ['an empty sellerName', (o) => o.issuer.sellerName === ''],
  ['a non-empty sellerName', (o) => o.issuer.sellerName !== ''],
  ['a non-null offerDiscount', (o) => o.textProperties.offerDiscount !== null],
  ['a null offerDiscount', (o) => o.textProperties.offerDiscount === null],
];

for (const [what, predicate] of MUST_EXIST) {
  test(`the seed has ${what}`, () => {
    expect(SEED_OFFERS.some(predicate)).toBe(true);
  });
}

test('discount is null exactly when priceType is no_price; early closes only on closed offers', () => {
  // Node's assert in the loops over every offer, stamp and record: each expect() records a step with its stack, some 0.3 ms a call.
  for (const o of SEED_OFFERS) {
    const { discount, priceType, hardMinLimit, hardMaxLimit } = o.pricingAndOrderLimits;
    assert.equal(discount === null, priceType === 'no_price', `${o.id}: discount ${discount}, priceType ${priceType}`);
    if (o.dates.offerEarlyClose !== undefined) assert.equal(o.details.status, 'closed_for_subscription', o.id);
    assert.ok(hardMinLimit <= hardMaxLimit, `${o.id}: ${hardMinLimit} > ${hardMaxLimit}`);
  }
});

test('lastModifiedOn values are distinct except one pair sharing an instant', () => {
  const values = SEED_OFFERS.map((o) => o.dates.lastModifiedOn);
  expect(new Set(values).size).toBe(values.length - 1);
  const [a, b] = SHARED_MODIFIED_PAIR;
  expect(SEED_OFFERS[a].dates.lastModifiedOn).toBe(SEED_OFFERS[b].dates.lastModifiedOn);
});

test('every timestamp is rendered with milliseconds and Z', () => {
  const stamps = [
    ...SEED_OFFERS.flatMap((o) => Object.values(o.dates)),
    ...SEED_ALLOCATIONS.flatMap((r) => r.allocations.map((a) => a.allocatedOn)),
  ];
  for (const stamp of stamps) {
    assert.match(stamp, MS_AND_Z);
    assert.ok(isUtcDateTime(stamp), stamp);
  }
});

test('allocations: one record per closed offer, some with >= 150 entries, counts equal lengths', () => {
  const closed = new Set(SEED_OFFERS.filter((o) => o.details.status === 'closed_for_subscription').map((o) => o.id));
  expect(new Set(SEED_ALLOCATIONS.map((r) => r.offerId))).toEqual(closed);
  expect(SEED_ALLOCATIONS.length).toBe(closed.size);
  expect(SEED_ALLOCATIONS.filter((r) => r.allocations.length >= 150).length).toBeGreaterThanOrEqual(2);
  expect(SEED_ALLOCATIONS.some((r) => r.allocations.length === 0)).toBe(true);
  expect(SEED_ALLOCATIONS.some((r) => r.allocationCount === undefined)).toBe(true);
  for (const record of SEED_ALLOCATIONS) {
    if (record.allocationCount !== undefined) assert.equal(record.allocationCount, record.allocations.length, record.offerId);
    const offer = SEED_OFFERS.find((o) => o.id === record.offerId)!;
    assert.equal(record.priceCurrency, offer.pricingAndOrderLimits.currency, record.offerId);
  }
});

test('every seeded offer and allocation record validates against the schemas, as served', async () => {
  const app = await buildServer();
  const offers = await getJson<Offer[]>(app, '/offer');
  expect(offers).toHaveLength(SEED_OFFERS.length);
  const offerCheck = validateList('offer', offers);
  expect(offerCheck.errors).toEqual([]);
  for (const offer of offers) {
    assert.deepEqual(validate('offer', await getJson(app, `/offer/${encodeURIComponent(offer.id)}`)).errors, [], offer.id);
  }

  const records = await getJson<AllocationRecord[]>(app, '/allocation');
  expect(records).toHaveLength(SEED_ALLOCATIONS.length);
  expect(validateList('allocation-record', records).errors).toEqual([]);
  for (const record of records) {
    assert.deepEqual(validate('allocation-record', await getJson(app, `/allocation/${record.offerId}`)).errors, [], record.offerId);
  }
  await app.close();
});
