/**
 * The suite's configuration, read from the environment (and `.env` if present). One set of variable
 * names serves conformance, fuzz, load and certification; see docs/configuration.md.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { ConfigError } from './config-error.ts';
import { readRunLimits, type RunLimits } from './run-limits.ts';
import { CURRENCIES } from '../contract/vocabulary.ts';
import { MIN_CREDENTIAL_LENGTH } from '../contract/credentials.ts';
import { FUZZ_SEED_SOURCE_ENV, FUZZ_SEED_SOURCES, type FuzzSeedSetting, type FuzzSeedSource, readFuzzSeedSetting } from './fuzz-seed.ts';

import { isLoopbackUrl, readTarget, TARGET_ENVIRONMENTS, type TargetEnvironment } from '../contract/target.ts';

export type { TargetEnvironment };
export { isLoopbackUrl };
export const ENVIRONMENTS = TARGET_ENVIRONMENTS;

export interface Credentials {
  subscriptionKey: string;
  secret: string;
}

export interface SuiteConfig {
  /** Target base URL without trailing slash; null means "start the bundled reference server". */
  baseUrl: string | null;
  credentials: Credentials | null;
  /**
   * A second partner's credentials (API_SECOND_SUBSCRIPTION_KEY / API_SECOND_SECRET), optional: with them the run checks
   * that one partner cannot read, list or cancel another's records (SEC-PARTNER-ISOLATION); redacted like the first's.
   */
  secondCredentials: Credentials | null;
  environment: TargetEnvironment;
  /** Path of the target profile JSON; null means the default (widest honest) profile. */
  profilePath: string | null;
  /** Most requests per second the whole run sends; 0 = unpaced (local targets only by default). */
  rate: number;
  strict: boolean;
  runId: string;
  /** Deadline, per-request timeout and response-size cap (src/config/run-limits.ts). */
  limits: RunLimits;
  /**
   * The currency the operator associated the partner's client with (API_CLIENT_CURRENCY; contract, Authentication 4),
   * or null: the run finds out which currencies the target takes a create in (src/run/client-currency.ts).
   */
  clientCurrency: string | null;
  /**
   * API_DURABILITY_WAIT, ms: how long after the service last confirmed a record's state (its create, its cancel) the
   * late read reads it again, before the teardown cancels anything (src/checks/late-read.ts, issue 50).
   */
  durabilityWaitMs: number;
  /** FUZZ_SEED: unset (the seed is derived), `random` (explore) or a seed (src/config/fuzz-seed.ts). */
  fuzzSeed: FuzzSeedSetting;
  /** Where the run's FUZZ_SEED came from, set by the run for its workers (FUZZ_SEED_SOURCE); null when not set. */
  fuzzSeedSource: FuzzSeedSource | null;
  /**
   * FUZZ_COUNTEREXAMPLES: the file the fuzz counterexamples are kept in and replayed from, `off` for none; null: the
   * default, beside API_PROFILE (src/run/counterexamples.ts).
   */
  counterexamples: string | null;
}

/** API_DURABILITY_WAIT's default, seconds: well beyond the read-settle window (2 s), and affordable in a CI run. */
export const DURABILITY_WAIT_DEFAULT_S = 10;

/** API_DURABILITY_WAIT, ms: 0 or more seconds, at most an hour; else one sentence. */
export function readDurabilityWait(env: Env): number {
  const raw = env.API_DURABILITY_WAIT?.trim() ?? '';
  if (!raw) return DURABILITY_WAIT_DEFAULT_S * 1000;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0 || n > 3600)
    throw new ConfigError(`API_DURABILITY_WAIT must be a number of seconds from 0 to 3600, got "${raw}".`);
  return n * 1000;
}

type Env = Record<string, string | undefined>;

/** Loads `.env` from the working directory into process.env, if present (Node's own loader). */
export function loadDotEnv(path = '.env'): void {
  if (existsSync(path)) process.loadEnvFile(path);
}

/**
 * Credentials too short to redact are refused, in every command that takes them (issue 29, item 6): one sentence
 * naming the variables, never their values.
 */
export function refuseShortCredentials(values: Record<string, string | undefined>): void {
  const short = Object.entries(values)
    .filter(([, value]) => value && value.length < MIN_CREDENTIAL_LENGTH)
    .map(([name]) => name);
  if (short.length)
    throw new ConfigError(
      `${short.join(' and ')} ${short.length > 1 ? 'are' : 'is'} shorter than ${MIN_CREDENTIAL_LENGTH} characters, too short to redact from reports and logs without mangling them; use the credentials the operator issued.`,
    );
}

/**
 * A loopback target named staging or production is not paced by default (API_RATE 0), so a rehearsal of it runs
 * several times faster than the real run will: the banner says so. Null when the run is paced or plainly local.
 */
