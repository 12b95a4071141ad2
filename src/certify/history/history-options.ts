/**
 * Command line of `npm run history -- <run folders or globs> [options]` (parsed by src/config/command-line.ts).
 */
import { join, resolve } from 'node:path';
import { type CommandSpec, numberOption, parseCommandLineOrHelp } from '../../config/command-line.ts';
import { HISTORY_DEFAULTS, type HistoryOptions } from './series.ts';

export const HISTORY_COMMAND = {
  command: 'npm run history --',
  summary:
    'Turn a series of past certification folders into one page: verdicts over time, clause flips, latency per operation, regressions (index.html, history.json, history.md).',
  positionals: { usage: '<run folders or globs...>', min: 1, max: 100_000 },
  options: {
    out: { type: 'string', value: '<dir>', description: 'where the history goes (default: reports/history)' },
    window: {
      type: 'string',
      value: '<n>',
      description: `previous comparable runs whose median p95 a run is judged against (default ${HISTORY_DEFAULTS.window})`,
    },
    tolerance: {
      type: 'string',
      value: '<percent>',
      description: `how far above that median a p95 is a regression (default ${HISTORY_DEFAULTS.tolerance * 100})`,
    },
    'min-delta': {
      type: 'string',
      value: '<ms>',
      description: `and by at least this many milliseconds (default ${HISTORY_DEFAULTS.minDeltaMs})`,
    },
    'public-key': {
      type: 'string',
      value: '<key.pub.pem>',
      description: 'take only packages signed with this Ed25519 key whose files verify (others skipped, saying why)',
    },
  },
  notes: [
    'A path is a run folder (it holds certification.json) or a folder with runs below it; quote a glob to let the command expand it (runs/*/certification).',
    'A folder that is not a run, a truncated file, a run of another suite version: skipped with its reason (printed and in the page), never a crash.',
    'Runs at another API_RATE, target, environment or load engine are marked "not comparable", never a regression.',
  ],
} as const satisfies CommandSpec;

export interface HistoryCommandOptions extends HistoryOptions {
  paths: string[];
  out: string;
  publicKey: string | null;
}

export function parseHistoryArgs(
  argv: readonly string[],
  env: Record<string, string | undefined> = process.env,
): HistoryCommandOptions | 'help' {
  const parsed = parseCommandLineOrHelp(HISTORY_COMMAND, argv);
  if (parsed === 'help') return 'help';
  const { values, positionals } = parsed;
  return {
    paths: positionals,
    out: resolve(values.out ?? join(env.REPORTS_DIR || 'reports', 'history')),
    window:
      values.window === undefined
        ? HISTORY_DEFAULTS.window
        : numberOption('window', values.window, { min: 1, max: 100, integer: true, what: 'a whole number from 1 to 100, e.g. --window 5' }),
    tolerance:
      values.tolerance === undefined
        ? HISTORY_DEFAULTS.tolerance
        : numberOption('tolerance', values.tolerance, { min: 0, max: 1000, what: 'a percentage from 0 to 1000, e.g. --tolerance 50' }) /
          100,
    minDeltaMs:
      values['min-delta'] === undefined
        ? HISTORY_DEFAULTS.minDeltaMs
        : numberOption('min-delta', values['min-delta'], { min: 0, max: 600_000, what: 'milliseconds from 0, e.g. --min-delta 25' }),
    minBaseline: HISTORY_DEFAULTS.minBaseline,
    publicKey: values['public-key'] ? resolve(values['public-key']) : null,
  };
}
