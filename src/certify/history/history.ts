/**
 * `npm run history`: read the runs, build the series, write index.html, history.json and history.md, print what
 * changed last and what was skipped. Exit 0 when the history is written; 2 when no run could be read (the job is
 * pointed at the wrong folder).
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError } from '../../config/config-error.ts';
import { EXIT_CODES } from '../../config/exit-codes.ts';
import { writeErr, writeOut } from '../../config/terminal-text.ts';
import { validateHistory } from '../../report/report-schema.ts';
import { historyDocument, historyHtml, historyMarkdown } from './history-writers.ts';
import type { HistoryCommandOptions } from './history-options.ts';
import { readRuns } from './read-runs.ts';
import { buildSeries } from './series.ts';

export const HISTORY_FILES = { html: 'index.html', json: 'history.json', md: 'history.md' } as const;

/** Written beside, then renamed: a reader never sees half a file. */
function writeWhole(file: string, text: string): void {
  writeFileSync(`${file}.partial`, text);
  renameSync(`${file}.partial`, file);
}

export function history(options: HistoryCommandOptions, root: string): number {
  const suiteVersion = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version;
  const read = readRuns(options.paths, { suiteVersion, publicKeyPath: options.publicKey, outDir: options.out });
  for (const s of read.skipped) writeErr(`skipped ${s.path}: ${s.reason}\n`);
  if (read.runs.length === 0)
    throw new ConfigError(
      `No run could be read from ${options.paths.join(', ')} (${read.skipped.length} skipped, reasons above): point it at certification folders.`,
    );
  const series = buildSeries(read.runs, options);
  const { paths: _paths, out: _out, publicKey: _key, ...judging } = options;
  const doc = historyDocument(series, read.skipped, judging);
  const check = validateHistory(doc);
  if (!check.valid) throw new Error(`history.json does not match schemas/history.schema.json: ${check.errors.join('; ')}`);
  mkdirSync(options.out, { recursive: true });
  writeWhole(join(options.out, HISTORY_FILES.json), `${JSON.stringify(doc, null, 2)}\n`);
  writeWhole(join(options.out, HISTORY_FILES.md), historyMarkdown(doc));
  writeWhole(join(options.out, HISTORY_FILES.html), historyHtml(doc));
  const lines = [
    `History of ${series.runs.length} run(s) (${read.skipped.length} skipped): ${join(options.out, HISTORY_FILES.html)}`,
    ...doc.lastChange.map((l) => `  - ${l}`),
  ];
  writeOut(`${lines.join('\n')}\n`);
  return EXIT_CODES.pass;
}
