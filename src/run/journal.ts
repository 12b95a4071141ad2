/**
 * The journal of what a run created. Every create is written down before it is sent (with its run tag)
 * and after (with the id the service gave it), so a run killed at any moment leaves enough behind for
 * `npm run cleanup` to find and cancel its records. Teardown cancels everything still open.
 */
import { readdirSync, type Dirent } from 'node:fs';
import { join } from 'node:path';
import { appendJsonl, readJsonl } from './jsonl.ts';
import { REPORTS_DIR, runFile } from './run-paths.ts';

export const TAG_PREFIX = 'osd-suite.';

export type JournalEntry =
  | { at: string; event: 'create-sent'; tag: string }
  | { at: string; event: 'created'; tag: string; id: string; status: string }
  | { at: string; event: 'create-refused'; tag: string; httpStatus: number }
  | { at: string; event: 'create-unknown'; tag: string; reason: string }
  | { at: string; event: 'cancelled'; id: string; httpStatus: number }
  | { at: string; event: 'cancel-failed'; id: string; httpStatus: number | null; reason: string };

type NewEntry = JournalEntry extends infer E ? (E extends JournalEntry ? Omit<E, 'at'> : never) : never;

export class Journal {
  private seq = 0;
  constructor(readonly runId: string, private readonly path = runFile.journal(runId)) {}

  /** A fresh tag for the next create: osd-suite.<runId>.<pid>-<seq>, unique across workers. */
  nextTag(): string {
    this.seq += 1;
    return `${TAG_PREFIX}${this.runId}.${process.pid}-${this.seq}`;
  }

  record(entry: NewEntry): void {
    appendJsonl(this.path, { at: new Date().toISOString(), ...entry });
  }

  entries(): JournalEntry[] {
    return readJsonl<JournalEntry>(this.path);
  }
}

export interface OpenRecords {
  /** Ids created and still live: not cancelled, and not rejected (a rejected order is final, nothing to cancel). */
  ids: string[];
  /** Tags sent whose outcome is unknown (process killed, or transport error): find them by listing. */
  unresolvedTags: string[];
}

/** What is still open according to a journal's entries. */
export function openRecords(entries: JournalEntry[]): OpenRecords {
  const created = new Map<string, string>(); // id -> status
  const resolvedTags = new Set<string>();
  const sentTags = new Set<string>();
  for (const e of entries) {
    if (e.event === 'create-sent') sentTags.add(e.tag);
    else if (e.event === 'created') {
      created.set(e.id, e.status);
      resolvedTags.add(e.tag);
    } else if (e.event === 'create-refused') resolvedTags.add(e.tag);
    else if (e.event === 'cancelled') created.set(e.id, 'cancelled');
  }
  return {
    ids: [...created].filter(([, status]) => status !== 'cancelled' && status !== 'rejected').map(([id]) => id),
    unresolvedTags: [...sentTags].filter((t) => !resolvedTags.has(t)),
  };
}

/** A run's journal on disk, whatever command wrote it. */
export interface JournalFile {
  runId: string;
  path: string;
}

/**
 * Every non-empty journal under `root` (default REPORTS_DIR): the conformance and fuzz runs' reports/runs/<id>/,
 * and certify's <out>/suite/runs/<id>/ (reports/certification/suite by default) — any `runs/<id>/journal.jsonl`
 * a few folders deep. The one place that finds runs, for `npm run cleanup`.
 */
export function findJournals(root = REPORTS_DIR, depth = 4): JournalFile[] {
  const found: JournalFile[] = [];
  const walk = (dir: string, left: number) => {
    let names: Dirent[];
    try {
      names = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const d of names.filter((n) => n.isDirectory())) {
      const path = join(dir, d.name);
      if (d.name === 'runs') {
        for (const run of safeDirs(path)) {
          const file = join(path, run, 'journal.jsonl');
          if (readJsonl(file).length > 0) found.push({ runId: run, path: file });
        }
      } else if (left > 0) walk(path, left - 1);
    }
  };
  walk(root, depth);
  return found;
}

function safeDirs(dir: string): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
  } catch {
    return [];
  }
}
