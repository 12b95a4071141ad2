import { request } from '@playwright/test';
import { TransportError, type AuthMode, type RetriedAttempt } from '../../src/client/api-client.ts';
import type { Exchange } from '../../src/client/exchange.ts';
import { REDACTED, encodedForms } from '../../src/config/redact.ts';
import { DEFAULT_PROFILE } from '../../src/config/target-profile.ts';
import { TAG_PREFIX } from '../../src/run/journal.ts';
import { PLANTED, RUN_ID, clientFor, expect, test, type Hit } from './stub-target.ts';
import { closedPort } from '../closed-port.ts';

const CREDENTIAL_FORMS = [...encodedForms(PLANTED.subscriptionKey), ...encodedForms(PLANTED.secret)];

function expectNoCredential(text: string, what: string) {
  for (const form of CREDENTIAL_FORMS) expect(text, `${what} carries a credential form`).not.toContain(form);
}

const created = (hit: Hit, status = 'accepted') => ({
  status: 201,
  body: { id: `sub-${hit.body.length}`, status, ...JSON.parse(hit.body) },
});

const CREATE_BODY = {
  offerId: 'offer-1',
  amountRequested: 1000,
  subscriptionType: 'xo_qualified',
  subscriptionCategory: 'retail',
  clientSubscriptionTimestamp: '2024-05-01T10:00:00.000Z',
  currency: 'GBP',
  accountType: 'general_investment',
};

/** A loopback port with nothing listening on it. */
test.describe('what every request carries', () => {
  const AUTH_CASES: Array<{ description: string; auth: AuthMode | undefined; key: string | undefined; secret: string | undefined }> = [
    { description: 'by default, both configured credentials', auth: undefined, key: PLANTED.subscriptionKey, secret: PLANTED.secret },
    { description: "'valid': both configured credentials", auth: 'valid', key: PLANTED.subscriptionKey, secret: PLANTED.secret },
    { description: "'none': neither header", auth: 'none', key: undefined, secret: undefined },
    { description: 'secret null: the subscription key alone', auth: { secret: null }, key: PLANTED.subscriptionKey, secret: undefined },
    { description: 'subscription key null: the secret alone', auth: { subscriptionKey: null }, key: undefined, secret: PLANTED.secret },
    { description: 'both null: neither header', auth: { subscriptionKey: null, secret: null }, key: undefined, secret: undefined },
    {
      description: 'a wrong subscription key, with the right secret',
      auth: { subscriptionKey: 'wrong-key-0000' },
      key: 'wrong-key-0000',
      secret: PLANTED.secret,
    },
    {
      description: 'a wrong secret, with the right subscription key',
      auth: { secret: 'wrong-secret-0000' },
      key: PLANTED.subscriptionKey,
      secret: 'wrong-secret-0000',
    },
    { description: 'both wrong', auth: { subscriptionKey: 'wk-1111', secret: 'ws-2222' }, key: 'wk-1111', secret: 'ws-2222' },
  ];

  for (const c of AUTH_CASES) {
    test(`auth ${c.description}`, async ({ stub, api }) => {
      await api.client.listOffers(undefined, c.auth);
      expect(stub.hits).toHaveLength(1);
      const { headers } = stub.hits[0];
      expect(headers['service-api-subscription']).toBe(c.key);
      expect(headers['service-api-secret']).toBe(c.secret);
      expect(headers.accept).toBe('application/json');
    });
  }

  test('the health check goes without credentials unless asked', async ({ stub, api }) => {
    stub.reply = () => ({ status: 200, body: { status: 'ok', info: null, error: null, details: {} } });
    await api.client.health();
    await api.client.health('valid');
    expect(stub.hits.map((h) => h.url)).toEqual(['/health', '/health']);
    expect(stub.hits[0].headers['service-api-secret']).toBeUndefined();
    expect(stub.hits[0].headers['service-api-subscription']).toBeUndefined();
    expect(stub.hits[0].headers.accept).toBe('application/json');
    expect(stub.hits[1].headers['service-api-secret']).toBe(PLANTED.secret);
  });

  test('a JSON body is sent with content-type application/json; a read has no content-type', async ({ stub, api }) => {
    stub.reply = (hit) => (hit.method === 'POST' ? created(hit) : { status: 200, body: [] });
    await api.client.listSubscriptions();
    await api.client.createSubscription(CREATE_BODY);
    expect(stub.hits[0].headers['content-type']).toBeUndefined();
    expect(stub.hits[1].headers['content-type']).toBe('application/json');
    expect(stub.hits[1].headers.accept).toBe('application/json');
  });

  test('query parameters are encoded and undefined ones left out; ids are encoded in paths', async ({ stub, api }) => {
    await api.client.listOffers({ offset: 0, limit: 5, modifiedAfter: '2024-05-01T00:00:00+00:00', skipped: undefined });
    await api.client.getOffer('a/b c');
    await api.client.getAllocation('x?y', { offset: 2 });
    expect(stub.hits.map((h) => `${h.method} ${h.url}`)).toEqual([
      'GET /offer?offset=0&limit=5&modifiedAfter=2024-05-01T00%3A00%3A00%2B00%3A00',
      'GET /offer/a%2Fb%20c',
      'GET /allocation/x%3Fy?offset=2',
    ]);
  });

  test('a redirect is not followed: the 3xx is what the checks see', async ({ stub, api }) => {
    stub.reply = () => ({ status: 302, headers: { location: '/elsewhere' }, body: {} });
    const ex = await api.client.listOffers();
    expect(ex.status).toBe(302);
    expect(stub.hits).toHaveLength(1);
  });
});

