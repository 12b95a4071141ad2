// Credentials on every route but the health check: each header missing, each wrong, both -> 401
// with the error body of the operation; the values sent never come back in a body.
import { expect, test } from '@playwright/test';
import { SECRET_HEADER, SUBSCRIPTION_KEY_HEADER } from '../../reference/server.ts';
import { buildServer, call, isCreateCancelError, isListGetError, minimalCreateBody, TEST_CREDENTIALS } from './helpers.ts';
import type { Call } from './helpers.ts';

interface Route {
  description: string;
  request: Omit<Call, 'headers' | 'anonymous'>;
  shape: 'read' | 'write';
}

const ROUTES: Route[] = [
  { description: 'GET /offer', request: { url: '/offer' }, shape: 'read' },
  { description: 'GET /offer/{id}', request: { url: '/offer/any' }, shape: 'read' },
  { description: 'GET /allocation', request: { url: '/allocation' }, shape: 'read' },
  { description: 'GET /allocation/{offerId}', request: { url: '/allocation/any' }, shape: 'read' },
  { description: 'GET /subscription', request: { url: '/subscription' }, shape: 'read' },
  { description: 'POST /subscription', request: { method: 'POST', url: '/subscription', body: minimalCreateBody() }, shape: 'write' },
  {
    description: 'POST /subscription with a malformed body',
    request: { method: 'POST', url: '/subscription', body: '{oops' },
    shape: 'write',
  },
  { description: 'GET /subscription/{id}', request: { url: '/subscription/any' }, shape: 'read' },
  { description: 'POST /subscription/{id}/cancel', request: { method: 'POST', url: '/subscription/any/cancel' }, shape: 'write' },
  { description: 'an unknown route', request: { url: '/unknown' }, shape: 'read' },
];

const WRONG_KEY = 'planted-wrong-key-77';
const WRONG_SECRET = 'planted-wrong-secret-88';

// [description, headers sent (no accept default added beyond these)]
const CREDENTIAL_VARIANTS: ReadonlyArray<[string, Record<string, string>]> = [
  ['no credential headers', {}],
  ['only the subscription key', { [SUBSCRIPTION_KEY_HEADER]: TEST_CREDENTIALS.subscriptionKey }],
  ['only the secret', { [SECRET_HEADER]: TEST_CREDENTIALS.secret }],
  ['a wrong subscription key', { [SUBSCRIPTION_KEY_HEADER]: WRONG_KEY, [SECRET_HEADER]: TEST_CREDENTIALS.secret }],
  ['a wrong secret', { [SUBSCRIPTION_KEY_HEADER]: TEST_CREDENTIALS.subscriptionKey, [SECRET_HEADER]: WRONG_SECRET }],
  ['both wrong', { [SUBSCRIPTION_KEY_HEADER]: WRONG_KEY, [SECRET_HEADER]: WRONG_SECRET }],
  ['key and secret swapped', { [SUBSCRIPTION_KEY_HEADER]: TEST_CREDENTIALS.secret, [SECRET_HEADER]: TEST_CREDENTIALS.subscriptionKey }],
  ['empty values', { [SUBSCRIPTION_KEY_HEADER]: '', [SECRET_HEADER]: '' }],
  [
    'the right secret with a suffix',
    { [SUBSCRIPTION_KEY_HEADER]: TEST_CREDENTIALS.subscriptionKey, [SECRET_HEADER]: `${TEST_CREDENTIALS.secret}x` },
  ],
  [
    'the right key with different letter case',
    { [SUBSCRIPTION_KEY_HEADER]: TEST_CREDENTIALS.subscriptionKey.toUpperCase(), [SECRET_HEADER]: TEST_CREDENTIALS.secret },
  ],
];

