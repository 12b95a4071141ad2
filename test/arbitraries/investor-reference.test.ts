// investorReference: every reference drawn is "of the kind given in investorReferenceType" by the rules a
// service that checks them would apply (the reference's variation investor-references-checked), for every kind.
import assert from 'node:assert/strict';
import { test } from '@playwright/test';
import fc from 'fast-check';
import { assertProperty, investorReference } from '../../src/arbitraries/index.ts';
import { INVESTOR_REFERENCE_TYPES } from '../../src/contract/vocabulary.ts';
import { isInvestorReferenceOf } from '../../reference/variations.ts';
import { RUNS } from './fixtures.ts';

for (const type of INVESTOR_REFERENCE_TYPES) {
  test(`a reference of kind ${type} passes a service that checks references of that kind`, () => {
    assertProperty(
      fc.property(
        investorReference().filter((r) => r.investorReferenceType === type),
        (r) => {
          // Node's assert in the property: each expect() records a step with its stack, some 0.3 ms a call.
          assert.ok(isInvestorReferenceOf(r.investorReferenceType, r.investorReference), JSON.stringify(r.investorReference));
          // A service may trim what it stores: a reference padded with spaces would come back changed.
          assert.equal(r.investorReference.trim(), r.investorReference);
        },
      ),
      { numRuns: RUNS },
    );
  });
}
