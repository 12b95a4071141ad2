// The k6 scenarios' configuration reader: every bad variable is named with what was expected,
// credentials are never echoed, writes are refused against production, API_RATE caps every scenario.
import { test, expect } from '@playwright/test';
import {
  LoadConfigError,
  type Env,
  displayUrl,
  parseLoadProfile,
  plannedRequestRate,
  readLoadConfig,
  statusMatches,
} from '../../load/lib/config.ts';
import type { ScenarioName } from '../../load/lib/names.ts';
import { REFERENCE_PROFILE, SECRET, SECRET_KEY, env } from './fixtures.ts';

interface RefusalCase {
  description: string;
  scenario: ScenarioName;
  env: Env;
  profile?: string | null;
  variables: string[];
}

const REFUSED: RefusalCase[] = [
  {
    description: 'no target',
    scenario: 'pagination',
    env: { API_SUBSCRIPTION_KEY: SECRET_KEY, API_SECRET: SECRET },
    variables: ['API_BASE_URL'],
  },
  {
    description: 'no credentials',
    scenario: 'polling',
    env: { API_BASE_URL: 'https://staging.example.com' },
    variables: ['API_SUBSCRIPTION_KEY', 'API_SECRET'],
  },
  {
    description: 'URL with embedded credentials',
    scenario: 'pagination',
    env: env({ API_BASE_URL: 'https://user:pw@staging.example.com' }),
    variables: ['API_BASE_URL'],
  },
  { description: 'unknown environment', scenario: 'pagination', env: env({ API_ENVIRONMENT: 'prod' }), variables: ['API_ENVIRONMENT'] },
  {
    description: 'writes against production',
    scenario: 'subscriptions',
    env: env({ API_ENVIRONMENT: 'production' }),
    variables: ['API_ENVIRONMENT'],
  },
  { description: 'subscriptions without a cancel route', scenario: 'subscriptions', env: env(), profile: null, variables: ['API_PROFILE'] },
  {
    description: 'duration beyond the write budget',
    scenario: 'subscriptions',
    env: env({ SUB_RATE: '2', WRITE_BUDGET: '10', LOAD_DURATION: '10s' }),
    variables: ['LOAD_DURATION'],
  },
  {
    description: 'a runner name that is no pod name',
    scenario: 'pagination',
    env: env({ LOAD_RUNNER: '../pod 1' }),
    variables: ['LOAD_RUNNER'],
  },
  {
    description: 'a sub-second pagination run',
    scenario: 'pagination',
    env: env({ LOAD_DURATION: '500ms' }),
    variables: ['LOAD_DURATION'],
  },
  {
    description: 'a sub-second polling run (interval under a second too)',
    scenario: 'polling',
    env: env({ LOAD_DURATION: '900ms', POLL_INTERVAL: '500ms' }),
    variables: ['LOAD_DURATION'],
  },
  {
    description: 'a sub-second subscriptions run',
    scenario: 'subscriptions',
    env: env({ LOAD_DURATION: '0.5s' }),
    variables: ['LOAD_DURATION'],
  },
  {
    description: 'page rate above API_RATE',
    scenario: 'pagination',
    env: env({ API_RATE: '5', PAGE_RATE: '8' }),
    variables: ['PAGE_RATE'],
  },
  {
    description: 'remote target defaults to 10 req/s, probe ceiling above it',
    scenario: 'rate-probe',
    env: env({ API_BASE_URL: 'https://staging.example.com', RATE_MAX: '30' }),
    variables: ['RATE_MAX'],
  },
  {
    description: 'bad knob values',
    scenario: 'pagination',
    env: env({ PAGE_SIZES: '10,x', PAGE_RESOURCES: 'offers,users', PAGE_MAX_PAGES: '1' }),
    variables: ['PAGE_SIZES', 'PAGE_RESOURCES', 'PAGE_MAX_PAGES'],
  },
  { description: 'bad duration', scenario: 'polling', env: env({ POLL_INTERVAL: 'soon' }), variables: ['POLL_INTERVAL'] },
  {
    description: 'a currency the contract does not list, or not as it spells it',
    scenario: 'subscriptions',
    env: env({ SUB_CURRENCY: 'gbp', API_CLIENT_CURRENCY: 'Sterling' }),
    variables: ['SUB_CURRENCY', 'API_CLIENT_CURRENCY'],
  },
  {
    description: 'probe start above ceiling',
    scenario: 'rate-probe',
    env: env({ RATE_START: '50', RATE_MAX: '40' }),
    variables: ['RATE_START'],
  },
  {
    description: 'a profile that is not JSON',
    scenario: 'pagination',
    env: env({ API_PROFILE: '/p.json' }),
    profile: '{nope',
    variables: ['API_PROFILE'],
  },
];

