/**
 * Command-line arguments of the load runners. A bad argument is one sentence (ConfigError, exit 2).
 */
import { ConfigError } from '../../src/config/config-error.ts';
import { knobsFor } from '../../load/lib/config.ts';
import { SCENARIOS, type ScenarioName, isScenarioName } from '../../load/lib/names.ts';

export function runUsage(): string {
  const lines = [
    'Usage: npm run load -- <scenario> [k6 run options]',
    `Scenarios: ${SCENARIOS.join(', ')}.`,
    'Target: API_BASE_URL, API_SUBSCRIPTION_KEY, API_SECRET, API_ENVIRONMENT, API_PROFILE, API_RATE (unset API_BASE_URL = bundled reference).',
    'Knobs (environment variables):',
  ];
  const knobs = knobsFor('all').concat(SCENARIOS.flatMap((s) => knobsFor(s).filter((x) => x.scope === s)));
  for (const k of knobs) {
    lines.push(`  ${k.name.padEnd(26)} ${k.scope === 'all' ? '' : `[${k.scope}] `}${k.fallback === '' ? '' : `(default ${k.fallback}) `}${k.meaning}`);
  }
  return lines.join('\n');
}

function scenarioArg(value: string | undefined, command: string, allowed: readonly ScenarioName[] = SCENARIOS): ScenarioName {
  if (value === undefined) throw new ConfigError(`Name a scenario: ${command} -- <${allowed.join('|')}>.`);
  if (!isScenarioName(value) || allowed.indexOf(value) < 0) throw new ConfigError(`Unknown scenario "${value}" for ${command}: choose one of ${allowed.join(', ')}.`);
  return value;
}

export function parseRunArgs(args: readonly string[]): { scenario: ScenarioName; k6Args: string[] } | 'help' {
  const [first, ...rest] = args;
  if (first === '--help' || first === '-h') return 'help';
  return { scenario: scenarioArg(first, 'npm run load'), k6Args: rest };
}

export interface CompareArgs {
  summaryPath: string;
  baselinePath: string | null;
  force: boolean;
}

export function parseCompareArgs(args: readonly string[]): CompareArgs {
  const force = args.indexOf('--force') >= 0;
  const unknown = args.filter((a) => a.indexOf('--') === 0 && a !== '--force');
  if (unknown.length > 0) throw new ConfigError(`Unknown option ${unknown[0]}: npm run load:compare -- <summary.json> [baseline.json] [--force].`);
  const paths = args.filter((a) => a.indexOf('--') !== 0);
  if (paths.length === 0 || paths.length > 2) throw new ConfigError('Give the run report and optionally the baseline: npm run load:compare -- reports/load/<scenario>.json [load/baselines/<scenario>.json].');
  return { summaryPath: paths[0], baselinePath: paths[1] ?? null, force };
}

export interface BaselineArgs {
  /** A scenario name (its report in LOAD_REPORT_DIR) or a report path. */
  source: string;
  force: boolean;
}

export function parseBaselineArgs(args: readonly string[]): BaselineArgs {
  const force = args.indexOf('--force') >= 0;
  const rest = args.filter((a) => a !== '--force');
  if (rest.length !== 1 || rest[0].indexOf('--') === 0) throw new ConfigError(`Name the run to record: npm run load:baseline -- <${SCENARIOS.join('|')}|reports/load/<scenario>.json> [--force].`);
  return { source: rest[0], force };
}

export const READ_ONLY_SCENARIOS: readonly ScenarioName[] = ['pagination', 'polling'];

export interface ContractArgs {
  scenario: ScenarioName;
  /** Arrival rate held during the conformance run (PAGE_RATE, or polls per second). */
  rate: number | null;
}

export function parseContractArgs(args: readonly string[]): ContractArgs {
  let scenario: ScenarioName = 'pagination';
  let rate: number | null = null;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '--rate') {
      const n = Number(args[++i]);
      if (!(n > 0)) throw new ConfigError(`--rate needs a positive number of requests per second, got "${args[i] ?? ''}".`);
      rate = n;
    } else if (a.indexOf('--') === 0) {
      throw new ConfigError(`Unknown option ${a}: npm run load:contract -- [${READ_ONLY_SCENARIOS.join('|')}] [--rate N].`);
    } else {
      scenario = scenarioArg(a, 'npm run load:contract (read-only scenarios only)', READ_ONLY_SCENARIOS);
    }
  }
  return { scenario, rate };
}
