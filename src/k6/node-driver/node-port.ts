/**
 * The port (load/lib/port.ts) bound to Node, for the Node driver: requests through Node's fetch (synchronously, in a
 * worker: sync-fetch-worker.mjs), checks and metrics into a SampleStore, sleep that blocks, the driver's execution
 * context. The built-in metrics k6 records for every request and check (http_reqs, http_req_duration,
 * http_req_failed, checks) are recorded here the same way, tagged as k6 tags them (name and the request's tags,
 * method, status, expected_response, and scenario during the scenario's iterations only, as k6 leaves setup and
 * teardown out of it).
 */
import { readFileSync } from 'node:fs';
import { createSyncFn } from 'synckit';
import type { Env } from '../../../load/lib/config.ts';
import type { ExecutionContext, HttpAnswer, LoadPort } from '../../../load/lib/port.ts';
import { EXPECTED_STATUSES } from '../../../load/lib/requests.ts';
import type { SampleStore } from './summary-data.ts';

interface WireRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | null;
  timeoutMs: number;
  readBody: boolean;
}

const WORKER = new URL('./sync-fetch-worker.mjs', import.meta.url);
let send: ((req: WireRequest) => HttpAnswer) | null = null;

function sendSync(req: WireRequest): HttpAnswer {
  send ??= createSyncFn<(req: WireRequest) => Promise<HttpAnswer>>(WORKER.pathname, { timeout: req.timeoutMs + 5_000 });
  return send(req);
}

const pause = new Int32Array(new SharedArrayBuffer(4));

/** Blocks the thread for `seconds`, as k6's sleep() blocks its VU. */
export function sleepSync(seconds: number): void {
  if (seconds > 0) Atomics.wait(pause, 0, 0, seconds * 1000);
}

/**
 * A flow that breaks a rule of the project, not of the target (a request that would follow a redirect): the driver
 * stops the run on it, as a script error, instead of going on to the next iteration.
 */
export class FlowDefect extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FlowDefect';
  }
}

export interface DriverState {
  /** The execution context of the call running now; null in setup and teardown (no scenario tag there). */
  current: ExecutionContext | null;
  scenarioKey: string;
}

function expectedAnswer(status: number, alsoExpected: readonly number[]): boolean {
  return (
    (status >= EXPECTED_STATUSES.min && status <= EXPECTED_STATUSES.max) || [...EXPECTED_STATUSES.also, ...alsoExpected].includes(status)
  );
}

export function nodePort(env: Env, store: SampleStore, state: DriverState): LoadPort {
  const scenarioTags = (): Record<string, string> => (state.current ? { scenario: state.scenarioKey } : {});
  return {
    engine: 'node-driver',
    env,
    readFile: (path) => readFileSync(path, 'utf8'),
    request(req, alsoExpected) {
      if (req.params.redirects !== 0)
        throw new FlowDefect(
          `the request "${req.params.tags.name}" was built to follow ${req.params.redirects ?? "k6's default of 10"} redirect(s), not redirects: 0; no client of ours follows a redirect (load/lib/requests.ts builds every request)`,
        );
      const started = performance.now();
      const answer = sendSync({
        method: req.method,
        url: req.url,
        headers: req.params.headers,
        body: req.body,
        timeoutMs: req.params.timeout,
        readBody: req.params.responseType === 'text',
      });
      const tags = {
        ...req.params.tags,
        ...scenarioTags(),
        method: req.method,
        status: String(answer.status),
        expected_response: String(expectedAnswer(answer.status, alsoExpected)),
      };
      store.add('http_reqs', 'counter', 1, tags);
      store.add('http_req_duration', 'trend', performance.now() - started, tags, true);
      store.add('http_req_failed', 'rate', !expectedAnswer(answer.status, alsoExpected), tags);
      return answer;
    },
    check(value, conditions, tags = {}) {
      let all = true;
      for (const [name, condition] of Object.entries(conditions)) {
        let ok: boolean;
        try {
          ok = condition(value) === true;
        } catch {
          ok = false; // as k6: a condition that throws is a failed check
        }
        store.tallyCheck(name, ok);
        store.add('checks', 'rate', ok, { ...tags, ...scenarioTags(), check: name });
        all &&= ok;
      }
      return all;
    },
    metric(kind, name, isTime = false) {
      store.declare(name, kind, isTime);
      return { add: (value, tags = {}) => store.add(name, kind, value, { ...tags, ...scenarioTags() }, isTime) };
    },
    sleep: sleepSync,
    now: () => Date.now(),
    execution() {
      if (state.current === null) throw new Error('the execution context is known only within an iteration');
      return state.current;
    },
  };
}
