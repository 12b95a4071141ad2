/**
 * Configuration of the k6 scenarios, read from the environment (k6's __ENV, or process.env on the
 * Node side) with the same variable names as the conformance suite, plus scenario knobs (table
 * KNOBS). Pure module: k6 reads the profile file with open() and hands its text in.
 *
 * The target (API_BASE_URL, API_ENVIRONMENT, API_RATE) is read by the parser the suite uses too (src/contract/target.ts):
 * an unknown remote target is treated as staging, API_RATE defaults to 10 requests/s for remote targets and to unpaced for
 * loopback ones. Here on top: k6 needs API_BASE_URL (npm run load sets it), and writes are refused against production.
 */
import { parseDurationMs } from './durations.ts';
import { CURRENCIES } from './subscription-body.ts';
import type { ScenarioName } from './names.ts';
import { MIN_CREDENTIAL_LENGTH } from '../../src/contract/credentials.ts';
import { displayUrl, readTarget, type TargetEnvironment } from '../../src/contract/target.ts';

// The target's own rules, shared with the suite: re-exported for the scripts and reports that read them here.
export { displayUrl } from '../../src/contract/target.ts';

export type Env = Readonly<Record<string, string | undefined>>;

// The shortest credential value the suite takes: one rule with the suite's configuration (src/contract/credentials.ts).
export { MIN_CREDENTIAL_LENGTH } from '../../src/contract/credentials.ts';

/** One bad variable: what was expected and what was received (never a credential value). */
export interface ConfigIssue {
  variable: string;
  expected: string;
  received: string;
}

export class LoadConfigError extends Error {
  readonly issues: ConfigIssue[];
  constructor(issues: ConfigIssue[]) {
    super(issues.map((i) => `${i.variable}: expected ${i.expected}, got ${i.received}.`).join(' '));
    this.name = 'LoadConfigError';
    this.issues = issues;
  }
}

export type { TargetEnvironment };

export interface Target {
  /** Base URL without trailing slash. */
  baseUrl: string;
  /** The base URL as reports show it: scheme, host, port and path only. */
  displayUrl: string;
  loopback: boolean;
  environment: TargetEnvironment;
  /** Most requests per second any scenario may send (API_RATE); null = no cap (loopback default). */
  rateCap: number | null;
}

export interface Credentials {
  subscriptionKey: string;
  secret: string;
}

export type StatusExpectation = Array<number | string>;

/** The parts of the target profile (API_PROFILE) the load scenarios use. */
export interface LoadProfile {
  name: string;
  cancel: { method: string; path: string } | null;
  maxLimit: number | null;
  status: { create: StatusExpectation; cancel: StatusExpectation };
}

export const DEFAULT_LOAD_PROFILE: LoadProfile = {
  name: 'default (widest reading)',
  cancel: null,
  maxLimit: null,
  status: { create: ['2xx'], cancel: ['2xx'] },
};

export type PagedResource = 'offers' | 'subscriptions' | 'allocations';
export const PAGED_RESOURCES: readonly PagedResource[] = ['offers', 'subscriptions', 'allocations'];

export interface CommonKnobs {
  /** LOAD_DURATION; null = the scenario's own default. */
  durationMs: number | null;
  expectedLatencyMs: number;
  requestTimeoutMs: number;
  p95Ms: number;
  p99Ms: number;
  errorRate: number;
  abortErrorRate: number;
  abortRateLimitedShare: number;
  checkRate: number;
  reportDir: string;
  k6Version: string | null;
  runId: string | null;
  /** LOAD_RUNNER: one runner of a distributed run (per-runner report files, the report in the log too); null = alone. */
  runner: string | null;
}

export interface PaginationKnobs {
  pagesPerSecond: number;
  pageSizes: number[];
  resources: PagedResource[];
  maxPages: number;
}

export interface PollingKnobs {
  intervalMs: number;
  clients: number;
}

export interface SubscriptionKnobs {
  iterationsPerSecond: number;
  writeBudget: number;
  currency: string | null;
  /** API_READ_SETTLE, ms: how long a read after create that does not show the record yet is read again (a replica). */
  readSettleMs: number;
}

