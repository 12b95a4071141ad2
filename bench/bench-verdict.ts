/**
 * `npm run bench:verdict`: how long a partner waits for the verdict on a failing target, beside a correct one.
 *
 * Default: the commands a partner runs, `npm run conformance` and `npm run certify -- --skip-load`, each against the
 * bundled reference as it is (a correct target) and with the fault `offer-price-as-string` on (every offer fails its
 * schema: the deviation that fails the most tests at once), taking turns in one run so a slow moment of a shared
 * machine hits both alike. Prints the median wall time of each and the ratios failing / correct beside their goals
 * (conformance at most 2, certify at most 1.5: issue 33). Why a failing target costs more at all: Playwright starts a
 * new worker after each failed test, and each start loads Playwright and the suite again.
 *
 * `--baseline <checkout>`: the whole conformance suite with one fault on, for each fault of a fixed set, in this
 * checkout and in a baseline checkout (another commit of this repository, e.g. a `git worktree`), taking turns; prints
 * the median wall time per checkout and their ratio.
 *
 * Prints figures; asserts nothing.
 */
import { spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { parseCommandLine, type CommandSpec } from '../src/config/command-line.ts';
import { median } from './bench-figures.ts';

const BENCH_COMMAND = {
  command: 'npm run bench:verdict --',
  summary:
    'Time to a verdict on a failing target beside a correct one (npm run conformance, npm run certify -- --skip-load), or, with --baseline, this checkout against another. Prints figures; asserts nothing.',
  options: {
    baseline: { type: 'string', description: 'a checkout of another commit of this repository (with node_modules) to compare with' },
    rounds: { type: 'string', description: 'rounds per contender (default 3)' },
    setting: {
      type: 'string',
      description: 'ci (CI set, as a CI gate runs: 2 workers), local (unset: half the cores, at least 2), or both (default)',
    },
  },
  notes: [
    'Runs on loopback only, against the bundled reference. Default: about 5 minutes on 2 cores; with --baseline, about 10 s per run.',
  ],
} as const satisfies CommandSpec;

const { values } = parseCommandLine(BENCH_COMMAND);
const ROUNDS = Number(values.rounds ?? 3);
if (!Number.isInteger(ROUNDS) || ROUNDS < 1) {
  process.stderr.write(`--rounds must be a whole number above 0, got ${JSON.stringify(values.rounds)}\n`);
  process.exit(2);
}
/** How the commands run: as a CI gate does (every CI service sets CI: 2 workers), or on a workstation (half the cores, at least 2). */
const SETTINGS: Record<'ci' | 'local', Record<string, string | undefined>> = { ci: { CI: 'true' }, local: { CI: undefined } };
type Setting = keyof typeof SETTINGS;
const settingOption = values.setting ?? 'both';
if (!['ci', 'local', 'both'].includes(settingOption)) {
  process.stderr.write(`--setting must be ci, local or both, got ${JSON.stringify(settingOption)}\n`);
  process.exit(2);
}
/** The workers a setting runs (playwright.config.ts). */
const workersOf = (setting: Setting): number => (setting === 'ci' ? 2 : Math.max(2, Math.floor(availableParallelism() / 2)));
// Both settings run the same workers on a machine of up to 5 cores: measured once there.
const settings: Setting[] =
  settingOption === 'both' ? (workersOf('local') === workersOf('ci') ? ['ci'] : ['ci', 'local']) : [settingOption as Setting];
const HERE = resolve(import.meta.dirname, '..');
const REPORTS = join(HERE, 'reports', 'bench-verdict');

/** One command run to its exit, in `root`, with `env` added: its wall time in ms and exit code. */
async function timeRun(
  root: string,
  argv: string[],
  env: Record<string, string | undefined>,
): Promise<{ ms: number; exitCode: number | null }> {
  // A variable set to undefined is left out (CI unset, not empty).
  const childEnv = Object.fromEntries(Object.entries({ ...process.env, FORCE_COLOR: '0', ...env }).filter(([, v]) => v !== undefined));
  const started = performance.now();
  const child = spawn(argv[0], argv.slice(1), { cwd: root, env: childEnv, stdio: 'ignore' });
  const exitCode = await new Promise<number | null>((done) => child.on('close', done));
  return { ms: performance.now() - started, exitCode };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

// ---- failing target beside a correct one ---------------------------------------------------------------------------

/** Every offer fails its schema (offerPrice as a string): the deviation that fails the most tests at once. */
const FAILING_FAULT = 'offer-price-as-string';
const TARGETS = { correct: '', failing: FAILING_FAULT } as const;
type Target = keyof typeof TARGETS;

/** The commands as a partner runs them (package.json's scripts), each with its goal for failing / correct. */
const COMMANDS = {
  conformance: { goal: 2, argv: (_out: string) => [join(HERE, 'node_modules/.bin/tsx'), 'src/cli/playwright-suite.ts', 'conformance'] },
  certify: { goal: 1.5, argv: (out: string) => [process.execPath, '--import', 'tsx', 'src/cli/certify.ts', '--skip-load', '--out', out] },
} as const;
type CommandName = keyof typeof COMMANDS;

async function failingBesideCorrect(): Promise<void> {
  type Times = Record<CommandName, Record<Target, number[]>>;
  const times = Object.fromEntries(
    settings.map((setting) => [setting, { conformance: { correct: [], failing: [] }, certify: { correct: [], failing: [] } }]),
  ) as Record<Setting, Times>;
  const expectedExit: Record<Target, number> = { correct: 0, failing: 1 };
  process.stdout.write(
    `Each command against the bundled reference, correct and with ${FAILING_FAULT} on (every offer fails its schema), ${ROUNDS} round(s), taking turns; settings: ${settings.map(describeSetting).join('; ')}.\n`,
  );
  for (let round = 0; round < ROUNDS; round++) {
    for (const setting of settings) {
      for (const name of Object.keys(COMMANDS) as CommandName[]) {
        // Alternate which target goes first, so neither always meets a warm or a cold machine.
        const order: Target[] = round % 2 ? ['failing', 'correct'] : ['correct', 'failing'];
        for (const target of order) {
          const out = join(REPORTS, setting, name, target);
          rmSync(out, { recursive: true, force: true });
          // The reference's own fault switch; API_BASE_URL unset so the run starts the bundled reference.
          const env = { ...SETTINGS[setting], REFERENCE_FAULTS: TARGETS[target], REPORTS_DIR: out, API_BASE_URL: '' };
          const { ms, exitCode } = await timeRun(HERE, COMMANDS[name].argv(join(out, 'certification')), env);
          times[setting][name][target].push(ms);
          const unexpected =
            exitCode === expectedExit[target] ? '' : `  (expected exit ${expectedExit[target]}: this figure is not a verdict's)`;
          process.stdout.write(
            `${setting.padEnd(6)} ${name.padEnd(12)} ${target.padEnd(8)} ${seconds(ms).padStart(7)}  exit ${exitCode}${unexpected}\n`,
          );
        }
      }
    }
  }
  process.stdout.write('\nmedian wall time to the verdict (failing / correct, goal):\n');
  for (const setting of settings) {
    process.stdout.write(`  ${describeSetting(setting)}\n`);
    for (const name of Object.keys(COMMANDS) as CommandName[]) {
      const correct = median(times[setting][name].correct);
      const failing = median(times[setting][name].failing);
      const ratio = failing / correct;
      const goal = COMMANDS[name].goal;
      process.stdout.write(
        `    ${name.padEnd(12)} correct ${seconds(correct).padStart(7)}   failing ${seconds(failing).padStart(7)}   failing / correct ${ratio.toFixed(2)} (goal <= ${goal}: ${ratio <= goal ? 'met' : 'NOT met'})\n`,
      );
    }
  }
}

function describeSetting(setting: Setting): string {
  const workers = workersOf(setting);
  const alike = settingOption === 'both' && settings.length === 1 ? '; CI unset runs as many here' : '';
  return setting === 'ci'
    ? `ci: CI set, as a CI gate runs (${workers} workers${alike})`
    : `local: CI unset, as on a workstation (${workers} workers, half the cores, at least 2)`;
}

// ---- this checkout beside a baseline -------------------------------------------------------------------------------

/** Faults both checkouts know (older than the change measured), each failing a different part of the suite. */
const BASELINE_FAULTS = ['limit-ignored', 'secret-not-checked', 'missing-field-defaulted', 'status-uppercase', 'cancel-not-persisted'];

async function besideBaseline(baseline: string): Promise<void> {
  if (!existsSync(join(baseline, 'node_modules/.bin/playwright'))) {
    process.stderr.write('--baseline must name a checkout with node_modules (e.g. git worktree add reports/base-tree <commit>)\n');
    process.exit(2);
  }
  const checkouts = { baseline: resolve(baseline), current: HERE };
  const times: Record<keyof typeof checkouts, number[]> = { baseline: [], current: [] };
  for (let round = 0; round < ROUNDS; round++) {
    for (const fault of BASELINE_FAULTS) {
      const order = (round + BASELINE_FAULTS.indexOf(fault)) % 2 ? (['current', 'baseline'] as const) : (['baseline', 'current'] as const);
      for (const which of order) {
        const reportsDir = join(REPORTS, which, fault);
        rmSync(reportsDir, { recursive: true, force: true });
        // One worker, as a CI gate on 2 cores.
        const argv = [
          join(checkouts[which], 'node_modules/.bin/playwright'),
          'test',
          '--project=conformance',
          '--workers=1',
          '--reporter=dot',
        ];
        const { ms, exitCode } = await timeRun(checkouts[which], argv, { REPORTS_DIR: reportsDir, REFERENCE_FAULTS: fault });
        times[which].push(ms);
        process.stdout.write(`${which.padEnd(8)} ${fault.padEnd(24)} ${seconds(ms)} (exit ${exitCode})\n`);
      }
    }
  }
  const base = median(times.baseline);
  const now = median(times.current);
  process.stdout.write(
    `\nmedian time to a verdict on a failing target: baseline ${seconds(base)}, current ${seconds(now)} (current/baseline ${(now / base).toFixed(2)}; ${times.current.length} runs each)\n`,
  );
}

if (values.baseline) await besideBaseline(values.baseline);
else await failingBesideCorrect();
