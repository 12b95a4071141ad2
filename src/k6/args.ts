/**
 * Command-line arguments of the load runners. A bad argument is one sentence (ConfigError, exit 2).
 */
import { UsageError } from '../config/config-error.ts';
import { type CommandSpec, type EnvironmentSpec, parseCommandLine } from '../config/command-line.ts';
import { knobsFor } from '../../load/lib/config.ts';
import { SCENARIOS, type ScenarioName, isScenarioName } from '../../load/lib/names.ts';

/** The environment of `npm run load`: every knob, from the knob table the scripts read. */
function knobVariables(): EnvironmentSpec[] {
  const knobs = knobsFor('all').concat(SCENARIOS.flatMap((s) => knobsFor(s).filter((x) => x.scope === s)));
  return knobs.map((k) => ({
    name: k.name,
    description: `${k.scope === 'all' ? '' : `[${k.scope}] `}${k.fallback === '' ? '' : `(default ${k.fallback}) `}${k.meaning}`,
  }));
}

function scenarioArg(value: string | undefined, command: string, allowed: readonly ScenarioName[] = SCENARIOS): ScenarioName {
  if (value === undefined) throw new UsageError(`Name a scenario: ${command} -- <${allowed.join('|')}>.`);
  if (!isScenarioName(value) || allowed.indexOf(value) < 0)
    throw new UsageError(`Unknown scenario "${value}" for ${command}: choose one of ${allowed.join(', ')}.`);
  return value;
}

export const LOAD_COMMAND = {
  exitCodes: ['pass', 'contractFailure', 'usage', 'toolMissing', 'targetUnavailable', 'credentialsRefused'],
  command: 'npm run load --',
  summary: 'Run a k6 load scenario against the target (or the bundled reference) and write its run report to reports/load/<scenario>.json.',
  positionals: { usage: `<${SCENARIOS.join('|')}> [k6 run options]`, min: 0, max: 1 },
  options: {},
  notes: [
    `Scenarios: ${SCENARIOS.join(', ')}. Options after the scenario go to k6 run unchanged.`,
    'Target: API_BASE_URL, API_SUBSCRIPTION_KEY, API_SECRET, API_ENVIRONMENT, API_PROFILE, API_RATE (unset API_BASE_URL = bundled reference).',
    'k6: K6_BIN or k6 on PATH (exit 3 without it).',
  ],
  get environment() {
    return knobVariables();
  },
} as const satisfies CommandSpec;

/** Only the first argument is ours (the scenario, or --help); the rest goes to k6 as it is. */
export function parseRunArgs(args: readonly string[]): { scenario: ScenarioName; k6Args: string[] } {
  const { positionals } = parseCommandLine(LOAD_COMMAND, args.slice(0, 1));
  return { scenario: scenarioArg(positionals[0], 'npm run load'), k6Args: args.slice(1) };
}

export interface CompareArgs {
  /** The run's report, or a folder holding one report per runner of a distributed run (merged into one). */
  summaryPath: string;
  baselinePath: string | null;
  force: boolean;
}

export const LOAD_COMPARE_COMMAND = {
  exitCodes: ['pass', 'contractFailure', 'usage'],
  command: 'npm run load:compare --',
  summary:
    "Compare a load run report (or a folder of its runners' reports, merged) with its baseline (default load/baselines/<scenario>.json); writes reports/perf-regression/<scenario>.{md,html}.",
  positionals: { usage: '<reports/load/<scenario>.json | folder of runner reports> [baseline.json]', min: 0, max: 2 },
  options: {
    force: { type: 'boolean', description: 'compare even when the two runs did different work or ran under different conditions' },
  },
  notes: [
    "A folder is read as the runners' reports of one distributed run (k6-operator: one per runner pod), every .json in it, merged.",
    'Exit 1 on a regression beyond the baseline tolerances, on an invalid run, and when the runs are incomparable.',
  ],
} as const satisfies CommandSpec;

export function parseCompareArgs(args: readonly string[]): CompareArgs {
  const { values, positionals } = parseCommandLine(LOAD_COMPARE_COMMAND, args);
  if (positionals.length === 0)
    throw new UsageError(
      'Give the run report and optionally the baseline: npm run load:compare -- reports/load/<scenario>.json [load/baselines/<scenario>.json].',
    );
  return { summaryPath: positionals[0], baselinePath: positionals[1] ?? null, force: values.force === true };
}

export interface BaselineArgs {
  /** A scenario name (its report in LOAD_REPORT_DIR) or a report path. */
  source: string;
  force: boolean;
}

export const LOAD_BASELINE_COMMAND = {
  exitCodes: ['pass', 'usage'],
  command: 'npm run load:baseline --',
  summary: 'Record a passing load run as the new baseline of its scenario (load/baselines/<scenario>.json), keeping the tolerances.',
  positionals: { usage: `<${SCENARIOS.join('|')}|reports/load/<scenario>.json>`, min: 0, max: 1 },
  options: { force: { type: 'boolean', description: 'record a run that did not pass' } },
} as const satisfies CommandSpec;

export function parseBaselineArgs(args: readonly string[]): BaselineArgs {
  const { values, positionals } = parseCommandLine(LOAD_BASELINE_COMMAND, args);
  if (positionals.length === 0)
    throw new UsageError(
      `Name the run to record: npm run load:baseline -- <${SCENARIOS.join('|')}|reports/load/<scenario>.json> [--force].`,
    );
  return { source: positionals[0], force: values.force === true };
}

export const READ_ONLY_SCENARIOS: readonly ScenarioName[] = ['pagination', 'polling'];

export interface ContractArgs {
  scenario: ScenarioName;
  /** Arrival rate held during the conformance run (PAGE_RATE, or polls per second). */
  rate: number | null;
}

export const LOAD_CONTRACT_COMMAND = {
  exitCodes: ['pass', 'contractFailure', 'usage', 'toolMissing', 'targetUnavailable', 'credentialsRefused'],
  command: 'npm run load:contract --',
  summary: 'Hold a read-only k6 scenario at a set arrival rate while the read-only conformance checks run: both verdicts together.',
  positionals: { usage: `[${READ_ONLY_SCENARIOS.join('|')}]`, min: 0, max: 1 },
  options: { rate: { type: 'string', value: '<N>', description: 'arrival rate held during the conformance run, requests per second' } },
  notes: ['CONTRACT_MAX_DURATION bounds the run (default 5m). k6: K6_BIN or k6 on PATH (exit 3 without it).'],
} as const satisfies CommandSpec;

export function parseContractArgs(args: readonly string[]): ContractArgs {
  const { values, positionals } = parseCommandLine(LOAD_CONTRACT_COMMAND, args);
  const scenario =
    positionals[0] === undefined
      ? 'pagination'
      : scenarioArg(positionals[0], 'npm run load:contract (read-only scenarios only)', READ_ONLY_SCENARIOS);
  if (values.rate === undefined) return { scenario, rate: null };
  const rate = Number(values.rate);
  if (!(rate > 0)) throw new UsageError(`--rate needs a positive number of requests per second, got "${values.rate}".`);
  return { scenario, rate };
}