export interface RateProbeKnobs {
  start: number;
  step: number;
  max: number;
  stepMs: number;
  minCount: number;
  minShare: number;
  backoffMs: number;
  maxWaitMs: number;
  recoveryAttempts: number;
  /** Every 429 must carry Retry-After: only when the operator promises it (the contract shows no rate limit). */
  requireRetryAfter: boolean;
}

export interface LoadConfig {
  scenario: ScenarioName;
  target: Target;
  credentials: Credentials;
  profile: LoadProfile;
  common: CommonKnobs;
  pagination: PaginationKnobs;
  polling: PollingKnobs;
  subscriptions: SubscriptionKnobs;
  rateProbe: RateProbeKnobs;
}

type KnobKind = 'number' | 'integer' | 'duration' | 'integer-list' | 'list' | 'one-of' | 'string';

export interface KnobSpec {
  name: string;
  scope: ScenarioName | 'all';
  kind: KnobKind;
  /** Default as written in the environment; '' = computed (see `meaning`). */
  fallback: string;
  min?: number;
  max?: number;
  meaning: string;
}

/** Every scenario knob, its default and meaning. README and `npm run load -- --help` print this table. */
export const KNOBS: readonly KnobSpec[] = [
  {
    name: 'LOAD_DURATION',
    scope: 'all',
    kind: 'duration',
    fallback: '',
    meaning:
      'how long the scenario runs (pagination, polling: 30s; subscriptions: WRITE_BUDGET / SUB_RATE; rate-probe: its steps); at least 1s, the shortest scenario k6 runs',
  },
  {
    name: 'LOAD_EXPECTED_LATENCY_MS',
    scope: 'all',
    kind: 'number',
    fallback: '300',
    min: 1,
    meaning: 'latency assumed when sizing preAllocatedVUs from the arrival rate',
  },
  { name: 'LOAD_REQUEST_TIMEOUT', scope: 'all', kind: 'duration', fallback: '10s', meaning: 'per-request timeout' },
  {
    name: 'LOAD_P95_MS',
    scope: 'all',
    kind: 'number',
    fallback: '500',
    min: 1,
    meaning: 'threshold: 95th percentile latency per scenario and per endpoint',
  },
  {
    name: 'LOAD_P99_MS',
    scope: 'all',
    kind: 'number',
    fallback: '1500',
    min: 1,
    meaning: 'threshold: 99th percentile latency per scenario and per endpoint',
  },
  {
    name: 'LOAD_ERROR_RATE',
    scope: 'all',
    kind: 'number',
    fallback: '0.01',
    min: 0,
    max: 1,
    meaning: 'threshold: share of failed requests (429 excluded, it has its own metric)',
  },
  {
    name: 'LOAD_ABORT_ERROR_RATE',
    scope: 'all',
    kind: 'number',
    fallback: '0.1',
    min: 0,
    max: 1,
    meaning: 'safety: abort the run once this share of requests fails (after 5s)',
  },
  {
    name: 'LOAD_ABORT_429_SHARE',
    scope: 'all',
    kind: 'number',
    fallback: '0.2',
    min: 0,
    max: 1,
    meaning: 'safety: abort a non-probe run once this share of answers is 429 (after 5s)',
  },
  {
    name: 'LOAD_CHECK_RATE',
    scope: 'all',
    kind: 'number',
    fallback: '0.99',
    min: 0,
    max: 1,
    meaning: 'threshold: share of passing checks',
  },
  {
    name: 'LOAD_REPORT_DIR',
    scope: 'all',
    kind: 'string',
    fallback: 'reports/load',
    meaning: 'where handleSummary writes <scenario>.json and <scenario>.junit.xml (must exist)',
  },
  {
    name: 'LOAD_RUNNER',
    scope: 'all',
    kind: 'string',
    fallback: '',
    meaning:
      "this runner's name in a distributed run (k6-operator: the pod's name): its reports are <scenario>.<runner>.json and .junit.xml, and its log ends with the report as one marked line, which load:compare reads from saved logs",
  },
  {
    name: 'LOAD_K6_VERSION',
    scope: 'all',
    kind: 'string',
    fallback: '',
    meaning: 'k6 version recorded in the report (set by npm run load from `k6 version`)',
  },
  {
    name: 'PAGE_RATE',
    scope: 'pagination',
    kind: 'number',
    fallback: '5',
    min: 0.01,
    meaning: 'page requests started per second (constant-arrival-rate)',
  },
  {
    name: 'PAGE_SIZES',
    scope: 'pagination',
    kind: 'integer-list',
    fallback: '1,7,25,100',
    min: 1,
    meaning: 'page sizes (limit) walked; sizes above the profile maxLimit are dropped',
  },
  { name: 'PAGE_RESOURCES', scope: 'pagination', kind: 'list', fallback: 'offers,subscriptions,allocations', meaning: 'lists walked' },
  {
    name: 'PAGE_MAX_PAGES',
    scope: 'pagination',
    kind: 'integer',
    fallback: '500',
    min: 2,
    meaning: 'a walk longer than this is reported as not ending',
  },
  { name: 'POLL_INTERVAL', scope: 'polling', kind: 'duration', fallback: '2s', meaning: 'interval between two polls of one client' },
  {
    name: 'POLL_CLIENTS',
    scope: 'polling',
    kind: 'integer',
    fallback: '2',
    min: 1,
    max: 100,
    meaning: 'polling clients (polls per interval)',
  },
  {
    name: 'SUB_RATE',
    scope: 'subscriptions',
    kind: 'number',
    fallback: '1',
    min: 0.01,
    meaning: 'create -> read -> cancel flows started per second',
  },
  {
    name: 'WRITE_BUDGET',
    scope: 'subscriptions',
    kind: 'integer',
    fallback: '20',
    min: 1,
    max: 10_000,
    meaning: 'most subscriptions the run may create',
  },
  {
    name: 'SUB_CURRENCY',
    scope: 'subscriptions',
    kind: 'one-of',
    fallback: '',
    meaning: `currency of the API client, one of ${CURRENCIES.join(', ')} (default: API_CLIENT_CURRENCY, else the offer's acceptedCurrency, on offers in the currencies a create per currency in setup shows the target takes)`,
  },
  {
    name: 'API_READ_SETTLE',
    scope: 'subscriptions',
    kind: 'number',
    fallback: '2',
    min: 0,
    max: 60,
    meaning:
      'seconds a read after create that does not show the record yet is read again (a replica shows a write a moment later), as in the conformance suite',
  },
  { name: 'RATE_START', scope: 'rate-probe', kind: 'integer', fallback: '2', min: 1, meaning: 'first step, requests/s' },
  { name: 'RATE_STEP', scope: 'rate-probe', kind: 'integer', fallback: '2', min: 1, meaning: 'increase per step, requests/s' },
  {
    name: 'RATE_MAX',
    scope: 'rate-probe',
    kind: 'integer',
    fallback: '',
    min: 1,
    meaning: 'ceiling, requests/s (default: API_RATE for remote targets, 40 for loopback)',
  },
  { name: 'RATE_STEP_DURATION', scope: 'rate-probe', kind: 'duration', fallback: '5s', meaning: 'time spent at each step' },
  {
    name: 'RATE_SUSTAINED_MIN_429',
    scope: 'rate-probe',
    kind: 'integer',
    fallback: '3',
    min: 1,
    meaning: 'a step with at least this many 429s (and the share below) is "sustained"; the probe stops there',
  },
  {
    name: 'RATE_SUSTAINED_MIN_SHARE',
    scope: 'rate-probe',
    kind: 'number',
    fallback: '0.02',
    min: 0,
    max: 1,
    meaning: "share of the step's planned requests that must be 429 to count as sustained",
  },
  {
    name: 'RATE_BACKOFF',
    scope: 'rate-probe',
    kind: 'duration',
    fallback: '5s',
    meaning: 'pause after the probe before checking recovery',
  },
  {
    name: 'RATE_MAX_WAIT',
    scope: 'rate-probe',
    kind: 'duration',
    fallback: '30s',
    meaning: 'longest Retry-After honoured while checking recovery',
  },
  {
    name: 'RATE_RECOVERY_ATTEMPTS',
    scope: 'rate-probe',
    kind: 'integer',
    fallback: '6',
    min: 1,
    max: 50,
    meaning: 'requests sent while checking recovery',
  },
  {
    name: 'RATE_REQUIRE_RETRY_AFTER',
    scope: 'rate-probe',
    kind: 'one-of',
    fallback: 'no',
    meaning:
      'yes: every 429 must carry Retry-After (rule retry-after-given), for an operator who promises it; the contract shows no rate limit, so by default a 429 without it is only counted',
  },
];

