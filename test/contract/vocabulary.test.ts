// The contract's enums exist once in TypeScript (src/contract/vocabulary.ts); here they are held to the JSON Schemas of
// schemas/, which are written apart, so a slip in either shows instead of being copied into the generators, the
// reference server or the k6 scripts, which all import the vocabulary.
import { expect, test } from '@playwright/test';
import * as vocabulary from '../../src/contract/vocabulary.ts';
import { enumFieldsOf, type SchemaName } from '../../src/schema/registry.ts';

const CASES: ReadonlyArray<{ schema: SchemaName; field: string; values: readonly string[] }> = [
  { schema: 'offer', field: 'offerType', values: vocabulary.OFFER_TYPES },
  { schema: 'offer', field: 'offerSubType', values: vocabulary.OFFER_SUB_TYPES },
  { schema: 'subscription', field: 'status', values: vocabulary.SUBSCRIPTION_STATUSES },
  { schema: 'subscription', field: 'currency', values: vocabulary.CURRENCIES },
  { schema: 'subscription-create-request', field: 'subscriptionType', values: vocabulary.SUBSCRIPTION_TYPES },
  { schema: 'subscription-create-request', field: 'subscriptionCategory', values: vocabulary.SUBSCRIPTION_CATEGORIES },
  { schema: 'subscription-create-request', field: 'investorReferenceType', values: vocabulary.INVESTOR_REFERENCE_TYPES },
  { schema: 'subscription-create-request', field: 'currency', values: vocabulary.CURRENCIES },
  { schema: 'subscription-create-request', field: 'accountType', values: vocabulary.ACCOUNT_TYPES },
];

for (const c of CASES) {
  test(`${c.schema}.${c.field}: the vocabulary holds the schema's enum, no more, no less`, () => {
    const inSchema = new Map(enumFieldsOf(c.schema)).get(c.field);
    expect(inSchema, `schemas/${c.schema}.schema.json declares an enum for ${c.field}`).toBeDefined();
    expect([...c.values].sort()).toEqual([...(inSchema ?? [])].sort());
  });
}

test('the defaults the contract states are values of their enums', () => {
  expect(vocabulary.SUBSCRIPTION_TYPES).toContain(vocabulary.TYPE_AND_CATEGORY_DEFAULTS.subscriptionType);
  expect(vocabulary.SUBSCRIPTION_CATEGORIES).toContain(vocabulary.TYPE_AND_CATEGORY_DEFAULTS.subscriptionCategory);
});
