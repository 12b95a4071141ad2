// investorReference: every reference drawn is "of the kind given in investorReferenceType" by the rules a
// service that checks them would apply (the reference's variation investor-references-checked), for every kind.
import { expect, test } from '@playwright/test';
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
          expect(isInvestorReferenceOf(r.investorReferenceType, r.investorReference), r.investorReference).toBe(true);
          // A service may trim what it stores: a reference padded with spaces would come back changed.
          expect(r.investorReference.trim()).toBe(r.investorReference);
        },
      ),
      { numRuns: RUNS },
    );
  });
}
