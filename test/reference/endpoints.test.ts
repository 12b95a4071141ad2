// Every endpoint of the reference through `inject`: offers, allocations, subscriptions, health,
// pagination, modifiedAfter, and the reference's pinned choices (reference/profile.json).
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import type { FastifyInstance } from 'fastify';
import { validate, validateList } from '../../src/schema/registry.ts';
import { SEED_ALLOCATIONS } from '../../reference/data/allocations.ts';
import { SEED_OFFERS, SHARED_MODIFIED_PAIR } from '../../reference/data/offers.ts';
import type { AllocationRecord, Offer, Subscription } from '../../reference/data/types.ts';
import {
  AUTH_HEADERS,
  buildServer,
  withVariants,
  call,
  closedOffers,
  create,
  fullCreateBody,
  getJson,
  isCreateCancelError,
  isListGetError,
  minimalCreateBody,
  openOffer,
  openOffers,
} from './helpers.ts';

let app: FastifyInstance;
test.beforeEach(async () => {
  app = await buildServer();
});
test.afterEach(async () => {
  await app.close();
});

const ids = (items: ReadonlyArray<{ id?: string; offerId?: string; allocationId?: string }>): string[] =>
  items.map((i) => i.id ?? i.allocationId ?? i.offerId ?? '?');

// ---- offers -------------------------------------------------------------------------------------

test('GET /offer lists every offer; GET /offer/{id} equals its list entry', async () => {
  const offers = await getJson<Offer[]>(app, '/offer');
  expect(ids(offers)).toEqual(SEED_OFFERS.map((o) => o.id));
  for (const offer of offers.slice(0, 5)) {
    expect(await getJson(app, `/offer/${offer.id}`)).toEqual(offer);
  }
  const answer = await call(app, { url: '/offer' });
  expect(answer.contentType).toMatch(/^application\/json/);
});

test('GET /offer/{id} of an unknown id: 404 with the list/get error body', async () => {
  const answer = await call(app, { url: '/offer/no-such-offer' });
  expect(answer.status).toBe(404);
  expect(isListGetError(answer.json)).toBe(true);
  expect(validate('error-body', answer.json).valid).toBe(true);
});

test('modifiedAfter is inclusive at the exact instant, exact beyond milliseconds, and filters', async () => {
  const shared = SEED_OFFERS[SHARED_MODIFIED_PAIR[0]].dates.lastModifiedOn;
  const expected = (instant: string, strictlyAfter = false): string[] =>
    SEED_OFFERS.filter((o) => (strictlyAfter ? o.dates.lastModifiedOn > instant : o.dates.lastModifiedOn >= instant)).map((o) => o.id);

  const atShared = ids(await getJson<Offer[]>(app, `/offer?modifiedAfter=${shared}`));
  expect(atShared).toEqual(expected(shared));
  for (const i of SHARED_MODIFIED_PAIR) expect(atShared).toContain(SEED_OFFERS[i].id);

  // One tenth of a millisecond later leaves both out (Date.parse would not see the difference).
  const justAfter = `${shared.slice(0, -1)}1Z`;
  const afterShared = ids(await getJson<Offer[]>(app, `/offer?modifiedAfter=${justAfter}`));
  expect(afterShared).toEqual(expected(shared, true));
  for (const i of SHARED_MODIFIED_PAIR) expect(afterShared).not.toContain(SEED_OFFERS[i].id);

  expect(await getJson<Offer[]>(app, '/offer?modifiedAfter=2000-01-01T00:00:00Z')).toHaveLength(SEED_OFFERS.length);
  expect(await getJson<Offer[]>(app, '/offer?modifiedAfter=2100-01-01T00:00:00Z')).toEqual([]);
  const paged = ids(await getJson<Offer[]>(app, `/offer?modifiedAfter=${shared}&offset=1&limit=2`));
  expect(paged).toEqual(expected(shared).slice(1, 3));
  // UTC written with a zero offset is the same instant, to the digit.
  const zeroOffset = encodeURIComponent(shared.replace(/Z$/, '+00:00'));
  expect(ids(await getJson<Offer[]>(app, `/offer?modifiedAfter=${zeroOffset}`))).toEqual(atShared);
  expect(ids(await getJson<Offer[]>(app, `/offer?modifiedAfter=${encodeURIComponent(justAfter.replace(/Z$/, '+00:00'))}`))).toEqual(
    afterShared,
  );
});

// ---- pagination, as data ------------------------------------------------------------------------

