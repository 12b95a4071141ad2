// The conformance suite's deterministic bodies: the enum coverage uses every value of every request
// enum (currency aside, with its reason) in as few creates as the longest enum, each body valid.
import { expect, test } from '@playwright/test';
import { ENUM_FIELDS_NOT_COVERED, enumCoverageBodies } from '../../src/arbitraries/fixed-create-bodies.ts';
import { enumFieldsOf, validate } from '../../src/schema/registry.ts';
import { investorKind, suitsInvestor } from '../../src/contract/vocabulary.ts';
import { SEED_OFFERS } from '../../reference/data/offers.ts';
import type { Offer } from '../../src/contract/types.ts';

const offer = SEED_OFFERS.find((o) => o.details.status === 'open_for_subscription') as unknown as Offer;
const enumFields = enumFieldsOf('subscription-create-request');

test('enum coverage: every value of every request enum but currency, one create per value of the longest enum', () => {
  const bodies = enumCoverageBodies(offer, enumFields);
  expect(bodies.length).toBe(Math.max(...enumFields.filter(([f]) => !(f in ENUM_FIELDS_NOT_COVERED)).map(([, v]) => v.length)));
  for (const [field, values] of enumFields) {
    const used = new Set(bodies.map((b) => b[field]));
    if (field in ENUM_FIELDS_NOT_COVERED) expect(used, field).toEqual(new Set([offer.pricingAndOrderLimits.currency]));
    else expect([...used].sort(), field).toEqual([...values].sort());
  }
  expect(Object.keys(ENUM_FIELDS_NOT_COVERED)).toEqual(['currency']);
});

test('enum coverage: each body is valid, pairs type and category as the contract words them, and has a reference of its type', () => {
  const bodies = enumCoverageBodies(offer, enumFields);
  expect(new Set(bodies.map((b) => b.investorReference)).size).toBe(bodies.length);
  for (const body of bodies) {
    expect(validate('subscription-create-request', body).valid, JSON.stringify(body)).toBe(true);
    const pairs = { retail: /_unqualified$/, professional: /_qualified$/, 'ecp/institutional': /^institutional$/ };
    expect(String(body.subscriptionType)).toMatch(pairs[body.subscriptionCategory as keyof typeof pairs]);
    // One kind of investor: a corporate one by an LEI or "other", in a general investment account; an individual not by an LEI.
    const kind = investorKind(body);
    for (const field of ['investorReferenceType', 'accountType'])
      expect(suitsInvestor(field, String(body[field]), kind), `${kind}: ${JSON.stringify(body)}`).toBe(true);
  }
  expect(bodies.some((b) => investorKind(b) === 'corporate' && b.investorReferenceType === 'lei')).toBe(true);
});
