// The near-miss credentials (issue 50, item 2): each kind one small step from the right credentials, none of them a
// pair a partner holds, every kind named by what changed, never by a value.
import { expect, test } from '@playwright/test';
import { NEAR_MISS_RULES, nearMissCredentials, nearMissValues } from '../../src/contract/near-miss-credentials.ts';

const FIRST = { subscriptionKey: 'Key-first-01', secret: 'secret-az-Z9' };
const SECOND = { subscriptionKey: 'key-second-02', secret: 'secret-second-02' };

/** Cases as data: the kind, and the credentials it must send. */
const CASES: Array<{ kind: string; subscriptionKey: string; secret: string }> = [
  { kind: 'secret-first-changed', subscriptionKey: FIRST.subscriptionKey, secret: 'tecret-az-Z9' },
  { kind: 'secret-middle-changed', subscriptionKey: FIRST.subscriptionKey, secret: 'secretxaz-Z9' },
  { kind: 'secret-last-changed', subscriptionKey: FIRST.subscriptionKey, secret: 'secret-az-Z0' },
  { kind: 'secret-character-added', subscriptionKey: FIRST.subscriptionKey, secret: 'secret-az-Z90' },
  { kind: 'secret-last-removed', subscriptionKey: FIRST.subscriptionKey, secret: 'secret-az-Z' },
  { kind: 'key-case-changed', subscriptionKey: 'kEY-FIRST-01', secret: FIRST.secret },
  { kind: 'first-key-second-secret', subscriptionKey: FIRST.subscriptionKey, secret: SECOND.secret },
  { kind: 'second-key-first-secret', subscriptionKey: SECOND.subscriptionKey, secret: FIRST.secret },
];

test('each near-miss kind sends the credentials one small step from the right ones', () => {
  const made = nearMissCredentials(FIRST, SECOND);
  expect(made.map((m) => ({ kind: m.kind, ...m.credentials }))).toEqual(CASES);
  expect(made.map((m) => m.kind)).toEqual(NEAR_MISS_RULES.map((r) => r.kind));
});

test('a changed character keeps its class and never becomes a case variant of itself; z, Z and 9 wrap', () => {
  expect(nearMissCredentials({ subscriptionKey: 'k-12345678', secret: 'zzzzZZZZ99' })[0].credentials.secret).toBe('azzzZZZZ99');
  const middle = nearMissCredentials({ subscriptionKey: 'k-12345678', secret: 'aaaaaZaaaa' }).find(
    (m) => m.kind === 'secret-middle-changed',
  );
  expect(middle?.credentials.secret).toBe('aaaaaAaaaa');
  expect(
    nearMissCredentials({ subscriptionKey: 'k-12345678', secret: 'abc-efg-' }).find((m) => m.kind === 'secret-last-changed')?.credentials
      .secret,
  ).toBe('abc-efgx');
});

test('without a second partner there are no cross pairs; a key without letters has no case to change', () => {
  const made = nearMissCredentials({ subscriptionKey: '1234-5678', secret: 'secret-01' });
  expect(made.map((m) => m.kind)).toEqual([
    'secret-first-changed',
    'secret-middle-changed',
    'secret-last-changed',
    'secret-character-added',
    'secret-last-removed',
  ]);
});

test('a near miss that is a pair a partner holds, or one already made, is never sent', () => {
  // Two partners sharing a secret: the first key with the second's secret is the first partner's own pair.
  const shared = { subscriptionKey: 'key-second-02', secret: FIRST.secret };
  const kinds = nearMissCredentials(FIRST, shared).map((m) => m.kind);
  expect(kinds).not.toContain('first-key-second-secret');
  expect(kinds).not.toContain('second-key-first-secret');
  for (const m of nearMissCredentials(FIRST, SECOND)) {
    expect(m.credentials).not.toEqual(FIRST);
    expect(m.credentials).not.toEqual(SECOND);
  }
});

test('a near miss is named by its kind of change, never by a value; each names the clause a service accepting it breaks', () => {
  for (const m of nearMissCredentials(FIRST, SECOND)) {
    for (const value of [...Object.values(FIRST), ...Object.values(SECOND), ...Object.values(m.credentials)])
      expect(m.says).not.toContain(value);
    expect(['AUTH-SECRET', 'AUTH-SUBSCRIPTION-KEY']).toContain(m.clause);
  }
  expect(nearMissCredentials(FIRST, SECOND).find((m) => m.kind === 'secret-last-removed')?.says).toBe('secret, last character removed');
});

test('nearMissValues: every single-value near miss of a credential, for the redactor', () => {
  const values = nearMissValues(FIRST.secret);
  for (const c of CASES.filter((c) => c.kind.startsWith('secret-'))) expect(values).toContain(c.secret);
  expect(nearMissValues(FIRST.subscriptionKey)).toContain('kEY-FIRST-01');
  expect(values).not.toContain(FIRST.secret);
  expect(nearMissValues('12345678')).toHaveLength(5);
});