class IssueCollector {
  readonly issues: ConfigIssue[] = [];
  add(variable: string, expected: string, received: string): void {
    this.issues.push({ variable, expected, received: received === '' ? '(empty)' : `"${received}"` });
  }
}

function spec(name: string): KnobSpec {
  for (const k of KNOBS) if (k.name === name) return k;
  throw new Error(`unknown knob ${name}`);
}

function bounds(k: KnobSpec): string {
  if (k.min !== undefined && k.max !== undefined) return ` between ${k.min} and ${k.max}`;
  if (k.min !== undefined) return ` of at least ${k.min}`;
  if (k.max !== undefined) return ` of at most ${k.max}`;
  return '';
}

function inBounds(k: KnobSpec, n: number): boolean {
  return Number.isFinite(n) && (k.min === undefined || n >= k.min) && (k.max === undefined || n <= k.max);
}

/** Reads knobs by name from the table, collecting issues instead of stopping at the first. */
class KnobReader {
  private readonly env: Env;
  private readonly out: IssueCollector;
  constructor(env: Env, out: IssueCollector) {
    this.env = env;
    this.out = out;
  }

  private raw(name: string, fallback?: string): string {
    const v = this.env[name];
    return v === undefined || v.trim() === '' ? (fallback ?? spec(name).fallback) : v.trim();
  }

