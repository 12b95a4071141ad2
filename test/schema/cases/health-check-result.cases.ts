import { acceptedValues, extraPropertyAccepted, invalidValues, missingRequired, notAnObject, validSamples } from './case.ts';
import type { SchemaCase } from './case.ts';
import { REQUIRED } from './contract.ts';
import { healthCheckResult } from './samples.ts';

const S = 'health-check-result';

export const cases: SchemaCase[] = [
  ...validSamples(S, healthCheckResult),
  ...notAnObject(S),
  ...missingRequired(S, healthCheckResult.full, REQUIRED['health-check-result']),
  ...acceptedValues(S, healthCheckResult.full, [
    ['/status', 'error', 'value seen is not an enum'],
    ['/status', 'shutting_down', 'value seen is not an enum'],
    ['/info', null, 'object or null'],
    ['/error', { database: { status: 'down' } }, 'object or null'],
    ['/details', {}, 'inner contents not shown'],
  ]),
  ...invalidValues(S, healthCheckResult.full, [
    ['/status', null],
    ['/status', 200],
    ['/info', 'up'],
    ['/info', []],
    ['/error', false],
    ['/error', []],
    ['/details', null],
    ['/details', 'fine'],
  ]),
  extraPropertyAccepted(S, healthCheckResult.full, '/version'),
];
