// Cases for the retry policy, as data.

/** A fixed "now" for HTTP-date cases: 2015-10-21T07:28:00Z. */
export const NOW = Date.parse('2015-10-21T07:28:00Z');

export interface RetryAfterCase {
  description: string;
  value: string | undefined;
  /** Milliseconds to wait, or null when the header says nothing usable. */
  expected: number | null;
}

export const retryAfterCases: RetryAfterCase[] = [
  { description: 'absent', value: undefined, expected: null },
  { description: 'zero seconds', value: '0', expected: 0 },
  { description: 'whole seconds', value: '5', expected: 5_000 },
  { description: 'seconds with surrounding space', value: ' 7 ', expected: 7_000 },
  { description: 'IMF-fixdate ten seconds ahead', value: 'Wed, 21 Oct 2015 07:28:10 GMT', expected: 10_000 },
  { description: 'RFC 850 date ten seconds ahead', value: 'Wednesday, 21-Oct-15 07:28:10 GMT', expected: 10_000 },
  { description: 'asctime date ten seconds ahead', value: 'Wed Oct 21 07:28:10 2015', expected: 10_000 },
  { description: 'an HTTP date in the past means at once', value: 'Wed, 21 Oct 2015 07:00:00 GMT', expected: 0 },
  { description: 'empty', value: '', expected: null },
  { description: 'a word', value: 'soon', expected: null },
  { description: 'negative seconds', value: '-1', expected: null },
  { description: 'fractional seconds', value: '1.5', expected: null },
  { description: 'exponent notation', value: '1e3', expected: null },
  { description: 'text with a number', value: 'abc 2', expected: null },
  { description: 'seconds with a unit', value: '2 weeks', expected: null },
  { description: 'a day name with an impossible date', value: 'Wed, 99 Foo 2015 07:28:10 GMT', expected: null },
];

export interface RetryDelayCase {
  description: string;
  input: { method: string; attempt: number; status?: number; error?: unknown; retryAfter?: string; cancel?: boolean };
  /** Milliseconds before the retry, or null for "do not retry". */
  expected: number | null;
}

const reset = new Error('apiRequestContext.fetch: socket hang up (ECONNRESET)');

