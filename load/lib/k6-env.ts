/**
 * k6 glue: reads the configuration from __ENV at init, with the target profile read by open().
 * A bad configuration stops the script at init with one message listing every bad variable.
 */
import { type LoadConfig, LoadConfigError, readLoadConfig } from './config.ts';
import type { ScenarioName } from './names.ts';
import { generatedRunId } from './subscription-body.ts';
import { absolutePath } from './url.ts';

export function loadConfig(scenario: ScenarioName): LoadConfig {
  const rawPath = (__ENV.API_PROFILE ?? '').trim();
  let profileText: string | null = null;
  if (rawPath !== '') {
    // open() resolves relative paths against the script's folder; users mean the working directory.
    const path = absolutePath(rawPath, __ENV.PWD ?? null);
    try {
      profileText = open(path);
    } catch (error) {
      throw new Error(`load ${scenario}: API_PROFILE "${rawPath}" cannot be read (${String(error)}); give an absolute path.`);
    }
  }
  try {
    return readLoadConfig(scenario, __ENV, profileText);
  } catch (error) {
    if (error instanceof LoadConfigError) throw new Error(`load ${scenario}: configuration refused. ${error.message}`);
    throw error;
  }
}

/** RUN_ID, or one made up in setup() (init code runs once per VU, so it must not be made there). */
export function runIdFor(config: LoadConfig): string {
  return config.common.runId ?? generatedRunId(Date.now(), Math.random());
}
