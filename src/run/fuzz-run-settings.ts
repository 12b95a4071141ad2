/**
 * The fuzz settings one run fixes for all its processes (issue 49, item 2): its seed (derived, drawn to explore, or
 * FUZZ_SEED; src/config/fuzz-seed.ts) and the counterexamples file it replays first and adds to (counterexamples.ts).
 * Resolved once, by the process that starts the run (certify, or the global setup of `npm run fuzz`), which knows the
 * target as the user named it: under certify the bundled reference's port and the profile the child gets are this
 * run's own. Passed on to Playwright's workers as FUZZ_SEED, FUZZ_SEED_SOURCE and FUZZ_COUNTEREXAMPLES.
 */
import { readFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { createHash } from 'node:crypto';
import { chooseFuzzSeed, FUZZ_SEED_SOURCE_ENV, type FuzzSeed, type FuzzSeedInputs } from '../config/fuzz-seed.ts';
import type { SuiteConfig } from '../config/suite-config.ts';
import { REFERENCE_PROFILE_PATH, referenceFaults, referenceVariants } from './bundled-reference.ts';

const PACKAGE_JSON = new URL('../../package.json', import.meta.url);

export interface RunFuzzSettings {
  seed: FuzzSeed;
  /** The counterexamples file (absolute), or null: none kept (FUZZ_COUNTEREXAMPLES=off, or no profile to keep it beside). */
  counterexamples: string | null;
}

type Env = Record<string, string | undefined>;

/** The suite's version (package.json): a counterexample's seed and path rebuild it only with the same arbitraries. */
export const suiteVersion = (): string => (JSON.parse(readFileSync(PACKAGE_JSON, 'utf8')) as { version: string }).version;

/** The inputs of the derived seed, for this configuration; `bundled`: the target is the bundled reference. */
export function fuzzSeedInputs(config: SuiteConfig, bundled: boolean, env: Env = process.env): FuzzSeedInputs {
  const switches = [
    ...referenceFaults(env).map((f) => `fault ${f}`),
    ...referenceVariants(env).map((v) => `variation ${v}`),
    ...(['REFERENCE_RATE_LIMIT', 'REFERENCE_MAX_LIMIT'] as const).filter((n) => env[n]?.trim()).map((n) => `${n}=${env[n]?.trim()}`),
  ];
  const target = bundled ? `the bundled reference${switches.length ? ` (${switches.join(', ')})` : ''}` : (config.baseUrl ?? '');
  const profile = config.profilePath ? `sha256:${createHash('sha256').update(readFileSync(config.profilePath)).digest('hex')}` : null;
  return {
    suiteVersion: suiteVersion(),
    target,
    environment: config.environment,
    profile,
    settings: { clientCurrency: config.clientCurrency },
  };
}

/**
 * Where counterexamples are kept: FUZZ_COUNTEREXAMPLES (a path, or `off`), else beside the profile the user gave
 * (`profiles/staging.json` -> `profiles/staging.counterexamples.json`), to commit with it. With no profile, or the
 * bundled reference's own, none: the suite writes nothing into its own folders.
 */
export function counterexamplesPath(config: Pick<SuiteConfig, 'counterexamples' | 'profilePath'>): string | null {
  if (config.counterexamples === 'off') return null;
  if (config.counterexamples) return resolve(config.counterexamples);
  const profile = config.profilePath && resolve(config.profilePath);
  if (!profile || profile === resolve(REFERENCE_PROFILE_PATH)) return null;
  return join(dirname(profile), `${basename(profile).replace(/\.json$/i, '')}.counterexamples.json`);
}

export function resolveFuzzSettings(config: SuiteConfig, bundled: boolean, env: Env = process.env): RunFuzzSettings {
  return { seed: chooseFuzzSeed(config.fuzzSeed, fuzzSeedInputs(config, bundled, env)), counterexamples: counterexamplesPath(config) };
}

/** The variables the run's workers (and certify's child) read the settings from. */
export function fuzzChildEnvironment(s: RunFuzzSettings): Record<string, string> {
  return {
    FUZZ_SEED: String(s.seed.seed),
    [FUZZ_SEED_SOURCE_ENV]: s.seed.source,
    FUZZ_COUNTEREXAMPLES: s.counterexamples ?? 'off',
  };
}
