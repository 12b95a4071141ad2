// The one target parser the suite and k6 share (src/contract/target.ts, issue 42 item 5): canonical base URLs, the
// problems it refuses, the defaults for a target nobody named, and WHATWG's URL as the oracle it replaces (the suite
// parsed with `new URL()` before; k6 has no URL class, so the parser is pure).
import assert from 'node:assert/strict';
import { expect, test } from '@playwright/test';
import fc from 'fast-check';
import { displayUrl, isLoopbackUrl, parseTargetUrl, readTarget } from '../../src/contract/target.ts';
import { BAD_URLS, GOOD_URLS, REFUSED_TARGETS, TARGETS } from './target.cases.ts';

for (const c of GOOD_URLS)
  test(`base URL ${JSON.stringify(c.raw)} is ${c.baseUrl}`, () => {
    expect(parseTargetUrl(c.raw)).toMatchObject({ baseUrl: c.baseUrl, loopback: c.loopback });
    expect(isLoopbackUrl(c.raw)).toBe(c.loopback);
  });

for (const c of BAD_URLS)
  test(`base URL ${JSON.stringify(c.raw)} is refused: ${c.problem}`, () => {
    expect(parseTargetUrl(c.raw)).toMatchObject({ problem: c.problem });
    expect(isLoopbackUrl(c.raw)).toBe(false);
  });

for (const c of TARGETS)
  test(`target: ${c.description}`, () => {
    const { target, issues } = readTarget(c.env);
    expect(issues).toEqual([]);
    expect(target).toMatchObject(c.target);
  });

for (const c of REFUSED_TARGETS)
  test(`target refused: ${c.description}`, () => {
    const { issues } = readTarget(c.env);
    expect(issues.map((i) => i.variable)).toEqual(c.issues.map(([v]) => v));
    for (const [n, [, sentence]] of c.issues.entries()) expect(issues[n]?.sentence).toMatch(sentence);
    for (const i of issues) expect(`${i.sentence} ${i.expected} ${i.received}`).not.toContain('hunter2');
  });

test('reports show a URL without user info, query or fragment', () => {
  expect(displayUrl('https://user:pw@host.example:8443/api/?token=x#y')).toBe('https://host.example:8443/api');
  expect(displayUrl('ftp://host')).toBeNull();
});

// Hosts, ports and paths as a user writes them: the same base URL as `new URL()`. Not generated: what URL rewrites
// beyond that (dot segments, IPv4 shorthands such as 127.1, IDN host names), which no base URL of a real target needs.
const label = fc.stringMatching(/^[A-Za-z]([A-Za-z0-9_-]{0,8}[A-Za-z0-9])?$/);
const host = fc.oneof(
  fc.array(label, { minLength: 1, maxLength: 3 }).map((l) => l.join('.')),
  fc.constantFrom('127.0.0.1', '[::1]', 'localhost', 'LOCALHOST'),
);
const segment = fc
  .string({
    // Not `^`: Node 20's URL leaves it, Node 24's encodes it (WHATWG since 2023); a case of target.cases.ts holds it.
    unit: fc.constantFrom('a', 'Z', '9', '-', '~', ' ', '"', '<', '`', '{', '|', '%', '\u00e9', '\u4e2d', '@', ':'),
    maxLength: 6,
  })
  .filter((s) => s !== '.' && s !== '..');
const url = fc.record({
  scheme: fc.constantFrom('http', 'https', 'HTTP', 'Https'),
  host,
  port: fc.option(fc.integer({ min: 0, max: 65535 }), { nil: undefined }),
  path: fc.array(segment, { maxLength: 4 }),
  trailing: fc.constantFrom('', '/', '//'),
});

test('for every well-formed base URL, the same canonical form as WHATWG URL (what the suite used before)', () => {
  fc.assert(
    fc.property(url, ({ scheme, host, port, path, trailing }) => {
      const raw = `${scheme}://${host}${port === undefined ? '' : `:${port}`}${path.map((s) => `/${s}`).join('')}${trailing}`;
      const parsed = parseTargetUrl(raw);
      // Node's assert in the property: each expect() records a step with its stack, some 0.3 ms a call.
      assert.ok('baseUrl' in parsed, `${raw}: ${JSON.stringify(parsed)}`);
      assert.equal(parsed.baseUrl, new URL(raw).toString().replace(/\/+$/, ''), raw);
    }),
    { numRuns: 2000 },
  );
});
