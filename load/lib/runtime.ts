/**
 * What every flow does through the port, written once: one way to call the API, the checks, the custom metrics and
 * the configuration. Pure module (no k6 import): created once per VU at init, by whichever engine binds the port.
 *
 * Calls: requests are built by requests.ts (no redirect is followed); every request carries the `name` tag (URL
 * grouping, so ids and query values never become time series); a body is read only when asked and parsed at most
 * once; a 429 is counted in rate_limited, never as a failed request; a 3xx is a failed request, counted in
 * redirects_refused and named with its Location's origin in a failed check.
 *
 * Checks: answer checks stay cheap (status, content type); contract findings come from the pure rules, become checks
 * named after their rule, and a failed one adds to contract_violations{rule}, which has a count==0 threshold.
 */
import { type LoadConfig, LoadConfigError, missingCredentials, readLoadConfig } from './config.ts';
import { METRIC, type ScenarioName, TAG } from './names.ts';
import type { LoadPort, MetricSink } from './port.ts';
import { describeRateLimited, headerValue, isJsonContentType, retryAfterInSeconds } from './rate-probe.ts';
import { type CallSpec, buildRequest, redirectCheckName, redirectRefusal } from './requests.ts';
import { type Finding, ruleTitle } from './rules.ts';
import { generatedRunId } from './subscription-body.ts';
import { absolutePath } from './url.ts';

export type { CallSpec, Method } from './requests.ts';

export interface CallResult {
  status: number;
  limited: boolean;
  /** Parsed body of a 2xx answer; undefined when not read, not 2xx, or not JSON. */
  json: unknown;
  /** True when the body was read, the answer was 2xx and it parsed as JSON. */
  parsed: boolean;
  contentTypeJson: boolean;
  headers: Record<string, string>;
  /** Transport error text (timeouts, refused connections), else ''. */
  error: string;
}

/** The custom metrics, by their key in names.ts. */
export type Metrics = Record<keyof typeof METRIC, MetricSink>;

const METRIC_KINDS: Record<keyof typeof METRIC, { kind: 'counter' | 'rate' | 'trend'; isTime?: boolean }> = {
  rateLimited: { kind: 'rate' },
  retryAfterPresent: { kind: 'rate' },
  retryAfterSeconds: { kind: 'trend' },
  rateLimitJsonBody: { kind: 'rate' },
  redirectsRefused: { kind: 'counter' },
  setupCreates: { kind: 'counter' },
  contractViolations: { kind: 'counter' },
  walksCompleted: { kind: 'counter' },
  walksListChanged: { kind: 'counter' },
  pollsChecked: { kind: 'counter' },
  subscriptionsCreated: { kind: 'counter' },
  subscriptionsCancelled: { kind: 'counter' },
  offersClosed: { kind: 'counter' },
  cancelRefused: { kind: 'counter' },
  writeBudgetSkipped: { kind: 'counter' },
  subscriptionsSwept: { kind: 'counter' },
  subscriptionsLeft: { kind: 'counter' },
  probe429: { kind: 'counter' },
  probeLimitedShare: { kind: 'rate' },
  probeRecovered: { kind: 'rate' },
  probeRecoveryMs: { kind: 'trend', isTime: true },
};

/**
 * The configuration from the port's environment, the target profile read through it. A bad configuration stops the
 * script at init with one message listing every bad variable.
 */
export function loadConfigFrom(port: LoadPort, scenario: ScenarioName): LoadConfig {
  const rawPath = (port.env.API_PROFILE ?? '').trim();
  let profileText: string | null = null;
  if (rawPath !== '') {
    // k6's open() resolves relative paths against the script's folder; users mean the working directory.
    const path = absolutePath(rawPath, port.env.PWD ?? null);
    try {
      profileText = port.readFile(path);
    } catch (error) {
      throw new Error(`load ${scenario}: API_PROFILE "${rawPath}" cannot be read (${String(error)}); give an absolute path.`);
    }
  }
  try {
    // Init context: options must not depend on the credentials (issue 51); they are required by the first request.
    return readLoadConfig(scenario, port.env, profileText, { credentialsLater: true });
  } catch (error) {
    if (error instanceof LoadConfigError) throw new Error(`load ${scenario}: configuration refused. ${error.message}`);
    throw error;
  }
}

/** Violations printed per VU; the rest are only counted, so a broken target cannot flood the log. */
const LOGGED_PER_VU = 5;