interface PagedList {
  description: string;
  /** URL without offset/limit (may carry other query parameters). */
  url: string;
  /** Items of a page from the parsed body. */
  items(body: unknown): unknown[];
  /** How many entries the full list has (after any setup). */
  setup?(app: FastifyInstance): Promise<void>;
}

const bigAllocation = SEED_ALLOCATIONS.find((r) => r.allocations.length >= 150)!;

const PAGED_LISTS: PagedList[] = [
  { description: 'offers', url: '/offer', items: (b) => b as unknown[] },
  { description: 'allocation records', url: '/allocation', items: (b) => b as unknown[] },
  {
    description: `allocations of one offer (${bigAllocation.allocations.length} items)`,
    url: `/allocation/${bigAllocation.offerId}`,
    items: (b) => (b as AllocationRecord).allocations,
  },
  {
    description: 'subscriptions',
    url: '/subscription',
    items: (b) => b as unknown[],
    setup: async (server) => {
      for (let i = 0; i < 12; i++)
        await create(server, minimalCreateBody(openOffer(), { clientSubscriptionReference: `osd-suite.paging.${i}` }));
    },
  },
];

const withQuery = (url: string, query: string): string => (query ? `${url}${url.includes('?') ? '&' : '?'}${query}` : url);

for (const list of PAGED_LISTS) {
  test(`pagination of ${list.description}: zero-based, limit, walk, past end, omitted, capped`, async () => {
    await list.setup?.(app);
    const page = async (query: string): Promise<unknown[]> => list.items(await getJson(app, withQuery(list.url, query)));
    const all = await page('');
    expect(all.length).toBeGreaterThan(5);

    expect(await page('offset=0&limit=3')).toEqual(all.slice(0, 3));
    expect(await page('offset=2&limit=3')).toEqual(all.slice(2, 5));
    expect(await page('limit=4')).toEqual(all.slice(0, 4));
    expect(await page('offset=3')).toEqual(all.slice(3));
    expect(await page('limit=0')).toEqual([]);
    expect(await page(`offset=${all.length}&limit=5`)).toEqual([]);
    expect(await page('offset=999999999999')).toEqual([]);
    expect(await page(`offset=${all.length - 1}&limit=5`)).toEqual(all.slice(-1));

    const walked: unknown[] = [];
    for (let offset = 0; offset < all.length; offset += 5) walked.push(...(await page(`offset=${offset}&limit=5`)));
    expect(walked).toEqual(all);

    // A limit above the maximum (100) is capped, not refused.
    const capped = await page('offset=0&limit=100000');
    expect(capped).toEqual(all.slice(0, 100));
  });
}

test('allocation items page with the maximum limit; allocationCount stays the total', async () => {
  const first = await getJson<AllocationRecord>(app, `/allocation/${bigAllocation.offerId}?limit=100`);
  const second = await getJson<AllocationRecord>(app, `/allocation/${bigAllocation.offerId}?offset=100&limit=100`);
  expect(first.allocations).toHaveLength(100);
  expect(second.allocations).toHaveLength(bigAllocation.allocations.length - 100);
  expect(first.allocationCount).toBe(bigAllocation.allocations.length);
  expect(second.allocationCount).toBe(bigAllocation.allocations.length);
  expect([...first.allocations, ...second.allocations]).toEqual(bigAllocation.allocations);
});

test('the maximum limit is configurable', async () => {
  const small = await buildServer({ maxLimit: 7 });
  expect(await getJson<Offer[]>(small, '/offer?limit=50')).toHaveLength(7);
  expect(await getJson<Offer[]>(small, '/offer')).toHaveLength(SEED_OFFERS.length);
  await small.close();
});

// ---- allocations --------------------------------------------------------------------------------

test('GET /allocation/{offerId}: the record for a closed offer; 404 for an open or unknown offer', async () => {
  const record = SEED_ALLOCATIONS.find((r) => r.allocations.length > 0 && r.allocations.length < 100)!;
  expect(await getJson(app, `/allocation/${record.offerId}`)).toEqual(record);
  for (const url of [`/allocation/${openOffers()[0].id}`, '/allocation/no-such-offer']) {
    const answer = await call(app, { url });
    expect(answer.status, url).toBe(404);
    expect(isListGetError(answer.json), url).toBe(true);
  }
});

// ---- subscriptions ------------------------------------------------------------------------------

