/**
 * The environment a k6 scenario runs with. With API_BASE_URL unset, the bundled reference server is
 * started (src/run/bundled-reference.ts) and small local defaults apply; the configuration is then
 * checked with the same reader the k6 scripts use, so a bad variable is reported before k6 starts.
 */
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { ConfigError } from '../../src/config/config-error.ts';
import { loadDotEnv, newRunId } from '../../src/config/suite-config.ts';
import { type TargetProfile, loadProfile } from '../config/target-profile.ts';
import { startBundledReference, targetEnvironment } from '../../src/run/bundled-reference.ts';
import { setChildEnvironment } from '../../src/config/child-environment.ts';
import { type LoadConfig, LoadConfigError, readLoadConfig } from '../../load/lib/config.ts';
import type { ScenarioName } from '../../load/lib/names.ts';
import { refuseK6PlanShortcuts } from './args.ts';
import { dashboardEnv } from './k6-process.ts';
import { dashboardFileFor } from './paths.ts';

/** The bundled reference's rate limit during `npm run load`, so rate-probe has something to find. */
export const LOCAL_REFERENCE_RATE_LIMIT = 20;

/**
 * Small defaults for a run against the bundled reference (a user's own variables win). Rates stay
 * below the reference's limit, except rate-probe, whose steps climb past it.
 */
export const LOCAL_DEFAULTS: Readonly<Record<ScenarioName | 'all', Readonly<Record<string, string>>>> = {
  all: { LOAD_EXPECTED_LATENCY_MS: '50' },
  pagination: { LOAD_DURATION: '10s', PAGE_RATE: '8' },
  polling: { LOAD_DURATION: '10s', POLL_INTERVAL: '1s', POLL_CLIENTS: '2' },
  subscriptions: { SUB_RATE: '2', WRITE_BUDGET: '20' },
  'rate-probe': { RATE_START: '10', RATE_STEP: '2', RATE_MAX: '40', RATE_STEP_DURATION: '3s', RATE_BACKOFF: '2s' },
};

export interface PreparedRun {
  scenario: ScenarioName;
  env: NodeJS.ProcessEnv;
  config: LoadConfig;
  /** The target profile, schema-checked (the default one without API_PROFILE). */
  profile: TargetProfile;
  /** Absolute paths of the files handleSummary writes. */
  reportPath: string;
  junitPath: string;
  /** k6's own web-dashboard HTML report of the run (K6_WEB_DASHBOARD_EXPORT). */
  dashboardPath: string;
  startedReference: boolean;
  /**
   * Removes the last run's report files, so a stale report is never read as this run's. Called only once k6 is about
   * to start: a run refused before (preflight, no k6) leaves the last report as it was.
   */
  clearStaleReports(): void;
  close(): Promise<void>;
}

export interface PrepareOptions {
  /** The options given to k6 run (npm run load); refused when they would replace the scenario's plan. */
  k6Args?: readonly string[];
  /** Rate limit of the bundled reference; false = off. */
  referenceRateLimit: number | false;
  k6Version: string | null;
  cwd?: string;
}

function applyDefaults(env: NodeJS.ProcessEnv, defaults: Readonly<Record<string, string>>): void {
  for (const key of Object.keys(defaults)) if (env[key] === undefined || env[key] === '') env[key] = defaults[key];
}

export async function prepareRun(scenario: ScenarioName, options: PrepareOptions): Promise<PreparedRun> {
  const cwd = options.cwd ?? process.cwd();
  loadDotEnv();
  refuseK6PlanShortcuts(options.k6Args ?? [], process.env);
  let close = async (): Promise<void> => {};
  let startedReference = false;
  if (!process.env.API_BASE_URL) {
    if (options.referenceRateLimit !== false && !process.env.REFERENCE_RATE_LIMIT)
      setChildEnvironment({ REFERENCE_RATE_LIMIT: String(options.referenceRateLimit) });
    const reference = await startBundledReference();
    setChildEnvironment(targetEnvironment(reference.target));
    close = reference.close;
    startedReference = true;
  }
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (startedReference) {
    applyDefaults(env, LOCAL_DEFAULTS.all);
    applyDefaults(env, LOCAL_DEFAULTS[scenario]);
  }
  if (env.API_PROFILE && !isAbsolute(env.API_PROFILE)) env.API_PROFILE = resolve(cwd, env.API_PROFILE);
  env.RUN_ID ||= newRunId();
  env.LOAD_REPORT_DIR ||= 'reports/load';
  if (options.k6Version !== null) env.LOAD_K6_VERSION = options.k6Version;

  try {
    // The full schema check of the profile (Ajv) runs here; k6 only reads the fields it needs.
    const profile = loadProfile(env.API_PROFILE || null);
    const profileText = env.API_PROFILE ? readFileSync(env.API_PROFILE, 'utf8') : null;
    const config = readLoadConfig(scenario, env, profileText);
    const dir = resolve(cwd, env.LOAD_REPORT_DIR);
    mkdirSync(dir, { recursive: true });
    const reportPath = resolve(dir, `${scenario}.json`);
    const junitPath = resolve(dir, `${scenario}.junit.xml`);
    const dashboardPath = dashboardFileFor(reportPath);
    Object.assign(env, dashboardEnv(dashboardPath, env));
    const clearStaleReports = (): void => {
      for (const p of [reportPath, junitPath, dashboardPath]) if (existsSync(p)) rmSync(p);
    };
    return { scenario, env, config, profile, reportPath, junitPath, dashboardPath, startedReference, clearStaleReports, close };
  } catch (error) {
    await close();
    if (error instanceof LoadConfigError) throw new ConfigError(`load ${scenario}: ${error.message}`);
    throw error;
  }
}
