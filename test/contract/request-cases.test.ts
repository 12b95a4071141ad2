// What a request exercised, as the request-coverage table counts it: cases as data, and a table that shows a case
// the run never sent.
import { expect, test } from '@playwright/test';
import {
  EXPECTED_REQUEST_CASES,
  REQUEST_OPERATIONS,
  requestCasesOf,
  requestCoverage,
  type SentRequest,
} from '../../src/contract/request-cases.ts';
import { credentialCaseOf } from '../../src/client/api-client.ts';
import type { Operation } from '../../src/client/exchange.ts';

const CASES: Array<{ request: SentRequest; cases: string[] }> = [
  { request: { operation: 'offer.get', path: '/offer/x' }, cases: ['credentials:valid'] },
  { request: { operation: 'health', path: '/health' }, cases: [] },
  {
    request: { operation: 'offer.list', path: '/offer?modifiedAfter=2024-01-01T00%3A00%3A00Z&offset=0&limit=5', credentials: 'wrong-key' },
    cases: [
      'credentials:wrong-key',
      'param:modifiedAfter',
      'param:offset',
      'param:limit',
      'combined:modifiedAfter+offset',
      'combined:modifiedAfter+limit',
    ],
  },
  {
    request: { operation: 'offer.list', path: '/offer?modifiedAfter=not-a-date&offset=-1&limit=' },
    cases: ['credentials:valid', 'invalid:modifiedAfter:not-a-date-time', 'invalid:offset:negative', 'invalid:limit:empty'],
  },
  {
    request: { operation: 'offer.list', path: '/offer?modifiedAfter=2024-06-01T10:00:00%2B01:00&limit=abc' },
    cases: ['credentials:valid', 'invalid:modifiedAfter:not-utc', 'invalid:limit:not-a-number'],
  },
  {
    request: { operation: 'subscription.list', path: '/subscription?offerId=a&offerId=b&offset=2', credentials: 'none' },
    cases: ['credentials:none', 'invalid:offerId:repeated', 'param:offset'],
  },
  // A parameter the operation does not list is no case of it.
  { request: { operation: 'allocation.list', path: '/allocation?offset=x' }, cases: ['credentials:valid'] },
  {
    request: {
      operation: 'subscription.create',
      path: '/subscription',
      requestBody: { offerId: 'o', amountRequested: 1, currency: 'GBP', accountType: 'tax_efficient', isIssuerEmployee: 'true' },
    },
    cases: ['credentials:valid', 'body:missing:clientSubscriptionTimestamp', 'body:string:isIssuerEmployee'],
  },
  {
    request: {
      operation: 'subscription.create',
      path: '/subscription',
      requestBody: {
        offerId: 'o',
        amountRequested: '1',
        clientSubscriptionTimestamp: '2026-01-01T00:00:00Z',
        currency: 'GBP',
        accountType: 'tax_efficient',
        investorReference: 'client-1',
      },
    },
    cases: ['credentials:valid', 'body:defaults', 'body:string:amountRequested', 'body:lower-case:investorReference'],
  },
  // Two required fields left out: not "one left out alone".
  { request: { operation: 'subscription.create', path: '/subscription', requestBody: { offerId: 'o' } }, cases: ['credentials:valid'] },
];

for (const c of CASES) {
  test(`cases of ${c.request.operation} ${c.request.path} ${JSON.stringify(c.request.requestBody ?? '')}`, () => {
    expect(requestCasesOf(c.request).sort()).toEqual([...c.cases].sort());
  });
}

test('the client names the credential case of every AuthMode the suite sends', () => {
  expect(credentialCaseOf('valid')).toBe('valid');
  expect(credentialCaseOf('none')).toBe('none');
  expect(credentialCaseOf({ subscriptionKey: null })).toBe('no-key');
  expect(credentialCaseOf({ secret: null })).toBe('no-secret');
  expect(credentialCaseOf({ subscriptionKey: 'osd-suite-wrong' })).toBe('wrong-key');
  expect(credentialCaseOf({ secret: 'osd-suite-wrong' })).toBe('wrong-secret');
  expect(credentialCaseOf({ subscriptionKey: 'k', secret: 's', nearMiss: 'secret-last-removed' })).toBe('near-miss');
});

test('every operation of the contract is one of the client operations, and every one expects each credential case', () => {
  const ops: readonly Operation[] = REQUEST_OPERATIONS;
  expect(ops).toHaveLength(8);
  for (const op of REQUEST_OPERATIONS)
    expect(EXPECTED_REQUEST_CASES[op]).toEqual(expect.arrayContaining(['credentials:wrong-secret', 'credentials:near-miss']));
});

test('a run that sent every expected case misses nothing; take one case away and the table names it', () => {
  const everything = REQUEST_OPERATIONS.flatMap((operation) =>
    EXPECTED_REQUEST_CASES[operation].map((c) => ({ operation, path: '', cases: [c] })),
  );
  expect(requestCoverage(everything).flatMap((r) => r.missing)).toEqual([]);
  for (const removed of [
    'credentials:wrong-key',
    'combined:modifiedAfter+offset',
    'invalid:offset:repeated',
    'body:string:isExistingShareholder',
  ]) {
    const operation = REQUEST_OPERATIONS.find((op) => EXPECTED_REQUEST_CASES[op].includes(removed))!;
    const fewer = everything.filter((r) => !(r.operation === operation && r.cases[0] === removed));
    const row = requestCoverage(fewer).find((r) => r.operation === operation)!;
    expect(row.missing, removed).toEqual([removed]);
  }
});