test('create echoes every request field exactly, generates an id, answers 201; read and list agree', async () => {
  const body = fullCreateBody();
  const created = await create(app, body);
  expect(created.status).toBe(201);
  const record = created.json as Subscription;
  expect(record).toEqual({ id: expect.any(String), status: 'accepted', ...body });
  expect(created.text).toContain(`"amountRequested":${JSON.stringify(body.amountRequested)}`);
  expect(validate('subscription', record).errors).toEqual([]);

  expect(await getJson(app, `/subscription/${record.id}`)).toEqual(record);
  expect(await getJson(app, '/subscription')).toEqual([record]);
});

test('fields outside the contract (even a plain "constructor" key) are not stored', async () => {
  const created = await create(app, { ...minimalCreateBody(), unexpected: 'x', constructor: 'y' });
  expect(created.status).toBe(201);
  expect(created.json).not.toHaveProperty('unexpected');
  expect(Object.keys(created.json as object)).not.toContain('constructor');
});

test('with neither subscriptionType nor subscriptionCategory the defaults apply', async () => {
  const created = await create(app, minimalCreateBody());
  expect(created.status).toBe(201);
  expect(created.json).toMatchObject({ subscriptionType: 'discretionary_qualified', subscriptionCategory: 'professional' });
  const given = await create(
    app,
    minimalCreateBody(openOffer(), { subscriptionType: 'institutional', subscriptionCategory: 'ecp/institutional' }),
  );
  expect(given.json).toMatchObject({ subscriptionType: 'institutional', subscriptionCategory: 'ecp/institutional' });
});

test('only one of subscriptionType / subscriptionCategory is refused (both or neither, per the schema)', async () => {
  for (const only of [{ subscriptionType: 'xo_qualified' }, { subscriptionCategory: 'retail' }]) {
    const answer = await create(app, minimalCreateBody(openOffer(), only));
    expect(answer.status).toBe(400);
    expect(isCreateCancelError(answer.json, 400)).toBe(true);
  }
});

test('identical bodies create separate records (no duplicate detection)', async () => {
  const body = fullCreateBody();
  const first = (await create(app, body)).json as Subscription;
  const second = (await create(app, body)).json as Subscription;
  expect(first.id).not.toBe(second.id);
  expect(await getJson<Subscription[]>(app, '/subscription')).toHaveLength(2);
});

test('50 concurrent creates yield 50 distinct ids, all listed', async () => {
  const answers = await Promise.all(
    Array.from({ length: 50 }, (_, i) =>
      create(app, minimalCreateBody(openOffer(), { clientSubscriptionReference: `osd-suite.concurrent.${i}` })),
    ),
  );
  expect(answers.map((a) => a.status)).toEqual(Array(50).fill(201));
  const createdIds = answers.map((a) => (a.json as Subscription).id);
  expect(new Set(createdIds).size).toBe(50);
  const listed = await getJson<Subscription[]>(app, '/subscription');
  expect(new Set(listed.map((s) => s.id))).toEqual(new Set(createdIds));
  expect(validateList('subscription', listed).errors).toEqual([]);
});

// [description, body, expected status of the record]
const OUTCOMES: ReadonlyArray<readonly [string, () => Record<string, unknown>, 'accepted' | 'rejected']> = [
  [
    'at hardMinLimit',
    () => minimalCreateBody(openOffer(), { amountRequested: openOffer().pricingAndOrderLimits.hardMinLimit }),
    'accepted',
  ],
  [
    'at hardMaxLimit',
    () => minimalCreateBody(openOffer(), { amountRequested: openOffer().pricingAndOrderLimits.hardMaxLimit }),
    'accepted',
  ],
  [
    'below hardMinLimit',
    () => minimalCreateBody(openOffer(), { amountRequested: openOffer().pricingAndOrderLimits.hardMinLimit - 0.000001 }),
    'rejected',
  ],
  [
    'above hardMaxLimit',
    () => minimalCreateBody(openOffer(), { amountRequested: openOffer().pricingAndOrderLimits.hardMaxLimit + 1 }),
    'rejected',
  ],
  ['a negative amount', () => minimalCreateBody(openOffer(), { amountRequested: -5 }), 'rejected'],
  [
    'on a closed offer',
    () => minimalCreateBody(closedOffers()[0], { amountRequested: closedOffers()[0].pricingAndOrderLimits.hardMinLimit }),
    'rejected',
  ],
];

for (const [description, body, status] of OUTCOMES) {
  test(`an order ${description} is recorded as ${status}`, async () => {
    const created = await create(app, body());
    expect(created.status).toBe(201);
    expect((created.json as Subscription).status).toBe(status);
    expect(validate('subscription', created.json).errors).toEqual([]);
  });
}

