// The variation table as the reference README shows it, and the large-catalogue variation as it serves: the sizes
// reference/data/large-catalogue.ts promises, every record valid, and nothing of it shown to the second partner.
import { readFileSync } from 'node:fs';
import assert from 'node:assert/strict';
import { expect, test } from '@playwright/test';
import { VARIATIONS } from '../../reference/variations.ts';
import { LARGE_CATALOGUE } from '../../reference/data/large-catalogue.ts';
import type { AllocationRecord, Offer, Subscription } from '../../reference/data/types.ts';
import { DEMO_SECOND_CREDENTIALS, SECRET_HEADER, SUBSCRIPTION_KEY_HEADER } from '../../reference/server.ts';
import { validate } from '../../src/schema/registry.ts';
import { call, create, getJson, minimalCreateBody, withVariants } from './helpers.ts';

test('reference/README.md lists every variation, with its description', () => {
  const readme = readFileSync(new URL('../../reference/README.md', import.meta.url), 'utf8');
  // Node's assert in the loops over every variation, offer and record: each expect() records a step with its stack, some 0.3 ms a call.
  for (const variation of VARIATIONS) {
    const row = `| \`${variation.name}\` | ${variation.description.replaceAll('|', '\\|')}`;
    assert.ok(readme.includes(row), `reference/README.md has no row ${JSON.stringify(row)}`);
  }
});

test('large-catalogue serves 2,000 offers (300 open), an allocation record per closed offer (one of 5,000 items) and 20,000 earlier records of the first partner', async () => {
  await withVariants(['large-catalogue'], async (app) => {
    const offers = await getJson<Offer[]>(app, '/offer');
    expect(offers).toHaveLength(LARGE_CATALOGUE.offers);
    expect(new Set(offers.map((o) => o.id)).size).toBe(LARGE_CATALOGUE.offers);
    expect(new Set(offers.map((o) => o.dates.lastModifiedOn)).size).toBeGreaterThanOrEqual(LARGE_CATALOGUE.offers - 1);
    const open = offers.filter((o) => o.details.status === 'open_for_subscription');
    expect(open).toHaveLength(LARGE_CATALOGUE.openOffers);
    for (const offer of offers) {
      const check = validate('offer', offer);
      assert.ok(check.valid, `${offer.id}: ${check.errors.join('; ')}`);
    }

    const records = await getJson<AllocationRecord[]>(app, '/allocation');
    expect(records).toHaveLength(LARGE_CATALOGUE.offers - LARGE_CATALOGUE.openOffers);
    const largest = records.reduce((a, b) => (b.allocations.length > a.allocations.length ? b : a));
    expect(largest.allocations).toHaveLength(LARGE_CATALOGUE.largestAllocation);
    // Paged like any record: the last page of 100 of the 5,000 items, allocationCount the total.
    const last = await getJson<AllocationRecord>(app, `/allocation/${largest.offerId}?offset=4900&limit=100`);
    expect({ items: last.allocations.length, count: last.allocationCount }).toEqual({ items: 100, count: 5000 });

    const earlier = await getJson<Subscription[]>(app, '/subscription');
    expect(earlier).toHaveLength(LARGE_CATALOGUE.earlierRecords);
    expect(new Set(earlier.map((r) => r.status))).toEqual(new Set(['cancelled', 'rejected']));
    expect(earlier.every((r) => /^osd-suite\.nightly-\d{8}\.\d+-\d+$/.test(r.clientSubscriptionReference ?? ''))).toBe(true);
    const byOffer = new Map<string, number>();
    for (const r of earlier) byOffer.set(r.offerId, (byOffer.get(r.offerId) ?? 0) + 1);
    expect(byOffer.size).toBe(LARGE_CATALOGUE.offersWithEarlierRecords);
    for (const r of earlier.slice(0, 200)) {
      const check = validate('subscription', r);
      assert.ok(check.valid, `${r.id}: ${check.errors.join('; ')}`);
    }
    // Earlier records are the first partner's: a cancelled one cannot be cancelled again, a create still works after them.
    const cancelAgain = await call(app, { method: 'POST', url: `/subscription/${earlier[0].id}/cancel` });
    expect(cancelAgain.status).toBe(409);

    const second = await call(app, {
      url: '/subscription',
      headers: { [SUBSCRIPTION_KEY_HEADER]: DEMO_SECOND_CREDENTIALS.subscriptionKey, [SECRET_HEADER]: DEMO_SECOND_CREDENTIALS.secret },
    });
    expect(second.json).toEqual([]);
  });
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('reads-lag-1s: a record just created is not found for a second, then is there for good', async () => {
  await withVariants(['reads-lag-1s'], async (app) => {
    const record = (await create(app, minimalCreateBody())).json as Subscription;
    expect((await call(app, { url: `/subscription/${record.id}` })).status).toBe(404);
    await pause(1_100);
    expect((await call(app, { url: `/subscription/${record.id}` })).status).toBe(200);
    const listed = await getJson<Subscription[]>(app, `/subscription?offerId=${record.offerId}`);
    expect(listed.map((r) => r.id)).toContain(record.id);
  });
});

test("another-client-writing: each create is followed by another client's order on the same offer, cancelled 200 ms later", async () => {
  await withVariants(['another-client-writing'], async (app) => {
    const record = (await create(app, minimalCreateBody())).json as Subscription;
    const others = async () =>
      (await getJson<Subscription[]>(app, `/subscription?offerId=${record.offerId}`)).filter((r) => r.id !== record.id);
    expect((await others()).map((r) => r.status)).toEqual(['accepted']);
    await pause(300);
    expect((await others()).map((r) => r.status)).toEqual(['cancelled']);
    expect((await getJson<Subscription>(app, `/subscription/${record.id}`)).status).toBe('accepted');
  });
});