  number(name: string, fallback?: string): number {
    const k = spec(name);
    const text = this.raw(name, fallback);
    const n = Number(text);
    const integer = k.kind === 'integer';
    if (text === '' || !inBounds(k, n) || (integer && !Number.isInteger(n))) {
      this.out.add(name, `${integer ? 'a whole number' : 'a number'}${bounds(k)}`, text);
      return k.min ?? 0;
    }
    return n;
  }

  duration(name: string): number {
    const text = this.raw(name);
    const ms = parseDurationMs(text);
    if (ms === null || ms <= 0) {
      this.out.add(name, 'a duration such as 500ms, 30s or 2m', text);
      return 1000;
    }
    return ms;
  }

  optionalDuration(name: string): number | null {
    return this.raw(name) === '' ? null : this.duration(name);
  }

  integerList(name: string): number[] {
    const k = spec(name);
    const text = this.raw(name);
    const parts = text
      .split(',')
      .map((p) => p.trim())
      .filter((p) => p !== '');
    const values = parts.map(Number);
    if (values.length === 0 || values.some((n) => !Number.isInteger(n) || !inBounds(k, n))) {
      this.out.add(name, `a comma-separated list of whole numbers${bounds(k)}`, text);
      return [];
    }
    return values.filter((n, i) => values.indexOf(n) === i);
  }

  list<T extends string>(name: string, allowed: readonly T[]): T[] {
    const text = this.raw(name);
    const parts = text
      .split(',')
      .map((p) => p.trim())
      .filter((p) => p !== '');
    const bad = parts.filter((p) => (allowed as readonly string[]).indexOf(p) < 0);
    if (parts.length === 0 || bad.length > 0) {
      this.out.add(name, `a comma-separated list of ${allowed.join(', ')}`, text);
      return [];
    }
    return parts.filter((p, i) => parts.indexOf(p) === i) as T[];
  }

  string(name: string): string | null {
    const text = this.raw(name);
    return text === '' ? null : text;
  }

