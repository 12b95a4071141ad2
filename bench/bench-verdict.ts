/**
 * `npm run bench:verdict -- --baseline <checkout>`: how long a partner waits for the verdict on a failing target. Runs
 * the whole conformance suite (one worker, as a CI gate on 2 cores) against the bundled reference with one fault on,
 * to its exit, for each fault of a fixed set, in this checkout and in a baseline checkout (another commit of this
 * repository, e.g. a `git worktree`), taking turns so a slow moment of a shared machine hits both alike. Prints the
 * median wall time per checkout and their ratio, measured in one run. Prints figures; asserts nothing.
 */
import { spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseCommandLine, type CommandSpec } from '../src/config/command-line.ts';

const BENCH_COMMAND = {
  command: 'npm run bench:verdict --',
  summary:
    'Median time to a verdict on a failing target: the conformance suite against the reference with a fault on, in this checkout and a baseline one, taking turns. Prints figures; asserts nothing.',
  options: {
    baseline: { type: 'string', description: 'a checkout of another commit of this repository (with node_modules) to compare with' },
    rounds: { type: 'string', description: 'rounds per fault and checkout (default 3)' },
  },
  notes: ['Runs on loopback only; each run is a whole conformance suite (about 10 s on 2 cores).'],
} as const satisfies CommandSpec;

const { values } = parseCommandLine(BENCH_COMMAND);
/** Faults both checkouts know (older than the change measured), each failing a different part of the suite. */
const FAULTS = ['limit-ignored', 'secret-not-checked', 'missing-field-defaulted', 'status-uppercase', 'cancel-not-persisted'];
const ROUNDS = Number(values.rounds ?? 3);
const HERE = resolve(import.meta.dirname, '..');

/** One run of the conformance suite in `root` against `fault`: its wall time in ms and exit code. */
async function timeVerdict(root: string, fault: string, label: string): Promise<{ ms: number; exitCode: number | null }> {
  const reportsDir = join(HERE, 'reports', 'bench-verdict', label, fault);
  rmSync(reportsDir, { recursive: true, force: true });
  const started = performance.now();
  const child = spawn(join(root, 'node_modules/.bin/playwright'), ['test', '--project=conformance', '--workers=1', '--reporter=dot'], {
    cwd: root,
    env: { ...process.env, REPORTS_DIR: reportsDir, REFERENCE_FAULTS: fault, FORCE_COLOR: '0' },
    stdio: 'ignore',
  });
  const exitCode = await new Promise<number | null>((done) => child.on('close', done));
  return { ms: performance.now() - started, exitCode };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

if (!values.baseline || !existsSync(join(values.baseline, 'node_modules/.bin/playwright'))) {
  process.stderr.write('--baseline must name a checkout with node_modules (e.g. git worktree add reports/base-tree <commit>)\n');
  process.exit(2);
}
const checkouts = { baseline: resolve(values.baseline), current: HERE };
const times: Record<keyof typeof checkouts, number[]> = { baseline: [], current: [] };
for (let round = 0; round < ROUNDS; round++) {
  for (const fault of FAULTS) {
    // Alternate which checkout goes first, so neither always meets a warm or a cold machine.
    const order = (round + FAULTS.indexOf(fault)) % 2 ? (['current', 'baseline'] as const) : (['baseline', 'current'] as const);
    for (const which of order) {
      const { ms, exitCode } = await timeVerdict(checkouts[which], fault, which);
      times[which].push(ms);
      process.stdout.write(`${which.padEnd(8)} ${fault.padEnd(24)} ${(ms / 1000).toFixed(1)} s (exit ${exitCode})\n`);
    }
  }
}
const base = median(times.baseline);
const now = median(times.current);
process.stdout.write(
  `\nmedian time to a verdict on a failing target: baseline ${(base / 1000).toFixed(1)} s, current ${(now / 1000).toFixed(1)} s (current/baseline ${(now / base).toFixed(2)}; ${times.current.length} runs each)\n`,
);