for (const c of REFUSED) {
  test(`refused: ${c.description}`, () => {
    let error: unknown;
    try {
      readLoadConfig(c.scenario, c.env, c.profile === undefined ? REFERENCE_PROFILE : c.profile);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(LoadConfigError);
    const issues = (error as LoadConfigError).issues;
    expect(issues.map((i) => i.variable).sort()).toEqual([...c.variables].sort());
    expect((error as Error).message).not.toContain(SECRET);
    expect((error as Error).message).not.toContain(SECRET_KEY);
  });
}

test('a loopback target is local and unpaced; a remote one is staging at 10 req/s', () => {
  const local = readLoadConfig('pagination', env(), REFERENCE_PROFILE);
  expect(local.target).toMatchObject({ environment: 'local', loopback: true, rateCap: null });
  const remote = readLoadConfig('pagination', env({ API_BASE_URL: 'https://staging.example.com/api/' }), REFERENCE_PROFILE);
  expect(remote.target).toMatchObject({ environment: 'staging', loopback: false, rateCap: 10, baseUrl: 'https://staging.example.com/api' });
  expect(plannedRequestRate(remote)).toBe(5);
});

test('knobs of other scenarios are not read, so a bad one cannot block this scenario', () => {
  const c = readLoadConfig('polling', env({ PAGE_SIZES: 'garbage', POLL_CLIENTS: '3' }), REFERENCE_PROFILE);
  expect(c.polling.clients).toBe(3);
});

test("the client's currency: SUB_CURRENCY, else API_CLIENT_CURRENCY, else none (the setup finds the ones the target takes)", () => {
  const currency = (vars: Record<string, string>) => readLoadConfig('subscriptions', env(vars), REFERENCE_PROFILE).subscriptions.currency;
  expect(currency({ SUB_CURRENCY: 'EUR', API_CLIENT_CURRENCY: 'GBP' })).toBe('EUR');
  expect(currency({ API_CLIENT_CURRENCY: ' GBP ' })).toBe('GBP');
  expect(currency({})).toBeNull();
  // Only the subscriptions scenario writes: a bad currency does not block the others.
  expect(readLoadConfig('pagination', env({ API_CLIENT_CURRENCY: 'Sterling' }), REFERENCE_PROFILE).scenario).toBe('pagination');
});

test('the profile gives the cancel route, status expectations and maxLimit', () => {
  const p = parseLoadProfile(REFERENCE_PROFILE, 'ref');
  expect(p.cancel).toEqual({ method: 'POST', path: '/subscription/{subscriptionId}/cancel' });
  expect(p.maxLimit).toBe(100);
  expect(p.status.create).toEqual([201]);
  expect(p.status.cancel).toEqual(['2xx']);
  expect(() => parseLoadProfile(JSON.stringify({ cancel: { method: 'POST', path: '/x' } }), 'bad')).toThrow(LoadConfigError);
});

const STATUS_CASES: Array<[Array<number | string>, number, boolean]> = [
  [[201], 201, true],
  [[201], 200, false],
  [['2xx'], 204, true],
  [['4xx', 500], 500, true],
  [['4xx'], 503, false],
];
for (const [expectation, status, expected] of STATUS_CASES) {
  test(`status ${status} against ${JSON.stringify(expectation)} is ${expected ? 'allowed' : 'refused'}`, () => {
    expect(statusMatches(expectation, status)).toBe(expected);
  });
}

test('reports show the target without user info, query or fragment', () => {
  expect(displayUrl('https://user:pw@host.example:8443/api/?token=x#y')).toBe('https://host.example:8443/api');
  expect(displayUrl('ftp://host')).toBeNull();
});
