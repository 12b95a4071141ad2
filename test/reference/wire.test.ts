// Over a real loopback socket: requests Node cannot parse still get a JSON 4xx, the server keeps
// answering, and a listening server sends the same bytes `inject` shows (so the other tests see
// what goes on the wire).
import { expect, test } from '@playwright/test';
import { startReferenceServer } from '../../reference/server.ts';
import type { RunningReference } from '../../reference/server.ts';
import { AUTH_HEADERS, buildServer, call, isListGetError, raw, split, TEST_CREDENTIALS } from './helpers.ts';

let server: RunningReference;
test.beforeEach(async () => {
  server = await startReferenceServer({ port: 0, credentials: TEST_CREDENTIALS });
});
test.afterEach(async () => {
  await server.close();
});

// [description, raw request, expected status]
const UNPARSEABLE: ReadonlyArray<[string, string, number]> = [
  ['a garbage request line', 'HELLO THERE\r\n\r\n', 400],
  ['a bad HTTP version', 'GET /offer HTTP/9.9\r\n\r\n', 400],
  ['headers over the size limit', `GET /offer HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, 431],
  [
    'a bad chunked body',
    `POST /subscription HTTP/1.1\r\nHost: x\r\nservice-api-subscription: ${TEST_CREDENTIALS.subscriptionKey}\r\nservice-api-secret: ${TEST_CREDENTIALS.secret}\r\n` +
      'Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nZZ\r\n{}\r\n0\r\n\r\n',
    400,
  ],
];

for (const [description, request, status] of UNPARSEABLE) {
  test(`unparseable HTTP (${description}) gets ${status} with a JSON list/get body; the server keeps answering`, async () => {
    const answer = split(await raw(server.url, request));
    expect(answer.status).toBe(status);
    expect(answer.headers).toContain('content-type: application/json');
    expect(isListGetError(JSON.parse(answer.body))).toBe(true);
    if (status === 400) expect(JSON.parse(answer.body).message).toBe('Bad Request');
    expect((await fetch(`${server.url}/health`)).status).toBe(200);
  });
}

test('a listening server sends the bytes inject shows', async () => {
  const overWire = await fetch(`${server.url}/offer?limit=3`, { headers: AUTH_HEADERS });
  const app = await buildServer();
  const injected = await call(app, { url: '/offer?limit=3' });
  expect(overWire.status).toBe(injected.status);
  expect(overWire.headers.get('content-type')).toBe(injected.contentType);
  expect(await overWire.text()).toBe(injected.text);
  await app.close();
});