test.describe('retries: only reads, only 429/503 and resets, bounded', () => {
  test('a GET answered 429 (Retry-After: 0) then 200 is retried and succeeds', async ({ stub, api }) => {
    stub.reply = (_, n) => (n === 1 ? { status: 429, headers: { 'retry-after': '0' }, body: {} } : { status: 200, body: [{ id: 'o1' }] });
    const heard: Exchange[] = [];
    api.client.listen((ex) => heard.push(ex));
    const ex = await api.client.listOffers();
    expect(stub.hits).toHaveLength(2);
    expect(ex.status).toBe(200);
    expect(ex.attempts).toBe(2);
    expect(ex.body).toEqual([{ id: 'o1' }]);
    // Listeners (checks, request log) hear the final exchange only, once.
    expect(heard).toHaveLength(1);
    expect(heard[0].status).toBe(200);
  });

  test('every answer retried instead of returned is told to onRetry listeners, with its status and Retry-After', async ({ stub, api }) => {
    stub.reply = (_, n) =>
      n === 1
        ? { status: 429, headers: { 'retry-after': '0' }, body: {} }
        : n === 2
          ? { status: 503, body: {} }
          : { status: 200, body: [] };
    const retried: RetriedAttempt[] = [];
    const stop = api.client.onRetry((r) => retried.push(r));
    const ex = await api.client.listOffers({ limit: 5 });
    expect(ex.status).toBe(200);
    expect(retried).toEqual([
      { operation: 'offer.list', method: 'GET', path: '/offer?limit=5', status: 429, retryAfter: '0', attempt: 1, waitMs: 0 },
      { operation: 'offer.list', method: 'GET', path: '/offer?limit=5', status: 503, retryAfter: null, attempt: 2, waitMs: 1000 },
    ]);
    stop();
    stub.reply = (_, n) => (n === 4 ? { status: 429, headers: { 'retry-after': '0' }, body: {} } : { status: 200, body: [] });
    await api.client.listOffers();
    expect(retried, 'a listener that stopped hears nothing more').toHaveLength(2);
  });

  test('a create answered 429 without Retry-After is neither retried nor told to onRetry listeners: it reaches the caller', async ({
    stub,
    api,
  }) => {
    stub.reply = () => ({ status: 429, body: { status: 429, message: 'Too Many Requests', errors: [] } });
    const retried: RetriedAttempt[] = [];
    api.client.onRetry((r) => retried.push(r));
    const { exchange } = await api.client.createSubscription(CREATE_BODY);
    expect(exchange.status).toBe(429);
    expect(stub.hits).toHaveLength(1);
    expect(retried).toEqual([]);
  });

  test('a create answered 429 with Retry-After, every time, is re-sent at most 3 times, then reaches the caller', async ({ stub, api }) => {
    stub.reply = () => ({ status: 429, headers: { 'retry-after': '0' }, body: { status: 429, errors: [], message: 'Too Many Requests' } });
    const { exchange } = await api.client.createSubscription(CREATE_BODY);
    expect(stub.hits).toHaveLength(4);
    expect(exchange.status).toBe(429);
    expect(exchange.attempts).toBe(4);
  });

  test('a create answered 429 with Retry-After is re-sent once it has passed, with the same body and tag, and journalled once', async ({
    stub,
    api,
  }) => {
    stub.reply = (hit, n) =>
      n === 1
        ? { status: 429, headers: { 'retry-after': '0' }, body: { status: 429, message: 'Too Many Requests', errors: [] } }
        : created(hit);
    const retried: RetriedAttempt[] = [];
    api.client.onRetry((r) => retried.push(r));
    const { exchange, tag } = await api.client.createSubscription(CREATE_BODY);
    expect(exchange.status).toBe(201);
    expect(stub.hits).toHaveLength(2);
    expect(stub.hits[1].body).toBe(stub.hits[0].body);
    expect(retried).toEqual([expect.objectContaining({ operation: 'subscription.create', status: 429, retryAfter: '0', attempt: 1 })]);
    expect(
      api.journal
        .entries()
        .filter((e) => 'tag' in e && e.tag === tag)
        .map((e) => e.event),
    ).toEqual(['create-sent', 'created']);
  });

  test('a GET answered 429 with Retry-After: 1 waits and succeeds', async ({ stub, api }) => {
    stub.reply = (_, n) => (n === 1 ? { status: 429, headers: { 'retry-after': '1' }, body: {} } : { status: 200, body: [] });
    const ex = await api.client.getSubscription('s1');
    expect(stub.hits).toHaveLength(2);
    expect(ex.status).toBe(200);
  });

  test('a GET answered 503 twice then 200 is retried twice', async ({ stub, api }) => {
    stub.reply = (_, n) => (n <= 2 ? { status: 503, headers: { 'retry-after': '0' }, body: {} } : { status: 200, body: [] });
    const ex = await api.client.listAllocations();
    expect(stub.hits).toHaveLength(3);
    expect(ex.status).toBe(200);
    expect(ex.attempts).toBe(3);
  });

  test('a GET answered 429 every time gives up after the bounded retries; the 429 reaches the test', async ({ stub, api }) => {
    stub.reply = () => ({ status: 429, headers: { 'retry-after': '0' }, body: { error: 'Too Many Requests', message: 'slow down' } });
    const ex = await api.client.listOffers();
    expect(stub.hits).toHaveLength(4);
    expect(ex.status).toBe(429);
    expect(ex.attempts).toBe(4);
    expect(ex.responseHeaders['retry-after']).toBe('0');
  });

  test('a GET asked to wait beyond the cap is not retried', async ({ stub, api }) => {
    stub.reply = () => ({ status: 503, headers: { 'retry-after': '120' }, body: {} });
    const ex = await api.client.listOffers();
    expect(stub.hits).toHaveLength(1);
    expect(ex.status).toBe(503);
  });

  test('a GET answered 500 is not retried', async ({ stub, api }) => {
    stub.reply = () => ({ status: 500, headers: { 'retry-after': '0' }, body: {} });
    const ex = await api.client.getOffer('o1');
    expect(stub.hits).toHaveLength(1);
    expect(ex.status).toBe(500);
    expect(ex.attempts).toBe(1);
  });

  test('a GET whose connection is reset is retried', async ({ stub, api }) => {
    stub.reply = (_, n) => (n === 1 ? 'reset' : { status: 200, body: [] });
    const retried: RetriedAttempt[] = [];
    api.client.onRetry((r) => retried.push(r));
    const ex = await api.client.listSubscriptions();
    expect(stub.hits).toHaveLength(2);
    expect(ex.status).toBe(200);
    expect(ex.attempts).toBe(2);
    expect(retried).toEqual([
      expect.objectContaining({
        operation: 'subscription.list',
        status: null,
        retryAfter: null,
        attempt: 1,
        error: expect.stringMatching(/socket hang up|ECONNRESET|other side closed/i),
      }),
    ]);
  });

  test('a create answered 429 without Retry-After is NOT retried, and is journalled as sent then refused', async ({ stub, api }) => {
    stub.reply = () => ({ status: 429, body: { status: 429, errors: [], message: 'Too Many Requests' } });
    const { exchange, tag } = await api.client.createSubscription(CREATE_BODY);
    expect(stub.hits).toHaveLength(1);
    expect(exchange.status).toBe(429);
    expect(exchange.attempts).toBe(1);
    expect(api.journal.entries().map(({ at: _, ...e }) => e)).toEqual([
      { event: 'create-sent', tag },
      { event: 'create-refused', tag, httpStatus: 429 },
    ]);
  });

  test('a create answered 503 is NOT retried', async ({ stub, api }) => {
    stub.reply = () => ({ status: 503, headers: { 'retry-after': '0' }, body: {} });
    await api.client.createSubscription(CREATE_BODY);
    expect(stub.hits).toHaveLength(1);
  });

  test('a create whose connection is reset is NOT retried: a TransportError, journalled as unknown', async ({ stub, api }) => {
    stub.reply = () => 'reset';
    const error = await api.client.createSubscription(CREATE_BODY).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransportError);
    expect(stub.hits).toHaveLength(1);
    const entries = api.journal.entries();
    expect(entries.map((e) => e.event)).toEqual(['create-sent', 'create-unknown']);
    expect(entries[1]).toMatchObject({ tag: (entries[0] as { tag: string }).tag, reason: (error as Error).message });
  });

  test('a cancel answered 503 is NOT retried, and is journalled as failed', async ({ stub, api }) => {
    stub.reply = () => ({ status: 503, headers: { 'retry-after': '0' }, body: {} });
    const ex = await api.client.cancelSubscription('sub/1');
    expect(stub.hits.map((h) => `${h.method} ${h.url}`)).toEqual(['POST /subscription/sub%2F1/cancel']);
    expect(ex.status).toBe(503);
    expect(api.journal.entries().map(({ at: _, ...e }) => e)).toEqual([
      { event: 'cancel-failed', id: 'sub/1', httpStatus: 503, reason: 'status 503' },
    ]);
  });

  test('a cancel answered 429 without Retry-After is re-sent after the backoff, and journalled once as cancelled', async ({
    stub,
    api,
  }) => {
    let calls = 0;
    stub.reply = () => (++calls === 1 ? { status: 429, body: { message: 'slow down' } } : { status: 204 });
    const ex = await api.client.cancelSubscription('s1');
    expect(stub.hits.map((h) => `${h.method} ${h.url}`)).toEqual(['POST /subscription/s1/cancel', 'POST /subscription/s1/cancel']);
    expect(ex.status).toBe(204);
    expect(api.journal.entries().map(({ at: _, ...e }) => e)).toEqual([{ event: 'cancelled', id: 's1', httpStatus: 204 }]);
  });

  test('a cancel whose connection is reset is NOT retried', async ({ stub, api }) => {
    stub.reply = () => 'reset';
    await expect(api.client.cancelSubscription('s1')).rejects.toBeInstanceOf(TransportError);
    expect(stub.hits).toHaveLength(1);
  });
});

