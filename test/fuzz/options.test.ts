// FUZZ_* settings: defaults per kind of target, and one clear sentence for each bad value.
import { expect, test } from '@playwright/test';
import { readFuzzOptions } from '../../fuzz/fuzz-settings.ts';
import { ConfigError } from '../../src/config/config-error.ts';

const local = { environment: 'local' } as const;
const staging = { environment: 'staging' } as const;

const GOOD: Array<{
  description: string;
  env: Record<string, string>;
  config: { environment: 'local' | 'staging' };
  expected: Record<string, unknown>;
}> = [
  {
    description: 'local defaults: 100 cases, no write cap',
    env: {},
    config: local,
    expected: { runs: 100, maxWrites: Infinity, seed: undefined, path: undefined, timeLimitMs: 120_000, shrinkTimeLimitMs: 20_000 },
  },
  { description: 'remote defaults: 20 cases, 50 writes', env: {}, config: staging, expected: { runs: 20, maxWrites: 50 } },
  {
    description: 'everything set',
    env: {
      FUZZ_RUNS: '7',
      FUZZ_MAX_WRITES: '3',
      FUZZ_SEED: '-1722404292',
      FUZZ_PATH: '7:0:0:12',
      FUZZ_TIME_LIMIT: '30',
      FUZZ_SHRINK_TIME_LIMIT: '0',
    },
    config: staging,
    expected: { runs: 7, maxWrites: 3, seed: -1722404292, path: '7:0:0:12', timeLimitMs: 30_000, shrinkTimeLimitMs: 0 },
  },
  { description: 'a write cap locally when asked for', env: { FUZZ_MAX_WRITES: '0' }, config: local, expected: { maxWrites: 0 } },
  {
    description: 'a seed alone replays a whole run',
    env: { FUZZ_SEED: '4294967295' },
    config: local,
    expected: { seed: 4294967295, path: undefined },
  },
  {
    description: 'a sequence replay path with seed and path',
    env: { FUZZ_SEED: '1', FUZZ_PATH: '0:2', FUZZ_REPLAY_PATH: 'CDF:F' },
    config: local,
    expected: { path: '0:2', replayPath: 'CDF:F' },
  },
];

const BAD: Array<{ env: Record<string, string>; names: string }> = [
  { env: { FUZZ_RUNS: '0' }, names: 'FUZZ_RUNS' },
  { env: { FUZZ_RUNS: 'many' }, names: 'FUZZ_RUNS' },
  { env: { FUZZ_MAX_WRITES: '-1' }, names: 'FUZZ_MAX_WRITES' },
  { env: { FUZZ_SEED: '1.5' }, names: 'FUZZ_SEED' },
  { env: { FUZZ_SEED: '4294967296' }, names: 'FUZZ_SEED' },
  { env: { FUZZ_SEED: '1', FUZZ_PATH: '0:a' }, names: 'FUZZ_PATH' },
  { env: { FUZZ_PATH: '0:1' }, names: 'FUZZ_SEED' },
  { env: { FUZZ_TIME_LIMIT: '0' }, names: 'FUZZ_TIME_LIMIT' },
  { env: { FUZZ_SEED: '1', FUZZ_PATH: '0', FUZZ_REPLAY_PATH: 'a b' }, names: 'FUZZ_REPLAY_PATH' },
  { env: { FUZZ_SEED: '1', FUZZ_REPLAY_PATH: 'CDF:F' }, names: 'FUZZ_PATH' },
];

for (const c of GOOD) {
  test(`reads ${c.description}`, () => {
    expect(readFuzzOptions(c.env, c.config)).toMatchObject(c.expected);
  });
}

for (const c of BAD) {
  test(`refuses ${JSON.stringify(c.env)} with a sentence naming ${c.names}`, () => {
    expect(() => readFuzzOptions(c.env, local)).toThrow(ConfigError);
    expect(() => readFuzzOptions(c.env, local)).toThrow(c.names);
  });
}
