import { acceptedValues, extraPropertyAccepted, invalidValues, missingRequired, notAnObject, validSamples } from './case.ts';
import type { SchemaCase } from './case.ts';
import { REQUIRED } from './contract.ts';
import { offerPricing } from './samples.ts';

const S = 'offer-pricing-and-order-limits';

export const cases: SchemaCase[] = [
  ...validSamples(S, offerPricing),
  ...notAnObject(S),
  ...missingRequired(S, offerPricing.full, REQUIRED['offer-pricing-and-order-limits']),
  ...acceptedValues(S, offerPricing.full, [
    ['/priceType', 'auction', 'values seen are not an enum'],
    ['/discount', null, 'number or null'],
    ['/discountTo', 5, 'non-null type not shown'],
    ['/discountTo', '5%', 'non-null type not shown'],
    ['/discountFrom', 1.5, 'non-null type not shown'],
    ['/discountFrom', { percent: 1 }, 'non-null type not shown'],
    ['/acceptedCurrency', 'JPY', 'currency code, no enum given here'],
    ['/offerPrice', 0.00012345678, 'no decimals limit on prices'],
  ]),
  ...invalidValues(S, offerPricing.full, [
    ['/offerPrice', '10.5'],
    ['/offerPrice', null],
    ['/hardMaxLimit', '100000'],
    ['/hardMaxLimit', null],
    ['/hardMinLimit', null],
    ['/hardMinLimit', true],
    ['/discount', '2.5'],
    ['/currency', null],
    ['/acceptedCurrency', 1],
    ['/priceType', null],
  ]),
  extraPropertyAccepted(S, offerPricing.full, '/minimumIncrement'),
];
