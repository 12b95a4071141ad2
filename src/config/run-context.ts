/**
 * One run's context, built once from what the user configured: the configuration (environment and `.env`), the target
 * profile it names, and the redactor of its credentials. Every part of a run that needs them (the workers' fixtures,
 * the global setup, a session, the certification) takes them from here instead of reading and building each again.
 */
import { makeRedactor, type Redactor } from './redact.ts';
import { readSuiteConfig, type SuiteConfig } from './suite-config.ts';
import { loadProfile, type TargetProfile } from './target-profile.ts';

export interface RunContext {
  config: SuiteConfig;
  profile: TargetProfile;
  redact: Redactor;
}

/** The profile and the redactor of a configuration already read. */
export function runContextOf(config: SuiteConfig): RunContext {
  return {
    config,
    profile: loadProfile(config.profilePath),
    redact: makeRedactor([
      config.credentials?.subscriptionKey,
      config.credentials?.secret,
      config.secondCredentials?.subscriptionKey,
      config.secondCredentials?.secret,
    ]),
  };
}

/** Reads the configuration from the environment, with its profile and redactor. */
export function readRunContext(env: NodeJS.ProcessEnv = process.env): RunContext {
  return runContextOf(readSuiteConfig(env));
}
