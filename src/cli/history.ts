/**
 * `npm run history -- <run folders, folders of runs, or globs> [--out reports/history] [--window 5] [--tolerance 1]
 * [--tolerance-ms 50] [--public-key key.pub.pem]`: a series of past certification runs as one page
 * (reports/history/index.html), history.json and history.md (a CI job summary). Exit 0 when it wrote them (the verdicts
 * are the runs'), 2 on bad usage or when no folder given is a run.
 */
import { join, resolve } from 'node:path';
import { ConfigError, exitOnConfigError } from '../config/config-error.ts';
import { type CommandSpec, numberOption, parseCommandLine, progressUpdate } from '../config/command-line.ts';
import { relative } from 'node:path';
import { forTerminal, writeOut } from '../config/terminal-text.ts';
import { DEFAULT_HISTORY_OPTIONS } from '../history/analyse.ts';
import { writeHistory } from '../history/history.ts';
import { readPublicKey } from '../report/signature.ts';
import { REPO_ROOT } from '../k6/paths.ts';

const USAGE = 'npm run history -- <run folders, folders of runs, or globs>';

const HISTORY_COMMAND = {
  exitCodes: ['pass', 'usage'],
  command: 'npm run history --',
  summary:
    'Read a series of past certification runs as one: the verdict of each, the clauses whose result changed (first failing run, recovery), the latency of each operation per run, and latency regressions against earlier comparable runs.',
  positionals: { usage: '<run folders, folders of runs, or globs>', min: 1, max: 10_000 },
  options: {
    out: { type: 'string', value: '<folder>', description: 'where index.html, history.json and history.md go (default reports/history)' },
    window: {
      type: 'string',
      value: '<n>',
      description: `earlier comparable runs a run's p95 is held to (their median; default ${DEFAULT_HISTORY_OPTIONS.window})`,
    },
    tolerance: {
      type: 'string',
      value: '<share>',
      description: `how far above that median a p95 may go, as a share of it (default ${DEFAULT_HISTORY_OPTIONS.relative}: twice the median)`,
    },
    'tolerance-ms': {
      type: 'string',
      value: '<ms>',
      description: `...or this many milliseconds, whichever is larger (default ${DEFAULT_HISTORY_OPTIONS.absoluteMs})`,
    },
    'public-key': {
      type: 'string',
      value: '<key.pub.pem>',
      description: 'take only packages signed with this key whose files all match their manifest',
    },
  },
  notes: [
    'Runs are compared like for like: a different target, environment or pace (API_RATE) is "not comparable", never a regression.',
    'Folders that are not runs, truncated files and runs of another suite version are skipped, each with its reason.',
    'Exit codes: 0 written; 2 usage or configuration (no folder given is a run, a bad key file).',
  ],
} as const satisfies CommandSpec;

/** A path as the user would type it from here. */
const shown = (path: string) => forTerminal(relative(process.cwd(), path) || '.');

function main(): number {
  const { values, positionals } = parseCommandLine(HISTORY_COMMAND);
  const options = {
    window:
      values.window === undefined
        ? DEFAULT_HISTORY_OPTIONS.window
        : numberOption('window', values.window, { min: 1, integer: true, what: 'a whole number of runs, at least 1', usage: USAGE }),
    relative:
      values.tolerance === undefined
        ? DEFAULT_HISTORY_OPTIONS.relative
        : numberOption('tolerance', values.tolerance, { min: 0, what: 'a share, 0 or more', usage: USAGE }),
    absoluteMs:
      values['tolerance-ms'] === undefined
        ? DEFAULT_HISTORY_OPTIONS.absoluteMs
        : numberOption('tolerance-ms', values['tolerance-ms'], { min: 0, what: 'milliseconds, 0 or more', usage: USAGE }),
  };
  const publicKey = values['public-key'] ? readPublicKey(values['public-key']) : null;
  const out = resolve(values.out ?? join('reports', 'history'));
  const { doc, files } = writeHistory({
    folders: positionals,
    out,
    options,
    publicKey,
    root: REPO_ROOT,
    progress: (done, total) => progressUpdate(`history: ${done} of ${total} folder(s) read`),
  });
  if (doc.runs.length === 0)
    throw new ConfigError(
      `No folder given is a run (${doc.skipped
        .slice(0, 3)
        .map((s) => `${s.dir}: ${s.reason}`)
        .join('; ')}); give certification folders (npm run certify --out).`,
    );
  const last = doc.runs.at(-1);
  writeOut(
    `\nHistory of ${doc.runs.length} run(s): last ${last?.verdict.toUpperCase()}; ${doc.flips.length} clause flip(s); ${doc.runs.reduce((n, r) => n + r.regressions.length, 0)} latency regression(s)${doc.skipped.length ? `; ${doc.skipped.length} folder(s) skipped (listed in the page)` : ''}.\n  page: ${shown(files.html)} (also ${shown(files.markdown)}, ${shown(files.json)})\n`,
  );
  return 0;
}

try {
  process.exit(main());
} catch (error) {
  exitOnConfigError(error);
}
