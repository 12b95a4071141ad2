/**
 * What a certification will send before it sends it: requests expected and how long they take at
 * API_RATE, printed before the long phase so an operator with a rate budget can stop it in time.
 * Pure module; the per-test figures were measured on the bundled reference (see REQUESTS_PER).
 */
import { durationText } from '../report/format.ts';

/**
 * Requests per conformance test and per generated fuzz case, measured by a certification of the
 * reference (2026-11-22: 188 requests for 55 conformance tests; about 5,600 for 3,400 fuzz cases).
 * An estimate, not a bound: a property may stop early on its time limit or write budget.
 */
export const REQUESTS_PER = { conformanceTest: 3.5, fuzzCase: 1.7 } as const;

export interface RunSize {
  conformanceTests: number;
  fuzzProperties: number;
  fuzzRuns: number;
  /** Requests per second the run is paced to; 0 = not paced. */
  rate: number;
  /** The run is already a `--clauses` selection: the line does not offer it again. */
  clausesSelected?: boolean;
}

export interface Estimate {
  requests: number;
  /** Seconds at the rate; null when not paced. */
  seconds: number | null;
}

export function estimateRun(s: RunSize): Estimate {
  const requests = Math.ceil(s.conformanceTests * REQUESTS_PER.conformanceTest + s.fuzzProperties * s.fuzzRuns * REQUESTS_PER.fuzzCase);
  return { requests, seconds: s.rate > 0 ? requests / s.rate : null };
}

export function estimateLine(s: RunSize): string {
  const e = estimateRun(s);
  const what = `estimate: about ${e.requests.toLocaleString('en')} requests (${s.conformanceTests} conformance tests, ${s.fuzzProperties} fuzz properties × ${s.fuzzRuns} cases)`;
  const time =
    e.seconds === null
      ? 'not paced (API_RATE unset for a local target)'
      : `about ${durationText(e.seconds * 1000)} at API_RATE=${s.rate}/s`;
  // Measured: the fuzz cases are most of a run's requests, so FUZZ_RUNS is the knob that shortens it most.
  const fuzz = Math.round(((s.fuzzProperties * s.fuzzRuns * REQUESTS_PER.fuzzCase) / Math.max(1, e.requests)) * 100);
  return `${what}, ${time}; FUZZ_RUNS shortens it most (fuzz cases: ${fuzz}% of the requests)${s.clausesSelected ? '' : ', or select clauses with --clauses'}`;
}