test('every enum currency is accepted (the client currency is not pinned)', async () => {
  for (const currency of ['GBX', 'GBP', 'EUR', 'USD', 'NOK', 'SEK', 'DKK']) {
    const created = await create(app, minimalCreateBody(openOffer(), { currency }));
    expect(created.status, currency).toBe(201);
    expect((created.json as Subscription).currency).toBe(currency);
  }
});

test('an unknown offerId is refused with 400 and the create/cancel body', async () => {
  const answer = await create(app, minimalCreateBody(openOffer(), { offerId: 'no-such-offer' }));
  expect(answer.status).toBe(400);
  expect(isCreateCancelError(answer.json, 400)).toBe(true);
  expect(answer.json).toMatchObject({ message: 'Bad Request', errors: [{ property: 'offerId' }] });
  expect(await getJson(app, '/subscription')).toEqual([]);
});

test('GET /subscription?offerId= lists only, and all, subscriptions on that offer', async () => {
  const [a, b] = openOffers();
  const onA = [await create(app, minimalCreateBody(a)), await create(app, minimalCreateBody(a))].map((x) => (x.json as Subscription).id);
  await create(app, minimalCreateBody(b, { amountRequested: b.pricingAndOrderLimits.hardMinLimit }));
  expect(ids(await getJson<Subscription[]>(app, `/subscription?offerId=${a.id}`))).toEqual(onA);
  expect(ids(await getJson<Subscription[]>(app, `/subscription?offerId=${a.id}&offset=1&limit=1`))).toEqual(onA.slice(1));
  expect(await getJson(app, '/subscription?offerId=no-such-offer')).toEqual([]);
});

test('GET /subscription/{id} of an unknown id: 404 with the list/get body', async () => {
  const answer = await call(app, { url: '/subscription/00000000-0000-4000-8000-000000000000' });
  expect(answer.status).toBe(404);
  expect(isListGetError(answer.json)).toBe(true);
});

test('cancel: 200 with the record, cancelled on the next read; again -> 409; rejected -> 409; unknown -> 404', async () => {
  const accepted = (await create(app, minimalCreateBody())).json as Subscription;
  const cancelled = await call(app, { method: 'POST', url: `/subscription/${accepted.id}/cancel` });
  expect(cancelled.status).toBe(200);
  expect(cancelled.json).toEqual({ ...accepted, status: 'cancelled' });
  expect(validate('subscription', cancelled.json).errors).toEqual([]);
  expect(await getJson(app, `/subscription/${accepted.id}`)).toEqual({ ...accepted, status: 'cancelled' });

  const again = await call(app, { method: 'POST', url: `/subscription/${accepted.id}/cancel` });
  expect(again.status).toBe(409);
  expect(isCreateCancelError(again.json, 409)).toBe(true);

  const rejected = (await create(app, minimalCreateBody(openOffer(), { amountRequested: -1 }))).json as Subscription;
  expect(rejected.status).toBe('rejected');
  const refused = await call(app, { method: 'POST', url: `/subscription/${rejected.id}/cancel` });
  expect(refused.status).toBe(409);
  expect(isCreateCancelError(refused.json, 409)).toBe(true);

  const unknown = await call(app, { method: 'POST', url: '/subscription/no-such-id/cancel' });
  expect(unknown.status).toBe(404);
  expect(isCreateCancelError(unknown.json, 404)).toBe(true);
  expect(validate('validation-error-body', unknown.json).errors).toEqual([]);
});

test('the cancel-204 variation: a cancel answers 204 with no body and no content type, and the record reads back cancelled', async () => {
  await withVariants(['cancel-204'], async (variant) => {
    const accepted = (await create(variant, minimalCreateBody())).json as Subscription;
    const cancelled = await call(variant, { method: 'POST', url: `/subscription/${accepted.id}/cancel` });
    expect({ status: cancelled.status, text: cancelled.text, contentType: cancelled.contentType }).toEqual({
      status: 204,
      text: '',
      contentType: '',
    });
    expect(await getJson(variant, `/subscription/${accepted.id}`)).toEqual({ ...accepted, status: 'cancelled' });
    const again = await call(variant, { method: 'POST', url: `/subscription/${accepted.id}/cancel` });
    expect(again.status).toBe(409);
  });
});

