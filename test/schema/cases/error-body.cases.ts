import { acceptedValues, extraPropertyAccepted, invalidValues, missingRequired, notAnObject, validSamples } from './case.ts';
import type { SchemaCase } from './case.ts';
import { REQUIRED } from './contract.ts';
import { errorBody } from './samples.ts';

const S = 'error-body';

export const cases: SchemaCase[] = [
  ...validSamples(S, errorBody),
  ...notAnObject(S),
  ...missingRequired(S, errorBody.full, REQUIRED['error-body']),
  ...acceptedValues(S, errorBody.full, [
    ['/validationErrors', [], 'array of strings'],
    ['/message', 'Unauthorized', 'any message'],
  ]),
  ...invalidValues(S, errorBody.full, [
    ['/error', null],
    ['/error', 400],
    ['/message', null],
    ['/message', ['Bad Request']],
    ['/validationErrors', 'limit must be a number'],
    ['/validationErrors', null],
    ['/validationErrors/0', 1],
    ['/validationErrors/0', { field: 'limit' }],
  ]),
  extraPropertyAccepted(S, errorBody.full, '/statusCode'),
];
