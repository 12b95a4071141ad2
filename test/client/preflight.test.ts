// The first request of every run refuses, in one sentence (ConfigError: exit 2), a target that is not
// this API at its base path, and lets through every target that is (src/run/target-reachable.ts).
import { checkTargetReachable } from '../../src/run/target-reachable.ts';
import { ConfigError } from '../../src/config/config-error.ts';
import { PLANTED, expect, test, type Hit, type Reply } from './stub-target.ts';

const withCredentials = (hit: Hit) => hit.headers['service-api-subscription'] !== undefined;
const OFFERS = [{ id: 'offer-1' }];

/** Cases as data: what the target answers with and without credentials, and the expected outcome. */
const CASES: Array<{ description: string; reply: (hit: Hit, n: number) => Reply; refused: RegExp | null; exitCode?: number }> = [
  {
    description: 'the API: a list with credentials, 401 without',
    reply: (h) => (withCredentials(h) ? { status: 200, body: OFFERS } : { status: 401, body: { error: 'Unauthorized' } }),
    refused: null,
  },
  {
    description: 'the API with 403 without credentials',
    reply: (h) => (withCredentials(h) ? { status: 200, body: [] } : { status: 403, body: {} }),
    refused: null,
  },
  {
    description: 'a service that does not enforce authentication (reported on AUTH-REQUIRED, not refused)',
    reply: () => ({ status: 200, body: OFFERS }),
    refused: null,
  },
  {
    description: 'a rate-limited first answer (the run paces itself)',
    reply: (_, n) => (n === 1 ? { status: 429, headers: { 'retry-after': '0' }, body: {} } : { status: 200, body: [] }),
    refused: null,
  },
  {
    description: 'a wrong base path: 404 on GET /offer',
    reply: () => ({ status: 404, body: { error: 'Not Found' } }),
    refused: /HTTP 404 on GET .*\/offer with credentials: is API_BASE_URL the API's base path/,
  },
  {
    description: 'a wrong base path: 405',
    reply: () => ({ status: 405, body: '' }),
    refused: /HTTP 405 .*is API_BASE_URL the API's base path/,
  },
  {
    description: 'a portal page answered 200 with HTML',
    reply: () => ({ status: 200, headers: { 'content-type': 'text/html' }, body: '<html>Developer portal</html>' }),
    refused: /a text\/html body, not a JSON list of offers: is API_BASE_URL/,
  },
  {
    description: 'a JSON object where the list should be',
    reply: (h) => (withCredentials(h) ? { status: 200, body: { status: 'UP' } } : { status: 401, body: {} }),
    refused: /JSON object, not a JSON list of offers/,
  },
  {
    description: 'a catch-all that answers without credentials with no list',
    reply: (h) => (withCredentials(h) ? { status: 200, body: [] } : { status: 200, body: { ok: true } }),
    refused: /WITHOUT credentials with HTTP 200 and JSON object, so it is not the API/,
  },
  {
    description: 'an answer that declares 2 GiB: cut off at the size cap, and the sentence names the cap, not an empty body',
    reply: () => ({ status: 200, headers: { 'content-length': String(2 ** 31) }, body: '[]' }),
    refused:
      /^The target answered more than 32 MB on GET http:\/\/127\.0\.0\.1:\d+\/offer\?offset=0&limit=1 \(one offer asked for; the body is larger than the response-size cap of 33554432 bytes \(content-length 2147483648\); raise API_MAX_RESPONSE_MB to read it\): is API_BASE_URL the API's base path/,
  },
  {
    description: 'a catch-all that answers 2 GiB without credentials: the sentence names the cap, not an empty body',
    reply: (h) =>
      withCredentials(h) ? { status: 200, body: [] } : { status: 200, headers: { 'content-length': String(2 ** 31) }, body: '[]' },
    refused:
      /WITHOUT credentials with HTTP 200 and more than 32 MB \(the body is larger than the response-size cap of 33554432 bytes \(content-length 2147483648\); raise API_MAX_RESPONSE_MB to read it\), so it is not the API/,
  },
  {
    description: 'credentials refused',
    reply: () => ({ status: 401, body: {} }),
    refused: /refused the credentials \(HTTP 401 on GET \/offer\)/,
    exitCode: 6,
  },
  {
    description: 'a failing service',
    reply: () => ({ status: 503, body: {} }),
    refused: /answered HTTP 503 on GET \/offer; it is not in a state to be tested now/,
    exitCode: 5,
  },
];

for (const c of CASES) {
  test(`preflight: ${c.description}`, async ({ stub, api }) => {
    stub.reply = c.reply;
    const outcome = await checkTargetReachable(api.client, stub.url).then(
      () => null,
      (error: unknown) => error,
    );
    if (c.refused === null) {
      expect(outcome, String(outcome)).toBeNull();
      return;
    }
    expect(outcome).toBeInstanceOf(ConfigError);
    const message = (outcome as Error).message;
    expect(message).toMatch(c.refused);
    expect(message.split('\n')).toHaveLength(1);
    expect((outcome as ConfigError).exitCode).toBe(c.exitCode ?? 2);
    for (const secret of Object.values(PLANTED)) expect(message).not.toContain(secret);
  });
}
