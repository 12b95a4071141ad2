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

/**
 * k6's options that replace a script's scenarios with a default one that runs the script's `default` function: set
 * in a tier above the script (command line or K6_* variable), they clear its scenarios (k6's lib/options.go,
 * Options.Apply; grafana/k6 issue 3741). The scripts export none on purpose: their one scenario is an arrival rate held under
 * API_RATE, and nothing may run them outside it (test/load/k6-scripts.test.ts). Given one, k6 would stop on a missing
 * `default` with its own code; the runners refuse it first, in one sentence.
 */
export const K6_PLAN_SHORTCUTS: ReadonlyArray<{ long: string; short: string; env: string }> = [
  { long: '--duration', short: '-d', env: 'K6_DURATION' },
  { long: '--iterations', short: '-i', env: 'K6_ITERATIONS' },
  { long: '--stage', short: '-s', env: 'K6_STAGES' },
];

export const LOAD_COMMAND = {
  exitCodes: ['pass', 'contractFailure', 'usage', 'toolMissing', 'targetUnavailable', 'credentialsRefused'],
  command: 'npm run load --',
  summary: 'Run a k6 load scenario against the target (or the bundled reference) and write its run report to reports/load/<scenario>.json.',
  positionals: { usage: `<${SCENARIOS.join('|')}> [k6 run options]`, min: 0, max: 1 },
  options: {},
  notes: [
    `Scenarios: ${SCENARIOS.join(', ')}. Options after the scenario go to k6 run unchanged, but for ${K6_PLAN_SHORTCUTS.map((s) => s.long).join(', ')} (and ${K6_PLAN_SHORTCUTS.map((s) => s.env).join(', ')}), which would replace the scenario's arrival rate: set LOAD_DURATION and its rate instead.`,
    'Target: API_BASE_URL, API_SUBSCRIPTION_KEY, API_SECRET, API_ENVIRONMENT, API_PROFILE, API_RATE (unset API_BASE_URL = bundled reference).',
    'k6: K6_BIN or k6 on PATH (exit 3 without one; 2 when K6_BIN names no executable).',
  ],
  get environment() {
    return knobVariables();
  },
} as const satisfies CommandSpec;

/** The k6 option or variable among these that would replace the scenario's plan, or null. */
function planShortcut(k6Args: readonly string[], env: NodeJS.ProcessEnv): string | null {
  for (const s of K6_PLAN_SHORTCUTS) {
    // pflag's forms: --duration 30s, --duration=30s, -d 30s, -d30s, -d=30s.
    const given = k6Args.find((a) => a === s.long || a.startsWith(`${s.long}=`) || a.startsWith(s.short));
    if (given !== undefined) return `k6's ${given.startsWith('--') ? s.long : s.short}`;
    if ((env[s.env] ?? '') !== '') return s.env;
  }
  return null;
}

/** Refuses, before anything starts, a k6 option or variable that would replace the scenario's own plan. */
export function refuseK6PlanShortcuts(k6Args: readonly string[], env: NodeJS.ProcessEnv): void {
  const given = planShortcut(k6Args, env);
  if (given !== null)
    throw new UsageError(
      `${given} would replace the scenario's own plan (an arrival rate held under API_RATE) with k6's default scenario, which these scripts do not run: set LOAD_DURATION and the scenario's rate instead (npm run load -- --help lists them).`,
    );
}

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
  const [source] = positionals;
  // A bare word is a scenario's name (a path has a folder or ends in .json): a typo is said as one.
  if (!isScenarioName(source) && !/[/\\]|\.json$/i.test(source))
    throw new UsageError(
      `Unknown scenario "${source}" for npm run load:baseline: choose one of ${SCENARIOS.join(', ')}, or give a run report's path (reports/load/<scenario>.json).`,
    );
  return { source, force: values.force === true };
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
  notes: [
    'CONTRACT_MAX_DURATION bounds the run (default 5m). k6: K6_BIN or k6 on PATH (exit 3 without one; 2 when K6_BIN names no executable).',
  ],
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
