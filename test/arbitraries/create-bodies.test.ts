// validCreateBody / createBodyWithoutTypeOrCategory: every body is schema-valid, inside the offer's
// limits with at most 6 decimals, tagged; every enum value and optional field is reachable.
import assert from 'node:assert/strict';
import { test, expect } from '@playwright/test';
import fc from 'fast-check';
import {
  CREATE_BODY_ENUMS,
  CREATE_BODY_FIELDS,
  ENUM_FIELDS,
  REQUIRED_CREATE_BODY_FIELDS,
  assertAmountDecimals,
  assertAmountWithinLimits,
  assertProperty,
  assertSchemaAccepts,
  createBodyWithoutTypeOrCategory,
  validCreateBody,
} from '../../src/arbitraries/index.ts';
import type { CreateBodyField, SubscriptionCreateBody } from '../../src/arbitraries/index.ts';
import { receiptWindow } from '../../src/contract/receipt-time.ts';
import { CATEGORY_OF_TYPE, investorKind, suitsInvestor } from '../../src/contract/vocabulary.ts';
import { decimalPlaces } from '../../src/schema/decimal-places.ts';
import { loadSchema, validate } from '../../src/schema/registry.ts';
import { BROKEN_OFFER, COVERAGE_SAMPLES, FOREIGN_CURRENCY_OFFER, OFFERS, RUNS, RUN_TAG, offerById } from './fixtures.ts';

const requestSchema = loadSchema('subscription-create-request') as {
  required: string[];
  dependentRequired: Record<string, string[]>;
  properties: Record<string, { type?: string; enum?: string[] }>;
};

const TIMESTAMP_FORMS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/;

/**
 * Every check of one generated body. Node's assert, not Playwright's expect: this runs for each of hundreds of bodies
 * a property, and each expect() records a step with its stack (some 0.3 ms), which made the properties ten times slower.
 */
function checkValidBody(body: SubscriptionCreateBody): void {
  assertSchemaAccepts(validate('subscription-create-request', body), body);
  const offer = offerById(body.offerId);
  if (!offer || !OFFERS.includes(offer)) throw new Error(`offerId ${body.offerId} is not one of the given offers`);
  assertAmountWithinLimits(body.amountRequested, offer, body);
  assertAmountDecimals(body.amountRequested, body);
  assert.match(body.clientSubscriptionTimestamp, TIMESTAMP_FORMS);
  // "The time the order was received": inside the offer's period and never to come (a target may refuse anything else).
  const { earliest, latest } = receiptWindow(offer);
  const received = Date.parse(body.clientSubscriptionTimestamp);
  assert.ok(
    received >= earliest.getTime() && received <= latest.getTime(),
    `${body.clientSubscriptionTimestamp} outside ${earliest.toISOString()}..${latest.toISOString()}`,
  );
  assert.ok(!Object.values(body).includes(undefined), `a field set to undefined: ${JSON.stringify(body)}`);
  // One kind of investor (a target may refuse a corporate investor identified as a person, and the like).
  const kind = investorKind(body);
  for (const field of ['investorReferenceType', 'accountType'] as const)
    if (body[field] !== undefined) assert.ok(suitsInvestor(field, String(body[field]), kind), `${kind}: ${JSON.stringify(body)}`);
  // A type and a category that disagree may be refused: a valid body sends the pair the contract's words make.
  if (body.subscriptionType !== undefined) assert.equal(body.subscriptionCategory, CATEGORY_OF_TYPE[body.subscriptionType]);
}

test.describe('the request vocabulary', () => {
  test('matches the request schema: same fields, same enums, same required fields', () => {
    expect([...CREATE_BODY_FIELDS].sort()).toEqual(Object.keys(requestSchema.properties).sort());
    for (const field of ENUM_FIELDS) {
      expect([...CREATE_BODY_ENUMS[field]].sort(), field).toEqual([...(requestSchema.properties[field].enum ?? [])].sort());
    }
    expect([...REQUIRED_CREATE_BODY_FIELDS].sort()).toEqual([...requestSchema.required].sort());
    expect(requestSchema.dependentRequired).toEqual({
      subscriptionType: ['subscriptionCategory'],
      subscriptionCategory: ['subscriptionType'],
    });
  });
});

