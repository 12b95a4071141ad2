// Issue 10, defect 10: the reference server must not keep a slowly trickled request open forever (a 408
// once its request timeout passes) and must answer CONNECT (405, JSON) instead of dropping the connection.
import { expect, test } from '@playwright/test';
import { startReferenceServer, type RunningReference } from '../../reference/server.ts';
import { AUTH_HEADERS, raw, split, TEST_CREDENTIALS } from '../reference/helpers.ts';

let server: RunningReference;
test.beforeEach(async () => {
  server = await startReferenceServer({ credentials: TEST_CREDENTIALS, requestTimeoutMs: 1_000 });
});
test.afterEach(() => server.close());

test('defect 10: a create body trickled a byte at a time gets a 408 within the request timeout', async () => {
  const headers = Object.entries(AUTH_HEADERS)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  const answer = split(
    await raw(
      server.url,
      `POST /subscription HTTP/1.1\r\nHost: x\r\n${headers}content-type: application/json\r\ncontent-length: 500\r\n\r\n{`,
      { byte: ' ', everyMs: 100 },
    ),
  );
  // The trickle would take 50 s to finish the body and `raw` gives up after 10 s: a 408 means the server's timeout fired.
  expect(answer.status).toBe(408);
  expect(() => JSON.parse(answer.body)).not.toThrow();
});

test('defect 10: CONNECT is answered 405 with a JSON body, not dropped', async () => {
  const answer = split(await raw(server.url, 'CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n'));
  expect(answer.status).toBe(405);
  expect(answer.headers).toContain('content-type: application/json');
  expect(() => JSON.parse(answer.body)).not.toThrow();
});
