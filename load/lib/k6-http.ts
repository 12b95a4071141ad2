/**
 * k6 glue: one way to call the API. Requests are built by requests.ts (pure; no redirect is followed);
 * every request carries the `name` tag (URL grouping, so ids and query values never become time
 * series), its body is read only when asked (the scripts set discardResponseBodies) and parsed at
 * most once, a 429 is counted in rate_limited, never as a failed request, and a 3xx is a failed
 * request, counted in redirects_refused and named with its Location's origin in a failed check.
 */
import { check, sleep } from 'k6';
import http from 'k6/http';
import type { LoadConfig } from './config.ts';
import { rateLimitJsonBody, rateLimited, redirectsRefused, retryAfterPresent, retryAfterSeconds } from './k6-metrics.ts';
import { TAG } from './names.ts';
import { describeRateLimited, headerValue, isJsonContentType, retryAfterInSeconds } from './rate-probe.ts';
import { type CallSpec, EXPECTED_STATUSES, buildRequest, redirectCheckName, redirectRefusal } from './requests.ts';

export type { CallSpec, Method } from './requests.ts';

const expected = (...more: number[]) =>
  http.expectedStatuses({ min: EXPECTED_STATUSES.min, max: EXPECTED_STATUSES.max }, ...EXPECTED_STATUSES.also, ...more);

// 2xx and 429 are expected answers: http_req_failed then counts real failures (a 3xx among them), and 429s
// are tracked in their own metric. Set at init, so every VU has it.
http.setResponseCallback(expected());

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
  const req = buildRequest(config, spec);
  const res = http.request(req.method, req.url, req.body, {
    ...req.params,
    ...(spec.alsoExpected?.length && { responseCallback: expected(...spec.alsoExpected) }),
  });
  const headers = res.headers;
  const bodyText = spec.readBody && typeof res.body === 'string' ? res.body : null;
  const refused = redirectRefusal(spec.name, res.status, headerValue(headers, 'Location'), req.url);
  if (refused !== null) {
    redirectsRefused.add(1, { [TAG.name]: spec.name });
    check(refused, { [redirectCheckName(refused)]: () => false });
  }
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
  const advised = retryAfterInSeconds(headerValue(result.headers, 'Retry-After'), Date.now());
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
