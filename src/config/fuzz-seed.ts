/**
 * The fuzz seed of a run (issue 49, item 2): one verdict per target. A gate's seed is derived, not drawn: the same
 * suite version, target, profile and settings give the same seed, so the same generated requests and, on a target that
 * behaves the same, the same verdict. `FUZZ_SEED=<n>` sets it (a replay); `FUZZ_SEED=random` (`--explore`) draws a new
 * one for a nightly search, and what that run finds says it was found by exploration.
 *
 * What the seed is derived from is what decides which requests are generated and is the same from one run to the
 * next: the suite's version (its arbitraries), the target (its base URL; the bundled reference by its switches, as its
 * port changes every run), the environment, the profile's bytes, and API_CLIENT_CURRENCY (which offers are written to,
 * in which currency). Not in it: RUN_ID and the time (new every run); FUZZ_RUNS and FUZZ_MAX_WRITES, which say how many
 * cases, not which (a run with more cases sends the gate's cases first, then more); what only paces or judges
 * (API_RATE, API_STRICT, timeouts, workers, --clauses: a subset sends the same cases per property); and never the
 * credentials, not even a digest (a secret's digest is something to guess it against).
 */
import { createHash, randomInt } from 'node:crypto';
import { ConfigError, UsageError } from './config-error.ts';

/** FUZZ_SEED as set: unset (derive), `random` (explore), or a seed. */
export type FuzzSeedSetting = { kind: 'derived' } | { kind: 'random' } | { kind: 'given'; seed: number };

/** Where a run's seed came from: derived (the gate), drawn by exploration, or given in FUZZ_SEED. */
export type FuzzSeedSource = 'derived' | 'exploration' | 'FUZZ_SEED';
export const FUZZ_SEED_SOURCES: readonly FuzzSeedSource[] = ['derived', 'exploration', 'FUZZ_SEED'];

/** Set by the run itself (global setup, certify) beside FUZZ_SEED for its workers: where that seed came from. */
export const FUZZ_SEED_SOURCE_ENV = 'FUZZ_SEED_SOURCE';

/** FUZZ_SEED read: a 32-bit integer as a failed property prints it, `random`, or unset. */
export function readFuzzSeedSetting(raw: string | undefined): FuzzSeedSetting {
  const text = raw?.trim() ?? '';
  if (!text) return { kind: 'derived' };
  if (text === 'random') return { kind: 'random' };
  // fast-check seeds are 32-bit integers; a recorded seed is always one.
  if (/^-?\d+$/.test(text) && Number(text) >= -(2 ** 31) && Number(text) < 2 ** 32) return { kind: 'given', seed: Number(text) };
  throw new ConfigError(
    `FUZZ_SEED must be a 32-bit integer as printed by a failed property, or "random" to explore with a new seed, got "${text}".`,
  );
}

/** What a gate's seed is derived from (see the file's header); written to a certification's evidence/config.json. */
export interface FuzzSeedInputs {
  suiteVersion: string;
  /** The base URL, or "bundled reference" with its fault switches and variations. */
  target: string;
  environment: string;
  /** `sha256:` of the profile file's bytes; null with no profile. */
  profile: string | null;
  settings: { clientCurrency: string | null };
}

/** The gate's seed: the first 32 bits of SHA-256 over the inputs, as a signed integer (fast-check's seed). */
export function deriveFuzzSeed(inputs: FuzzSeedInputs): number {
  const { suiteVersion, target, environment, profile, settings } = inputs;
  const text = JSON.stringify(['osd-suite fuzz seed', suiteVersion, target, environment, profile, [settings.clientCurrency]]);
  return createHash('sha256').update(text).digest().readInt32BE(0);
}

export interface FuzzSeed {
  seed: number;
  source: FuzzSeedSource;
  inputs: FuzzSeedInputs;
}

/** The run's seed from the setting: derived, drawn (exploration) or given. */
export function chooseFuzzSeed(
  setting: FuzzSeedSetting,
  inputs: FuzzSeedInputs,
  draw: () => number = () => randomInt(-(2 ** 31), 2 ** 31 - 1),
): FuzzSeed {
  if (setting.kind === 'given') return { seed: setting.seed, source: 'FUZZ_SEED', inputs };
  if (setting.kind === 'random') return { seed: draw(), source: 'exploration', inputs };
  return { seed: deriveFuzzSeed(inputs), source: 'derived', inputs };
}

/** The console line of a run's seed. */
export function seedSentence(s: FuzzSeed): string {
  if (s.source === 'FUZZ_SEED') return `fuzz seed ${s.seed} (FUZZ_SEED)`;
  if (s.source === 'exploration')
    return `fuzz seed ${s.seed}, drawn to explore (--explore / FUZZ_SEED=random): what it finds is reported as found by exploration; FUZZ_SEED=${s.seed} replays the run`;
  return `fuzz seed ${s.seed}, derived from suite ${s.inputs.suiteVersion}, ${s.inputs.target}, its profile and settings: the same run sends the same cases (FUZZ_SEED overrides, --explore draws a new one)`;
}

/** `--explore` (fuzz and certify): FUZZ_SEED=random for this run (src/config/fuzz-seed.ts). */
export const EXPLORE_OPTION = {
  explore: {
    type: 'boolean',
    description:
      'draw a new fuzz seed (FUZZ_SEED=random) instead of the one derived from the target, profile and settings: a nightly search; what it finds is reported as found by exploration, with its replay command',
  },
} as const;

/** What the fuzz run says of its seed and counterexamples, in both commands' help. */
export const FUZZ_SEED_NOTE =
  'The fuzz seed is derived from the suite version, the target, the profile and the settings, and printed: the same run sends the same cases. FUZZ_SEED=<n> sets it; FUZZ_COUNTEREXAMPLES=<file> (default: beside API_PROFILE, <name>.counterexamples.json; off: none) keeps what fails, replayed first on every later run (docs/fuzz.md).';

/** --explore draws a seed, FUZZ_SEED=<n> sets one: both at once is a usage error (exit 2), not a silent choice. */
export function refuseExploreWithSeed(env: Record<string, string | undefined>): void {
  const seed = env.FUZZ_SEED?.trim();
  if (seed && seed !== 'random') throw new UsageError(`--explore draws a new fuzz seed, but FUZZ_SEED=${seed} sets one: give one of them.`);
}
