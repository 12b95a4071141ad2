// The retry policy: only GETs, only 429/503 and transport resets, bounded, Retry-After honoured and capped.
import { expect, test } from '@playwright/test';
import { RETRY_LIMITS, parseRetryAfter, retryDelay } from '../../src/client/retry-policy.ts';
import { NOW, retryAfterCases, retryDelayCases } from './retry-policy.cases.ts';

test.describe('parseRetryAfter', () => {
  for (const c of retryAfterCases) {
    test(`${c.description}: ${JSON.stringify(c.value)}`, () => {
      expect(parseRetryAfter(c.value, NOW)).toBe(c.expected);
    });
  }
});

test.describe('retryDelay', () => {
  for (const c of retryDelayCases) {
    test(c.description, () => {
      expect(retryDelay({ ...c.input, now: NOW })).toBe(c.expected);
    });
  }

  test('a read answered 429 forever is sent at most 1 + maxRetries times', () => {
    let sent = 1;
    while (retryDelay({ method: 'GET', attempt: sent, status: 429, retryAfter: '0' }) !== null) sent++;
    expect(sent).toBe(1 + RETRY_LIMITS.maxRetries);
  });

  test('the backoff never exceeds the cap, whatever the limits', () => {
    for (let attempt = 1; attempt <= RETRY_LIMITS.maxRetries; attempt++) {
      const delay = retryDelay({ method: 'GET', attempt, status: 503 });
      expect(delay).not.toBeNull();
      expect(delay!).toBeLessThanOrEqual(RETRY_LIMITS.maxWaitMs);
    }
  });
});