export const retryDelayCases: RetryDelayCase[] = [
  // Which statuses.
  { description: 'GET 429, first attempt: base backoff', input: { method: 'GET', attempt: 1, status: 429 }, expected: 500 },
  { description: 'GET 503, first attempt: base backoff', input: { method: 'GET', attempt: 1, status: 503 }, expected: 500 },
  { description: 'GET 500 is not retried', input: { method: 'GET', attempt: 1, status: 500 }, expected: null },
  { description: 'GET 502 is not retried', input: { method: 'GET', attempt: 1, status: 502 }, expected: null },
  { description: 'GET 504 is not retried', input: { method: 'GET', attempt: 1, status: 504 }, expected: null },
  { description: 'GET 404 is not retried', input: { method: 'GET', attempt: 1, status: 404 }, expected: null },
  { description: 'GET 200 is not retried', input: { method: 'GET', attempt: 1, status: 200 }, expected: null },
  // Which methods.
  { description: 'lower-case get 429 is retried', input: { method: 'get', attempt: 1, status: 429 }, expected: 500 },
  {
    description: 'POST 429 with Retry-After is re-sent after it (the target did not take it and said when)',
    input: { method: 'POST', attempt: 1, status: 429, retryAfter: '2' },
    expected: 2_000,
  },
  {
    description: 'POST 429 with Retry-After as an HTTP date',
    input: { method: 'POST', attempt: 1, status: 429, retryAfter: 'Wed, 21 Oct 2015 07:28:04 GMT' },
    expected: 4_000,
  },
  {
    description: 'POST 429 without Retry-After is never re-sent (no backoff guess on a write)',
    input: { method: 'POST', attempt: 1, status: 429 },
    expected: null,
  },
  {
    description: 'POST 429 with garbage Retry-After is never re-sent',
    input: { method: 'POST', attempt: 1, status: 429, retryAfter: 'later' },
    expected: null,
  },
  {
    description: 'POST 429 with Retry-After beyond the cap is not re-sent',
    input: { method: 'POST', attempt: 1, status: 429, retryAfter: '31' },
    expected: null,
  },
  {
    description: 'POST 429 is re-sent a bounded number of times',
    input: { method: 'POST', attempt: 4, status: 429, retryAfter: '0' },
    expected: null,
  },
  {
    description: 'a cancel answered 429 without Retry-After is re-sent after the backoff (sent twice, a cancel places no order)',
    input: { method: 'POST', attempt: 1, status: 429, cancel: true },
    expected: 500,
  },
  {
    description: 'a cancel (DELETE) answered 429 without Retry-After, second attempt: the backoff doubles',
    input: { method: 'DELETE', attempt: 2, status: 429, cancel: true },
    expected: 1_000,
  },
  {
    description: 'a cancel answered 429 with Retry-After waits that long',
    input: { method: 'POST', attempt: 1, status: 429, retryAfter: '3', cancel: true },
    expected: 3_000,
  },
  {
    description: 'a cancel answered 429 is re-sent a bounded number of times',
    input: { method: 'POST', attempt: 4, status: 429, cancel: true },
    expected: null,
  },
  {
    description: 'a cancel answered 503 is never re-sent (the target may have cancelled; the cleanup reads back)',
    input: { method: 'POST', attempt: 1, status: 503, cancel: true },
    expected: null,
  },
  { description: 'POST 503 is never retried', input: { method: 'POST', attempt: 1, status: 503 }, expected: null },
  { description: 'DELETE 503 is never retried (cancel)', input: { method: 'DELETE', attempt: 1, status: 503 }, expected: null },
  { description: 'PUT 429 without Retry-After is never retried', input: { method: 'PUT', attempt: 1, status: 429 }, expected: null },
  { description: 'PATCH 429 is never retried', input: { method: 'PATCH', attempt: 1, status: 429 }, expected: null },
  { description: 'HEAD 429 is not retried (only GET)', input: { method: 'HEAD', attempt: 1, status: 429 }, expected: null },
  // Bounded, with exponential backoff.
  { description: 'second attempt doubles the backoff', input: { method: 'GET', attempt: 2, status: 429 }, expected: 1_000 },
  { description: 'third attempt doubles again', input: { method: 'GET', attempt: 3, status: 503 }, expected: 2_000 },
  { description: 'a fourth retry is not made', input: { method: 'GET', attempt: 4, status: 429, retryAfter: '0' }, expected: null },
  // Retry-After honoured, and capped.
  {
    description: 'Retry-After in seconds replaces the backoff',
    input: { method: 'GET', attempt: 1, status: 429, retryAfter: '2' },
    expected: 2_000,
  },
  { description: 'Retry-After 0 retries at once', input: { method: 'GET', attempt: 3, status: 429, retryAfter: '0' }, expected: 0 },
  {
    description: 'Retry-After as an HTTP date',
    input: { method: 'GET', attempt: 1, status: 503, retryAfter: 'Wed, 21 Oct 2015 07:28:04 GMT' },
    expected: 4_000,
  },
  {
    description: 'Retry-After at the cap is waited for',
    input: { method: 'GET', attempt: 1, status: 429, retryAfter: '30' },
    expected: 30_000,
  },
  {
    description: 'Retry-After beyond the cap: give up rather than stall the run',
    input: { method: 'GET', attempt: 1, status: 429, retryAfter: '31' },
    expected: null,
  },
  {
    description: 'an HTTP date beyond the cap: give up',
    input: { method: 'GET', attempt: 1, status: 429, retryAfter: 'Wed, 21 Oct 2015 08:28:00 GMT' },
    expected: null,
  },
  {
    description: 'garbage Retry-After falls back to the backoff',
    input: { method: 'GET', attempt: 2, status: 429, retryAfter: 'later' },
    expected: 1_000,
  },
  {
    description: 'Retry-After on a 500 does not make it retryable',
    input: { method: 'GET', attempt: 1, status: 500, retryAfter: '1' },
    expected: null,
  },
  // Transport resets.
  { description: 'GET socket hang up is retried', input: { method: 'GET', attempt: 1, error: reset }, expected: 500 },
  {
    description: 'GET read ECONNRESET is retried',
    input: { method: 'GET', attempt: 2, error: new Error('read ECONNRESET') },
    expected: 1_000,
  },
  { description: 'GET EPIPE is retried', input: { method: 'GET', attempt: 1, error: new Error('write EPIPE') }, expected: 500 },
  {
    description: 'POST reset is never retried (the order may have been placed)',
    input: { method: 'POST', attempt: 1, error: reset },
    expected: null,
  },
  {
    description: 'GET connection refused is not a reset',
    input: { method: 'GET', attempt: 1, error: new Error('connect ECONNREFUSED 127.0.0.1:9') },
    expected: null,
  },
  {
    description: 'GET timeout is not a reset',
    input: { method: 'GET', attempt: 1, error: new Error('Request timed out after 30000ms') },
    expected: null,
  },
  {
    description: 'GET DNS failure is not a reset',
    input: { method: 'GET', attempt: 1, error: new Error('getaddrinfo ENOTFOUND staging.example.com') },
    expected: null,
  },
  { description: 'a thrown string is not a reset', input: { method: 'GET', attempt: 1, error: 'ECONNRESET' }, expected: null },
  { description: 'a reset is bounded like a status', input: { method: 'GET', attempt: 4, error: reset }, expected: null },
];
