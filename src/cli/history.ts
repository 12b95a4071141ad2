/**
 * `npm run history -- <run folders, folders of runs, or globs> [--out reports/history] [--window 5] [--tolerance 1]
 * [--tolerance-ms 50] [--public-key key.pub.pem]`: a series of past certification runs as one page
 * (reports/history/index.html), history.json and history.md (a CI job summary). Exit 0 when it wrote them (the verdicts
 * are the runs'), 2 on bad usage or when no folder given is a run.
 */
import { join, resolve } from 'node:path';
import { ConfigError, exitOnConfigError } from '../config/config-error.ts';
import { numberOption, parseCommandLine, progressUpdate } from '../config/command-line.ts';
import { relative } from 'node:path';
import { forTerminal, writeOut } from '../config/terminal-text.ts';
import { DEFAULT_HISTORY_OPTIONS } from '../history/analyse.ts';
import { writeHistory } from '../history/history.ts';
import { runNumber, stillFailingSince } from '../history/render.ts';
import { readPublicKey } from '../report/signature.ts';
import { REPO_ROOT } from '../k6/paths.ts';
import { HISTORY_COMMAND } from './command-specs.ts';

const USAGE = 'npm run history -- <run folders, folders of runs, or globs>';

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
    // On a terminal, every folder; in a CI log (no terminal), a line per tenth: 60 kept runs are not 60 lines a night.
    progress: (done, total) => {
      if (process.stdout.isTTY || done === total || done % Math.ceil(total / 10) === 0)
        progressUpdate(`history: ${done} of ${total} folder(s) read`);
    },
  });
  if (doc.runs.length === 0)
    throw new ConfigError(
      `No folder given is a run (${doc.skipped
        .slice(0, 3)
        .map((s) => `${s.dir}: ${s.reason}`)
        .join('; ')}); give certification folders (npm run certify --out).`,
    );
  const last = doc.runs.at(-1);
  // What the page's first screen says, as plain text: a CI log (GitLab's, which has no job summary page) shows it.
  const still = stillFailingSince(doc);
  const lines = [
    `History of ${doc.runs.length} run(s): last ${last?.verdict.toUpperCase()}; ${doc.flips.length} clause flip(s); ${doc.runs.reduce((n, r) => n + r.regressions.length, 0)} latency regression(s)${doc.skipped.length ? `; ${doc.skipped.length} folder(s) skipped (listed in the page)` : ''}.`,
    `  What changed last (${last ? `${runNumber(last)} ${last.runId}` : '-'}):`,
    ...doc.lastChanges.map((c) => `  - ${c}`),
    ...(still.length ? ['  Still failing:', ...still.map((c) => `  - ${c}`)] : []),
    `  page: ${shown(files.html)} (also ${shown(files.markdown)}, ${shown(files.json)})`,
  ];
  writeOut(`\n${lines.join('\n')}\n`);
  return 0;
}

try {
  process.exit(main());
} catch (error) {
  exitOnConfigError(error);
}