test.describe('validCreateBody', () => {
  test('every body is schema-valid, for one of the offers, inside its limits, with at most 6 decimals', () => {
    assertProperty(
      fc.property(validCreateBody(OFFERS), (body) => {
        checkValidBody(body);
        assert.notEqual(body.subscriptionType, undefined);
        assert.notEqual(body.subscriptionCategory, undefined);
      }),
      { numRuns: RUNS },
    );
  });

  test('with a tag, every body carries it as clientSubscriptionReference', () => {
    assertProperty(
      fc.property(validCreateBody(OFFERS, { tag: RUN_TAG }), (body) => {
        checkValidBody(body);
        assert.equal(body.clientSubscriptionReference, RUN_TAG);
      }),
      { numRuns: RUNS },
    );
  });

  test('every enum value of every enum field is reachable', () => {
    const bodies = fc.sample(validCreateBody(OFFERS), COVERAGE_SAMPLES);
    for (const field of ENUM_FIELDS) {
      const seen = new Set(bodies.map((b) => b[field]).filter((v) => v !== undefined));
      expect([...seen].sort(), `values of ${field}`).toEqual([...(requestSchema.properties[field].enum ?? [])].sort());
    }
  });

  test('every optional field is sometimes present and sometimes absent; required ones always present', () => {
    const bodies = fc.sample(validCreateBody(OFFERS), COVERAGE_SAMPLES);
    const presence = (field: CreateBodyField) => new Set(bodies.map((b) => field in b));
    for (const field of CREATE_BODY_FIELDS) {
      const required =
        (REQUIRED_CREATE_BODY_FIELDS as readonly string[]).includes(field) ||
        field === 'subscriptionType' ||
        field === 'subscriptionCategory';
      expect([...presence(field)].sort(), field).toEqual(required ? [true] : [false, true]);
    }
  });

  test('amounts reach 0 to 6 decimal places, both exact limits, and every offer', () => {
    const bodies = fc.sample(validCreateBody(OFFERS), COVERAGE_SAMPLES);
    expect([...new Set(bodies.map((b) => decimalPlaces(b.amountRequested)))].sort()).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect([...new Set(bodies.map((b) => b.offerId))].sort()).toEqual(OFFERS.map((o) => o.id).sort());
    const atMin = bodies.filter((b) => b.amountRequested === offerById(b.offerId)!.pricingAndOrderLimits.hardMinLimit);
    const atMax = bodies.filter((b) => b.amountRequested === offerById(b.offerId)!.pricingAndOrderLimits.hardMaxLimit);
    expect(atMin.length, 'amounts equal to hardMinLimit').toBeGreaterThan(0);
    expect(atMax.length, 'amounts equal to hardMaxLimit').toBeGreaterThan(0);
  });

  test('timestamps come with and without milliseconds', () => {
    const stamps = fc.sample(validCreateBody(OFFERS), COVERAGE_SAMPLES).map((b) => b.clientSubscriptionTimestamp);
    expect(stamps.some((s) => /\.\d{3}Z$/.test(s))).toBe(true);
    expect(stamps.some((s) => /:\d{2}Z$/.test(s))).toBe(true);
  });

  test("currency 'offer' always sends the offer's currency", () => {
    assertProperty(
      fc.property(validCreateBody(OFFERS, { currency: 'offer' }), (body) => {
        checkValidBody(body);
        assert.equal(body.currency, offerById(body.offerId)!.pricingAndOrderLimits.currency);
      }),
      { numRuns: RUNS },
    );
  });

  test('offers that admit no valid body are skipped; none at all is an error', () => {
    const bodies = fc.sample(validCreateBody([BROKEN_OFFER, ...OFFERS.slice(0, 1)]), 200);
    expect(new Set(bodies.map((b) => b.offerId))).toEqual(new Set([OFFERS[0].id]));
    expect(() => validCreateBody([BROKEN_OFFER])).toThrow(RangeError);
    expect(() => validCreateBody([])).toThrow(RangeError);
    expect(() => validCreateBody([FOREIGN_CURRENCY_OFFER], { currency: 'offer' })).toThrow(RangeError);
  });
});

test.describe('createBodyWithoutTypeOrCategory', () => {
  test('every body is schema-valid and has neither subscriptionType nor subscriptionCategory', () => {
    assertProperty(
      fc.property(createBodyWithoutTypeOrCategory(OFFERS, { tag: RUN_TAG }), (body) => {
        checkValidBody(body);
        assert.ok(!('subscriptionType' in body) && !('subscriptionCategory' in body), JSON.stringify(body));
        assert.equal(body.clientSubscriptionReference, RUN_TAG);
      }),
      { numRuns: RUNS },
    );
  });
});
