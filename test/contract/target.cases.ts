// Cases of the one target parser (src/contract/target.ts), as data: what API_BASE_URL becomes, or why it is refused.
import type { TargetSettings, TargetUrlProblem } from '../../src/contract/target.ts';

/** Base URLs the parser takes, and the canonical form both the suite and k6 use. */
export const GOOD_URLS: ReadonlyArray<{ raw: string; baseUrl: string; loopback: boolean }> = [
  { raw: 'https://staging.example.com/api', baseUrl: 'https://staging.example.com/api', loopback: false },
  { raw: ' https://staging.example.com/api// ', baseUrl: 'https://staging.example.com/api', loopback: false },
  { raw: 'HTTPS://Staging.Example.COM/Api/', baseUrl: 'https://staging.example.com/Api', loopback: false },
  { raw: 'https://staging.example.com:443/api', baseUrl: 'https://staging.example.com/api', loopback: false },
  { raw: 'http://staging.example.com:8443', baseUrl: 'http://staging.example.com:8443', loopback: false },
  { raw: 'http://127.0.0.1:3000', baseUrl: 'http://127.0.0.1:3000', loopback: true },
  { raw: 'http://localhost:8080/api/', baseUrl: 'http://localhost:8080/api', loopback: true },
  { raw: 'http://[::1]:8080', baseUrl: 'http://[::1]:8080', loopback: true },
  { raw: 'https://127.example.com', baseUrl: 'https://127.example.com', loopback: false },
  { raw: 'http://localhost.example.com', baseUrl: 'http://localhost.example.com', loopback: false },
  { raw: 'https://api.example.com/v 2/caf\u00e9', baseUrl: 'https://api.example.com/v%202/caf%C3%A9', loopback: false },
  // `^` joined WHATWG's path percent-encode set in 2023: Node 24's URL encodes it, Node 20's did not; the parser
  // follows the standard as it stands (the property below leaves `^` out for that reason).
  { raw: 'https://api.example.com/a^b', baseUrl: 'https://api.example.com/a%5Eb', loopback: false },
];

/** Texts the parser refuses, and why. */
export const BAD_URLS: ReadonlyArray<{ raw: string; problem: TargetUrlProblem['problem'] }> = [
  { raw: 'not a url', problem: 'not-a-url' },
  { raw: '//staging.example.com', problem: 'not-a-url' },
  { raw: ' ', problem: 'not-a-url' },
  { raw: 'https://', problem: 'not-a-url' },
  { raw: 'https://exa mple.com', problem: 'not-a-url' },
  { raw: 'https://staging.example.com:99999', problem: 'not-a-url' },
  { raw: 'https://staging.example.com:80x/api', problem: 'not-a-url' },
  { raw: 'ftp://staging.example.com/api', problem: 'scheme' },
  { raw: 'file:///etc/passwd', problem: 'scheme' },
  { raw: 'localhost:3000', problem: 'scheme' },
  { raw: 'https://staging.example.com/api?key=1', problem: 'query-or-fragment' },
  { raw: 'https://staging.example.com/api#top', problem: 'query-or-fragment' },
  { raw: 'https://user:pass@staging.example.com/api', problem: 'credentials' },
  { raw: 'https://user@staging.example.com/api', problem: 'credentials' },
];

type Env = Record<string, string | undefined>;

/** Environments and the target read from them (the rules for a target nobody named). */
export const TARGETS: ReadonlyArray<{ description: string; env: Env; target: Partial<TargetSettings> }> = [
  {
    description: 'nothing set: no base URL, local, unpaced',
    env: {},
    target: { baseUrl: null, loopback: true, environment: 'local', rate: 0 },
  },
  {
    description: 'a remote target: staging at 10 requests per second',
    env: { API_BASE_URL: 'https://staging.example.com/api' },
    target: { loopback: false, environment: 'staging', rate: 10 },
  },
  {
    description: 'a loopback target: local, unpaced',
    env: { API_BASE_URL: 'http://127.0.0.1:3000' },
    target: { loopback: true, environment: 'local', rate: 0 },
  },
  {
    description: 'API_ENVIRONMENT in any case, with blanks; API_RATE as given',
    env: { API_BASE_URL: 'http://127.0.0.1:3000', API_ENVIRONMENT: ' Staging ', API_RATE: ' 2.5 ' },
    target: { environment: 'staging', rate: 2.5 },
  },
  {
    description: 'API_RATE=0 unpaces a remote target; a blank one is the default',
    env: { API_BASE_URL: 'https://staging.example.com', API_RATE: '0' },
    target: { rate: 0 },
  },
  {
    description: 'a blank API_RATE is the default',
    env: { API_BASE_URL: 'https://staging.example.com', API_RATE: '' },
    target: { rate: 10 },
  },
];

/** Environments with bad variables: each issue's variable and the sentence the suite says. */
export const REFUSED_TARGETS: ReadonlyArray<{ description: string; env: Env; issues: Array<[string, RegExp]> }> = [
  {
    description: 'every bad variable at once, each named',
    env: { API_BASE_URL: 'ftp://x', API_ENVIRONMENT: 'prod', API_RATE: 'fast' },
    issues: [
      ['API_BASE_URL', /^API_BASE_URL must use http or https, got "ftp:"\.$/],
      ['API_ENVIRONMENT', /^API_ENVIRONMENT must be one of local, staging, production, got "prod"\.$/],
      ['API_RATE', /^API_RATE must be a non-negative number of requests per second, got "fast"\.$/],
    ],
  },
  { description: 'an infinite rate', env: { API_RATE: 'Infinity' }, issues: [['API_RATE', /non-negative number/]] },
  { description: 'a negative rate', env: { API_RATE: '-1' }, issues: [['API_RATE', /got "-1"/]] },
  {
    description: 'embedded credentials are refused without being shown',
    env: { API_BASE_URL: 'https://user:hunter2-secret@staging.example.com/api' },
    issues: [['API_BASE_URL', /^API_BASE_URL must not embed credentials; use API_SUBSCRIPTION_KEY and API_SECRET\.$/]],
  },
];