  /** One of `allowed`, exactly as written, or null when unset (a variable of the suite's too: read as it is, no table fallback). */
  oneOf<T extends string>(name: string, allowed: readonly T[]): T | null {
    const text = this.env[name]?.trim() ?? '';
    if (text === '') return null;
    if ((allowed as readonly string[]).indexOf(text) < 0) {
      this.out.add(name, `one of ${allowed.join(', ')}`, text);
      return null;
    }
    return text as T;
  }
}

function isStatusExpectation(value: unknown): value is StatusExpectation {
  return (
    Array.isArray(value) &&
    value.length > 0 &&
    value.every(
      (v) => (typeof v === 'number' && Number.isInteger(v) && v >= 100 && v <= 599) || (typeof v === 'string' && /^[1-5]xx$/.test(v)),
    )
  );
}

/**
 * The load scenarios' view of a target profile. The full profile is validated with its JSON Schema on
 * the Node side (src/config/target-profile.ts); k6 cannot run Ajv, so this reads only what it needs and checks shapes.
 */
export function parseLoadProfile(text: string, source: string): LoadProfile {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new LoadConfigError([{ variable: 'API_PROFILE', expected: 'a JSON target profile', received: `${source} (not valid JSON)` }]);
  }
  const issues = new IssueCollector();
  const profile: LoadProfile = { ...DEFAULT_LOAD_PROFILE, status: { ...DEFAULT_LOAD_PROFILE.status } };
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw new LoadConfigError([{ variable: 'API_PROFILE', expected: 'a JSON object', received: source }]);
  }
  const p = json as Record<string, unknown>;
  if (typeof p.name === 'string') profile.name = p.name;
  const cancel = p.cancel;
  if (cancel !== undefined && cancel !== null) {
    const c = cancel as Record<string, unknown>;
    if (typeof c.method === 'string' && typeof c.path === 'string' && c.path.indexOf('{subscriptionId}') >= 0) {
      profile.cancel = { method: c.method.toUpperCase(), path: c.path };
    } else {
      issues.add('API_PROFILE', 'cancel to be null or {method, path} with {subscriptionId} in the path', source);
    }
  }
  if (p.maxLimit !== undefined && p.maxLimit !== null) {
    if (typeof p.maxLimit === 'number' && Number.isInteger(p.maxLimit) && p.maxLimit >= 1) profile.maxLimit = p.maxLimit;
    else issues.add('API_PROFILE', 'maxLimit to be null or a whole number of at least 1', source);
  }
  const status = (p.status ?? {}) as Record<string, unknown>;
  for (const key of ['create', 'cancel'] as const) {
    if (status[key] === undefined) continue;
    const value = status[key];
    if (isStatusExpectation(value)) profile.status[key] = value;
    else issues.add('API_PROFILE', `status.${key} to be a list of status codes or classes like "2xx"`, source);
  }
  if (issues.issues.length > 0) throw new LoadConfigError(issues.issues);
  return profile;
}

export function statusMatches(expectation: StatusExpectation, status: number): boolean {
  return expectation.some((e) => (typeof e === 'number' ? e === status : Math.floor(status / 100) === Number(e.charAt(0))));
}

export interface ReadOptions {
  /**
   * A k6 script's init context: the credentials may be absent there (k6 archive and k6 inspect, which k6-operator's
   * initializer runs with no Secret), and the options come out the same; the first request refuses instead
   * (runtime.ts). A credential that is given is still checked here.
   */
  credentialsLater?: boolean;
}

/** The credentials that are missing, as issues (never a value: only which one). */
export function missingCredentials(credentials: Credentials): ConfigIssue[] {
  const issues: ConfigIssue[] = [];
  if (credentials.subscriptionKey === '')
    issues.push({ variable: 'API_SUBSCRIPTION_KEY', expected: 'the subscription key header value', received: '' });
  if (credentials.secret === '') issues.push({ variable: 'API_SECRET', expected: 'the secret header value', received: '' });
  return issues;
}

