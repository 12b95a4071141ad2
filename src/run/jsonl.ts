/** Append-only JSON Lines files: each write is one small append, safe across worker processes. */
import { appendFileSync, closeSync, existsSync, openSync, readFileSync, writeSync } from 'node:fs';

export function appendJsonl(path: string, entry: unknown): void {
  appendFileSync(path, `${JSON.stringify(entry)}\n`);
}

export interface JsonlAppender {
  /** Writes one line at once: a killed process loses nothing it appended. */
  append(entry: unknown): void;
  close(): void;
}

/**
 * A JSONL file kept open in append mode, for logs written on every request: one write per line, without
 * the open and close `appendJsonl` pays each time. `finish` may rewrite each line's text (redaction).
 */
export function openJsonlAppender(path: string, finish: (line: string) => string = (line) => line): JsonlAppender {
  let fd: number | undefined = openSync(path, 'a');
  return {
    append(entry) {
      if (fd === undefined) throw new Error(`${path} is closed`);
      writeSync(fd, `${finish(JSON.stringify(entry))}\n`);
    },
    close() {
      if (fd !== undefined) closeSync(fd);
      fd = undefined;
    },
  };
}

/** Reads a JSONL file; a torn last line (a killed writer) is skipped, not fatal. */
export function readJsonl<T>(path: string): T[] {
  if (!existsSync(path)) return [];
  const out: T[] = [];
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    try {
      out.push(JSON.parse(line) as T);
    } catch {
      /* torn line from a killed process */
    }
  }
  return out;
}
