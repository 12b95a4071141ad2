/**
 * k6 glue: one way to call the API. Every request carries the `name` tag (URL grouping, so ids and
 * query values never become time series), its body is read only when asked (the scripts set
 * discardResponseBodies) and parsed at most once, and a 429 is counted in rate_limited, never as a
 * failed request.
 */
import { sleep } from 'k6';
import http from 'k6/http';
import type { LoadConfig } from './config.ts';
import { apiHeaders } from './k6-env.ts';
import { rateLimitJsonBody, rateLimited, retryAfterPresent, retryAfterSeconds } from './k6-metrics.ts';
import { TAG } from './names.ts';
import { describeRateLimited, headerValue, isJsonContentType, parseRetryAfter } from './rate-probe.ts';
import { type Query, joinUrl, withQuery } from './url.ts';

// 2xx/3xx and 429 are expected answers: http_req_failed then counts only real failures, and 429s
// are tracked in their own metric. Set at init, so every VU has it.
http.setResponseCallback(http.expectedStatuses({ min: 200, max: 399 }, 429));

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface CallSpec {
  method: Method;
  path: string;
  query?: Query;
  /** Endpoint name for the `name` tag, e.g. "GET /offer/{offerId}". */
  name: string;
  tags?: Record<string, string>;
  body?: unknown;
  /** Read and parse the body (responseType text); otherwise k6 discards it. */
  readBody: boolean;
  /**
   * Statuses that are expected answers to this request beside 2xx, 3xx and 429 (not counted in http_req_failed): a 404
   * to a read of a record just created, from a replica that shows it a moment later (API_READ_SETTLE).
   */
  alsoExpected?: number[];
}

export interface CallResult {
  status: number;
  limited: boolean;
  /** Parsed body of a 2xx answer; undefined when not read, not 2xx, or not JSON. */
  json: unknown;
  /** True when the body was read, the answer was 2xx and it parsed as JSON. */
  parsed: boolean;
  contentTypeJson: boolean;
  headers: Record<string, string>;
  /** Transport error text from k6 (timeouts, refused connections), else ''. */
  error: string;
}

export function call(config: LoadConfig, spec: CallSpec): CallResult {
  const url = joinUrl(config.target.baseUrl, withQuery(spec.path, spec.query));
  const tags: Record<string, string> = { ...(spec.tags ?? {}), [TAG.name]: spec.name };
  const hasBody = spec.body !== undefined;
  const res = http.request(spec.method, url, hasBody ? JSON.stringify(spec.body) : null, {
    headers: apiHeaders(config, hasBody),
    tags,
    timeout: config.common.requestTimeoutMs,
    // Never followed (the options say so too): a redirect would take the credential headers to another host.
    redirects: 0,
    responseType: spec.readBody ? 'text' : 'none',
    ...(spec.alsoExpected?.length && { responseCallback: http.expectedStatuses({ min: 200, max: 399 }, 429, ...spec.alsoExpected) }),
  });
  const headers = res.headers;
  const bodyText = spec.readBody && typeof res.body === 'string' ? res.body : null;
  const limited = res.status === 429;
  rateLimited.add(limited, { [TAG.name]: spec.name });
  if (limited) {
    const answer = describeRateLimited(headers, bodyText, Date.now());
    retryAfterPresent.add(answer.retryAfterPresent);
    if (answer.retryAfterSeconds !== null) retryAfterSeconds.add(answer.retryAfterSeconds);
    if (answer.jsonErrorBody !== null) rateLimitJsonBody.add(answer.jsonErrorBody);
  }
  let json: unknown;
  let parsed = false;
  if (bodyText !== null && res.status >= 200 && res.status < 300) {
    try {
      json = JSON.parse(bodyText);
      parsed = true;
    } catch {
      json = undefined;
    }
  }
  return {
    status: res.status,
    limited,
    json,
    parsed,
    contentTypeJson: isJsonContentType(headerValue(headers, 'Content-Type')),
    headers,
    error: res.error,
  };
}

/** Seconds to wait before retrying a read that got 429 or 503: Retry-After (capped) or 1s. */
function retryWaitSeconds(result: CallResult, capSeconds: number): number {
  const advised = parseRetryAfter(headerValue(result.headers, 'Retry-After'), Date.now());
  return Math.min(capSeconds, advised === null ? 1 : Math.max(advised, 0.2));
}

/**
 * For setup and teardown reads only: idempotent, so a 429 or 503 is retried after Retry-After,
 * at most `attempts` times. Creates and cancels are never retried (the service does no duplicate detection).
 */
export function readWithRetry(config: LoadConfig, spec: CallSpec, attempts = 5): CallResult {
  let result = call(config, spec);
  for (let i = 1; i < attempts && (result.status === 429 || result.status === 503); i++) {
    sleep(retryWaitSeconds(result, 10));
    result = call(config, spec);
  }
  return result;
}

/** Keeps setup and teardown within API_RATE (no pause for uncapped local targets). */
export function pace(config: LoadConfig): void {
  if (config.target.rateCap !== null) sleep(1 / config.target.rateCap);
}
