/**
 * The Node driver: runs one scenario flow (load/flows/) through the port bound to Node, for the project's tests and
 * CI, where no k6 can be had. It runs setup, a counted number of iterations spread round-robin over a few VUs (one
 * flow instance per VU, as k6 runs a script's init per VU), teardown and handleSummary, then writes the files
 * handleSummary names, as k6 does.
 *
 * It is not a load engine and is never offered as one: no arrival rate, no timing worth comparing (each request
 * waits for the last), no k6 metrics of its own. It proves the flows' logic, their rules, the summary and everything
 * downstream (report, JUnit, load:compare) on every change; what only k6 proves is listed in docs/load.md.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { FlowFactory, ScenarioFlow } from '../../../load/flows/flow.ts';
import type { Env } from '../../../load/lib/config.ts';
import { SCENARIO_KEY } from '../../../load/lib/names.ts';
import { type DriverState, FlowDefect, nodePort } from './node-port.ts';
import { judgeThresholds, SampleStore, summaryData } from './summary-data.ts';

export interface DriveOptions {
  /** Iterations of the scenario, over all VUs: a count, never a rate. */
  iterations: number;
  /** Flow instances (VUs) the iterations rotate over. */
  vus: number;
  env: Env;
  /** Where handleSummary's output goes: its file paths, and `stdout`. */
  write?: (path: string, content: string) => void;
}

export interface DriveResult {
  /** As k6's: 0, or 99 when a threshold failed, or 107 when setup, an iteration or teardown threw. */
  exitCode: number;
  iterationsDone: number;
  /** Why the run stopped early: an abortOnFail threshold, or a script error; null when every iteration ran. */
  stoppedBy: string | null;
  outputs: Record<string, string>;
}

function writeOutput(path: string, content: string): void {
  if (path === 'stdout') process.stdout.write(content);
  else if (path === 'stderr') process.stderr.write(content);
  else {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, content);
  }
}

/** Why a run stopped on an exception: the flow broken (FlowDefect), or what threw. */
function stopReason(where: string, error: unknown): string {
  if (error instanceof FlowDefect) return `the flow is broken (in ${where}): ${error.message}`;
  return `${where} threw: ${error instanceof Error ? error.message : String(error)}`;
}

export function driveFlow<S>(factory: FlowFactory<S>, options: DriveOptions): DriveResult {
  if (!Number.isInteger(options.iterations) || options.iterations < 1)
    throw new Error('the Node driver runs a positive count of iterations');
  const store = new SampleStore();
  const flows: ScenarioFlow<S>[] = [];
  const state: DriverState = { current: null, scenarioKey: '' };
  for (let vu = 0; vu < Math.max(1, options.vus); vu++) flows.push(factory(nodePort(options.env, store, state)));
  const [first] = flows;
  state.scenarioKey = SCENARIO_KEY[first.scenario];
  const write = options.write ?? writeOutput;
  const started = Date.now();
  const input = (setupData: unknown) => ({
    store,
    thresholds: first.options.thresholds,
    summaryTrendStats: first.options.summaryTrendStats,
    testRunDurationMs: Date.now() - started,
    setupData,
  });

  let stoppedBy: string | null = null;
  let scriptError = false;
  let data: S | undefined;
  let done = 0;
  try {
    data = first.setup();
  } catch (error) {
    stoppedBy = stopReason('setup', error);
    scriptError = true;
  }
  if (data !== undefined) {
    const scenarioStartTime = Date.now();
    for (; done < options.iterations && stoppedBy === null; done++) {
      const vu = (done % flows.length) + 1;
      state.current = { vu, iterationInTest: done, scenarioStartTime };
      try {
        flows[vu - 1].iteration(data);
      } catch (error) {
        if (error instanceof FlowDefect) {
          // The flow itself breaks a rule of the project: no later iteration would prove anything.
          stoppedBy = stopReason('an iteration', error);
          scriptError = true;
        }
        // Else as k6: it logs an iteration's exception and goes on with the next; so does the driver.
        else console.error(`node-driver: iteration ${done} threw: ${error instanceof Error ? error.message : String(error)}`);
      } finally {
        state.current = null;
      }
      store.add('iterations', 'counter', 1, { scenario: state.scenarioKey });
      const elapsedMs = Date.now() - started;
      const aborted = judgeThresholds(input(data)).find((t) => t.abortOnFail && !t.ok && elapsedMs >= t.delayAbortMs);
      if (aborted) stoppedBy = `threshold ${aborted.metric} ${aborted.expression} crossed (abortOnFail)`;
    }
    try {
      first.teardown(data);
    } catch (error) {
      stoppedBy ??= stopReason('teardown', error);
      scriptError = true;
    }
  }
  const summary = summaryData(input(data));
  const outputs = first.handleSummary(summary);
  for (const [path, content] of Object.entries(outputs)) write(path, content);
  const crossed = judgeThresholds(input(data)).some((t) => !t.ok);
  return { exitCode: scriptError ? 107 : crossed ? 99 : 0, iterationsDone: done, stoppedBy, outputs };
}