test.describe('the journal of creates and cancels', () => {
  test('a create without a reference is tagged with the run tag, journalled before and after', async ({ stub, api }) => {
    stub.reply = (hit) => created(hit);
    const { exchange, sent, tag } = await api.client.createSubscription(CREATE_BODY);
    expect(tag.startsWith(`${TAG_PREFIX}${RUN_ID}.`)).toBe(true);
    expect(JSON.parse(stub.hits[0].body)).toEqual({ ...CREATE_BODY, clientSubscriptionReference: tag });
    expect(sent).toEqual({ ...CREATE_BODY, clientSubscriptionReference: tag });
    const id = (exchange.body as { id: string }).id;
    expect(api.journal.entries().map(({ at: _, ...e }) => e)).toEqual([
      { event: 'create-sent', tag },
      {
        event: 'created',
        tag,
        id,
        status: 'accepted',
        create: tag,
        body: expect.stringMatching(/^[0-9a-f]{32}$/),
        // What the create echoed of the request's fields: the late read compares later reads with it.
        echoed: { ...CREATE_BODY, clientSubscriptionReference: tag },
      },
    ]);
  });

  test('a create carrying its own reference keeps it, and the journal follows that reference', async ({ stub, api }) => {
    stub.reply = (hit) => created(hit, 'rejected');
    const { tag } = await api.client.createSubscription({ ...CREATE_BODY, clientSubscriptionReference: 'partner-ref-1' });
    expect(tag).toBe('partner-ref-1');
    expect(JSON.parse(stub.hits[0].body).clientSubscriptionReference).toBe('partner-ref-1');
    expect(api.journal.entries().map((e) => e.event)).toEqual(['create-sent', 'created']);
    expect(api.journal.entries()[1]).toMatchObject({ tag: 'partner-ref-1', status: 'rejected' });
  });

  test('each create gets a different tag', async ({ stub, api }) => {
    stub.reply = (hit) => created(hit);
    const a = await api.client.createSubscription(CREATE_BODY);
    const b = await api.client.createSubscription(CREATE_BODY);
    expect(a.tag).not.toBe(b.tag);
  });

  test('a 2xx create without a record id is journalled as unknown (the cleanup will look for it)', async ({ stub, api }) => {
    stub.reply = () => ({ status: 202, body: { queued: true } });
    const { tag } = await api.client.createSubscription(CREATE_BODY);
    expect(api.journal.entries().map(({ at: _, ...e }) => e)).toEqual([
      { event: 'create-sent', tag },
      { event: 'create-unknown', tag, reason: 'status 202 without a record id' },
    ]);
  });

  // Bad-input probes: each raw body must reach the target byte for byte (Playwright would JSON-encode a
  // string it cannot parse), and is journalled like any create.
  for (const rawBody of ['{"offerId":', '', 'not json', '[]', '"subscription"', '{"offerId":"é"}']) {
    test(`a raw body ${JSON.stringify(rawBody)} is sent as-is and still journalled`, async ({ stub, api }) => {
      stub.reply = () => ({ status: 400, body: { status: 400, errors: [], message: 'Bad Request' } });
      const { exchange } = await api.client.createSubscription(undefined, { rawBody });
      expect(stub.hits[0].body).toBe(rawBody);
      expect(stub.hits[0].headers['content-type']).toBe('application/json');
      expect(exchange.requestBody).toBe(rawBody);
      expect(api.journal.entries().map((e) => e.event)).toEqual(['create-sent', 'create-refused']);
    });
  }

  test('a raw body with its own content type keeps that content type', async ({ stub, api }) => {
    stub.reply = () => ({ status: 415, body: { status: 415, errors: [], message: 'Unsupported Media Type' } });
    await api.client.createSubscription(undefined, { rawBody: '{"offerId":"x"}', headers: { 'content-type': 'text/plain' } });
    expect(stub.hits[0].headers['content-type']).toBe('text/plain');
    expect(stub.hits[0].body).toBe('{"offerId":"x"}');
  });

  test('a successful cancel is journalled as cancelled', async ({ stub, api }) => {
    stub.reply = () => ({ status: 200, body: { id: 's1', status: 'cancelled' } });
    await api.client.cancelSubscription('s1');
    expect(api.journal.entries().map(({ at: _, ...e }) => e)).toEqual([{ event: 'cancelled', id: 's1', httpStatus: 200 }]);
  });
});

