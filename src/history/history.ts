/**
 * `npm run history`: a series of past runs (folders, or folders where runs accumulate) read as one, written as
 * reports/history/{index.html,history.json,history.md}. Folders that are not runs, truncated files, runs of another
 * suite version and (with a public key) packages that do not verify are skipped, each with its reason.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { KeyObject } from 'node:crypto';
import { validateHistory } from '../report/report-schema.ts';
import { analyseHistory, type HistoryOptions } from './analyse.ts';
import { HISTORY_FORMAT, type HistoryDocument, renderHistoryHtml, renderHistoryMarkdown } from './render.ts';
import { expandArguments, isSkipped, type RunRecord, readRun, type SkippedFolder } from './runs.ts';

export const HISTORY_FILES = { html: 'index.html', json: 'history.json', markdown: 'history.md' } as const;

export interface HistoryRun {
  doc: HistoryDocument;
  files: Record<keyof typeof HISTORY_FILES, string>;
}

export function writeHistory(o: {
  folders: readonly string[];
  out: string;
  options: HistoryOptions;
  publicKey: KeyObject | null;
  root: string;
  progress?: (done: number, total: number) => void;
}): HistoryRun {
  const suiteVersion = (JSON.parse(readFileSync(join(o.root, 'package.json'), 'utf8')) as { version: string }).version;
  const { folders, skipped } = expandArguments(o.folders);
  const records: RunRecord[] = [];
  const skips: SkippedFolder[] = [...skipped];
  /** Run id and start of each run taken -> its folder: a run found twice (an artifact downloaded beside the folder it came from) counts once. */
  const taken = new Map<string, string>();
  folders.forEach((dir, i) => {
    const read = readRun(dir, { suiteVersion, publicKey: o.publicKey });
    const key = isSkipped(read) ? '' : `${read.runId} ${read.startedAt}`;
    const twin = taken.get(key);
    if (isSkipped(read)) skips.push(read);
    else if (twin) skips.push({ dir, reason: `the same run as ${twin} (run ${read.runId}), counted once` });
    else {
      taken.set(key, dir);
      records.push(read);
    }
    o.progress?.(i + 1, folders.length);
  });
  const doc: HistoryDocument = {
    format: HISTORY_FORMAT,
    generatedAt: new Date().toISOString(),
    options: o.options,
    ...analyseHistory(records, o.options),
    skipped: skips,
  };
  const check = validateHistory(doc);
  if (!check.valid) throw new Error(`history.json does not match its schema: ${check.errors.slice(0, 3).join('; ')}`);
  mkdirSync(o.out, { recursive: true });
  const files = {
    html: join(o.out, HISTORY_FILES.html),
    json: join(o.out, HISTORY_FILES.json),
    markdown: join(o.out, HISTORY_FILES.markdown),
  };
  writeFileSync(files.html, renderHistoryHtml(doc, files.html));
  writeFileSync(files.json, `${JSON.stringify(doc, null, 2)}\n`);
  writeFileSync(files.markdown, renderHistoryMarkdown(doc));
  return { doc, files };
}