/**
 * Reads and checks the whole configuration for one scenario. Throws LoadConfigError listing every
 * bad variable. `profileText` is the content of API_PROFILE (null when unset).
 */
export function readLoadConfig(scenario: ScenarioName, env: Env, profileText: string | null, read: ReadOptions = {}): LoadConfig {
  const out = new IssueCollector();
  const knobs = new KnobReader(env, out);

  const { target, issues: targetIssues } = readTarget(env);
  for (const i of targetIssues) out.add(i.variable, i.expected, i.received);
  if (target.baseUrl === null && !targetIssues.some((i) => i.variable === 'API_BASE_URL'))
    out.add(
      'API_BASE_URL',
      'the target base URL (npm run load starts the bundled reference server when it is unset; plain k6 needs it)',
      '',
    );
  const baseUrl = target.baseUrl ?? '';
  const shown = displayUrl(baseUrl) ?? '';
  const loopback = target.baseUrl !== null && target.loopback;
  const environment: TargetEnvironment = target.environment;

  const subscriptionKey = env.API_SUBSCRIPTION_KEY ?? '';
  const secret = env.API_SECRET ?? '';
  if (!read.credentialsLater) out.issues.push(...missingCredentials({ subscriptionKey, secret }));
  for (const [variable, value] of [
    ['API_SUBSCRIPTION_KEY', subscriptionKey],
    ['API_SECRET', secret],
  ] as const)
    if (value !== '' && value.length < MIN_CREDENTIAL_LENGTH)
      out.issues.push({
        variable,
        expected: `at least ${MIN_CREDENTIAL_LENGTH} characters (a shorter credential cannot be redacted from reports)`,
        received: `${value.length} character(s)`,
      });

  const rateCap = target.rate === 0 ? null : target.rate;

  const runIdRaw = (env.RUN_ID ?? '').trim();
  if (runIdRaw !== '' && !/^[A-Za-z0-9_-]{1,40}$/.test(runIdRaw)) {
    out.add('RUN_ID', 'letters, digits, "-" and "_" (at most 40)', runIdRaw);
  }

  let profile = DEFAULT_LOAD_PROFILE;
  if (profileText !== null) {
    try {
      profile = parseLoadProfile(profileText, (env.API_PROFILE ?? '').trim());
    } catch (error) {
      if (error instanceof LoadConfigError) out.issues.push(...error.issues);
      else throw error;
    }
  }

  const common: CommonKnobs = {
    durationMs: knobs.optionalDuration('LOAD_DURATION'),
    expectedLatencyMs: knobs.number('LOAD_EXPECTED_LATENCY_MS'),
    requestTimeoutMs: knobs.duration('LOAD_REQUEST_TIMEOUT'),
    p95Ms: knobs.number('LOAD_P95_MS'),
    p99Ms: knobs.number('LOAD_P99_MS'),
    errorRate: knobs.number('LOAD_ERROR_RATE'),
    abortErrorRate: knobs.number('LOAD_ABORT_ERROR_RATE'),
    abortRateLimitedShare: knobs.number('LOAD_ABORT_429_SHARE'),
    checkRate: knobs.number('LOAD_CHECK_RATE'),
    reportDir: (knobs.string('LOAD_REPORT_DIR') ?? 'reports/load').replace(/\/+$/, ''),
    k6Version: knobs.string('LOAD_K6_VERSION'),
    runId: runIdRaw === '' ? null : runIdRaw,
    runner: knobs.string('LOAD_RUNNER'),
  };
  if (common.runner !== null && !/^[A-Za-z0-9][A-Za-z0-9._-]{0,119}$/.test(common.runner))
    out.add('LOAD_RUNNER', 'letters, digits, ".", "-" and "_" (at most 120), as a pod name', common.runner);

  // Only the chosen scenario's knobs are read strictly; the others keep their defaults.
  const readerFor = (scope: ScenarioName): KnobReader => (scope === scenario ? knobs : new KnobReader({}, new IssueCollector()));
  const pageReader = readerFor('pagination');
  const pagination: PaginationKnobs = {
    pagesPerSecond: pageReader.number('PAGE_RATE'),
    pageSizes: pageReader.integerList('PAGE_SIZES'),
    resources: pageReader.list('PAGE_RESOURCES', PAGED_RESOURCES),
    maxPages: pageReader.number('PAGE_MAX_PAGES'),
  };
  const pollingReader = readerFor('polling');
  const polling: PollingKnobs = {
    intervalMs: pollingReader.duration('POLL_INTERVAL'),
    clients: pollingReader.number('POLL_CLIENTS'),
  };
  const subReader = readerFor('subscriptions');
  const subscriptions: SubscriptionKnobs = {
    iterationsPerSecond: subReader.number('SUB_RATE'),
    writeBudget: subReader.number('WRITE_BUDGET'),
    // The load's own name for it first, then the suite's (one set of names serves every entry point); each checked
    // against the contract's currencies, as the suite checks API_CLIENT_CURRENCY (a misspelt one would match no offer).
    currency: subReader.oneOf('SUB_CURRENCY', CURRENCIES) ?? subReader.oneOf('API_CLIENT_CURRENCY', CURRENCIES),
    readSettleMs: subReader.number('API_READ_SETTLE') * 1000,
  };
  const probeReader = readerFor('rate-probe');
  const defaultMax = rateCap === null ? 40 : Math.max(1, Math.floor(rateCap));
  const rateProbe: RateProbeKnobs = {
    start: probeReader.number('RATE_START'),
    step: probeReader.number('RATE_STEP'),
    max: probeReader.number('RATE_MAX', String(defaultMax)),
    stepMs: probeReader.duration('RATE_STEP_DURATION'),
    minCount: probeReader.number('RATE_SUSTAINED_MIN_429'),
    minShare: probeReader.number('RATE_SUSTAINED_MIN_SHARE'),
    backoffMs: probeReader.duration('RATE_BACKOFF'),
    maxWaitMs: probeReader.duration('RATE_MAX_WAIT'),
    recoveryAttempts: probeReader.number('RATE_RECOVERY_ATTEMPTS'),
    requireRetryAfter: probeReader.oneOf('RATE_REQUIRE_RETRY_AFTER', ['yes', 'no']) === 'yes',
  };

  const config: LoadConfig = {
    scenario,
    target: { baseUrl, displayUrl: shown, loopback, environment, rateCap },
    credentials: { subscriptionKey, secret },
    profile,
    common,
    pagination,
    polling,
    subscriptions,
    rateProbe,
  };
  if (out.issues.length === 0) checkScenarioRules(config, out);
  if (out.issues.length > 0) throw new LoadConfigError(out.issues);
  return config;
}