test.describe('credentials never escape', () => {
  test('an exchange masks the credential headers and redacts the echoed text and the path', async ({ stub, api }) => {
    // A careless target echoes the request headers and path back in its body.
    stub.reply = (hit) => ({
      status: 401,
      body: { error: 'Unauthorized', message: `bad ${String(hit.headers['service-api-secret'])} for ${hit.url}`, headers: hit.headers },
    });
    const ex = await api.client.getOffer(PLANTED.secret);
    expect(stub.hits[0].headers['service-api-secret']).toBe(PLANTED.secret); // it was really sent...
    expect(ex.requestHeaders['service-api-secret']).toBe(REDACTED); // ...and is not recorded.
    expect(ex.requestHeaders['service-api-subscription']).toBe(REDACTED);
    expect(ex.requestHeaders.accept).toBe('application/json');
    expect(ex.text).toContain(REDACTED);
    expectNoCredential(ex.text, 'exchange text');
    expectNoCredential(ex.path, 'exchange path');
    expectNoCredential(JSON.stringify(ex.requestHeaders), 'exchange request headers');
  });

  test('an answer retried instead of returned is told without credentials, in its path or its error', async ({ stub, api }) => {
    stub.reply = (_, n) =>
      n === 1 ? 'reset' : n === 2 ? { status: 429, headers: { 'retry-after': '0' }, body: {} } : { status: 200, body: {} };
    const retried: RetriedAttempt[] = [];
    api.client.onRetry((r) => retried.push(r));
    await api.client.getSubscription(PLANTED.secret);
    expect(retried.map((r) => r.status)).toEqual([null, 429]);
    for (const r of retried) expectNoCredential(JSON.stringify(r), 'retried attempt');
    expect(retried[0].path).toContain(REDACTED);
  });

  test("a TransportError carries no credential, though Playwright's own error lists the request headers", async () => {
    const port = await closedPort();
    const url = `http://127.0.0.1:${port}`;
    // The premise: Playwright's error text includes the headers sent.
    const context = await request.newContext();
    const raw = await context.fetch(`${url}/offer`, { headers: { 'service-api-secret': PLANTED.secret } }).catch((e: Error) => e);
    await context.dispose();
    expect(raw instanceof Error ? raw.message : '').toContain(PLANTED.secret);

    const { client, journal, dispose } = await clientFor(url);
    try {
      // The id is the secret too, so the path in the message would leak it as well.
      const error = await client.getOffer(PLANTED.secret).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TransportError);
      const message = (error as Error).message;
      expect(message).toMatch(/^GET \/offer\/.* failed: .*ECONNREFUSED/);
      expect(message).not.toContain('\n');
      expectNoCredential(message, 'TransportError message');

      // A create to the same closed port: not retried, and its journal reason is redacted too.
      const createError = await client
        .createSubscription({ ...CREATE_BODY, investorReference: PLANTED.subscriptionKey })
        .catch((e: unknown) => e);
      expect(createError).toBeInstanceOf(TransportError);
      expectNoCredential((createError as Error).message, 'create TransportError message');
      expectNoCredential(JSON.stringify(journal.entries()), 'journal');
    } finally {
      await dispose();
    }
  });
});

test('without a profile naming them, cancel and health refuse before sending anything', async ({ stub }) => {
  const { client, journal, dispose } = await clientFor(stub.url, { profile: DEFAULT_PROFILE });
  try {
    await expect(client.cancelSubscription('s1')).rejects.toThrow(/cancel route is not shown.*API_PROFILE/);
    expect(() => client.health()).toThrow(/health route is not shown.*API_PROFILE/);
    expect(stub.hits).toHaveLength(0);
    expect(journal.entries()).toEqual([]);
  } finally {
    await dispose();
  }
});
