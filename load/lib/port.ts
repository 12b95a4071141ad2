/**
 * The port: everything a scenario flow (load/flows/) needs from the engine that drives it, and nothing more. Pure
 * types. Two engines bind it:
 * - k6, in `k6-port.ts` (the one module of load/lib that imports k6): what users run;
 * - the Node driver (src/k6/node-driver/), for the project's own tests: bounded iterations, never a load engine.
 * The flows import no k6 module, so every line of their logic runs under Node in `npm test`.
 */
import type { Env } from './config.ts';
import type { BuiltRequest } from './requests.ts';

/** One answer, as the flows read it. */
export interface HttpAnswer {
  status: number;
  headers: Record<string, string>;
  /** The body as text when the request asked for it (responseType text), else null. */
  body: string | null;
  /** The transport error (refused connection, timeout), else ''. */
  error: string;
}

export type MetricKind = 'counter' | 'rate' | 'trend';

/** A custom metric the thresholds name (k6: Counter, Rate, Trend from k6/metrics). */
export interface MetricSink {
  add(value: number | boolean, tags?: Record<string, string>): void;
}

/** Where a call runs: k6/execution's vu.idInTest, scenario.iterationInTest and scenario.startTime. */
export interface ExecutionContext {
  /** 1-based, as k6's vu.idInTest. */
  vu: number;
  /** 0-based iteration of the scenario across all VUs. */
  iterationInTest: number;
  /** Epoch milliseconds the scenario started. */
  scenarioStartTime: number;
}

/** Which engine made a run (the report says it; load:compare never compares runs of two engines). */
export type LoadEngine = 'k6' | 'node-driver';

export interface LoadPort {
  readonly engine: LoadEngine;
  /** The environment the run was given (k6: __ENV). */
  readonly env: Env;
  /** Reads a file named by the configuration (k6: open(), at init only). */
  readFile(path: string): string;
  /** Sends a request built by requests.ts; a status in `alsoExpected` (beside 2xx and 429) is no failed request. */
  request(req: BuiltRequest, alsoExpected: readonly number[]): HttpAnswer;
  /** k6's check(): records each named condition as a pass or a fail, tagged; true when all hold. */
  check<T>(value: T, conditions: Record<string, (v: T) => boolean>, tags?: Record<string, string>): boolean;
  /** A custom metric; created at init (k6 requires it before thresholds name it). */
  metric(kind: MetricKind, name: string, isTime?: boolean): MetricSink;
  sleep(seconds: number): void;
  now(): number;
  execution(): ExecutionContext;
}
