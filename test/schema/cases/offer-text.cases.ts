import { acceptedValues, extraPropertyAccepted, invalidValues, missingRequired, notAnObject, validSamples } from './case.ts';
import type { SchemaCase } from './case.ts';
import { REQUIRED } from './contract.ts';
import { offerText } from './samples.ts';

const S = 'offer-text';
const FREE_TEXT = REQUIRED['offer-text'].filter((p) => p !== '/offerDiscount');

export const cases: SchemaCase[] = [
  ...validSamples(S, offerText),
  ...notAnObject(S),
  ...missingRequired(S, offerText.full, REQUIRED['offer-text']),
  // Free-text fields are strings, not nullable.
  ...invalidValues(
    S,
    offerText.full,
    FREE_TEXT.map((path) => [path, null] as const),
  ),
  ...invalidValues(S, offerText.full, [
    ['/title', 5],
    ['/legalDisclaimer', ['line 1', 'line 2']],
    ['/offerDiscount', 5],
    ['/offerDiscount', false],
  ]),
  ...acceptedValues(S, offerText.full, [
    ['/offerDiscount', null, 'string or null'],
    ['/offerDiscount', '', 'empty strings occur'],
    ['/useOfProceeds', 'Line one\nLine two\n', 'text may contain line breaks'],
  ]),
  extraPropertyAccepted(S, offerText.full, '/subtitle'),
];