/** Requests per second the scenario sends at its peak (setup and teardown are paced separately). */
export function plannedRequestRate(config: LoadConfig): number {
  switch (config.scenario) {
    case 'pagination':
      return config.pagination.pagesPerSecond;
    case 'polling':
      return (config.polling.clients * 1000) / config.polling.intervalMs;
    case 'subscriptions':
      return config.subscriptions.iterationsPerSecond * 3;
    case 'rate-probe':
      return config.rateProbe.max;
  }
}

/**
 * k6 refuses a constant-arrival-rate scenario shorter than 1s with its own message (lib/executor/constant_vus.go,
 * minDuration, in k6 v1.3.0 and v2.2.0): say it first, in ours. Polling runs max(LOAD_DURATION, POLL_INTERVAL).
 * rate-probe ignores LOAD_DURATION (its steps make its length).
 */
export const K6_SHORTEST_SCENARIO_MS = 1000;

function checkShortestScenario(config: LoadConfig, out: IssueCollector): void {
  const duration = config.common.durationMs;
  if (duration === null || duration >= K6_SHORTEST_SCENARIO_MS || config.scenario === 'rate-probe') return;
  if (config.scenario === 'polling' && config.polling.intervalMs >= K6_SHORTEST_SCENARIO_MS) return;
  const polling =
    config.scenario === 'polling' ? ` (polling runs the longer of LOAD_DURATION and POLL_INTERVAL=${config.polling.intervalMs}ms)` : '';
  out.add('LOAD_DURATION', `at least 1s, k6's shortest arrival-rate scenario${polling}`, `${duration}ms`);
}

