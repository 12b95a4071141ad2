/**
 * What a target is to every entry point (suite, certify, k6): the one parser of API_BASE_URL, API_ENVIRONMENT and
 * API_RATE, with the rules for a target on this machine and for a remote one nobody named. Pure, with no URL class
 * (k6 has none built in): src/config/suite-config.ts and load/lib/config.ts both read the target here, each turning
 * its issues into its own kind of error (one sentence for the suite, a list of expected / received for k6).
 */
export type TargetEnvironment = 'local' | 'staging' | 'production';
export const TARGET_ENVIRONMENTS: readonly TargetEnvironment[] = ['local', 'staging', 'production'];

const LOOPBACK_HOST = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/** A host name (as a URL spells it: IPv6 in brackets) that stays on this machine. */
export function isLoopbackHost(host: string): boolean {
  return LOOPBACK_HOST.test(host);
}

/** The environment of a target that does not name one: an unknown remote target is staging, never careless. */
export function defaultEnvironment(loopback: boolean): TargetEnvironment {
  return loopback ? 'local' : 'staging';
}

/** Requests per second a run sends by default: unpaced on this machine, 10 against anything remote. */
export function defaultRate(loopback: boolean): number {
  return loopback ? 0 : 10;
}

/** A base URL the suite can use: scheme and host in lower case, no default port, no trailing slash. */
export interface TargetUrl {
  baseUrl: string;
  host: string;
  loopback: boolean;
}

/** Why a text is not a base URL the suite takes. */
export type TargetUrlProblem =
  | { problem: 'not-a-url' }
  | { problem: 'scheme'; scheme: string }
  | { problem: 'query-or-fragment' }
  | { problem: 'credentials' };