export function pacingNote(config: Pick<SuiteConfig, 'baseUrl' | 'environment' | 'rate'>): string | null {
  if (config.rate > 0 || config.environment === 'local' || config.baseUrl === null || !isLoopbackUrl(config.baseUrl)) return null;
  return `not paced (API_RATE unset for a loopback target): this ${config.environment} rehearsal runs several times faster than a paced run; set API_RATE=10 to rehearse the real pace`;
}

/** Reads and checks the configuration. Throws ConfigError with one clear sentence on bad input. */
export function readSuiteConfig(env: Env = process.env): SuiteConfig {
  // The target (API_BASE_URL, API_ENVIRONMENT, API_RATE) is read as k6 reads it (src/contract/target.ts); its
  // issues are said in the order the variables are checked here, API_RATE's last.
  const { target, issues } = readTarget(env);
  const [first] = [...issues.filter((i) => i.variable !== 'API_RATE'), ...issues];
  if (first && first.variable !== 'API_RATE') throw new ConfigError(first.sentence);
  const { baseUrl, environment } = target;

  const key = env.API_SUBSCRIPTION_KEY ?? '';
  const secret = env.API_SECRET ?? '';
  if (baseUrl !== null && (!key || !secret)) {
    const missing = [!key && 'API_SUBSCRIPTION_KEY', !secret && 'API_SECRET'].filter(Boolean).join(' and ');
    throw new ConfigError(
      `API_BASE_URL is set but ${missing} ${missing.includes(' and ') ? 'are' : 'is'} not; the target needs both credential headers.`,
    );
  }
  refuseShortCredentials({ API_SUBSCRIPTION_KEY: key, API_SECRET: secret });
  const credentials = key && secret ? { subscriptionKey: key, secret } : null;
  const secondCredentials = readSecondCredentials(env, credentials);

  const profilePath = env.API_PROFILE?.trim() || null;
  if (profilePath && !existsSync(profilePath)) throw new ConfigError(`API_PROFILE names "${profilePath}", which does not exist.`);

  const strictRaw = env.API_STRICT?.trim() ?? '';
  if (strictRaw && !['0', '1', 'true', 'false'].includes(strictRaw)) {
    throw new ConfigError(`API_STRICT must be 1 or 0, got "${strictRaw}".`);
  }

  const currencyRaw = env.API_CLIENT_CURRENCY?.trim() ?? '';
  if (currencyRaw && !(CURRENCIES as readonly string[]).includes(currencyRaw))
    throw new ConfigError(`API_CLIENT_CURRENCY must be one of the contract's currencies (${CURRENCIES.join(', ')}), got "${currencyRaw}".`);

  const runId = env.RUN_ID?.trim() || newRunId();
  if (!/^[A-Za-z0-9_-]{1,40}$/.test(runId)) throw new ConfigError('RUN_ID may hold only letters, digits, "-" and "_" (at most 40).');

  const fuzzSeed = readFuzzSeedSetting(env.FUZZ_SEED);
  const sourceRaw = env[FUZZ_SEED_SOURCE_ENV]?.trim() ?? '';
  const fuzzSeedSource = (FUZZ_SEED_SOURCES as readonly string[]).includes(sourceRaw) ? (sourceRaw as FuzzSeedSource) : null;
  const counterexamples = env.FUZZ_COUNTEREXAMPLES?.trim() || null;

  if (first) throw new ConfigError(first.sentence);

  return {
    baseUrl,
    credentials,
    secondCredentials,
    environment,
    profilePath,
    rate: target.rate,
    strict: strictRaw === '1' || strictRaw === 'true',
    runId,
    limits: readRunLimits(env),
    clientCurrency: currencyRaw || null,
    durabilityWaitMs: readDurabilityWait(env),
    fuzzSeed,
    fuzzSeedSource,
    counterexamples,
  };
}

/** The second partner's credentials: both variables or neither, each long enough to redact, not the first's. */
function readSecondCredentials(env: Env, first: Credentials | null): Credentials | null {
  const key = env.API_SECOND_SUBSCRIPTION_KEY ?? '';
  const secret = env.API_SECOND_SECRET ?? '';
  if (!key && !secret) return null;
  if (!key || !secret) {
    const missing = !key ? 'API_SECOND_SUBSCRIPTION_KEY' : 'API_SECOND_SECRET';
    throw new ConfigError(`${missing} is not set but the other half of the second partner's credentials is; set both, or neither.`);
  }
  refuseShortCredentials({ API_SECOND_SUBSCRIPTION_KEY: key, API_SECOND_SECRET: secret });
  if (first && first.subscriptionKey === key && first.secret === secret)
    throw new ConfigError(
      "API_SECOND_SUBSCRIPTION_KEY and API_SECOND_SECRET are the first partner's credentials; the second partner's must be its own.",
    );
  return { subscriptionKey: key, secret };
}

/** A run ID that sorts by time and is unique enough to tag records: 20261122T101500-3fa2c1. */
export function newRunId(now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, '');
  return `${stamp}-${randomBytes(3).toString('hex')}`;
}
