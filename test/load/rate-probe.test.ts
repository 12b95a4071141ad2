// The rate probe's pure parts: stepped plan, step clock, the sustained-429 rule and onset, what a
// 429 carries, and the recovery loop. The onset is checked against a simulated fixed-window rate
// limiter (as @fastify/rate-limit in the reference): it must land within 15% of the limit.
import { test, expect } from '@playwright/test';
import {
  type RecoveryAttempt,
  type StepObservation,
  describeRateLimited,
  detectOnset,
  retryAfterInSeconds,
  planRateProbe,
  recoveryStep,
  stepIndexAt,
  summariseRecovery,
  sustainedCount,
} from '../../load/lib/rate-probe.ts';

test('the plan holds each step, jumps between them with 0s stages, and ends at the ceiling', () => {
  const plan = planRateProbe({ start: 4, step: 3, max: 12, stepMs: 2000 });
  expect(plan.steps).toEqual([4, 7, 10, 12]);
  expect(plan.startRate).toBe(4);
  expect(plan.stages).toEqual([
    { duration: '2s', target: 4 },
    { duration: '0s', target: 7 },
    { duration: '2s', target: 7 },
    { duration: '0s', target: 10 },
    { duration: '2s', target: 10 },
    { duration: '0s', target: 12 },
    { duration: '2s', target: 12 },
  ]);
  expect(plan.totalMs).toBe(8000);
  expect(plan.stages.every((s) => Number.isInteger(s.target))).toBe(true);
  expect([0, 1999, 2000, 7999, 60_000, -5].map((t) => stepIndexAt(plan, t))).toEqual([0, 0, 1, 3, 3, 0]);
});

test('a step is sustained at max(min count, min share of its planned requests)', () => {
  expect(sustainedCount({ minCount: 3, minShare: 0.02 }, 10, 5000)).toBe(3);
  expect(sustainedCount({ minCount: 3, minShare: 0.02 }, 400, 5000)).toBe(40);
});

/** Requests at `rps` over each step, with jitter, through a fixed 1s window limiter at `limit`. */
function simulate(limit: number, plan: ReturnType<typeof planRateProbe>, seed: number): StepObservation[] {
  let state = seed;
  const random = (): number => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  let windowStart = -Infinity;
  let count = 0;
  return plan.steps.map((rps, i) => {
    let limited = 0;
    const n = Math.round((rps * plan.stepMs) / 1000);
    for (let k = 0; k < n; k++) {
      const t = i * plan.stepMs + (k * 1000) / rps + random() * 20; // up to 20ms network jitter
      if (t - windowStart >= 1000) {
        windowStart = t;
        count = 0;
      }
      count++;
      if (count > limit) limited++;
    }
    return { targetRps: rps, requests: n, limited };
  });
}

const LIMITS = [10, 20, 50, 100];
for (const limit of LIMITS) {
  test(`against a ${limit} req/s limiter the onset is within 15% of ${limit}`, () => {
    const step = Math.max(1, Math.round(limit * 0.1));
    const plan = planRateProbe({ start: Math.max(1, Math.round(limit / 2)), step, max: limit * 2, stepMs: 5000 });
    const rule = { minCount: 3, minShare: 0.02 };
    for (const seed of [1, 7, 42]) {
      const onset = detectOnset(simulate(limit, plan, seed), plan, rule);
      expect(onset.onsetRps).not.toBeNull();
      expect(Math.abs((onset.onsetRps as number) - limit) / limit).toBeLessThanOrEqual(0.15);
    }
  });
}

test('no sustained 429s below the ceiling gives no onset, and sporadic ones are listed', () => {
  const plan = planRateProbe({ start: 2, step: 2, max: 6, stepMs: 5000 });
  const onset = detectOnset(
    [
      { targetRps: 2, requests: 10, limited: 0 },
      { targetRps: 4, requests: 20, limited: 1 },
      { targetRps: 6, requests: 30, limited: 2 },
    ],
    plan,
    { minCount: 3, minShare: 0.02 },
  );
  expect(onset).toEqual({
    onsetRps: null,
    achievedRps: null,
    onsetStep: null,
    highestRps: 6,
    sporadic: [
      { targetRps: 4, requests: 20, limited: 1 },
      { targetRps: 6, requests: 30, limited: 2 },
    ],
  });
});

