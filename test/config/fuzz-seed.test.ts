// The fuzz seed of a run (issue 49, item 2): derived from what decides the generated requests, the same for the same
// inputs and different when one of them changes; never from the credentials; FUZZ_SEED sets it, `random` draws one.
import { expect, test } from '@playwright/test';
import { ConfigError } from '../../src/config/config-error.ts';
import {
  chooseFuzzSeed,
  deriveFuzzSeed,
  type FuzzSeedInputs,
  readFuzzSeedSetting,
  refuseExploreWithSeed,
} from '../../src/config/fuzz-seed.ts';
import { readSuiteConfig } from '../../src/config/suite-config.ts';
import { fuzzProjectSelected } from '../../src/harness/global-setup.ts';
import { counterexamplesPath, fuzzSeedInputs } from '../../src/run/fuzz-run-settings.ts';
import { REFERENCE_PROFILE_PATH } from '../../src/run/bundled-reference.ts';

const INPUTS: FuzzSeedInputs = {
  suiteVersion: '0.1.0',
  target: 'https://staging.example.com/api',
  environment: 'staging',
  profile: 'sha256:aa',
  settings: { clientCurrency: 'GBP' },
};

test('the same inputs, the same seed; each input changes it; a 32-bit integer', () => {
  const seed = deriveFuzzSeed(INPUTS);
  expect(deriveFuzzSeed(structuredClone(INPUTS))).toBe(seed);
  expect(Number.isInteger(seed) && seed >= -(2 ** 31) && seed < 2 ** 31).toBe(true);
  const changed = [
    { ...INPUTS, suiteVersion: '0.2.0' },
    { ...INPUTS, target: 'https://staging2.example.com/api' },
    { ...INPUTS, environment: 'local' },
    { ...INPUTS, profile: 'sha256:ab' },
    { ...INPUTS, profile: null },
    { ...INPUTS, settings: { clientCurrency: 'EUR' } },
  ];
  for (const other of changed) expect(deriveFuzzSeed(other), JSON.stringify(other)).not.toBe(seed);
});

test('what decides the seed from a configuration: neither the credentials nor RUN_ID nor the pace; the bundled reference by its switches', () => {
  const env = (more: Record<string, string>) => ({
    API_BASE_URL: 'https://staging.example.com/api',
    API_SUBSCRIPTION_KEY: 'partner-key-0001',
    API_SECRET: 'partner-secret-0001',
    ...more,
  });
  const inputs = (more: Record<string, string>, bundled = false) => fuzzSeedInputs(readSuiteConfig(env(more)), bundled, env(more));
  const base = inputs({});
  expect(JSON.stringify(base)).not.toMatch(/partner-(key|secret)/);
  const sameSeed: Array<Record<string, string>> = [
    { API_SECRET: 'another-secret-0002' },
    { RUN_ID: 'another-run' },
    { API_RATE: '3' },
    { FUZZ_RUNS: '7' },
  ];
  for (const same of sameSeed) expect(inputs(same), JSON.stringify(same)).toEqual(base);
  expect(inputs({ API_BASE_URL: 'https://other.example.com' }).target).toBe('https://other.example.com');
  const local = { API_BASE_URL: 'http://127.0.0.1:4010', REFERENCE_FAULTS: 'duplicate-detection', REFERENCE_VARIANTS: 'gzip' };
  expect(inputs(local, true).target).toBe('the bundled reference (fault duplicate-detection, variation gzip)');
  expect(inputs({ ...local, API_BASE_URL: 'http://127.0.0.1:4011' }, true).target).toBe(inputs(local, true).target);
});

test('FUZZ_SEED: unset derives, "random" draws, a number is given; anything else is one sentence naming it', () => {
  expect(readFuzzSeedSetting(undefined)).toEqual({ kind: 'derived' });
  expect(readFuzzSeedSetting(' random ')).toEqual({ kind: 'random' });
  expect(readFuzzSeedSetting('-293506953')).toEqual({ kind: 'given', seed: -293506953 });
  expect(() => readFuzzSeedSetting('1.5')).toThrow(ConfigError);
  expect(() => readFuzzSeedSetting('lucky')).toThrow(/FUZZ_SEED must be a 32-bit integer .* or "random"/);
  expect(chooseFuzzSeed({ kind: 'derived' }, INPUTS)).toEqual({ seed: deriveFuzzSeed(INPUTS), source: 'derived', inputs: INPUTS });
  expect(chooseFuzzSeed({ kind: 'random' }, INPUTS, () => 42)).toMatchObject({ seed: 42, source: 'exploration' });
  expect(chooseFuzzSeed({ kind: 'given', seed: 7 }, INPUTS)).toMatchObject({ seed: 7, source: 'FUZZ_SEED' });
  expect(() => refuseExploreWithSeed({ FUZZ_SEED: '7' })).toThrow(/--explore draws a new fuzz seed, but FUZZ_SEED=7 sets one/);
  expect(() => refuseExploreWithSeed({ FUZZ_SEED: 'random' })).not.toThrow();
});

test('the counterexamples file: beside the profile given, FUZZ_COUNTEREXAMPLES, or none', () => {
  expect(counterexamplesPath({ counterexamples: null, profilePath: '/p/profiles/staging.json' })).toBe(
    '/p/profiles/staging.counterexamples.json',
  );
  expect(counterexamplesPath({ counterexamples: '/tmp/found.json', profilePath: '/p/profiles/staging.json' })).toBe('/tmp/found.json');
  expect(counterexamplesPath({ counterexamples: 'off', profilePath: '/p/profiles/staging.json' })).toBeNull();
  expect(counterexamplesPath({ counterexamples: null, profilePath: null })).toBeNull();
  expect(counterexamplesPath({ counterexamples: null, profilePath: REFERENCE_PROFILE_PATH })).toBeNull();
});

test('the seed line is said when the fuzz project runs', () => {
  expect(fuzzProjectSelected(['node', 'cli.js', 'test'])).toBe(true);
  expect(fuzzProjectSelected(['node', 'cli.js', 'test', '--project=fuzz'])).toBe(true);
  expect(fuzzProjectSelected(['node', 'cli.js', 'test', '--project', 'conformance', '--project', 'fuzz'])).toBe(true);
  expect(fuzzProjectSelected(['node', 'cli.js', 'test', '--project=conformance'])).toBe(false);
});
