/**
 * Reading what a conformance/fuzz run left behind under its REPORTS_DIR: the clause report, the run
 * files (observations, failures, request log) and the fuzz helper's seed records. Missing files read
 * as empty: a run that stopped early still gets a report that says so.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ClauseReport } from '../harness/clause-reporter.ts';
import { readJsonl } from '../run/jsonl.ts';
import type { RunObservation } from './observed-profile.ts';

/** A line of failures.jsonl (src/harness/fixtures.ts writes them, redacted). */
export interface RunFailure {
  test: string;
  file?: string;
  clause: string;
  check?: string;
  message: string;
  expected?: unknown;
  received?: unknown;
  drift?: boolean;
  evidence?: Record<string, unknown>;
}

/** A line of strictness.jsonl (src/harness/fixtures.ts writes them, redacted): a StrictnessFinding and its test. */
export interface RunStrictness {
  test: string;
  file?: string;
  clause: string;
  kind: string;
  message: string;
  evidence?: Record<string, unknown>;
}

/** A line of requests.jsonl (src/run/target-session.ts writes them, redacted): an exchange, or an answer the client retried. */
export type RequestLine =
  | {
      at: string;
      seq: number;
      pid: number;
      operation: string;
      request: string;
      status: number;
      ms: number;
      attempts: number;
      /** What the request exercised (src/contract/request-cases.ts); absent in logs written before it was recorded. */
      cases?: string[];
      retried?: undefined;
    }
  | {
      at: string;
      pid: number;
      operation: string;
      request: string;
      status: number | null;
      retried: true;
      attempt: number;
      retryAfter: string | null;
      waitMs: number;
      error?: string;
    };

/** What the fuzz helper writes to ${REPORTS_DIR}/fuzz/*.json: its shape belongs to the report model (data flows certify -> report). */
import type { FuzzRecord } from './report/report-model.ts';

export type { FuzzRecord };

export interface RunPaths {
  clauses: string;
  junit: string;
  results: string;
  html: string;
  runDir: string;
  observations: string;
  failures: string;
  strictness: string;
  requests: string;
  journal: string;
  fuzzDir: string;
}

export function runPaths(reportsDir: string, runId: string): RunPaths {
  const runDir = join(reportsDir, 'runs', runId);
  return {
    clauses: join(reportsDir, 'conformance', 'clauses.json'),
    junit: join(reportsDir, 'conformance', 'junit.xml'),
    results: join(reportsDir, 'conformance', 'results.json'),
    html: join(reportsDir, 'conformance', 'html'),
    runDir,
    observations: join(runDir, 'observations.jsonl'),
    failures: join(runDir, 'failures.jsonl'),
    strictness: join(runDir, 'strictness.jsonl'),
    requests: join(runDir, 'requests.jsonl'),
    journal: join(runDir, 'journal.jsonl'),
    fuzzDir: join(reportsDir, 'fuzz'),
  };
}

export function readClauseReport(path: string): ClauseReport | null {
  if (!existsSync(path)) return null;
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as ClauseReport;
  } catch {
    return null;
  }
}

export const readObservations = (path: string) => readJsonl<RunObservation>(path);
export const readFailures = (path: string) => readJsonl<RunFailure>(path);
export const readStrictness = (path: string) => readJsonl<RunStrictness>(path);
export const readRequests = (path: string) => readJsonl<RequestLine>(path);

const text = (v: unknown): string | null => (v === undefined || v === null ? null : typeof v === 'string' ? v : JSON.stringify(v));
const count = (v: unknown): number | null => (typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : null);

/** One seed record, whatever exactly the helper wrote; null when it is not one. */
export function toFuzzRecord(raw: unknown): FuzzRecord | null {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return null;
  const r = raw as Record<string, unknown>;
  if (typeof r.property !== 'string') return null;
  const seed = typeof r.seed === 'number' || typeof r.seed === 'string' ? r.seed : null;
  return {
    property: r.property,
    seed: typeof seed === 'number' && !Number.isInteger(seed) ? String(seed) : seed,
    path: text(r.path),
    runs: count(r.runs),
    counterexample: text(r.counterexample),
    replay: text(r.replay),
  };
}

/** Every seed record under ${REPORTS_DIR}/fuzz/ (absent folder: none). */
export function readFuzzRecords(dir: string): FuzzRecord[] {
  if (!existsSync(dir)) return [];
  const out: FuzzRecord[] = [];
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    let json: unknown;
    try {
      json = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    } catch {
      continue;
    }
    const list = Array.isArray(json) ? json : [json];
    for (const raw of list) {
      const record = toFuzzRecord(raw);
      if (record) out.push(record);
    }
  }
  return out;
}