for (const route of ROUTES) {
  test(`auth: ${route.description} refuses every wrong or missing credential with 401 and its error body`, async () => {
    const app = await buildServer();
    for (const [variant, headers] of CREDENTIAL_VARIANTS) {
      const answer = await call(app, { ...route.request, anonymous: true, headers });
      expect(answer.status, variant).toBe(401);
      expect(answer.contentType, variant).toMatch(/^application\/json/);
      if (route.shape === 'read') expect(isListGetError(answer.json), `${variant}: ${answer.text}`).toBe(true);
      else expect(isCreateCancelError(answer.json, 401), `${variant}: ${answer.text}`).toBe(true);
      for (const value of [WRONG_KEY, WRONG_SECRET, TEST_CREDENTIALS.subscriptionKey, TEST_CREDENTIALS.secret]) {
        expect(answer.text, variant).not.toContain(value);
      }
    }
    // Refused creates create nothing.
    expect((await call(app, { url: '/subscription' })).json).toEqual([]);
    await app.close();
  });
}

test('auth: the right credentials are accepted whatever the header name case', async () => {
  const app = await buildServer();
  const answer = await call(app, {
    url: '/offer?limit=1',
    anonymous: true,
    headers: { 'Service-Api-Subscription': TEST_CREDENTIALS.subscriptionKey, 'SERVICE-API-SECRET': TEST_CREDENTIALS.secret },
  });
  expect(answer.status).toBe(200);
  await app.close();
});

test('auth: the health check needs no credentials, and ignores wrong ones', async () => {
  const app = await buildServer();
  expect((await call(app, { url: '/health', anonymous: true })).status).toBe(200);
  expect((await call(app, { url: '/health', anonymous: true, headers: { [SECRET_HEADER]: WRONG_SECRET } })).status).toBe(200);
  await app.close();
});

test('auth: the key and the secret are checked each on its own, not as one run of characters', async () => {
  // The check digests both values together; the same characters split elsewhere between the two headers are refused.
  const app = await buildServer({ credentials: { subscriptionKey: 'key-1234', secret: 'secret-5678' } });
  const presented = (subscriptionKey: string, secret: string) =>
    call(app, { url: '/offer?limit=1', anonymous: true, headers: { [SUBSCRIPTION_KEY_HEADER]: subscriptionKey, [SECRET_HEADER]: secret } });
  expect((await presented('key-1234', 'secret-5678')).status).toBe(200);
  for (const [key, secret] of [
    ['key-123', '4secret-5678'],
    ['key-1234s', 'ecret-5678'],
    ['8:key-1234', 'secret-5678'],
    ['key-1234secret-5678', ''],
  ])
    expect((await presented(key, secret)).status, `${key} / ${secret}`).toBe(401);
  await app.close();
});

test('auth: a pair accepted before opens the door to that pair only, for each partner', async () => {
  // The check remembers the text a partner's pair last matched by; what it remembers must never accept another text.
  const first = { subscriptionKey: 'key-1234', secret: 'secret-5678' };
  const second = { subscriptionKey: 'other-key-9', secret: 'other-secret-0' };
  const app = await buildServer({ credentials: first, secondCredentials: second });
  const status = async (subscriptionKey: string, secret: string) =>
    (
      await call(app, {
        url: '/offer?limit=1',
        anonymous: true,
        headers: { [SUBSCRIPTION_KEY_HEADER]: subscriptionKey, [SECRET_HEADER]: secret },
      })
    ).status;
  for (const round of [1, 2]) {
    for (const [name, pair] of [
      ['first', first],
      ['second', second],
    ] as const) {
      expect(await status(pair.subscriptionKey, pair.secret), `round ${round}: the ${name} partner's own pair`).toBe(200);
      for (const [key, secret] of [
        [pair.subscriptionKey, `${pair.secret}x`],
        [pair.subscriptionKey, pair.secret.slice(0, -1)],
        [`${pair.subscriptionKey}x`, pair.secret],
        [pair.subscriptionKey, ''],
        [first.subscriptionKey, second.secret],
        [second.subscriptionKey, first.secret],
      ])
        expect(await status(key, secret), `round ${round}, after the ${name} partner's pair: ${key} / ${secret}`).toBe(401);
    }
  }
  await app.close();
});
