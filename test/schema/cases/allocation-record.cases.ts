import { acceptedValues, closedEnum, extraPropertyAccepted, invalidValues, missingRequired, notAnObject, validSamples } from './case.ts';
import type { SchemaCase } from './case.ts';
import { CURRENCIES, REQUIRED } from './contract.ts';
import { allocationRecord } from './samples.ts';

const S = 'allocation-record';

export const cases: SchemaCase[] = [
  ...validSamples(S, allocationRecord),
  ...notAnObject(S),
  ...missingRequired(S, allocationRecord.full, REQUIRED['allocation-record']),
  ...closedEnum(S, allocationRecord.full, '/priceCurrency', CURRENCIES, 'JPY'),
  ...acceptedValues(S, allocationRecord.full, [
    ['/allocationCount', 0, 'a number'],
    ['/allocations/0', {}, 'item fields not shown'],
    ['/price', 0.123456789, 'no decimals limit on the price'],
  ]),
  ...invalidValues(S, allocationRecord.full, [
    ['/allocationCount', '2'],
    ['/allocationCount', null],
    ['/price', '10.5'],
    ['/price', null],
    ['/priceCurrency', null],
    ['/offerId', 1],
    ['/allocations', null],
    ['/allocations', {}],
    ['/allocations/0', 5],
    ['/allocations/1', null],
  ]),
  extraPropertyAccepted(S, allocationRecord.full, '/finalisedAt'),
  {
    description: 'list: two allocation records',
    schema: S,
    as: 'list',
    data: [allocationRecord.minimal, allocationRecord.full],
    valid: true,
  },
];
