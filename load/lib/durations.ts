/**
 * Durations as k6 writes them ("30s", "1m30s", "500ms"). Pure module.
 */

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
const PART = /(\d+(?:\.\d+)?)(ms|s|m|h)/g;

/** Milliseconds of a k6-style duration; a bare number is read as seconds. Null when malformed. */
export function parseDurationMs(text: string): number | null {
  const raw = text.trim();
  if (raw === '') return null;
  if (/^\d+(?:\.\d+)?$/.test(raw)) return Math.round(Number(raw) * 1000);
  let total = 0;
  let consumed = 0;
  PART.lastIndex = 0;
  for (let match = PART.exec(raw); match !== null; match = PART.exec(raw)) {
    if (match.index !== consumed) return null;
    total += Number(match[1]) * UNIT_MS[match[2]];
    consumed = match.index + match[0].length;
  }
  return consumed === raw.length && consumed > 0 ? Math.round(total) : null;
}

/** A duration k6 (Go's time.ParseDuration) accepts, exact to the millisecond. */
export function k6Duration(ms: number): string {
  const whole = Math.max(0, Math.round(ms));
  return whole % 1000 === 0 ? `${whole / 1000}s` : `${whole}ms`;
}

/** Short human form for reports: 850ms, 12.5s, 3m20s. */
export function humanDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)}ms`;
  if (ms < 60_000) return `${Math.round(ms / 100) / 10}s`;
  const minutes = Math.floor(ms / 60_000);
  const seconds = Math.round((ms % 60_000) / 1000);
  return seconds === 0 ? `${minutes}m` : `${minutes}m${seconds}s`;
}
