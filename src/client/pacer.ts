/**
 * Pacing: the suite never sends more than API_RATE requests per second, and slows down when the target
 * says it is too fast. Calls are spaced evenly, one per interval (which also keeps a fixed-window rate
 * limiter on the target from seeing bursts). A small slot scheduler rather than p-throttle, because
 * the interval changes at run time.
 *
 * On a 429 (`rateLimited`), the pacer (a) holds every call until the Retry-After the target gave has
 * passed, and (b) halves its rate, starting from the rate it was actually sending at in the last second
 * when it was unpaced: a rate limit the contract does not show is learned from the target, and the
 * rest of the run stays below it. Never below MIN_RATE_PER_SECOND.
 */

export interface Pacer {
  /** Waits until the next request may be sent; resolves at once when unpaced and never rate limited. */
  (): Promise<void>;
  /** The target answered 429; `waitMs` is its Retry-After (null when it gave none). */
  rateLimited(waitMs: number | null): void;
  /** The current rate in requests per second; 0 when unpaced. */
  readonly ratePerSecond: number;
}

export const MIN_RATE_PER_SECOND = 0.5;
const WINDOW_MS = 1_000;

/** A pacer for `ratePerSecond` requests per second in this process; 0 means unpaced. */
export function makePacer(ratePerSecond: number): Pacer {
  let interval = ratePerSecond > 0 ? Math.ceil(1000 / ratePerSecond) : 0;
  let nextSlot = 0;
  let heldUntil = 0;
  const sent: number[] = []; // slot times of the last WINDOW_MS, to know the rate actually sent

  const pace = async (): Promise<void> => {
    const now = Date.now();
    const at = Math.max(now, nextSlot, heldUntil);
    nextSlot = at + interval;
    sent.push(at);
    while (sent.length && sent[0] <= at - WINDOW_MS) sent.shift();
    if (at > now) await new Promise<void>((resolve) => setTimeout(resolve, at - now));
  };

  const rateLimited = (waitMs: number | null): void => {
    const now = Date.now();
    const recent = sent.filter((t) => t > now - WINDOW_MS && t <= now).length;
    const current = interval > 0 ? 1000 / interval : Math.max(recent, 2 * MIN_RATE_PER_SECOND);
    interval = Math.ceil(1000 / Math.max(MIN_RATE_PER_SECOND, current / 2));
    if (waitMs !== null && waitMs > 0) heldUntil = Math.max(heldUntil, now + waitMs);
    nextSlot = Math.max(nextSlot, heldUntil);
  };
  // defineProperty, not Object.assign: a getter must stay a getter (assign would copy today's value).
  return Object.defineProperty(Object.assign(pace, { rateLimited }), 'ratePerSecond', {
    get: () => (interval > 0 ? 1000 / interval : 0),
    enumerable: true,
  }) as Pacer;
}