const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*):/;
// scheme://[userinfo@]host[:port][path][?query][#fragment]; a host is a bracketed IPv6 address or a name without the
// characters a URL forbids in one.
const HTTP_URL = /^(https?):\/\/(?:([^@/?#]*)@)?(\[[0-9A-Fa-f:.]+\]|[^\s/?#@:[\]\\<>^|%]+)(?::(\d*))?((?:[/\\][^?#]*)?)(\?[^#]*)?(#.*)?$/i;
const DEFAULT_PORTS: Readonly<Record<string, string>> = { http: '80', https: '443' };

/**
 * A path as a URL writes it (WHATWG's path percent-encode set, with `^` as the standard has it since 2023 and Node 24
 * writes it): `\\` read as `/`, spaces, quotes, `^` and non-ASCII characters percent-encoded.
 */
function encodedPath(path: string): string {
  return path.replace(/\\/g, '/').replace(/[^\x21-\x7e]|["<>`{}^]/gu, (c) => encodeURIComponent(c));
}

/**
 * API_BASE_URL checked and made canonical: an http(s) URL with a host, without query, fragment or user info (the
 * credentials have their own variables). Leading and trailing blanks are ignored; trailing slashes are dropped.
 */
export function parseTargetUrl(raw: string): TargetUrl | TargetUrlProblem {
  const text = raw.trim();
  const scheme = SCHEME.exec(text)?.[1]?.toLowerCase();
  if (scheme === undefined) return { problem: 'not-a-url' };
  if (scheme !== 'http' && scheme !== 'https') return { problem: 'scheme', scheme };
  const m = HTTP_URL.exec(text);
  const port = m?.[4] ?? '';
  if (!m || (port !== '' && Number(port) > 65535)) return { problem: 'not-a-url' };
  if (m[6] !== undefined || m[7] !== undefined) return { problem: 'query-or-fragment' };
  if (m[2] !== undefined) return { problem: 'credentials' };
  const host = (m[3] ?? '').toLowerCase();
  const portPart = port === '' || DEFAULT_PORTS[scheme] === String(Number(port)) ? '' : `:${Number(port)}`;
  const path = encodedPath(m[5] ?? '').replace(/\/+$/, '');
  return { baseUrl: `${scheme}://${host}${portPart}${path}`, host, loopback: isLoopbackHost(host) };
}

/** Whether a base URL points at this machine (false for anything that is not one). */
export function isLoopbackUrl(url: string): boolean {
  const parsed = parseTargetUrl(url);
  return 'baseUrl' in parsed && parsed.loopback;
}

/** Scheme, host, port and path of an http(s) URL, as reports show it: no user info, query or fragment. Null if not http(s). */
export function displayUrl(url: string): string | null {
  const m = /^(https?):\/\/(?:[^@/?#]*@)?(\[[^\]]+\]|[^:/?#]+)(:\d+)?([^?#]*)/i.exec(url.trim());
  if (!m) return null;
  return `${(m[1] ?? '').toLowerCase()}://${m[2]}${m[3] ?? ''}${(m[4] ?? '').replace(/\/+$/, '')}`;
}

/** One bad variable of the target: what was expected and received (never a credential), and the suite's sentence. */
export interface TargetIssue {
  variable: 'API_BASE_URL' | 'API_ENVIRONMENT' | 'API_RATE';
  expected: string;
  received: string;
  /** The one sentence a configuration error says. */
  sentence: string;
}

/** The target as configured. `baseUrl` null: none given (the suite starts its bundled reference, which is local). */
export interface TargetSettings {
  baseUrl: string | null;
  loopback: boolean;
  environment: TargetEnvironment;
  /** Most requests per second the whole run sends; 0 = unpaced. */
  rate: number;
}

/** The sentence a configuration error says for each problem (the text itself for a URL that is no http(s) one). */
const URL_SENTENCES: Readonly<Record<TargetUrlProblem['problem'], (raw: string, p: TargetUrlProblem) => string>> = {
  'not-a-url': (raw) => `API_BASE_URL "${raw}" is not a valid URL; expected something like https://staging.example.com/api.`,
  scheme: (_raw, p) => `API_BASE_URL must use http or https, got "${'scheme' in p ? p.scheme : ''}:".`,
  'query-or-fragment': () => 'API_BASE_URL must not carry a query string or fragment.',
  credentials: () => 'API_BASE_URL must not embed credentials; use API_SUBSCRIPTION_KEY and API_SECRET.',
};

function urlIssue(raw: string, p: TargetUrlProblem): TargetIssue {
  // A URL that is an http(s) one is shown without its user info, query and fragment: never a credential.
  const http = p.problem === 'query-or-fragment' || p.problem === 'credentials';
  return {
    variable: 'API_BASE_URL',
    expected: http ? 'a URL without query, fragment or embedded credentials' : 'an http(s) URL such as https://staging.example.com/api',
    received: http ? (displayUrl(raw) ?? '') : raw,
    sentence: URL_SENTENCES[p.problem](raw, p),
  };
}

/**
 * Reads the target from the environment: API_BASE_URL (unset or empty: none), API_ENVIRONMENT (case and blanks
 * ignored; default local on this machine, else staging) and API_RATE (blank: the default for the target). Every bad
 * variable is an issue; what could not be read keeps its default.
 */
export function readTarget(env: Readonly<Record<string, string | undefined>>): { target: TargetSettings; issues: TargetIssue[] } {
  const issues: TargetIssue[] = [];
  const rawUrl = env.API_BASE_URL ?? '';
  let baseUrl: string | null = null;
  let loopback = true;
  if (rawUrl !== '') {
    const parsed = parseTargetUrl(rawUrl);
    if ('problem' in parsed) {
      issues.push(urlIssue(rawUrl.trim(), parsed));
      loopback = false;
    } else ({ baseUrl, loopback } = parsed);
  }

  const rawEnvironment = (env.API_ENVIRONMENT ?? '').trim().toLowerCase();
  let environment = defaultEnvironment(loopback);
  if (rawEnvironment !== '') {
    if ((TARGET_ENVIRONMENTS as readonly string[]).includes(rawEnvironment)) environment = rawEnvironment as TargetEnvironment;
    else
      issues.push({
        variable: 'API_ENVIRONMENT',
        expected: `one of ${TARGET_ENVIRONMENTS.join(', ')}`,
        received: rawEnvironment,
        sentence: `API_ENVIRONMENT must be one of ${TARGET_ENVIRONMENTS.join(', ')}, got "${env.API_ENVIRONMENT}".`,
      });
  }

  const rawRate = (env.API_RATE ?? '').trim();
  let rate = defaultRate(loopback);
  if (rawRate !== '') {
    const n = Number(rawRate);
    if (Number.isFinite(n) && n >= 0) rate = n;
    else
      issues.push({
        variable: 'API_RATE',
        expected: 'a non-negative number of requests per second (0 = no cap)',
        received: rawRate,
        sentence: `API_RATE must be a non-negative number of requests per second, got "${env.API_RATE}".`,
      });
  }
  return { target: { baseUrl, loopback, environment, rate }, issues };
}
