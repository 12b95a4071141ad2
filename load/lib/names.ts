/**
 * Names shared by the k6 scripts (which emit metrics and tags) and the Node side (which reads them
 * back from the summary). One table, so a rename cannot split the two.
 * Pure module: no k6 or Node imports.
 */

export const SCENARIOS = ['pagination', 'polling', 'subscriptions', 'rate-probe'] as const;
export type ScenarioName = (typeof SCENARIOS)[number];

export function isScenarioName(value: string): value is ScenarioName {
  return (SCENARIOS as readonly string[]).indexOf(value) >= 0;
}

/** k6 scenario keys (also the `scenario` system tag and the `exec` function names). */
export const SCENARIO_KEY: Record<ScenarioName, string> = {
  pagination: 'pagination',
  polling: 'polling',
  subscriptions: 'subscriptions',
  'rate-probe': 'rate_probe',
};

/** Custom metrics. Types are fixed here so the reader knows which values to expect. */
export const METRIC = {
  /** Rate: true for a 429 answer. Kept apart from http_req_failed (429 is an expected answer). */
  rateLimited: 'rate_limited',
  /** Rate, one sample per 429: did it carry Retry-After? */
  retryAfterPresent: 'rate_limit_retry_after_present',
  /** Trend (seconds): the Retry-After values seen. */
  retryAfterSeconds: 'rate_limit_retry_after_seconds',
  /** Rate, one sample per 429 whose body was read: was it a JSON error body with a message? */
  rateLimitJsonBody: 'rate_limit_json_body',
  /** Counter tagged `name`: 3xx answers, failed requests never followed (their Location's origin is in a failed check). */
  redirectsRefused: 'redirects_refused',
  /** Counter: creates subscriptions' setup spent learning the target's currencies (they count against WRITE_BUDGET). */
  setupCreates: 'subscriptions_setup_creates',
  /** Counter tagged `rule`: a contract property that failed under load. */
  contractViolations: 'contract_violations',
  /** Counter tagged `resource`, `page_size`: page walks that reached their end. */
  walksCompleted: 'pagination_walks_completed',
  /** Counter tagged `resource`: walks whose list changed under them (a repeated id withdrawn, not a violation). */
  walksListChanged: 'pagination_walks_list_changed',
  /** Counter: polls whose result was checked. */
  pollsChecked: 'polling_polls_checked',
  subscriptionsCreated: 'subscriptions_created',
  subscriptionsCancelled: 'subscriptions_cancelled',
  /** Counter: creates refused on an offer found closed since setup listed it open (not violations; the VU leaves it out). */
  offersClosed: 'subscriptions_offers_closed',
  /** Counter: cancel refused for a record that was not `accepted` (observation, not failure). */
  cancelRefused: 'subscriptions_cancel_refused',
  /** Counter: iterations skipped because the write budget was spent. */
  writeBudgetSkipped: 'subscriptions_write_budget_skipped',
  /** Counter: records of this run found uncancelled and cancelled by the teardown sweep. */
  subscriptionsSwept: 'subscriptions_swept',
  /** Counter: records of this run still not cancelled after the sweep (must stay 0). */
  subscriptionsLeft: 'subscriptions_left_uncancelled',
  /** Counter tagged `target_rps`: 429 answers per rate step (drives the stop rule). */
  probe429: 'rate_probe_429',
  /** Rate tagged `target_rps`: share of 429 answers per rate step. */
  probeLimitedShare: 'rate_probe_limited_share',
  /** Rate (one sample): did the service answer 2xx again after backing off? */
  probeRecovered: 'rate_probe_recovered',
  /** Trend (ms): from the end of the probe to the first 2xx during recovery. */
  probeRecoveryMs: 'rate_probe_recovery_ms',
} as const;

/** Tag keys we set ourselves (k6 adds `scenario`, `name`, `status`, ...). */
export const TAG = {
  scenario: 'scenario',
  name: 'name',
  pageSize: 'page_size',
  resource: 'resource',
  rule: 'rule',
  targetRps: 'target_rps',
  /** Marks contract checks, so a threshold can hold them apart from status checks. */
  kind: 'check_kind',
} as const;

/**
 * Endpoint names for the `name` tag (URL grouping): ids and query values never reach a time series.
 * The cancel route is target-specific (profile), so its name is built from the profile's method.
 */
export const ENDPOINT = {
  offers: 'GET /offer',
  /** The polling request: same path, told apart because its cost and purpose differ. */
  offersModifiedAfter: 'GET /offer?modifiedAfter',
  offer: 'GET /offer/{offerId}',
  allocations: 'GET /allocation',
  allocation: 'GET /allocation/{offerId}',
  subscriptions: 'GET /subscription',
  createSubscription: 'POST /subscription',
  subscription: 'GET /subscription/{subscriptionId}',
} as const;

export function cancelEndpointName(method: string, pathTemplate: string): string {
  return `${method.toUpperCase()} ${pathTemplate}`;
}

/** Prefix of every record the suite creates; the cleanup sweep of any run finds them by it. */
export const RUN_TAG_PREFIX = 'osd-suite.';
