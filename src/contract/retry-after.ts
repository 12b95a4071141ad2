/**
 * Retry-After (Limits: a 429 tells the client when to come back), read once for the whole project: the suite's client,
 * the client certification and the k6 scenarios import it. Pure, no Node built-in.
 */

// Date.parse is lenient ("-1", "1.5", "abc 2" parse as dates in the past, i.e. "retry now"): accept only the shape of an
// HTTP-date (a day name, then a time of day), in any of its three RFC 9110 forms.
const HTTP_DATE = /^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)[a-z]*,?\s.*\b\d{2}:\d{2}:\d{2}\b/i;

/** Retry-After as milliseconds from `now`: delta-seconds or an HTTP date; null when absent or unparseable. */
export function parseRetryAfter(value: string | null | undefined, now = Date.now()): number | null {
  if (value === undefined || value === null) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  if (!HTTP_DATE.test(trimmed)) return null;
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return null;
  return Math.max(0, date - now);
}
