/**
 * THE k6 BINDING: the one module of load/lib that imports k6 (k6, k6/http, k6/metrics, k6/execution). It binds them to
 * the port (port.ts) the flows are written against; the four scripts in load/ call `k6Port()` at init and hand it to
 * their flow. Follows k6's documented APIs only: http.request with Params (redirects, responseType, tags,
 * responseCallback), http.expectedStatuses, http.setResponseCallback, check, sleep, Counter/Rate/Trend, exec.vu /
 * exec.scenario, open(), __ENV.
 * Nothing here runs under Node: keep it this thin (npm run coverage:load lists it among the k6-only files).
 */
import { check, sleep } from 'k6';
import exec from 'k6/execution';
import http from 'k6/http';
import { Counter, Rate, Trend } from 'k6/metrics';
import type { HttpAnswer, LoadPort, MetricKind, MetricSink } from './port.ts';
import { EXPECTED_STATUSES } from './requests.ts';

type ResponseCallback = ReturnType<typeof http.expectedStatuses>;

const expected = (...more: number[]): ResponseCallback =>
  http.expectedStatuses({ min: EXPECTED_STATUSES.min, max: EXPECTED_STATUSES.max }, ...EXPECTED_STATUSES.also, ...more);

// A request's own responseCallback is made once per set of statuses and reused, as k6's docs ask of a per-request one.
const callbacks: Record<string, ResponseCallback> = {};
const expectedAlso = (more: readonly number[]): ResponseCallback => {
  const key = more.join(',');
  if (!(key in callbacks)) callbacks[key] = expected(...more);
  return callbacks[key];
};

// 2xx and 429 are expected answers: http_req_failed then counts real failures (a 3xx among them), and 429s are
// tracked in their own metric. Set at init, so every VU has it.
http.setResponseCallback(expected());

const METRIC_TYPES: Record<MetricKind, typeof Counter | typeof Rate | typeof Trend> = { counter: Counter, rate: Rate, trend: Trend };

/** The port bound to k6: call at init (metrics must exist before the thresholds name them). */
export function k6Port(): LoadPort {
  return {
    engine: 'k6',
    env: __ENV,
    readFile: (path) => open(path),
    request(req, alsoExpected): HttpAnswer {
      const res = http.request(req.method, req.url, req.body, {
        ...req.params,
        ...(alsoExpected.length > 0 && { responseCallback: expectedAlso(alsoExpected) }),
      });
      return { status: res.status, headers: res.headers, body: typeof res.body === 'string' ? res.body : null, error: res.error };
    },
    check: (value, conditions, tags) => check(value, conditions, tags),
    metric: (kind, name, isTime): MetricSink => new METRIC_TYPES[kind](name, isTime),
    sleep,
    now: () => Date.now(),
    execution: () => ({ vu: exec.vu.idInTest, iterationInTest: exec.scenario.iterationInTest, scenarioStartTime: exec.scenario.startTime }),
  };
}