test('the cancel-answers-message variation: a cancel answers 200 with a JSON message, not the record, and the record reads back cancelled', async () => {
  await withVariants(['cancel-answers-message'], async (variant) => {
    const accepted = (await create(variant, minimalCreateBody())).json as Subscription;
    const cancelled = await call(variant, { method: 'POST', url: `/subscription/${accepted.id}/cancel` });
    expect({ status: cancelled.status, json: cancelled.json }).toEqual({
      status: 200,
      json: { message: `Subscription ${accepted.id} cancelled` },
    });
    expect(cancelled.contentType).toMatch(/^application\/json/);
    expect(await getJson(variant, `/subscription/${accepted.id}`)).toEqual({ ...accepted, status: 'cancelled' });
  });
});

test("the investor-identity-withheld variation: records are answered without the investor's identifiers and membershipCode", async () => {
  await withVariants(['investor-identity-withheld'], async (variant) => {
    const body = fullCreateBody(openOffer(), { membershipCode: 'COMMUNITY-1' });
    expect(body).toHaveProperty('investorReference');
    const withheld = ['investorReferenceType', 'investorReference', 'membershipCode'];
    const rest = Object.fromEntries(Object.entries(body).filter(([field]) => !withheld.includes(field)));
    const created = (await create(variant, body)).json as Subscription;
    expect(created).toEqual({ id: expect.any(String), status: 'accepted', ...rest });
    expect(validate('subscription', created).errors).toEqual([]);
    expect(await getJson(variant, `/subscription/${created.id}`)).toEqual(created);
    expect(await getJson(variant, '/subscription')).toEqual([created]);
  });
});

test("the employees-rejected variation: an employee's order is recorded as rejected, refused with 400 only for refuse-out-of-limits' own reasons", async () => {
  await withVariants(['employees-rejected', 'refuse-out-of-limits'], async (variant) => {
    const employee = await create(variant, minimalCreateBody(openOffer(), { isIssuerEmployee: true }));
    expect({ status: employee.status, record: (employee.json as Subscription).status }).toEqual({ status: 201, record: 'rejected' });
    const other = await create(variant, minimalCreateBody(openOffer(), { isIssuerEmployee: false }));
    expect({ status: other.status, record: (other.json as Subscription).status }).toEqual({ status: 201, record: 'accepted' });
    const outside = await create(variant, minimalCreateBody(openOffer(), { isIssuerEmployee: true, amountRequested: -1 }));
    expect(outside.status).toBe(400);
  });
});

test('the reads-lag-300ms variation: reads show a create and a cancel only 300 ms after them; writes answer at once', async () => {
  const later = () => new Promise((resolve) => setTimeout(resolve, 350));
  await withVariants(['reads-lag-300ms'], async (variant) => {
    const created = await create(variant, minimalCreateBody());
    expect(created.status).toBe(201);
    const record = created.json as Subscription;
    expect((await call(variant, { method: 'GET', url: `/subscription/${record.id}` })).status).toBe(404);
    expect(await getJson(variant, '/subscription')).toEqual([]);
    await later();
    expect(await getJson(variant, `/subscription/${record.id}`)).toEqual(record);
    const cancelled = await call(variant, { method: 'POST', url: `/subscription/${record.id}/cancel` });
    expect({ status: cancelled.status, record: (cancelled.json as Subscription).status }).toEqual({ status: 200, record: 'cancelled' });
    expect(await getJson(variant, `/subscription/${record.id}`)).toEqual(record);
    await later();
    expect(await getJson(variant, '/subscription')).toEqual([{ ...record, status: 'cancelled' }]);
  });
});

test('the offers-priced-beyond-enum variation: a third of the offers, open ones among them, priced in CHF, each still a valid offer', async () => {
  await withVariants(['offers-priced-beyond-enum'], async (variant) => {
    const offers = await getJson<Offer[]>(variant, '/offer');
    // Typed as the seed's currencies: what the wire carries here is beyond them.
    const wire = (o: Offer) => o.pricingAndOrderLimits as { currency: string; acceptedCurrency: string };
    const inFrancs = offers.filter((o) => wire(o).currency === 'CHF');
    expect(inFrancs.length).toBeGreaterThan(offers.length / 5);
    expect(inFrancs.length).toBeLessThan(offers.length / 2);
    expect(inFrancs.every((o) => wire(o).acceptedCurrency === 'CHF')).toBe(true);
    // Open offers on both sides: some the suite can write to, some it cannot.
    const open = (list: Offer[]) => list.filter((o) => o.details.status === 'open_for_subscription').length;
    expect(open(inFrancs)).toBeGreaterThan(0);
    expect(open(offers) - open(inFrancs)).toBeGreaterThan(3);
    expect(validateList('offer', offers).errors).toEqual([]);
  });
});

