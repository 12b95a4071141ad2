/** Append-only JSON Lines files: each write is one small append, safe across worker processes. */
import { appendFileSync, closeSync, existsSync, openSync, readFileSync, writeSync } from 'node:fs';

export function appendJsonl(path: string, entry: unknown): void {
  appendFileSync(path, `${JSON.stringify(entry)}\n`);
}

export interface JsonlAppender {
  /** Writes one line (at once, or with the others of its stretch when coalescing): a killed process loses nothing written before. */
  append(entry: unknown): void;
  /** The same, for an entry the caller serialized already (`JSON.stringify(entry)`), so it is not serialized twice. */
  appendSerialized(json: string): void;
  /** Writes what is pending and closes the file. */
  close(): void;
}

export interface JsonlAppenderOptions {
  /** Rewrites the text of what is written (redaction); applied to each line, or to each coalesced batch of lines. */
  finish?: (text: string) => string;
  /**
   * Lines are written together, by one write at most this many milliseconds after the first of them was
   * appended (0: at the end of the event-loop turn), not one write each: a busy proxy records thousands of
   * exchanges a second, and a write per line costs a system call per request. What a killed process loses
   * is at most the lines of that last stretch. Unset: each line is written as it is appended.
   */
  flushAfterMs?: number;
}

/**
 * A JSONL file kept open in append mode, for logs written on every request: one write per line (or per
 * event-loop turn), without the open and close `appendJsonl` pays each time.
 */
export function openJsonlAppender(path: string, options: JsonlAppenderOptions = {}): JsonlAppender {
  const finish = options.finish ?? ((text) => text);
  let fd: number | undefined = openSync(path, 'a');
  let pending = '';
  let flushScheduled = false;
  const coalesce = options.flushAfterMs !== undefined;
  const flush = () => {
    flushScheduled = false;
    if (fd === undefined || !pending) return;
    const text = pending;
    pending = '';
    writeSync(fd, finish(text));
  };
  const appendSerialized = (json: string) => {
    if (fd === undefined) throw new Error(`${path} is closed`);
    const line = `${json}\n`;
    if (!coalesce) {
      writeSync(fd, finish(line));
      return;
    }
    pending += line;
    if (!flushScheduled) {
      flushScheduled = true;
      if (options.flushAfterMs) setTimeout(flush, options.flushAfterMs);
      else setImmediate(flush);
    }
  };
  return {
    append: (entry) => appendSerialized(JSON.stringify(entry)),
    appendSerialized,
    close() {
      flush();
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
