/**
 * Pacing: the suite never sends more than API_RATE requests per second. p-throttle spaces calls evenly
 * (limit 1 per interval), which also keeps a fixed-window rate limiter on the target from seeing bursts.
 */
import pThrottle from 'p-throttle';

export type Pacer = () => Promise<void>;

/** A pacer for `ratePerSecond` requests per second in this process; 0 means unpaced. */
export function makePacer(ratePerSecond: number): Pacer {
  if (!ratePerSecond) return async () => {};
  const throttle = pThrottle({ limit: 1, interval: Math.ceil(1000 / ratePerSecond) });
  return throttle(async () => {});
}
