// The latency one path adds over another (bench:proxy, issue 41), from exchanges sent in turns on a steady tick:
// the i-th exchange of each path went out one tick apart, so the i-th of each meet the same moment of the machine.
//
// Which figure judges a goal on the p99 added: the goal is about the tail a client sees, so the figure is a
// difference of quantiles (the proxy's p99 minus direct's), not a quantile of the paired differences. The p99 of
// the differences, proxy minus the direct exchange one tick before, measures something else: each difference holds
// direct's own jitter as well as the proxy's, so its tail is wider than either (two exchanges of the same path would
// differ too) and it reads high; it is printed beside as a cross-check, since it cancels a slow moment that both
// paths of a pair meet. A difference of two p99s is noisy in turn (a p99 of 1000 exchanges is the tenth-slowest),
// so it is taken over rounds of thousands of exchanges, and the figure judged is the median of the rounds' (a round
// that another process's burst of work lands in does not move it), printed beside each round's and beside an
// interval of the pooled figure that tells how finely the samples resolve it.
import { median, quantile } from './bench-figures.ts';

export interface PathLatency {
  p50: number;
  p99: number;
}

export interface AddedLatency {
  exchanges: number;
  direct: PathLatency;
  proxy: PathLatency;
  /** Differences of quantiles: the proxy's minus direct's. */
  addedP50: number;
  addedP99: number;
  /**
   * A 95% interval of addedP99 that assumes nothing of the distributions: each p99 between the order statistics
   * its rank can reach at 97.5% (binomial, normal approximation), the difference between the extremes of those.
   * It assumes the exchanges alike and independent: a machine whose load changes between rounds widens the truth
   * past it (which the rounds' spread shows).
   */
  addedP99Interval: [number, number];
  /** Quantiles of the paired differences, each proxy exchange minus the direct exchange one tick before it. */
  pairedP50: number;
  pairedP99: number;
}

/** z for a two-sided 97.5% interval: two of them (one per path) hold together at 95% at least (Bonferroni). */
const Z_EACH = 2.241;

/** Values at the 0-based ranks bounding the q-quantile of `sorted` (n values, ascending), distribution-free. */
export function quantileInterval(sorted: readonly number[], q: number, z = Z_EACH): [number, number] {
  const n = sorted.length;
  const centre = n * q;
  const spread = z * Math.sqrt(n * q * (1 - q));
  const low = Math.max(0, Math.floor(centre - spread) - 1);
  const high = Math.min(n - 1, Math.ceil(centre + spread) - 1);
  return [sorted[low], sorted[high]];
}

/** The added latency of `proxy` over `direct` (ms, index i of each the i-th exchange of its path; equal lengths). */
export function addedLatency(direct: readonly number[], proxy: readonly number[]): AddedLatency {
  if (direct.length !== proxy.length || direct.length === 0)
    throw new Error(`paired exchanges expected, got ${direct.length} direct and ${proxy.length} through the proxy`);
  const of = (values: readonly number[]): PathLatency => ({ p50: quantile(values, 0.5), p99: quantile(values, 0.99) });
  const [d, p] = [of(direct), of(proxy)];
  const [dLow, dHigh] = quantileInterval(
    [...direct].sort((a, b) => a - b),
    0.99,
  );
  const [pLow, pHigh] = quantileInterval(
    [...proxy].sort((a, b) => a - b),
    0.99,
  );
  const paired = proxy.map((ms, i) => ms - direct[i]);
  return {
    exchanges: direct.length,
    direct: d,
    proxy: p,
    addedP50: p.p50 - d.p50,
    addedP99: p.p99 - d.p99,
    addedP99Interval: [pLow - dHigh, pHigh - dLow],
    pairedP50: quantile(paired, 0.5),
    pairedP99: quantile(paired, 0.99),
  };
}

/** Rounds of one rate: each round's figures, the median of their p99 added (the figure judged), and all pooled. */
export function addedOverRounds(rounds: ReadonlyArray<{ direct: readonly number[]; proxy: readonly number[] }>): {
  rounds: AddedLatency[];
  medianAddedP99: number;
  pooled: AddedLatency;
} {
  const each = rounds.map((r) => addedLatency(r.direct, r.proxy));
  return {
    rounds: each,
    medianAddedP99: median(each.map((r) => r.addedP99)),
    pooled: addedLatency(
      rounds.flatMap((r) => r.direct),
      rounds.flatMap((r) => r.proxy),
    ),
  };
}
