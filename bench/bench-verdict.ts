/**
 * `npm run bench:verdict`: how long a partner waits for the verdict on a failing target, beside a correct one.
 *
 * Default: the commands a partner runs, `npm run conformance` and `npm run certify -- --skip-load`, each against the
 * bundled reference as it is (a correct target) and with each fault of a list on (`--faults`: a sample that always
 * holds the broadest deviations, or all), a correct run before every few faulty ones so a slow moment of a shared
 * machine hits both alike. Prints, per command, the median, 90th percentile and maximum of failing / correct (each
 * fault's time over the median correct time) beside the goal: the maximum at most 1.5 (issue 41). A failing target
 * once cost more because Playwright starts a new worker after each failed test; a contract deviation no longer ends
 * its worker (src/harness/deferred-verdict.ts).
 *
 * `--baseline <checkout>`: the whole conformance suite with one fault on, for each fault of a fixed set, in this
 * checkout and in a baseline checkout (another commit of this repository, e.g. a `git worktree`), taking turns; prints
 * the median wall time per checkout and their ratio.
 *
 * Prints figures; asserts nothing.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { parseCommandLine } from '../src/config/command-line.ts';
import { BENCH_VERDICT_COMMAND } from '../src/cli/bench-commands.ts';
import { playwrightResults } from '../src/report/playwright-results.ts';
import { median, quantile } from './bench-figures.ts';
import { FAULTS } from '../reference/faults.ts';

const { values } = parseCommandLine(BENCH_VERDICT_COMMAND);
const ROUNDS = Number(values.rounds ?? (values.baseline ? 3 : 1));
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

// ---- failing targets beside a correct one ---------------------------------------------------------------------------

/**
 * The broadest deviations: one on every answer of a kind, failing the most tests at once (issue 41): every answer's
 * content type, every offer's timestamps (an offset instead of Z), every create and cancel error body; and every
 * offer's schema (offerPrice as a string), the figure issue 33 took.
 */
const BROADEST = ['content-type-text-plain', 'timestamp-with-offset', 'create-error-list-shape', 'offer-price-as-string'];
/** The faults timed: `all` of them, or (default) the broadest and every eighth of the rest, for a run of minutes. */
function faultsTimed(which: string): string[] {
  const rest = FAULTS.map((f) => f.name).filter((name) => !BROADEST.includes(name));
  if (which === 'all') return [...BROADEST, ...rest];
  if (which === 'sample') return [...BROADEST, ...rest.filter((_, i) => i % 8 === 0)];
  const named = which.split(',').map((name) => name.trim());
  const unknown = named.filter((name) => !FAULTS.some((f) => f.name === name));
  if (unknown.length > 0) {
    process.stderr.write(`--faults: no fault named ${unknown.join(', ')} (reference/faults.ts)\n`);
    process.exit(2);
  }
  return named;
}
/** A correct run before every this many faulty ones, so the correct time is taken across the whole run. */
const CORRECT_EVERY = 4;

/** The commands as a partner runs them (package.json's scripts); the goal is on the maximum failing / correct. */
const COMMANDS = {
  conformance: {
    goal: 1.5,
    argv: (_out: string) => [join(HERE, 'node_modules/.bin/tsx'), 'src/cli/playwright-suite.ts', 'conformance'],
    /** Its Playwright report, under the run's REPORTS_DIR. */
    results: (out: string) => join(out, 'conformance', 'results.json'),
  },
  certify: {
    goal: 1.5,
    argv: (out: string) => [process.execPath, '--import', 'tsx', 'src/cli/certify.ts', '--skip-load', '--out', out],
    /** Both projects' Playwright report, in the package (argv's `out` is the run's folder + certification). */
    results: (out: string) => join(out, 'certification', 'suite', 'conformance', 'results.json'),
  },
} as const;
type CommandName = keyof typeof COMMANDS;