test('the achieved rate of the onset step is given only when the step ran its full length', () => {
  const plan = planRateProbe({ start: 10, step: 10, max: 30, stepMs: 2000 });
  const steps = [
    { targetRps: 10, requests: 20, limited: 0 },
    { targetRps: 20, requests: 40, limited: 12 },
  ];
  const rule = { minCount: 3, minShare: 0.02 };
  const ranThrough = detectOnset(steps, plan, rule);
  expect(ranThrough).toMatchObject({ onsetRps: 20, achievedRps: 20, onsetStep: { requests: 40, limited: 12 } });
  // The stop rule fired inside the step: 40 requests over part of it are not "20 requests/s".
  const stopped = detectOnset([steps[0], { targetRps: 20, requests: 9, limited: 3 }], plan, rule, true);
  expect(stopped).toMatchObject({ onsetRps: 20, achievedRps: null, onsetStep: { requests: 9, limited: 3 } });
});

test('Retry-After is read as delta-seconds or an HTTP date', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');
  expect(retryAfterInSeconds('7', now)).toBe(7);
  expect(retryAfterInSeconds('Thu, 01 Jan 2026 00:00:30 GMT', now)).toBe(30);
  expect(retryAfterInSeconds('soon', now)).toBeNull();
  expect(retryAfterInSeconds(null, now)).toBeNull();
});

const ANSWERS: Array<{
  description: string;
  headers: Record<string, string>;
  body: string | null;
  expected: ReturnType<typeof describeRateLimited>;
}> = [
  {
    description: "the reference's 429",
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Retry-After': '1' },
    body: '{"error":"Rate limit exceeded","message":"Too Many Requests"}',
    expected: { retryAfterPresent: true, retryAfterSeconds: 1, jsonErrorBody: true },
  },
  {
    description: 'a bare text 429',
    headers: { 'content-type': 'text/plain' },
    body: 'slow down',
    expected: { retryAfterPresent: false, retryAfterSeconds: null, jsonErrorBody: false },
  },
  {
    description: 'JSON without a message',
    headers: { 'Content-Type': 'application/problem+json' },
    body: '{"title":"x"}',
    expected: { retryAfterPresent: false, retryAfterSeconds: null, jsonErrorBody: false },
  },
  {
    description: 'a body not read',
    headers: { 'Retry-After': 'later' },
    body: null,
    expected: { retryAfterPresent: true, retryAfterSeconds: null, jsonErrorBody: null },
  },
];
for (const a of ANSWERS) {
  test(`a 429 answer: ${a.description}`, () => {
    expect(describeRateLimited(a.headers, a.body, 0)).toEqual(a.expected);
  });
}

const RECOVERY = { backoffMs: 5000, maxWaitMs: 30_000, attempts: 4, intervalMs: 1000 };

test('recovery waits for Retry-After (capped), stops at the first 2xx, or gives up after the attempts', () => {
  const a = (status: number, retryAfterSeconds: number | null, atMs = 0): RecoveryAttempt => ({ status, retryAfterSeconds, atMs });
  expect(recoveryStep([], RECOVERY)).toEqual({ done: false, waitMs: 0 });
  expect(recoveryStep([a(429, 3)], RECOVERY)).toEqual({ done: false, waitMs: 3000 });
  expect(recoveryStep([a(429, 120)], RECOVERY)).toEqual({ done: false, waitMs: 30_000 });
  expect(recoveryStep([a(503, null)], RECOVERY)).toEqual({ done: false, waitMs: 1000 });
  expect(recoveryStep([a(429, 1), a(200, null)], RECOVERY)).toEqual({ done: true, recovered: true });
  expect(recoveryStep([a(429, 1), a(429, 1), a(429, 1), a(429, 1)], RECOVERY)).toEqual({ done: true, recovered: false });
  expect(summariseRecovery([a(429, 1, 0), a(200, null, 1200)], RECOVERY)).toEqual({
    recovered: true,
    attempts: 2,
    recoveredAfterMs: 6200,
    statuses: [429, 200],
  });
});
