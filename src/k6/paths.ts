/** Where the load runners find the scripts and write their reports. */
import { fileURLToPath } from 'node:url';
import type { ScenarioName } from '../../load/lib/names.ts';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const LOAD_DIR = fileURLToPath(new URL('../../load/', import.meta.url));
export const BASELINE_DIR = fileURLToPath(new URL('../../load/baselines/', import.meta.url));

export function scenarioScript(scenario: ScenarioName): string {
  return `${LOAD_DIR}${scenario}.ts`;
}

export function baselinePath(scenario: ScenarioName): string {
  return `${BASELINE_DIR}${scenario}.json`;
}

/** k6's web-dashboard HTML report sits beside the run report: reports/load/pagination.dashboard.html. */
export function dashboardFileFor(reportPath: string): string {
  return reportPath.replace(/(\.json)?$/, '.dashboard.html');
}
