// Cases for readSuiteConfig, as data: an environment and what must come of it.
import type { SuiteConfig } from '../../src/config/suite-config.ts';

type Env = Record<string, string | undefined>;

/** Credentials for a remote target, so a case fails only for the reason it is about. */
export const REMOTE = { API_BASE_URL: 'https://staging.example.com/api', API_SUBSCRIPTION_KEY: 'key-0001', API_SECRET: 'secret-0001' };

export interface BadConfigCase {
  description: string;
  env: Env;
  /** The variable the sentence must name, and a fragment that says what is wrong. */
  names: string;
  says: RegExp;
}

export const badConfigCases: BadConfigCase[] = [
  { description: 'a malformed URL', env: { ...REMOTE, API_BASE_URL: 'not a url' }, names: 'API_BASE_URL', says: /not a valid URL/ },
  {
    description: 'a URL without a scheme',
    env: { ...REMOTE, API_BASE_URL: '//staging.example.com' },
    names: 'API_BASE_URL',
    says: /not a valid URL/,
  },
  {
    description: 'a non-http scheme (ftp)',
    env: { ...REMOTE, API_BASE_URL: 'ftp://staging.example.com/api' },
    names: 'API_BASE_URL',
    says: /http or https.*"ftp:"/,
  },
  {
    description: 'a non-http scheme (file)',
    env: { ...REMOTE, API_BASE_URL: 'file:///etc/passwd' },
    names: 'API_BASE_URL',
    says: /http or https/,
  },
  {
    description: 'a URL with user and password',
    env: { ...REMOTE, API_BASE_URL: 'https://user:pass@staging.example.com/api' },
    names: 'API_BASE_URL',
    says: /must not embed credentials/,
  },
  {
    description: 'a URL with a user only',
    env: { ...REMOTE, API_BASE_URL: 'https://user@staging.example.com/api' },
    names: 'API_BASE_URL',
    says: /must not embed credentials/,
  },
  {
    description: 'a URL with a query string',
    env: { ...REMOTE, API_BASE_URL: 'https://staging.example.com/api?key=1' },
    names: 'API_BASE_URL',
    says: /query string or fragment/,
  },
  {
    description: 'a URL with a fragment',
    env: { ...REMOTE, API_BASE_URL: 'https://staging.example.com/api#top' },
    names: 'API_BASE_URL',
    says: /query string or fragment/,
  },
  {
    description: 'a remote target without a subscription key',
    env: { ...REMOTE, API_SUBSCRIPTION_KEY: undefined },
    names: 'API_SUBSCRIPTION_KEY',
    says: /API_SUBSCRIPTION_KEY is not/,
  },
  {
    description: 'a remote target with an empty subscription key',
    env: { ...REMOTE, API_SUBSCRIPTION_KEY: '' },
    names: 'API_SUBSCRIPTION_KEY',
    says: /API_SUBSCRIPTION_KEY is not/,
  },
  // Issue 29, item 6: a credential shorter than 8 characters cannot be redacted without mangling what it is redacted from.
  {
    description: 'a one-character subscription key and secret',
    env: { ...REMOTE, API_SUBSCRIPTION_KEY: 'k', API_SECRET: 's' },
    names: 'API_SUBSCRIPTION_KEY and API_SECRET',
    says: /are shorter than 8 characters, too short to redact/,
  },
  {
    description: 'a 7-character secret',
    env: { ...REMOTE, API_SECRET: 'secret7' },
    names: 'API_SECRET',
    says: /^API_SECRET is shorter than 8 characters/,
  },
  {
    description: 'short credentials for the bundled reference too',
    env: { API_SUBSCRIPTION_KEY: 'key', API_SECRET: 'secret-0001' },
    names: 'API_SUBSCRIPTION_KEY',
    says: /^API_SUBSCRIPTION_KEY is shorter than 8 characters/,
  },
  // Issue 31, class 5: a second partner's credentials, optional, held to the same rules as the first's.
  {
    description: "half of the second partner's credentials",
    env: { ...REMOTE, API_SECOND_SUBSCRIPTION_KEY: 'second-key-01' },
    names: 'API_SECOND_SECRET',
    says: /^API_SECOND_SECRET is not set but the other half/,
  },
  {
    description: "a second partner's secret shorter than 8 characters",
    env: { ...REMOTE, API_SECOND_SUBSCRIPTION_KEY: 'second-key-01', API_SECOND_SECRET: 'sec2' },
    names: 'API_SECOND_SECRET',
    says: /^API_SECOND_SECRET is shorter than 8 characters/,
  },
  {
    description: "the first partner's credentials given again as the second's",
    env: { ...REMOTE, API_SECOND_SUBSCRIPTION_KEY: REMOTE.API_SUBSCRIPTION_KEY, API_SECOND_SECRET: REMOTE.API_SECRET },
    names: 'API_SECOND_SUBSCRIPTION_KEY and API_SECOND_SECRET',
    says: /are the first partner's credentials/,
  },
  {
    description: 'a remote target without a secret',
    env: { ...REMOTE, API_SECRET: undefined },
    names: 'API_SECRET',
    says: /API_SECRET is not/,
  },
  {
    description: 'a remote target without either credential',
    env: { API_BASE_URL: REMOTE.API_BASE_URL },
    names: 'API_SUBSCRIPTION_KEY and API_SECRET',
    says: /are not/,
  },
  {
    description: 'a loopback target without credentials',
    env: { API_BASE_URL: 'http://127.0.0.1:3000' },
    names: 'API_SUBSCRIPTION_KEY and API_SECRET',
    says: /are not/,
  },
  {
    description: 'an unknown API_ENVIRONMENT',
    env: { ...REMOTE, API_ENVIRONMENT: 'prod' },
    names: 'API_ENVIRONMENT',
    says: /one of local, staging, production, got "prod"/,
  },
  { description: 'API_RATE that is not a number', env: { ...REMOTE, API_RATE: 'fast' }, names: 'API_RATE', says: /got "fast"/ },
  { description: 'a negative API_RATE', env: { ...REMOTE, API_RATE: '-1' }, names: 'API_RATE', says: /non-negative/ },
  { description: 'an infinite API_RATE', env: { ...REMOTE, API_RATE: 'Infinity' }, names: 'API_RATE', says: /non-negative number/ },
  {
    description: 'API_PROFILE naming a missing file',
    env: { ...REMOTE, API_PROFILE: '/nonexistent/profile.json' },
    names: 'API_PROFILE',
    says: /"\/nonexistent\/profile.json", which does not exist/,
  },
  { description: 'API_STRICT=yes', env: { ...REMOTE, API_STRICT: 'yes' }, names: 'API_STRICT', says: /1 or 0, got "yes"/ },
  { description: 'API_STRICT=2', env: { ...REMOTE, API_STRICT: '2' }, names: 'API_STRICT', says: /1 or 0/ },
  {
    description: 'RUN_ID with a slash (a path escape)',
    env: { ...REMOTE, RUN_ID: '../other-run' },
    names: 'RUN_ID',
    says: /letters, digits/,
  },
  {
    description: 'a negative API_READ_SETTLE',
    env: { ...REMOTE, API_READ_SETTLE: '-1' },
    names: 'API_READ_SETTLE',
    says: /seconds, 0 or more, got "-1"/,
  },
  {
    description: 'API_READ_SETTLE that is not a number',
    env: { ...REMOTE, API_READ_SETTLE: 'soon' },
    names: 'API_READ_SETTLE',
    says: /got "soon"/,
  },
  {
    description: 'API_DURABILITY_WAIT that is not a number',
    env: { ...REMOTE, API_DURABILITY_WAIT: 'later' },
    names: 'API_DURABILITY_WAIT',
    says: /seconds from 0 to 3600, got "later"/,
  },
  {
    description: 'API_DURABILITY_WAIT beyond an hour',
    env: { ...REMOTE, API_DURABILITY_WAIT: '3601' },
    names: 'API_DURABILITY_WAIT',
    says: /from 0 to 3600/,
  },
  { description: 'RUN_ID with a space', env: { ...REMOTE, RUN_ID: 'my run' }, names: 'RUN_ID', says: /letters, digits/ },
  { description: 'RUN_ID longer than 40 characters', env: { ...REMOTE, RUN_ID: 'r'.repeat(41) }, names: 'RUN_ID', says: /at most 40/ },
];

