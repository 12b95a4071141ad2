// Bad input never gives a 5xx and never stops the server: each case gets its exact 4xx and the JSON
// error body of the operation it was sent to (list/get or create/cancel); nothing is created.
import { expect, test } from '@playwright/test';
import { validate } from '../../src/schema/registry.ts';
import { buildServer, call, getJson, isCreateCancelError, isListGetError, minimalCreateBody } from './helpers.ts';
import type { Call } from './helpers.ts';

interface BadInput {
  description: string;
  request: () => Call;
  status: number;
  shape: 'read' | 'write';
  /** For 400s on list/get: the parameter validationErrors must name. */
  names?: string;
}

const post = (body: unknown, headers?: Record<string, string>): Call => ({ method: 'POST', url: '/subscription', body, headers });
const withField = (field: string, value: unknown): Call => post(minimalCreateBody(undefined, { [field]: value }));
const without = (field: string): Call => {
  const body = minimalCreateBody();
  delete body[field];
  return post(body);
};
const nested = (depth: number): string => `${'['.repeat(depth)}${']'.repeat(depth)}`;

const BAD_QUERIES: ReadonlyArray<[url: string, names: string]> = [
  ['/offer?offset=-1', 'offset'],
  ['/offer?offset=abc', 'offset'],
  ['/offer?offset=', 'offset'],
  ['/offer?offset', 'offset'],
  ['/offer?offset=1.5', 'offset'],
  ['/offer?offset=1e3', 'offset'],
  ['/offer?offset=%20', 'offset'],
  ['/offer?offset=1&offset=2', 'offset'],
  ['/offer?limit=-5', 'limit'],
  ['/offer?limit=ten', 'limit'],
  ['/offer?limit=', 'limit'],
  ['/offer?limit=0x10', 'limit'],
  ['/offer?limit=%00', 'limit'],
  ['/offer?limit=Infinity', 'limit'],
  ['/offer?modifiedAfter=yesterday', 'modifiedAfter'],
  ['/offer?modifiedAfter=2025-01-01', 'modifiedAfter'],
  ['/offer?modifiedAfter=2025-01-01T00:00:00', 'modifiedAfter'],
  ['/offer?modifiedAfter=2025-01-01T00:00:00%2B01:00', 'modifiedAfter'],
  ['/offer?modifiedAfter=2025-01-01T00:00:00-00:00', 'modifiedAfter'], // RFC 3339: offset unknown (+00:00 is UTC)
  ['/offer?modifiedAfter=2025-02-30T00:00:00Z', 'modifiedAfter'],
  ['/offer?modifiedAfter=2025-01-01%2000:00:00Z', 'modifiedAfter'],
  ['/offer?modifiedAfter=', 'modifiedAfter'],
  ['/offer?modifiedAfter=1735689600000', 'modifiedAfter'],
  ['/allocation?limit=-1', 'limit'],
  ['/allocation?offset=x', 'offset'],
  ['/allocation/any-offer?offset=-3', 'offset'],
  ['/subscription?limit=-1', 'limit'],
  ['/subscription?offerId=', 'offerId'],
  ['/subscription?offerId=a&offerId=b', 'offerId'],
];

