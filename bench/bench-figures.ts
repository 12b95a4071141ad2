// Figures of load rounds (bench/load-generators.ts), shared by the benchmarks that compare servers side by side
// (bench:reference, bench:proxy): requests/s, p50 and p99 per round, errors, one printed line per contender; and their
// settings read from the environment.
import type { LoadRound } from './load-generators.ts';

export interface Figures {
  requestsPerSecond: number[];
  p50: number[];
  p99: number[];
  errors: number;
  non2xx: number;
}

export function newFigures(): Figures {
  return { requestsPerSecond: [], p50: [], p99: [], errors: 0, non2xx: 0 };
}

export function record(figures: Figures, round: LoadRound): void {
  figures.requestsPerSecond.push(round.requestsPerSecond);
  figures.p50.push(round.p50Ms);
  figures.p99.push(round.p99Ms);
  figures.errors += round.errors;
  figures.non2xx += round.non2xx;
}

export const mean = (values: number[]): number => values.reduce((a, b) => a + b, 0) / values.length;

/** The middle value (the mean of the two middle ones for an even count). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** The q-quantile of `values` (nearest rank). */
export function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

export function line(label: string, f: Figures): string {
  return `  ${label.padEnd(22)} ${mean(f.requestsPerSecond).toFixed(0).padStart(8)} req/s   p50 ${mean(f.p50).toFixed(2)} ms   p99 ${mean(f.p99).toFixed(2)} ms   errors ${f.errors}   non-2xx ${f.non2xx}   rounds ${f.requestsPerSecond.map((r) => r.toFixed(0)).join(' / ')}`;
}

/** A whole number above 0 from the environment variable `name`, or `fallback`; anything else stops `command` with one sentence. */
export function positiveIntegerFromEnv(command: string, name: string, fallback: number): number {
  const text = process.env[name]?.trim();
  if (!text) return fallback;
  if (!/^[1-9]\d*$/.test(text)) {
    console.error(`${command}: ${name} must be a whole number above 0, got ${JSON.stringify(text)}.`);
    process.exit(2);
  }
  return Number(text);
}
