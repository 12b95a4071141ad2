// The estimators of bench:proxy's added latency (bench/added-latency.ts): a steady shift is read exactly by every
// figure, jitter of direct's own makes the paired differences read high while the difference of quantiles does not,
// the interval comes from the ranks a p99 can take, and one round hit by a burst does not move the median of rounds.
import { expect, test } from '@playwright/test';
import { addedLatency, addedOverRounds, quantileInterval } from '../../bench/added-latency.ts';

/** Latencies (ms) from a fixed pseudo-random sequence: about 1 ms, a tail to about 3 ms. */
function latencies(count: number, seed: number): number[] {
  let state = seed;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  return Array.from({ length: count }, () => 0.8 + 0.4 * next() + (next() < 0.05 ? 2 * next() : 0));
}

test('a steady shift is read exactly: quantiles, paired differences, and inside the interval', () => {
  const direct = latencies(2000, 1);
  const proxy = direct.map((ms) => ms + 0.5);
  const f = addedLatency(direct, proxy);
  expect(f.exchanges).toBe(2000);
  expect(f.addedP50).toBeCloseTo(0.5, 9);
  expect(f.addedP99).toBeCloseTo(0.5, 9);
  expect(f.pairedP50).toBeCloseTo(0.5, 9);
  expect(f.pairedP99).toBeCloseTo(0.5, 9);
  expect(f.addedP99Interval[0]).toBeLessThanOrEqual(0.5);
  expect(f.addedP99Interval[1]).toBeGreaterThanOrEqual(0.5);
});

test("direct's own jitter widens the paired differences' p99, not the difference of p99s", () => {
  const direct = latencies(5000, 7);
  // The same distribution, other draws, shifted by 0.5 ms: the proxy adds exactly 0.5 ms to every exchange.
  const proxy = latencies(5000, 99).map((ms) => ms + 0.5);
  const f = addedLatency(direct, proxy);
  expect(Math.abs(f.addedP50 - 0.5)).toBeLessThan(0.05);
  expect(Math.abs(f.addedP99 - 0.5)).toBeLessThan(0.3);
  expect(f.pairedP99).toBeGreaterThan(f.addedP99 + 0.5);
  expect(f.addedP99Interval[0]).toBeLessThan(0.5);
  expect(f.addedP99Interval[1]).toBeGreaterThan(0.5);
});

test('quantileInterval: the order statistics a p99 reaches at 97.5%, clipped to the sample', () => {
  const sorted = Array.from({ length: 1000 }, (_, i) => i);
  // Rank 990 of 1000, +-2.241 * sqrt(1000 * 0.99 * 0.01) = +-7.05 ranks: 1-based 982 to 998.
  expect(quantileInterval(sorted, 0.99)).toEqual([981, 997]);
  expect(quantileInterval([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 0.99)).toEqual([9, 10]);
});

test('one round hit by a burst moves the pooled p99 added, not the median of the rounds', () => {
  const round = (seed: number, burst: boolean) => {
    const direct = latencies(3000, seed);
    const proxy = latencies(3000, seed + 1).map((ms, i) => ms + 0.5 + (burst && i % 20 === 0 ? 30 : 0));
    return { direct, proxy };
  };
  const over = addedOverRounds([round(1, false), round(3, false), round(5, true), round(7, false), round(9, false)]);
  expect(over.rounds).toHaveLength(5);
  expect(over.rounds[2].addedP99).toBeGreaterThan(20);
  expect(Math.abs(over.medianAddedP99 - 0.5)).toBeLessThan(0.3);
  expect(over.pooled.exchanges).toBe(15000);
});

test('unpaired samples are refused, naming the counts', () => {
  expect(() => addedLatency([1, 2], [1])).toThrow('paired exchanges expected, got 2 direct and 1 through the proxy');
  expect(() => addedLatency([], [])).toThrow('got 0 direct');
});
