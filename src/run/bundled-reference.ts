/**
 * With no API_BASE_URL, every entry point (conformance, fuzz, certify, load) runs against the bundled
 * reference server, started on a free loopback port. REFERENCE_FAULTS (comma-separated fault names),
 * REFERENCE_VARIANTS (comma-separated legitimate variations, reference/variations.ts), REFERENCE_RATE_LIMIT
 * and REFERENCE_MAX_LIMIT configure it (the self-tests use the first two).
 * It returns its target: the base URL, the credentials (the second partner's too), the profile (the reference's pinned
 * one, unless API_PROFILE names another) and environment local. `targetEnvironment` spells that target as the API_*
 * variables, for a caller whose child processes and Playwright workers must inherit it.
 */
import { fileURLToPath } from 'node:url';
import { ConfigError } from '../config/config-error.ts';

export const REFERENCE_PROFILE_PATH = fileURLToPath(new URL('../../reference/profile.json', import.meta.url));

function numberEnv(name: string): number | undefined {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0) throw new ConfigError(`${name} must be a positive whole number, got "${raw}".`);
  return n;
}

/**
 * Settings that name a real target without saying where it is: running against the bundled reference
 * then would test the wrong server and pass (a CI gate whose API_BASE_URL secret went missing).
 */
export function refuseRemoteSettingsWithoutUrl(env: NodeJS.ProcessEnv): void {
  // Read as the suite configuration reads it: trimmed, in any case.
  const environment = env.API_ENVIRONMENT?.trim().toLowerCase();
  if (environment && environment !== 'local') {
    throw new ConfigError(
      `API_ENVIRONMENT=${environment} names a remote target, but API_BASE_URL is not set: set it to the target's base URL (without it the suite would test its own bundled reference server).`,
    );
  }
  const credentials = ['API_SUBSCRIPTION_KEY', 'API_SECRET', 'API_SECOND_SUBSCRIPTION_KEY', 'API_SECOND_SECRET'].filter((name) =>
    env[name]?.trim(),
  );
  if (credentials.length > 0) {
    throw new ConfigError(
      `${credentials.join(' and ')} ${credentials.length > 1 ? 'are' : 'is'} set, but API_BASE_URL is not: set it to the target's base URL, or unset the credentials to test the bundled reference server.`,
    );
  }
}

function namesEnv(name: 'REFERENCE_FAULTS' | 'REFERENCE_VARIANTS', env: NodeJS.ProcessEnv): string[] {
  return (env[name] ?? '')
    .split(',')
    .map((f) => f.trim())
    .filter(Boolean);
}

/** The fault switches REFERENCE_FAULTS names (comma-separated) for the bundled reference. */
export function referenceFaults(env: NodeJS.ProcessEnv = process.env): string[] {
  return namesEnv('REFERENCE_FAULTS', env);
}

/** The legitimate variations REFERENCE_VARIANTS names (comma-separated) for the bundled reference. */
export function referenceVariants(env: NodeJS.ProcessEnv = process.env): string[] {
  return namesEnv('REFERENCE_VARIANTS', env);
}

/** The target the bundled reference serves. */
export interface BundledTarget {
  baseUrl: string;
  credentials: { subscriptionKey: string; secret: string };
  /** The reference serves a second partner: its credentials make the partner-isolation check run by default here. */
  secondCredentials: { subscriptionKey: string; secret: string };
  profilePath: string;
  environment: 'local';
}

/** The bundled target as the API_* variables every entry point reads. */
export function targetEnvironment(target: BundledTarget): Record<string, string> {
  return {
    API_BASE_URL: target.baseUrl,
    API_SUBSCRIPTION_KEY: target.credentials.subscriptionKey,
    API_SECRET: target.credentials.secret,
    API_SECOND_SUBSCRIPTION_KEY: target.secondCredentials.subscriptionKey,
    API_SECOND_SECRET: target.secondCredentials.secret,
    API_PROFILE: target.profilePath,
    API_ENVIRONMENT: target.environment,
  };
}

export async function startBundledReference(): Promise<{ url: string; target: BundledTarget; close: () => Promise<void> }> {
  refuseRemoteSettingsWithoutUrl(process.env);
  const { startReferenceServer } = await import('../../reference/server.ts');
  const faults = referenceFaults();
  const variants = referenceVariants();
  let running: Awaited<ReturnType<typeof startReferenceServer>>;
  try {
    running = await startReferenceServer({
      port: 0,
      faults,
      variants,
      rateLimit: numberEnv('REFERENCE_RATE_LIMIT') ?? false,
      maxLimit: numberEnv('REFERENCE_MAX_LIMIT'),
    });
  } catch (error) {
    throw new ConfigError(`The bundled reference server did not start: ${error instanceof Error ? error.message : String(error)}`);
  }
  const target = referenceTarget(running, process.env.API_PROFILE || REFERENCE_PROFILE_PATH);
  return { url: running.url, target, close: () => running.close() };
}

/** The target a running reference serves: its URL and both partners' credentials, this profile, environment local. */
export function referenceTarget(
  running: Pick<BundledTarget, 'credentials' | 'secondCredentials'> & { url: string },
  profilePath = REFERENCE_PROFILE_PATH,
): BundledTarget {
  return {
    baseUrl: running.url,
    credentials: running.credentials,
    secondCredentials: running.secondCredentials,
    profilePath,
    environment: 'local',
  };
}