async function failingBesideCorrect(): Promise<void> {
  const faults = faultsTimed(values.faults ?? 'sample');
  process.stdout.write(
    `Each command against the bundled reference, correct and with each of ${faults.length} fault(s) on (the broadest among them: ${BROADEST.filter((f) => faults.includes(f)).join(', ') || 'none'}), ${ROUNDS} round(s), a correct run before every ${CORRECT_EVERY} faulty ones (and one warm-up run first, not counted); settings: ${settings.map(describeSetting).join('; ')}. Load average at start: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}.\n`,
  );
  for (const setting of settings) {
    for (const name of Object.keys(COMMANDS) as CommandName[]) {
      const correct: number[] = [];
      const failing = new Map<string, number[]>();
      const workerCounts: Array<{ target: string; workers: number }> = [];
      const run = async (fault: string, counted = true) => {
        const target = fault || (counted ? 'correct' : 'warm-up');
        const out = join(REPORTS, setting, name, target);
        rmSync(out, { recursive: true, force: true });
        // The reference's own fault switch; API_BASE_URL unset so the run starts the bundled reference.
        const env = { ...SETTINGS[setting], REFERENCE_FAULTS: fault, REPORTS_DIR: out, API_BASE_URL: '' };
        const { ms, exitCode } = await timeRun(HERE, COMMANDS[name].argv(join(out, 'certification')), env);
        const expected = fault ? 1 : 0;
        const note = exitCode === expected ? '' : `  (expected exit ${expected}: this figure is not a verdict's)`;
        const workers = workersStarted(COMMANDS[name].results(out));
        process.stdout.write(
          `${setting.padEnd(6)} ${name.padEnd(12)} ${target.padEnd(32)} ${seconds(ms).padStart(7)}  exit ${exitCode}  workers ${workers ?? '?'}${note}\n`,
        );
        if (!counted) return;
        if (fault) failing.set(fault, [...(failing.get(fault) ?? []), ms]);
        else correct.push(ms);
        if (workers !== null) workerCounts.push({ target, workers });
      };
      // Not counted: the first run after a clone or a pause pays cold caches (seen: 25.6 s, then 3.9-6.5 s).
      await run('', false);
      for (let round = 0; round < ROUNDS; round++) {
        for (let i = 0; i < faults.length; i++) {
          if (i % CORRECT_EVERY === 0) await run('');
          await run(faults[i]);
        }
      }
      await run('');
      const base = median(correct);
      const ratios = [...failing].map(([fault, ms]) => ({ fault, ratio: median(ms) / base }));
      const worst = ratios.reduce((a, b) => (b.ratio > a.ratio ? b : a));
      const max = worst.ratio;
      const goal = COMMANDS[name].goal;
      summary.push(
        `  ${describeSetting(setting)}\n    ${name.padEnd(12)} correct ${seconds(base).padStart(7)} (median of ${correct.length})   failing / correct over ${ratios.length} faults: median ${quantile(
          ratios.map((r) => r.ratio),
          0.5,
        ).toFixed(2)}, p90 ${quantile(
          ratios.map((r) => r.ratio),
          0.9,
        ).toFixed(2)}, max ${max.toFixed(2)} (${worst.fault}) (goal: max <= ${goal}: ${max <= goal ? 'met' : 'NOT met'})`,
        `    ${''.padEnd(12)} workers started (not timed, so not noisy): correct ${describeWorkers(workerCounts.filter((w) => w.target === 'correct'))}; failing ${describeWorkers(workerCounts.filter((w) => w.target !== 'correct'))}`,
      );
    }
  }
  process.stdout.write(
    `\nwall time to the verdict, failing / correct (load average now ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}):\n${summary.join('\n')}\n`,
  );
}
const summary: string[] = [];

/**
 * The Playwright workers a run started, from its results.json: beside the wall time, the figure a busy machine cannot
 * blur. Playwright starts a new worker after a test that ends it (a failure that is not a deferred verdict), so a
 * failing run that starts more workers than a correct one pays a structural cost (issue 41); null when unreadable.
 */
function workersStarted(resultsFile: string): number | null {
  try {
    const results = playwrightResults(JSON.parse(readFileSync(resultsFile, 'utf8')));
    return new Set(results.map((r) => r.workerIndex).filter((i) => i >= 0)).size;
  } catch {
    return null;
  }
}

function describeWorkers(counts: ReadonlyArray<{ target: string; workers: number }>): string {
  if (counts.length === 0) return 'not read';
  const most = counts.reduce((a, b) => (b.workers > a.workers ? b : a));
  return `at most ${most.workers}${most.target === 'correct' ? '' : ` (${most.target})`} over ${counts.length} run(s)`;
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
