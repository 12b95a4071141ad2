/**
 * The fuzz suite's own settings, read from FUZZ_* environment variables (the target, credentials,
 * pacing and profile come from the suite configuration, like every other run):
 *
 * - FUZZ_RUNS: generated cases per property (default 100 against a local target, 20 against any other);
 * - FUZZ_SEED: the run's seed, fixed by the run for every worker (src/run/fuzz-run-settings.ts: derived from the
 *   target, profile and settings, drawn to explore, or the user's), with FUZZ_SEED_SOURCE saying which;
 * - FUZZ_SEED, FUZZ_PATH: replay a recorded case (the seed alone replays a whole run);
 * - FUZZ_COUNTEREXAMPLES: the file of counterexamples kept for this target, replayed first (src/run/counterexamples.ts);
 * - FUZZ_REPLAY_PATH: with them, the replay path printed beside a failing sequence of calls (fc.commands);
 * - FUZZ_MAX_WRITES: most subscriptions the whole run may create (default 50 for non-local targets,
 *   no cap locally, where runs bound it);
 * - FUZZ_TIME_LIMIT: seconds per property, shrinking included (default 120);
 * - FUZZ_SHRINK_TIME_LIMIT: seconds spent shrinking a failure (default 20); the smallest case found by
 *   then is the one reported.
 */
import { ConfigError } from '../src/config/config-error.ts';
import type { SuiteConfig } from '../src/config/suite-config.ts';
import { DEFAULT_FUZZ_RUNS } from '../src/config/fuzz-defaults.ts';
import type { FuzzSeedSource } from '../src/config/fuzz-seed.ts';
import { type KeptCounterexample, readCounterexamples } from '../src/run/counterexamples.ts';

export interface FuzzOptions {
  runs: number;
  seed: number | undefined;
  /** Where the seed came from: the gate's derived seed, an exploration, or FUZZ_SEED (a replay). */
  seedSource: FuzzSeedSource;
  path: string | undefined;
  /** fast-check's replay path of a recorded sequence of commands (with seed and path). */
  replayPath: string | undefined;
  /** Creates allowed in the whole run; Infinity = no cap. */
  maxWrites: number;
  timeLimitMs: number;
  shrinkTimeLimitMs: number;
  /** The counterexamples file, or null (none kept). */
  counterexamples: string | null;
  /** What it holds: replayed first, each by its property. */
  kept: KeptCounterexample[];
}

type Env = Record<string, string | undefined>;

export const DEFAULT_RUNS = DEFAULT_FUZZ_RUNS;
export const DEFAULT_MAX_WRITES_REMOTE = 50;
export const DEFAULT_TIME_LIMIT_S = 120;
export const DEFAULT_SHRINK_TIME_LIMIT_S = 20;

function integer(env: Env, name: string, fallback: number, min: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  if (!/^-?\d+$/.test(raw) || !Number.isSafeInteger(Number(raw)) || Number(raw) < min) {
    throw new ConfigError(`${name} must be a whole number of at least ${min}, got "${raw}".`);
  }
  return Number(raw);
}

/** Reads and checks the fuzz settings; a bad value is one clear sentence (ConfigError). */
export function readFuzzOptions(
  env: Env,
  config: Pick<SuiteConfig, 'environment'> & Partial<Pick<SuiteConfig, 'fuzzSeedSource' | 'counterexamples'>>,
): FuzzOptions {
  const local = config.environment === 'local';
  const seedText = env.FUZZ_SEED?.trim();
  // fast-check seeds are 32-bit integers; a recorded seed is always one.
  if (seedText && !(/^-?\d+$/.test(seedText) && Number(seedText) >= -(2 ** 31) && Number(seedText) < 2 ** 32)) {
    throw new ConfigError(`FUZZ_SEED must be a 32-bit integer as printed by a failed property, got "${seedText}".`);
  }
  const path = env.FUZZ_PATH?.trim() || undefined;
  if (path !== undefined && !/^\d+(:\d+)*$/.test(path)) {
    throw new ConfigError(`FUZZ_PATH must be a path as printed by a failed property (numbers separated by ":"), got "${path}".`);
  }
  if (path !== undefined && !seedText)
    throw new ConfigError('FUZZ_PATH replays a case only together with the FUZZ_SEED printed beside it.');
  const replayPath = env.FUZZ_REPLAY_PATH?.trim() || undefined;
  if (replayPath !== undefined && !/^[A-Za-z0-9+/=:_-]+$/.test(replayPath)) {
    throw new ConfigError(`FUZZ_REPLAY_PATH must be a replay path as printed by a failed sequence property, got "${replayPath}".`);
  }
  if (replayPath !== undefined && path === undefined)
    throw new ConfigError('FUZZ_REPLAY_PATH replays a sequence only together with the FUZZ_SEED and FUZZ_PATH printed beside it.');
  const counterexamples = config.counterexamples && config.counterexamples !== 'off' ? config.counterexamples : null;
  return {
    runs: integer(env, 'FUZZ_RUNS', local ? DEFAULT_RUNS.local : DEFAULT_RUNS.remote, 1),
    seed: seedText ? Number(seedText) : undefined,
    seedSource: config.fuzzSeedSource ?? 'FUZZ_SEED',
    path,
    replayPath,
    maxWrites: env.FUZZ_MAX_WRITES?.trim() ? integer(env, 'FUZZ_MAX_WRITES', 0, 0) : local ? Infinity : DEFAULT_MAX_WRITES_REMOTE,
    timeLimitMs: integer(env, 'FUZZ_TIME_LIMIT', DEFAULT_TIME_LIMIT_S, 1) * 1000,
    shrinkTimeLimitMs: integer(env, 'FUZZ_SHRINK_TIME_LIMIT', DEFAULT_SHRINK_TIME_LIMIT_S, 0) * 1000,
    counterexamples,
    kept: readCounterexamples(counterexamples),
  };
}
