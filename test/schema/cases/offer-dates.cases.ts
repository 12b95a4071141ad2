import { extraPropertyAccepted, invalidValues, missingRequired, notAnObject, utcTimestamp, validSamples, without } from './case.ts';
import type { SchemaCase } from './case.ts';
import { REQUIRED } from './contract.ts';
import { offerDates } from './samples.ts';

const S = 'offer-dates';

export const cases: SchemaCase[] = [
  ...validSamples(S, offerDates),
  ...notAnObject(S),
  ...missingRequired(S, offerDates.full, REQUIRED['offer-dates']),
  {
    description: 'offerEarlyClose absent accepted (present only when closed early)',
    schema: S,
    data: without(offerDates.full, '/offerEarlyClose'),
    valid: true,
  },
  // The whole timestamp table on one field; one representative failure on each other field.
  ...utcTimestamp(S, offerDates.full, '/offerStartDateTime'),
  ...invalidValues(S, offerDates.full, [
    ['/offerEndDateTime', '2024-01-22T17:00:00+01:00', 'format'],
    ['/offerEarlyClose', '2024-01-20T12:00:00', 'format'],
    ['/lastModifiedOn', '2024-02-30T12:00:00Z', 'format'],
    ['/admissionDateTime', '2024-01-25 08:00:00Z', 'format'],
    ['/offerEarlyClose', null],
    ['/lastModifiedOn', null],
  ]),
  extraPropertyAccepted(S, offerDates.full, '/settlementDateTime'),
];