const CASES: BadInput[] = [
  // ---- list/get: query parameters -------------------------------------------------------------
  ...BAD_QUERIES.map(
    ([url, names]): BadInput => ({ description: `GET ${url}`, request: () => ({ url }), status: 400, shape: 'read', names }),
  ),

  // ---- unknown routes and methods, malformed URLs ------------------------------------------------
  ...['/nope', '/offers', '/offer/a/b', '/subscription/x/cancel', '/', '/health/deep'].map(
    (url): BadInput => ({ description: `GET ${url} (no such route)`, request: () => ({ url }), status: 404, shape: 'read' }),
  ),
  ...(['DELETE', 'PUT', 'PATCH'] as const).map(
    (method): BadInput => ({
      description: `${method} /subscription (no such method)`,
      request: () => ({ method, url: '/subscription' }),
      status: 404,
      shape: 'read',
    }),
  ),
  { description: 'POST /offer (no such method)', request: () => ({ method: 'POST', url: '/offer', body: {} }), status: 404, shape: 'read' },
  { description: 'OPTIONS /offer', request: () => ({ method: 'OPTIONS', url: '/offer' }), status: 404, shape: 'read' },
  { description: 'GET a malformed percent-encoding', request: () => ({ url: '/offer/%E0%A4%A' }), status: 400, shape: 'read' },
  { description: 'GET a lone percent sign', request: () => ({ url: '/subscription/%' }), status: 400, shape: 'read' },
  {
    description: 'POST cancel with a malformed percent-encoding',
    request: () => ({ method: 'POST', url: '/subscription/%E0%A4%A/cancel' }),
    status: 400,
    shape: 'write',
  },
  { description: 'GET an offer id of 2000 characters', request: () => ({ url: `/offer/${'a'.repeat(2000)}` }), status: 414, shape: 'read' },

  // ---- create: the body as a whole ---------------------------------------------------------------
  { description: 'malformed JSON', request: () => post('{"offerId": '), status: 400, shape: 'write' },
  { description: 'JSON with a trailing comma', request: () => post('{"offerId": "x",}'), status: 400, shape: 'write' },
  { description: 'an empty body labelled application/json', request: () => post(''), status: 400, shape: 'write' },
  { description: 'no body and no content-type', request: () => ({ method: 'POST', url: '/subscription' }), status: 400, shape: 'write' },
  {
    description: 'text/plain content-type',
    request: () => post(JSON.stringify(minimalCreateBody()), { 'content-type': 'text/plain' }),
    status: 415,
    shape: 'write',
  },
  {
    description: 'form-encoded content-type',
    request: () => post('offerId=x&amountRequested=1', { 'content-type': 'application/x-www-form-urlencoded' }),
    status: 415,
    shape: 'write',
  },
  {
    description: 'application/xml content-type',
    request: () => post('<subscription/>', { 'content-type': 'application/xml' }),
    status: 415,
    shape: 'write',
  },
  { description: 'a garbage content-type', request: () => post('{}', { 'content-type': ';;;' }), status: 415, shape: 'write' },
  {
    description: 'a body over the size limit',
    request: () => post({ ...minimalCreateBody(), clientSubscriptionReference: 'x'.repeat(70_000) }),
    status: 413,
    shape: 'write',
  },
  {
    description: 'a __proto__ key',
    request: () => post(`{"__proto__": {"isAdmin": true}, ${JSON.stringify(minimalCreateBody()).slice(1)}`),
    status: 400,
    shape: 'write',
  },
  {
    description: 'a constructor.prototype key',
    request: () => post(`{"constructor": {"prototype": {"x": 1}}, ${JSON.stringify(minimalCreateBody()).slice(1)}`),
    status: 400,
    shape: 'write',
  },
  { description: 'JSON null', request: () => post('null'), status: 400, shape: 'write' },
  { description: 'a JSON array', request: () => post('[]'), status: 400, shape: 'write' },
  { description: 'a JSON string', request: () => post('"subscribe"'), status: 400, shape: 'write' },
  { description: 'a JSON number', request: () => post('42'), status: 400, shape: 'write' },
  { description: 'arrays nested 5000 deep', request: () => post(nested(5000)), status: 400, shape: 'write' },
  {
    description: 'an object with 2000 unknown keys',
    request: () => post(Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [`k${i}`, i]))),
    status: 400,
    shape: 'write',
  },

  // ---- create: fields --------------------------------------------------------------------------------
  ...['offerId', 'amountRequested', 'clientSubscriptionTimestamp', 'currency', 'accountType'].map(
    (field): BadInput => ({ description: `${field} missing`, request: () => without(field), status: 400, shape: 'write' }),
  ),
  ...(
    [
      ['amountRequested', '100'],
      ['amountRequested', null],
      ['offerId', 5],
      ['isExistingShareholder', 'yes'],
      ['numExistingShares', '12'],
      ['currency', 'gbp'],
      ['currency', 'XXX'],
      ['subscriptionCategory', 'Retail'],
      ['subscriptionType', ''],
      ['accountType', 'isa'],
      ['investorReferenceType', 'email'],
      ['clientSubscriptionTimestamp', '2025-06-01T09:30:00+01:00'],
      ['clientSubscriptionTimestamp', 'not a date'],
      ['clientSubscriptionTimestamp', '2025-13-01T00:00:00Z'],
      ['clientSubscriptionTimestamp', 1735689600000],
      ['amountRequested', 1.1234567],
      ['amountRequested', 1e-7],
      ['amountRequested', 0.1 + 0.2],
    ] as const
  ).map(
    ([field, value]): BadInput => ({
      description: `${field} = ${JSON.stringify(value)}`,
      request: () => withField(field, value),
      status: 400,
      shape: 'write',
    }),
  ),
  {
    description: 'amountRequested 1e400 (not a finite number)',
    request: () => post(JSON.stringify(minimalCreateBody()).replace(/"amountRequested":[^,}]+/, '"amountRequested":1e400')),
    status: 400,
    shape: 'write',
  },

  // ---- cancel --------------------------------------------------------------------------------------------
  {
    description: 'cancel with malformed JSON',
    request: () => ({ method: 'POST', url: '/subscription/x/cancel', body: '{oops' }),
    status: 400,
    shape: 'write',
  },
  {
    description: 'cancel with a text/plain body',
    request: () => ({ method: 'POST', url: '/subscription/x/cancel', body: 'please', headers: { 'content-type': 'text/plain' } }),
    status: 415,
    shape: 'write',
  },
  {
    description: 'cancel with a __proto__ body',
    request: () => ({ method: 'POST', url: '/subscription/x/cancel', body: '{"__proto__": {}}' }),
    status: 400,
    shape: 'write',
  },
];

for (const c of CASES) {
  test(`bad input: ${c.description} -> ${c.status} with the ${c.shape === 'read' ? 'list/get' : 'create/cancel'} body`, async () => {
    const app = await buildServer();
    const answer = await call(app, c.request());

    expect(answer.status, answer.text.slice(0, 300)).toBe(c.status);
    expect(answer.contentType).toMatch(/^application\/json/);
    if (c.shape === 'read') {
      expect(isListGetError(answer.json), answer.text).toBe(true);
      expect(validate('error-body', answer.json).errors).toEqual([]);
    } else {
      expect(isCreateCancelError(answer.json, c.status), answer.text).toBe(true);
      expect(validate('validation-error-body', answer.json).errors).toEqual([]);
    }
    const body = answer.json as { message: string; validationErrors?: string[] };
    if (c.status === 400) expect(body.message).toBe('Bad Request');
    if (c.names)
      expect(
        body.validationErrors?.some((line) => line.startsWith(`${c.names}:`)),
        answer.text,
      ).toBe(true);

    // Nothing was created, and the server still answers.
    expect(await getJson(app, '/subscription')).toEqual([]);
    expect((await call(app, { url: '/health', anonymous: true })).status).toBe(200);
    await app.close();
  });
}