test('the community-offers variation: half the offers are community offerings, and orders accepted on them carry membershipStatus', async () => {
  await withVariants(['community-offers'], async (variant) => {
    const offers = await getJson<Array<{ id: string; details: { membershipRequired: string } }>>(variant, '/offer');
    const community = offers.filter((o) => o.details.membershipRequired === 'yes').map((o) => o.id);
    expect(community.length).toBeGreaterThan(0);
    expect(community.length).toBeLessThan(offers.length);
    const onCommunity = openOffers().find((o) => community.includes(o.id))!;
    const elsewhere = openOffers().find((o) => !community.includes(o.id))!;
    type Answered = Subscription & { membershipStatus?: string };
    const withCode = (await create(variant, minimalCreateBody(onCommunity, { membershipCode: 'NOT-ISSUED-1' }))).json as Answered;
    const withoutCode = (await create(variant, minimalCreateBody(onCommunity))).json as Answered;
    const other = (await create(variant, minimalCreateBody(elsewhere, { membershipCode: 'NOT-ISSUED-1' }))).json as Answered;
    expect([withCode.membershipStatus, withoutCode.membershipStatus, other.membershipStatus]).toEqual([
      'code_not_found',
      'pending_checks',
      undefined,
    ]);
    expect(validate('subscription', withCode).errors).toEqual([]);
    // Kept when the order is cancelled later.
    const cancelled = await call(variant, { method: 'POST', url: `/subscription/${withCode.id}/cancel` });
    expect((cancelled.json as Answered).membershipStatus).toBe('code_not_found');
  });
});

test('the category-not-returned variation: records are answered without subscriptionCategory, the type default still shown', async () => {
  await withVariants(['category-not-returned'], async (variant) => {
    const created = (await create(variant, minimalCreateBody())).json as Subscription;
    expect(created).not.toHaveProperty('subscriptionCategory');
    expect(created.subscriptionType).toBe('discretionary_qualified');
    expect(validate('subscription', created).errors).toEqual([]);
    expect(await getJson(variant, `/subscription/${created.id}`)).toEqual(created);
  });
});

test('the investor-references-checked variation: a reference of the kind its type names is taken, the textbook examples are refused', async () => {
  const cases: Array<[type: string, reference: string, status: number]> = [
    ['nino', 'AB123456C', 201],
    ['nino', 'QQ123456C', 400],
    ['lei', '5493001KJTIIGC8Y1R12', 201],
    ['lei', '5493001KJTIIGC8Y1R13', 400],
    ['ssn', '536-22-1874', 201],
    ['ssn', '123-45-6789', 400],
    ['concat', 'GB19800101JOHN#SMITH', 201],
    ['passport_number', '502135326', 201],
  ];
  await withVariants(['investor-references-checked'], async (variant) => {
    for (const [investorReferenceType, investorReference, status] of cases) {
      const answer = await create(variant, minimalCreateBody(openOffer(), { investorReferenceType, investorReference }));
      expect(answer.status, `${investorReferenceType} ${investorReference}`).toBe(status);
    }
  });
});

test('the future-timestamps-refused variation: an order received an hour from now is refused, one received now is taken', async () => {
  const at = (offsetMs: number) =>
    minimalCreateBody(openOffer(), { clientSubscriptionTimestamp: new Date(Date.now() + offsetMs).toISOString() });
  await withVariants(['future-timestamps-refused'], async (variant) => {
    expect((await create(variant, at(0))).status).toBe(201);
    const refused = await create(variant, at(3_600_000));
    expect(refused.status).toBe(400);
    expect(isCreateCancelError(refused.json, 400)).toBe(true);
  });
});

test('the type-and-category-paired variation: a type and the category it goes with are taken, a pair that disagrees is refused', async () => {
  await withVariants(['type-and-category-paired'], async (variant) => {
    const pair = (subscriptionType: string, subscriptionCategory: string) =>
      create(variant, minimalCreateBody(openOffer(), { subscriptionType, subscriptionCategory }));
    expect((await pair('xo_unqualified', 'retail')).status).toBe(201);
    expect((await pair('institutional', 'ecp/institutional')).status).toBe(201);
    expect((await pair('xo_qualified', 'retail')).status).toBe(400);
    expect((await create(variant, minimalCreateBody())).status).toBe(201); // neither: the defaults, which agree
  });
});

