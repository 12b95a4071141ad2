/**
 * Which requests the client retries, and how long it waits, a bounded number of times:
 * - reads (GET) on 429 / 503 and transport resets, honouring Retry-After (seconds or HTTP date);
 * - writes (create, cancel) on a 429 that carries a usable Retry-After: the target said it did not
 *   take the request and when to come back, and the contract asks clients to wait Retry-After;
 * - a cancel also on a 429 without Retry-After, after the backoff: the target did not take it either, and a
 *   cancel sent twice places no order (a cancelled record is refused or answered as before). Left unsent, it
 *   leaves a real order open against a rate limit that does not say when to come back.
 * Any other failed write (503, 5xx, a reset, a create's 429 without Retry-After) is never re-sent: the service
 * does no duplicate detection, so a blind retry of a create could place a second real order.
 */
export const RETRY_LIMITS = { maxRetries: 3, maxWaitMs: 30_000, baseBackoffMs: 500 } as const;

export const RETRYABLE_STATUSES = new Set([429, 503]);
import { parseRetryAfter } from '../contract/retry-after.ts';

export { parseRetryAfter } from '../contract/retry-after.ts';
const TRANSPORT_RESET = /ECONNRESET|socket hang up|EPIPE|ECONNABORTED|other side closed/i;

export function isRetryableMethod(method: string): boolean {
  return method.toUpperCase() === 'GET';
}

export function isTransportReset(error: unknown): boolean {
  return error instanceof Error && TRANSPORT_RESET.test(error.message);
}

/** Delay before retry number `attempt` (1-based), or null when the request must not be retried. */
export function retryDelay(opts: {
  method: string;
  attempt: number;
  status?: number;
  error?: unknown;
  retryAfter?: string;
  /** The request is a cancel (its method is the profile's: POST or DELETE, so the method alone does not tell). */
  cancel?: boolean;
  now?: number;
}): number | null {
  if (opts.attempt > RETRY_LIMITS.maxRetries) return null;
  const backoff = RETRY_LIMITS.baseBackoffMs * 2 ** (opts.attempt - 1);
  if (!isRetryableMethod(opts.method)) {
    if (opts.status !== 429) return null;
    const told = parseRetryAfter(opts.retryAfter, opts.now);
    const wait = told ?? (opts.cancel ? backoff : null);
    return wait === null || wait > RETRY_LIMITS.maxWaitMs ? null : wait;
  }
  const retryable = opts.status !== undefined ? RETRYABLE_STATUSES.has(opts.status) : isTransportReset(opts.error);
  if (!retryable) return null;
  const asked = parseRetryAfter(opts.retryAfter, opts.now);
  const wait = asked ?? backoff;
  return wait > RETRY_LIMITS.maxWaitMs ? null : wait;
}
