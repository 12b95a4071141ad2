/**
 * The journal of what a run created. Every create is written down before it is sent (with its run tag)
 * and after (with the id the service gave it), so a run killed at any moment leaves enough behind for
 * `npm run cleanup` to find and cancel its records. Teardown cancels everything still open.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { appendJsonl, readJsonl } from './jsonl.ts';
import { RUNS_DIR, runFile } from './run-paths.ts';

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

/** Run IDs with a journal under reports/runs/. */
export function journalledRunIds(): string[] {
  try {
    return readdirSync(RUNS_DIR).filter((d) => readJsonl(join(RUNS_DIR, d, 'journal.jsonl')).length > 0);
  } catch {
    return [];
  }
}