export interface GoodConfigCase {
  description: string;
  env: Env;
  /** The fields of the resulting configuration that the case is about (of its limits too). */
  expected: Partial<Omit<SuiteConfig, 'limits'>> & { limits?: Partial<SuiteConfig['limits']> };
}

export const goodConfigCases: GoodConfigCase[] = [
  {
    description: 'nothing set: bundled reference, local, unpaced, not strict',
    env: {},
    expected: {
      baseUrl: null,
      credentials: null,
      secondCredentials: null,
      environment: 'local',
      rate: 0,
      strict: false,
      profilePath: null,
    },
  },
  {
    description: 'the late read waits 10 s by default (API_DURABILITY_WAIT), and what it is given',
    env: REMOTE,
    expected: { durabilityWaitMs: 10_000 },
  },
  { description: 'API_DURABILITY_WAIT of 2.5 s', env: { ...REMOTE, API_DURABILITY_WAIT: '2.5' }, expected: { durabilityWaitMs: 2_500 } },
  {
    description: 'a remote target defaults to staging at 10 requests per second',
    env: REMOTE,
    expected: {
      baseUrl: 'https://staging.example.com/api',
      environment: 'staging',
      rate: 10,
      credentials: { subscriptionKey: 'key-0001', secret: 'secret-0001' },
    },
  },
  {
    description: "a second partner's credentials are read (none without them)",
    env: { ...REMOTE, API_SECOND_SUBSCRIPTION_KEY: 'second-key-01', API_SECOND_SECRET: 'second-secret-01' },
    expected: { secondCredentials: { subscriptionKey: 'second-key-01', secret: 'second-secret-01' } },
  },
  {
    description: 'a loopback IPv4 target defaults to local and unpaced',
    env: { ...REMOTE, API_BASE_URL: 'http://127.0.0.1:3000' },
    expected: { baseUrl: 'http://127.0.0.1:3000', environment: 'local', rate: 0 },
  },
  {
    description: 'localhost is loopback',
    env: { ...REMOTE, API_BASE_URL: 'http://localhost:8080/api/' },
    expected: { baseUrl: 'http://localhost:8080/api', environment: 'local', rate: 0 },
  },
  {
    description: 'IPv6 loopback is loopback',
    env: { ...REMOTE, API_BASE_URL: 'http://[::1]:8080' },
    expected: { environment: 'local', rate: 0 },
  },
  {
    description: 'a host that merely starts with 127 is remote',
    env: { ...REMOTE, API_BASE_URL: 'https://127.example.com' },
    expected: { environment: 'staging', rate: 10 },
  },
  {
    description: 'trailing slashes are removed from the base URL',
    env: { ...REMOTE, API_BASE_URL: 'https://staging.example.com/api//' },
    expected: { baseUrl: 'https://staging.example.com/api' },
  },
  {
    description: 'API_ENVIRONMENT is case-insensitive and trimmed',
    env: { ...REMOTE, API_ENVIRONMENT: ' Production ' },
    expected: { environment: 'production' },
  },
  {
    description: 'API_ENVIRONMENT=local on a remote target is respected',
    env: { ...REMOTE, API_ENVIRONMENT: 'local' },
    expected: { environment: 'local', rate: 10 },
  },
  { description: 'API_RATE given explicitly', env: { ...REMOTE, API_RATE: '2.5' }, expected: { rate: 2.5 } },
  { description: 'API_RATE=0 on a remote target means unpaced', env: { ...REMOTE, API_RATE: '0' }, expected: { rate: 0 } },
  { description: 'an empty API_RATE falls back to the default', env: { ...REMOTE, API_RATE: '' }, expected: { rate: 10 } },
  { description: 'API_STRICT=1', env: { ...REMOTE, API_STRICT: '1' }, expected: { strict: true } },
  { description: 'API_STRICT=true', env: { ...REMOTE, API_STRICT: 'true' }, expected: { strict: true } },
  { description: 'API_STRICT=0', env: { ...REMOTE, API_STRICT: '0' }, expected: { strict: false } },
  { description: 'API_STRICT=false', env: { ...REMOTE, API_STRICT: 'false' }, expected: { strict: false } },
  { description: 'reads are read again for 2 s by default', env: REMOTE, expected: { limits: { readSettleMs: 2000 } } },
  {
    description: 'API_READ_SETTLE=0 judges the first read',
    env: { ...REMOTE, API_READ_SETTLE: '0' },
    expected: { limits: { readSettleMs: 0 } },
  },
  {
    description: 'API_READ_SETTLE in seconds, fractions too',
    env: { ...REMOTE, API_READ_SETTLE: '0.5' },
    expected: { limits: { readSettleMs: 500 } },
  },
  { description: 'a given RUN_ID is kept', env: { ...REMOTE, RUN_ID: 'ci_build-42' }, expected: { runId: 'ci_build-42' } },
  {
    description: 'credentials without a base URL are kept for the bundled reference',
    env: { API_SUBSCRIPTION_KEY: 'k-12345678', API_SECRET: 's-12345678' },
    expected: { baseUrl: null, credentials: { subscriptionKey: 'k-12345678', secret: 's-12345678' } },
  },
  {
    description: 'one credential without a base URL is not an error, and not used',
    env: { API_SECRET: 's-12345678' },
    expected: { baseUrl: null, credentials: null },
  },
];
