import { acceptedValues, extraPropertyAccepted, invalidValues, missingRequired, notAnObject, validSamples } from './case.ts';
import type { SchemaCase } from './case.ts';
import { REQUIRED } from './contract.ts';
import { validationErrorBody } from './samples.ts';

const S = 'validation-error-body';

export const cases: SchemaCase[] = [
  ...validSamples(S, validationErrorBody),
  ...notAnObject(S),
  ...missingRequired(S, validationErrorBody.full, REQUIRED['validation-error-body']),
  ...acceptedValues(S, validationErrorBody.full, [
    ['/status', 422, 'any number; equality with the HTTP status is a conformance check'],
    ['/errors/0', {}, 'ValidationErrorModel fields not shown'],
  ]),
  ...invalidValues(S, validationErrorBody.full, [
    ['/status', '400'],
    ['/status', null],
    ['/errors', null],
    ['/errors', {}],
    ['/errors', 'amountRequested has too many decimals'],
    ['/errors/0', 'amountRequested has too many decimals'],
    ['/errors/0', null],
    ['/message', null],
    ['/message', 400],
  ]),
  extraPropertyAccepted(S, validationErrorBody.full, '/timestamp'),
];