test('the cancel-async-202 variation: a cancel is answered 202 with no content and takes effect 300 ms later', async () => {
  const later = () => new Promise((resolve) => setTimeout(resolve, 350));
  await withVariants(['cancel-async-202'], async (variant) => {
    const record = (await create(variant, minimalCreateBody())).json as Subscription;
    const cancel = () => call(variant, { method: 'POST', url: `/subscription/${record.id}/cancel` });
    const first = await cancel();
    expect({ status: first.status, text: first.text, contentType: first.contentType }).toEqual({ status: 202, text: '', contentType: '' });
    expect(await getJson(variant, `/subscription/${record.id}`)).toEqual(record);
    expect((await cancel()).status).toBe(202); // still queued
    await later();
    expect(await getJson(variant, `/subscription/${record.id}`)).toEqual({ ...record, status: 'cancelled' });
    expect((await cancel()).status).toBe(409);
    expect((await call(variant, { method: 'POST', url: '/subscription/no-such-id/cancel' })).status).toBe(404);
  });
});

test('the connection-close variation: every answer, a success or an error, closes its connection', async () => {
  await withVariants(['connection-close'], async (variant) => {
    for (const url of ['/offer', '/subscription/no-such-id']) {
      const answer = await variant.inject({ method: 'GET', url, headers: { ...AUTH_HEADERS } });
      expect(answer.headers.connection, url).toBe('close');
    }
  });
});

test('the chunked-bodies variation: every body, a success or an error, is chunked with no content-length, and the same bytes', async () => {
  await withVariants(['chunked-bodies'], async (variant) => {
    for (const url of ['/offer?limit=2', '/subscription/no-such-id']) {
      const [plain, chunked] = await Promise.all([call(app, { url }), call(variant, { url })]);
      expect({ encoding: chunked.headers['transfer-encoding'], length: chunked.headers['content-length'] }, url).toEqual({
        encoding: 'chunked',
        length: undefined,
      });
      expect({ status: chunked.status, json: chunked.json }, url).toEqual({ status: plain.status, json: plain.json });
    }
  });
});

/** Timestamp spellings of the same instants: six fractional digits, with Z or with a zero offset (as Python writes UTC). */
const SPELLINGS = [
  { variant: 'timestamps-in-microseconds', spelled: 'with six fractional digits', shape: /\.\d{6}Z$/ },
  { variant: 'timestamps-zero-offset', spelled: 'with six fractional digits and +00:00 for Z', shape: /\.\d{6}\+00:00$/ },
];

for (const { variant: name, spelled, shape } of SPELLINGS) {
  test(`the ${name} variation: timestamps ${spelled}, the same instants`, async () => {
    await withVariants([name], async (variant) => {
      const plain = await getJson<Offer[]>(app, '/offer');
      const respelled = await getJson<Offer[]>(variant, '/offer');
      const dates = (offers: Offer[]) => offers.flatMap((o) => Object.values(o.dates as unknown as Record<string, string>));
      expect(dates(respelled).length).toBeGreaterThan(0);
      for (const d of dates(respelled)) expect(d).toMatch(shape);
      expect(dates(respelled).map((d) => Date.parse(d))).toEqual(dates(plain).map((d) => Date.parse(d)));
      const created = (await create(variant, minimalCreateBody())).json as Subscription;
      expect(created.clientSubscriptionTimestamp).toMatch(shape);
    });
  });
}

test('cancel accepts an empty body labelled application/json', async () => {
  const accepted = (await create(app, minimalCreateBody())).json as Subscription;
  const answer = await call(app, {
    method: 'POST',
    url: `/subscription/${accepted.id}/cancel`,
    headers: { 'content-type': 'application/json' },
  });
  expect(answer.status).toBe(200);
});

// ---- health and the pinned profile -----------------------------------------------------------------

test('GET /health answers without credentials with a health check result', async () => {
  const answer = await call(app, { url: '/health', anonymous: true });
  expect(answer.status).toBe(200);
  expect(answer.contentType).toMatch(/^application\/json/);
  expect(validate('health-check-result', answer.json).errors).toEqual([]);
  expect(answer.json).toMatchObject({ status: 'ok', error: null });
});

test('the health-minimal variation: every field the contract names, info and error null, details empty; still a valid result', async () => {
  await withVariants(['health-minimal'], async (variant) => {
    const answer = await call(variant, { url: '/health', anonymous: true });
    expect({ status: answer.status, json: answer.json }).toEqual({
      status: 200,
      json: { status: 'ok', info: null, error: null, details: {} },
    });
    expect(validate('health-check-result', answer.json).errors).toEqual([]);
  });
});

