// Issue 10, defect 3: a target that echoes the credentials must not get a piece of them into evidence,
// whatever cut the evidence takes (2,000-character text, 600-character excerpt, 400-character received value,
// schema-issue values). Redaction happens before any truncation. The canary scan itself is checked first.
import { runExchangeChecks } from '../../src/checks/exchange-checks.ts';
import { exchangeExcerpt } from '../../src/client/exchange.ts';
import { DEFAULT_PROFILE } from '../../src/config/target-profile.ts';
import { findCanaries } from './canary-scan.ts';
import { CANARY, expect, test } from './hostile-front.ts';
import { CANARY_NEAR_MISSES } from './canary.ts';
import { nearMissCredentials } from '../../src/contract/near-miss-credentials.ts';

const secrets = [CANARY.subscriptionKey, CANARY.secret];

/** A JSON body (an array of one string) whose text has each credential starting at each position. */
function echoBody(at: Array<[number, string]>): string {
  let text = '';
  for (const [position, secret] of at) text += 'x'.repeat(Math.max(0, position - 2 - text.length)) + secret;
  return JSON.stringify([text + 'x'.repeat(50)]);
}

test('defect 3: the canary scan finds a cut prefix, base64 at any alignment, hex and URL-encoded forms', () => {
  const key = CANARY.subscriptionKey;
  expect(findCanaries(`…${key.slice(0, 9)}… (3000 chars)`, secrets)).not.toEqual([]);
  for (const pad of ['', 'a', 'ab'])
    expect(findCanaries(Buffer.from(`${pad}${key}`).toString('base64'), secrets), `alignment ${pad.length}`).not.toEqual([]);
  expect(findCanaries(Buffer.from(key).toString('hex'), secrets)).not.toEqual([]);
  expect(findCanaries(encodeURIComponent(`k=${CANARY.secret}`), secrets)).not.toEqual([]);
  expect(findCanaries('{"id":"1b4e28ba-2fa1-11d2-883f-0016d3cca427","status":"accepted"}', secrets)).toEqual([]);
});

test('defect 3: credentials echoed across every evidence cut leave no fragment in exchange, excerpt or check failures', async ({
  hostile,
  api,
}) => {
  // 400: a received value, 600: the excerpt, 2,000: the exchange text.
  const body = echoBody([
    [395, CANARY.subscriptionKey],
    [592, CANARY.secret],
    [1990, CANARY.subscriptionKey],
  ]);
  hostile.misbehave = (request) => (request.url === '/offer' ? { status: 200, body } : null);
  const ex = await api.client.listOffers();
  expect(ex.status).toBe(200);
  const { failures } = runExchangeChecks(ex, { profile: DEFAULT_PROFILE, strict: false });
  expect(failures.length, 'an array of strings is not an offer list').toBeGreaterThan(0);
  const written = JSON.stringify({ text: ex.text, body: ex.body, headers: ex.responseHeaders, excerpt: exchangeExcerpt(ex), failures });
  expect(written).toContain('[REDACTED]');
  expect(findCanaries(written, secrets)).toEqual([]);
});

test('issue 50: near misses of the credentials echoed back by a target leave no fragment of them in exchange, excerpt or check failures', async ({
  hostile,
  api,
}) => {
  // The target accepts whatever it is sent and echoes the two headers it got, past the 400-character received cut.
  hostile.misbehave = (request) => {
    const presented = [request.headers['service-api-subscription'], request.headers['service-api-secret']].join(' / ');
    return request.url.startsWith('/offer') ? { status: 200, body: JSON.stringify([`${'x'.repeat(395)}${presented}`]) } : null;
  };
  const nearMisses = nearMissCredentials(CANARY);
  expect(nearMisses.length).toBeGreaterThanOrEqual(6);
  for (const m of nearMisses) {
    const ex = await api.client.listOffers(undefined, { ...m.credentials, nearMiss: m.kind });
    const { failures } = runExchangeChecks(ex, { profile: DEFAULT_PROFILE, strict: false });
    const written = JSON.stringify({ text: ex.text, body: ex.body, headers: ex.requestHeaders, excerpt: exchangeExcerpt(ex), failures });
    expect(written, m.says).toContain('[REDACTED]');
    expect(findCanaries(written, [CANARY.subscriptionKey, CANARY.secret, ...CANARY_NEAR_MISSES]), m.says).toEqual([]);
  }
});
