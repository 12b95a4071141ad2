/** Append-only JSON Lines files: each write is one small append, safe across worker processes. */
import { appendFileSync, existsSync, readFileSync } from 'node:fs';

export function appendJsonl(path: string, entry: unknown): void {
  appendFileSync(path, JSON.stringify(entry) + '\n');
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