test('reference/profile.json pins what the server does', async () => {
  const profile = JSON.parse(readFileSync(new URL('../../reference/profile.json', import.meta.url), 'utf8')) as {
    cancel: { method: 'POST'; path: string };
    health: { method: 'GET'; path: string };
    status: Record<string, number[]>;
    maxLimit: number;
  };
  const created = await create(app, minimalCreateBody());
  expect(profile.status.create).toContain(created.status);
  const id = (created.json as Subscription).id;

  const cancel = await call(app, { method: profile.cancel.method, url: profile.cancel.path.replace('{subscriptionId}', id) });
  expect(cancel.status).toBe(200);
  const again = await call(app, { method: profile.cancel.method, url: profile.cancel.path.replace('{subscriptionId}', id) });
  expect(profile.status.cancelNotCancellable).toContain(again.status);

  expect((await call(app, { method: profile.health.method, url: profile.health.path, anonymous: true })).status).toBe(200);
  expect(profile.status.missingCredentials).toContain((await call(app, { url: '/offer', anonymous: true })).status);
  expect(profile.status.wrongCredentials).toContain(
    (await call(app, { url: '/offer', headers: { 'service-api-secret': 'wrong' } })).status,
  );
  expect(profile.status.unknownId).toContain((await call(app, { url: '/offer/nope' })).status);
  const big = await getJson<AllocationRecord>(app, `/allocation/${bigAllocation.offerId}?limit=${profile.maxLimit + 1}`);
  expect(big.allocations).toHaveLength(profile.maxLimit);

  const limited = await buildServer({ rateLimit: 1 });
  await call(limited, { url: '/offer?limit=1' });
  expect(profile.status.rateLimited).toContain((await call(limited, { url: '/offer?limit=1' })).status);
  await limited.close();
});

test('the validation-422 variation: an invalid body, query or JSON text is answered 422 with the same error body, but for its status', async () => {
  await withVariants(['validation-422'], async (variant) => {
    const invalid = [
      { method: 'POST' as const, url: '/subscription', body: { ...minimalCreateBody(), currency: 'XXX' } },
      { method: 'POST' as const, url: '/subscription', body: '{"offerId":' },
      { method: 'GET' as const, url: '/offer?limit=abc' },
    ];
    for (const c of invalid) {
      const [plain, varied] = await Promise.all([call(app, c), call(variant, c)]);
      expect(plain.status, c.url).toBe(400);
      expect(varied.status, c.url).toBe(422);
      const body = varied.json as Record<string, unknown>;
      expect(body.message, c.url).toBe('Unprocessable Entity');
      expect(Object.keys(body).sort(), c.url).toEqual(Object.keys(plain.json as object).sort());
      if (c.method === 'POST') expect(body.status).toBe(422);
    }
    // What is not a validation error keeps its status.
    expect((await call(variant, { url: '/subscription/no-such-id' })).status).toBe(404);
    expect((await call(variant, { url: '/offer', anonymous: true })).status).toBe(401);
  });
});

test('the bodies-pretty-printed variation: every body indented with CRLF line ends, the same JSON, numbers spelled as the other variations spell them', async () => {
  await withVariants(['numbers-respelled', 'bodies-pretty-printed'], async (variant) => {
    for (const url of ['/offer?limit=2', '/subscription/no-such-id']) {
      const [plain, pretty] = await Promise.all([call(app, { url }), call(variant, { url })]);
      expect(pretty.text, url).toMatch(/^\{\r\n {2}"|^\[\r\n {2}\{\r\n {4}"/);
      expect(pretty.text.endsWith('\r\n'), url).toBe(true);
      expect({ status: pretty.status, json: pretty.json }, url).toEqual({ status: plain.status, json: plain.json });
    }
    // Composed with numbers-respelled (applied first), the number spellings survive the indenting.
    expect((await call(variant, { url: '/offer?limit=2' })).text).toMatch(/": (?:\d+e2|\d+\.0)[,\r]/);
  });
});

test('the create-202 variation: a create is answered 202 with the created record, which reads back', async () => {
  await withVariants(['create-202'], async (variant) => {
    const created = await create(variant, minimalCreateBody());
    expect(created.status).toBe(202);
    const record = created.json as Subscription;
    expect(record.status).toBe('accepted');
    expect((await call(variant, { url: `/subscription/${record.id}` })).json).toEqual(record);
  });
});
