// Pacing, proven on a fake clock (no timing assertions): with a pacer at N requests per second, each
// call after the first waits one more interval of 1000/N ms. Node's mock timers drive p-throttle's
// setTimeout and Date.now; the real event loop (setImmediate) lets resolved calls run.
import { mock } from 'node:test';
import { expect, test } from '@playwright/test';
import { MIN_RATE_PER_SECOND, makePacer, type Pacer } from '../../src/client/pacer.ts';

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Runs `body` on Node's mock clock (setTimeout and Date), restored afterwards. */
async function onFakeClock<T>(body: () => Promise<T>): Promise<T> {
  mock.timers.enable({ apis: ['setTimeout', 'Date'], now: 1_700_000_000_000 });
  try {
    return await body();
  } finally {
    mock.timers.reset();
  }
}

/** Start `calls` paced calls at once and report how many have gone through after each clock step. */
async function throughAfter(pace: Pacer, calls: number, steps: number[]): Promise<number[]> {
  let done = 0;
  for (let i = 0; i < calls; i++) void pace().then(() => done++);
  await settle();
  const counts = [done];
  for (const ms of steps) {
    mock.timers.tick(ms);
    await settle();
    counts.push(done);
  }
  return counts;
}

const CASES: Array<{ description: string; rate: number; calls: number; steps: number[]; through: number[] }> = [
  { description: '4 rps: one at once, then one per 250 ms', rate: 4, calls: 4, steps: [249, 1, 249, 1, 250], through: [1, 1, 2, 2, 3, 4] },
  { description: '10 rps: 5 calls need 400 ms of clock, not less', rate: 10, calls: 5, steps: [399, 1], through: [1, 4, 5] },
  { description: '3 rps rounds the interval up (334 ms), never faster than asked', rate: 3, calls: 2, steps: [333, 1], through: [1, 1, 2] },
  { description: '0.5 rps: one call per 2 s', rate: 0.5, calls: 3, steps: [1_999, 1, 2_000], through: [1, 1, 2, 3] },
  { description: 'rate 0 is unpaced: every call goes at once', rate: 0, calls: 20, steps: [], through: [20] },
];

for (const c of CASES) {
  test(c.description, async () => {
    expect(await onFakeClock(() => throughAfter(makePacer(c.rate), c.calls, c.steps))).toEqual(c.through);
  });
}

test('a pacer that has been idle lets the next call through at once', async () => {
  await onFakeClock(async () => {
    const pace = makePacer(2);
    await pace();
    mock.timers.tick(5_000);
    expect(await throughAfter(pace, 1, [])).toEqual([1]);
  });
});

test.describe('a 429 slows the pacer down', () => {
  test('a paced run halves its rate and holds every call until Retry-After has passed', async () => {
    await onFakeClock(async () => {
      const pace = makePacer(4);
      await pace();
      pace.rateLimited(1_000);
      expect(pace.ratePerSecond).toBe(2);
      expect(await throughAfter(pace, 2, [999, 1, 499, 1])).toEqual([0, 0, 1, 1, 2]); // held 1 s, then one per 500 ms
    });
  });

  test('an unpaced run learns a rate: half of what it was sending in the last second, never below the floor', async () => {
    await onFakeClock(async () => {
      const pace = makePacer(0);
      for (let i = 0; i < 10; i++) await pace();
      expect(pace.ratePerSecond).toBe(0);
      pace.rateLimited(null);
      expect(pace.ratePerSecond).toBe(5);
      for (let i = 0; i < 6; i++) pace.rateLimited(null);
      expect(pace.ratePerSecond).toBe(MIN_RATE_PER_SECOND);
    });
  });
});
