// Redaction: the credential values are replaced in every form they take on the way into files (raw,
// URL-encoded, JSON-escaped, base64 at any offset inside a longer base64 text); header values masked.
import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { REDACTED, encodedForms, makeRedactor, maskCredentialHeaders, redactDeep } from '../../src/config/redact.ts';
import { nearMissCredentials } from '../../src/contract/near-miss-credentials.ts';

/** Values of the shapes credentials take: hex keys, keys with URL- and JSON-special characters, non-ASCII. */
const SECRETS: Array<{ description: string; value: string }> = [
  { description: 'a 32-hex key', value: '3f9a0c2b7e514d86a1b2c3d4e5f60718' },
  { description: 'a key with URL-special characters', value: 'k/y+z=&q%w x' },
  { description: 'a key with JSON-special characters', value: 'sec"ret\\with\ttab' },
  { description: 'a non-ASCII key', value: 'clé-secrète-ü' },
  { description: 'a 4-character key (the shortest redacted)', value: 'wXyZ' },
];

/** Ways a credential reaches written text. */
const CARRIERS: Array<{ description: string; wrap: (value: string) => string }> = [
  { description: 'raw, inside a log line', wrap: (v) => `header service-api-secret: ${v} sent` },
  { description: 'URL-encoded in a query', wrap: (v) => `GET /offer?probe=${encodeURIComponent(v)}&x=1` },
  { description: 'JSON-escaped inside a JSON document', wrap: (v) => JSON.stringify({ headers: { 'service-api-secret': v } }) },
  { description: 'JSON-escaped twice (a JSON string inside JSON)', wrap: (v) => JSON.stringify(JSON.stringify({ v })) },
  { description: 'base64 of the value alone', wrap: (v) => `Authorization: Basic ${Buffer.from(v).toString('base64')}` },
];

for (const s of SECRETS) {
  test.describe(`${s.description}`, () => {
    const redact = makeRedactor([s.value]);

    for (const c of CARRIERS) {
      test(`${c.description} is replaced`, () => {
        const text = c.wrap(s.value);
        const out = redact(text);
        expect(out).toContain(REDACTED);
        for (const form of encodedForms(s.value)) expect(out).not.toContain(form);
        expect(out).not.toContain(s.value);
      });
    }

    test('inside a longer base64 text, at every byte offset, the value cannot be recovered', () => {
      const value = Buffer.from(s.value, 'utf8');
      for (let before = 0; before < 6; before++) {
        for (let after = 0; after < 4; after++) {
          const original = Buffer.concat([randomBytes(before), value, randomBytes(after)]).toString('base64');
          const out = redact(original);
          const at = out.indexOf(REDACTED);
          expect(at, `offset ${before}+${after}: something is replaced`).toBeGreaterThanOrEqual(0);
          // The output is the original with one span replaced: blank that span and decode what is left.
          const suffix = out.slice(at + REDACTED.length);
          expect(original.startsWith(out.slice(0, at)) && original.endsWith(suffix)).toBe(true);
          const spanEnd = original.length - suffix.length;
          const left = original.slice(0, at) + 'A'.repeat(spanEnd - at) + suffix;
          expect(Buffer.from(left, 'base64').includes(value), `offset ${before}+${after}: value recoverable`).toBe(false);
        }
      }
    });

    test('text without the value is unchanged', () => {
      const text = 'GET /offer?offset=0&limit=10 -> 200 {"id":"a1b2"}';
      expect(redact(text)).toBe(text);
    });
  });
}

test('every occurrence, of several secrets, is replaced', () => {
  const redact = makeRedactor(['key-AAAA-1111', 'secret-BBBB-2222']);
  const out = redact('key-AAAA-1111 then secret-BBBB-2222 then key-AAAA-1111 again');
  expect(out).toBe(`${REDACTED} then ${REDACTED} then ${REDACTED} again`);
});

test('every near miss the auth tests send (a value one character off a credential) is replaced in every carrier', () => {
  const first = { subscriptionKey: 'Key-first/+=7Q', secret: 'secret&"<>9Z-value' };
  const second = { subscriptionKey: 'key-second-02', secret: 'secret-second-02' };
  const redact = makeRedactor([first.subscriptionKey, first.secret, second.subscriptionKey, second.secret]);
  const sent = nearMissCredentials(first, second).flatMap((m) => [m.credentials.subscriptionKey, m.credentials.secret]);
  expect(sent.length).toBeGreaterThan(10);
  for (const value of sent)
    for (const c of CARRIERS) {
      const out = redact(c.wrap(value));
      expect(out, `${c.description}`).toContain(REDACTED);
      for (const form of encodedForms(value)) expect(out, `${c.description}`).not.toContain(form);
    }
});

test('values shorter than 4 characters, empty, null or undefined are ignored', () => {
  const redact = makeRedactor(['abc', '', null, undefined]);
  const text = `abc abcabc ${Buffer.from('abc').toString('base64')} ${encodeURIComponent('abc')}`;
  expect(redact(text)).toBe(text);
});

test('a short value beside a long one: only the long one is redacted', () => {
  const redact = makeRedactor(['abc', 'long-secret-value']);
  expect(redact('abc long-secret-value')).toBe(`abc ${REDACTED}`);
});

test('encodedForms lists the raw, URL-encoded, JSON-escaped and base64 forms', () => {
  const value = 'a/b"c';
  const forms = encodedForms(value);
  expect(forms).toContain(value);
  expect(forms).toContain('a%2Fb%22c');
  expect(forms).toContain('a/b\\"c');
  expect(forms).toContain('a/b\\\\\\"c');
  expect(forms).toContain(Buffer.from(value).toString('base64'));
  expect(forms.every((f) => f.length >= 4)).toBe(true);
});

test('redactDeep redacts nested values and returns a copy', () => {
  const redact = makeRedactor(['topsecret-42']);
  const input = { a: 'x topsecret-42 y', list: [{ b: 'topsecret-42' }], n: 3 };
  const out = redactDeep(input, redact);
  expect(out).toEqual({ a: `x ${REDACTED} y`, list: [{ b: REDACTED }], n: 3 });
  expect(input.a).toBe('x topsecret-42 y');
  expect(redactDeep(undefined, redact)).toBeUndefined();
});

test('maskCredentialHeaders masks both credential headers whatever their case, and nothing else', () => {
  const headers = {
    'Service-Api-Subscription': 'k',
    'SERVICE-API-SECRET': 's',
    accept: 'application/json',
    'x-service-api-secret-hint': 'keep',
  };
  expect(maskCredentialHeaders(headers)).toEqual({
    'Service-Api-Subscription': REDACTED,
    'SERVICE-API-SECRET': REDACTED,
    accept: 'application/json',
    'x-service-api-secret-hint': 'keep',
  });
  expect(headers['SERVICE-API-SECRET']).toBe('s');
});