export interface LoadRuntime {
  readonly port: LoadPort;
  readonly config: LoadConfig;
  readonly metrics: Metrics;
  call(spec: CallSpec): CallResult;
  readWithRetry(spec: CallSpec, attempts?: number): CallResult;
  pace(): void;
  recordFindings(scenario: ScenarioName, findings: ReadonlyArray<Finding<string>>): boolean;
  checkAnswer(endpoint: string, result: CallResult, expected: (status: number) => boolean, describe: string, wantJson: boolean): boolean;
  /** RUN_ID, or one made up in setup() (init code runs once per VU, so it must not be made there). */
  runId(): string;
}

/** Created once per VU, at init: the metrics exist before the thresholds name them. */
export function createRuntime(port: LoadPort, config: LoadConfig): LoadRuntime {
  const metrics = Object.fromEntries(
    Object.entries(METRIC_KINDS).map(([key, m]) => [key, port.metric(m.kind, METRIC[key as keyof typeof METRIC], m.isTime)]),
  ) as Metrics;
  let logged = 0;

  let credentialsChecked = false;
  function call(spec: CallSpec): CallResult {
    if (!credentialsChecked) {
      const missing = missingCredentials(config.credentials);
      if (missing.length > 0) throw new Error(`load ${config.scenario}: configuration refused. ${new LoadConfigError(missing).message}`);
      credentialsChecked = true;
    }
    const req = buildRequest(config, spec);
    const res = port.request(req, spec.alsoExpected ?? []);
    const headers = res.headers;
    const bodyText = spec.readBody ? res.body : null;
    const refused = redirectRefusal(spec.name, res.status, headerValue(headers, 'Location'), req.url);
    if (refused !== null) {
      metrics.redirectsRefused.add(1, { [TAG.name]: spec.name });
      port.check(refused, { [redirectCheckName(refused)]: () => false });
    }
    const limited = res.status === 429;
    metrics.rateLimited.add(limited, { [TAG.name]: spec.name });
    if (limited) {
      const answer = describeRateLimited(headers, bodyText, port.now());
      metrics.retryAfterPresent.add(answer.retryAfterPresent);
      if (answer.retryAfterSeconds !== null) metrics.retryAfterSeconds.add(answer.retryAfterSeconds);
      if (answer.jsonErrorBody !== null) metrics.rateLimitJsonBody.add(answer.jsonErrorBody);
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
    const advised = retryAfterInSeconds(headerValue(result.headers, 'Retry-After'), port.now());
    return Math.min(capSeconds, advised === null ? 1 : Math.max(advised, 0.2));
  }

  return {
    port,
    config,
    metrics,
    call,
    /**
     * For setup and teardown reads only: idempotent, so a 429 or 503 is retried after Retry-After, at most `attempts`
     * times. Creates and cancels are never retried (the service does no duplicate detection).
     */
    readWithRetry(spec, attempts = 5) {
      let result = call(spec);
      for (let i = 1; i < attempts && (result.status === 429 || result.status === 503); i++) {
        port.sleep(retryWaitSeconds(result, 10));
        result = call(spec);
      }
      return result;
    },
    /** Keeps setup and teardown within API_RATE (no pause for uncapped local targets). */
    pace() {
      if (config.target.rateCap !== null) port.sleep(1 / config.target.rateCap);
    },
    recordFindings(scenario, findings) {
      let allOk = true;
      for (const f of findings) {
        port.check(f, { [`contract: ${ruleTitle(scenario, f.rule)}`]: (x) => x.ok }, { [TAG.rule]: f.rule });
        if (f.ok) continue;
        allOk = false;
        metrics.contractViolations.add(1, { [TAG.rule]: f.rule });
        if (logged < LOGGED_PER_VU) {
          logged++;
          console.warn(`contract violation under load [${f.rule}]: expected ${f.expected ?? '?'}, received ${f.received ?? '?'}`);
        }
      }
      return allOk;
    },
    /** Status and content-type checks of an answer (not called for 429, counted in rate_limited); true when both hold. */
    checkAnswer(endpoint, result, expected, describe, wantJson) {
      const sets: Record<string, (r: CallResult) => boolean> = { [`${endpoint} answers ${describe}`]: (r) => expected(r.status) };
      if (wantJson) sets[`${endpoint} answers JSON`] = (r) => r.contentTypeJson && r.parsed;
      return port.check(result, sets);
    },
    runId() {
      return config.common.runId ?? generatedRunId(port.now(), Math.random());
    },
  };
}

export function isOk(status: number): boolean {
  return status === 200;
}