/** Cross-variable rules: rate cap, write safety, probe ceiling, k6's shortest scenario. */
function checkScenarioRules(config: LoadConfig, out: IssueCollector): void {
  const cap = config.target.rateCap;
  const planned = plannedRequestRate(config);
  if (cap !== null && planned > cap + 1e-9) {
    const knob = {
      pagination: 'PAGE_RATE',
      polling: 'POLL_CLIENTS / POLL_INTERVAL',
      subscriptions: 'SUB_RATE (3 requests per flow)',
      'rate-probe': 'RATE_MAX',
    }[config.scenario];
    out.add(knob, `at most API_RATE=${cap} requests/s`, `${Math.round(planned * 100) / 100} requests/s`);
  }
  if (config.scenario === 'subscriptions') {
    if (config.target.environment === 'production') {
      out.add(
        'API_ENVIRONMENT',
        'not production: the subscriptions scenario creates records and is refused against production',
        'production',
      );
    }
    if (config.profile.cancel === null) {
      out.add(
        'API_PROFILE',
        'a target profile that names the cancel route (the contract does not show it, and every created record must be cancelled)',
        config.profile.name,
      );
    }
    const budget = config.subscriptions.writeBudget;
    const duration = config.common.durationMs;
    if (duration !== null) {
      const planned = Math.ceil((config.subscriptions.iterationsPerSecond * duration) / 1000);
      if (planned > budget) {
        out.add(
          'LOAD_DURATION',
          `at most ${Math.floor((budget / config.subscriptions.iterationsPerSecond) * 1000)}ms at SUB_RATE=${config.subscriptions.iterationsPerSecond} within WRITE_BUDGET=${budget}`,
          `${duration}ms (${planned} creates)`,
        );
      }
    }
  }
  checkShortestScenario(config, out);
  if (config.scenario === 'rate-probe' && config.rateProbe.start > config.rateProbe.max) {
    out.add('RATE_START', `at most RATE_MAX=${config.rateProbe.max}`, String(config.rateProbe.start));
  }
  if (config.scenario === 'pagination' && config.pagination.pageSizes.length > 0) {
    const max = config.profile.maxLimit;
    if (max !== null && config.pagination.pageSizes.every((s) => s > max)) {
      out.add('PAGE_SIZES', `at least one size within the profile maxLimit ${max}`, config.pagination.pageSizes.join(','));
    }
  }
}

/** Settings recorded in the report (no credentials), so runs can be compared like for like. */
export function scenarioSettings(config: LoadConfig): Record<string, string | number | boolean | null | Array<string | number>> {
  const base = {
    environment: config.target.environment,
    profile: config.profile.name,
    rateCap: config.target.rateCap,
    expectedLatencyMs: config.common.expectedLatencyMs,
    durationMs: config.common.durationMs,
  };
  switch (config.scenario) {
    case 'pagination':
      return {
        ...base,
        pagesPerSecond: config.pagination.pagesPerSecond,
        pageSizes: config.pagination.pageSizes,
        resources: config.pagination.resources,
        maxPages: config.pagination.maxPages,
      };
    case 'polling':
      return { ...base, pollIntervalMs: config.polling.intervalMs, pollClients: config.polling.clients };
    case 'subscriptions':
      return { ...base, iterationsPerSecond: config.subscriptions.iterationsPerSecond, writeBudget: config.subscriptions.writeBudget };
    case 'rate-probe':
      return {
        ...base,
        start: config.rateProbe.start,
        step: config.rateProbe.step,
        max: config.rateProbe.max,
        stepMs: config.rateProbe.stepMs,
        sustainedMin429: config.rateProbe.minCount,
        sustainedMinShare: config.rateProbe.minShare,
      };
  }
}

export function knobsFor(scenario: ScenarioName | 'all'): KnobSpec[] {
  return KNOBS.filter((k) => k.scope === 'all' || k.scope === scenario);
}
