// With API_BASE_URL unset the suite tests its bundled reference; settings that name a real target
// instead are refused, read the way the suite configuration reads them. Cases as data.
import { expect, test } from '@playwright/test';
import { ConfigError } from '../../src/config/config-error.ts';
import { refuseRemoteSettingsWithoutUrl } from '../../src/run/bundled-reference.ts';

const CASES: Array<{ description: string; env: Record<string, string>; refused: RegExp | null }> = [
  { description: 'nothing set', env: {}, refused: null },
  { description: 'API_ENVIRONMENT=local', env: { API_ENVIRONMENT: 'local' }, refused: null },
  { description: 'API_ENVIRONMENT in another case, padded', env: { API_ENVIRONMENT: ' Local ' }, refused: null },
  { description: 'empty credentials', env: { API_SUBSCRIPTION_KEY: '', API_SECRET: ' ' }, refused: null },
  {
    description: 'API_ENVIRONMENT=staging',
    env: { API_ENVIRONMENT: 'staging' },
    refused: /API_ENVIRONMENT=staging names a remote target, but API_BASE_URL is not set/,
  },
  {
    description: 'API_ENVIRONMENT=Production',
    env: { API_ENVIRONMENT: 'Production' },
    refused: /API_ENVIRONMENT=production names a remote target/,
  },
  { description: 'a secret alone', env: { API_SECRET: 's-1' }, refused: /^API_SECRET is set, but API_BASE_URL is not/ },
  {
    description: 'both credentials',
    env: { API_SUBSCRIPTION_KEY: 'k-1', API_SECRET: 's-1' },
    refused: /^API_SUBSCRIPTION_KEY and API_SECRET are set, but API_BASE_URL is not/,
  },
];

for (const c of CASES) {
  test(`${c.description}: ${c.refused ? 'refused' : 'the bundled reference may start'}`, () => {
    const run = () => refuseRemoteSettingsWithoutUrl(c.env);
    if (c.refused === null) expect(run).not.toThrow();
    else {
      expect(run).toThrow(ConfigError);
      expect(run).toThrow(c.refused);
    }
  });
}

test('the refusal names the variables, never their values', () => {
  expect(() => refuseRemoteSettingsWithoutUrl({ API_SECRET: 'osd-planted-secret-77' })).toThrow(/^(?!.*osd-planted-secret-77)/);
});
