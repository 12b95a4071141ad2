/**
 * Every run is bounded in time and memory (issue 10, defect 5 and 6): a whole-run deadline
 * (API_RUN_TIMEOUT), a per-request timeout (API_REQUEST_TIMEOUT) and a response-size cap
 * (API_MAX_RESPONSE_MB); and its requests do not grow with the target (issue 41, item 2): a walk of a list page by
 * page asks for at most API_WALK_PAGES pages (src/checks/bounded-walk.ts), the rest of a longer list sampled. The deadline is one instant shared by every process of a run (certify, its
 * Playwright child, the workers): the first process to read it fixes it in API_RUN_DEADLINE_AT, which
 * children inherit. The tests stop early enough to leave the teardown its reserve before the deadline.
 */
import { ConfigError } from './config-error.ts';
import { setChildEnvironment } from './child-environment.ts';

type Env = Record<string, string | undefined>;

export const RUN_LIMIT_DEFAULTS = { runTimeoutS: 3_600, requestTimeoutS: 30, maxResponseMb: 32, readSettleS: 2, walkPages: 8 } as const;

/** Fewer pages than this cannot show both ends of a list: its first two pages and its last two. */
export const MIN_WALK_PAGES = 4;

/** Set by the first process of a run (epoch ms); not meant to be set by hand. */
export const DEADLINE_ENV = 'API_RUN_DEADLINE_AT';

export interface RunLimits {
  /** API_RUN_TIMEOUT, ms (for messages: the deadline itself is deadlineAt). */
  runTimeoutMs: number;
  /** When the whole run, teardown included, must be over (epoch ms). */
  deadlineAt: number;
  /** Kept at the end for the teardown (cancelling what the run created). */
  teardownReserveMs: number;
  requestTimeoutMs: number;
  maxResponseBytes: number;
  /** API_READ_SETTLE, ms: how long a read that does not show the run's own write yet is read again (src/checks/read-settle.ts). */
  readSettleMs: number;
  /**
   * API_WALK_PAGES: the most pages one walk of a list asks for (src/checks/bounded-walk.ts). A list too long to walk in
   * that many pages is walked at both ends and the rest reported as not read (a clause limited, never failed for it).
   */
  walkPages: number;
}

/** A number setting: the fallback when unset or empty; above 0, or with `zeroAllowed` 0 or more; else one sentence. */
function numberSetting(env: Env, name: string, fallback: number, unit: string, zeroAllowed = false): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0 || (n === 0 && !zeroAllowed))
    throw new ConfigError(
      zeroAllowed
        ? `${name} must be a number of ${unit}, 0 or more, got "${raw}".`
        : `${name} must be a positive number of ${unit}, got "${raw}".`,
    );
  return n;
}

/** The teardown's share of the run: a tenth, at least 5 s, at most 60 s (a few cancels, each under the request timeout). */
export function teardownReserveMs(runTimeoutMs: number): number {
  return Math.min(60_000, Math.max(5_000, runTimeoutMs / 10));
}

export function readRunLimits(env: Env = process.env, now = Date.now()): RunLimits {
  const runTimeoutMs = numberSetting(env, 'API_RUN_TIMEOUT', RUN_LIMIT_DEFAULTS.runTimeoutS, 'seconds') * 1000;
  const requestTimeoutMs = numberSetting(env, 'API_REQUEST_TIMEOUT', RUN_LIMIT_DEFAULTS.requestTimeoutS, 'seconds') * 1000;
  const maxResponseBytes = Math.round(
    numberSetting(env, 'API_MAX_RESPONSE_MB', RUN_LIMIT_DEFAULTS.maxResponseMb, 'megabytes') * 1024 * 1024,
  );
  const readSettleMs = numberSetting(env, 'API_READ_SETTLE', RUN_LIMIT_DEFAULTS.readSettleS, 'seconds', true) * 1000;
  const walkPages = numberSetting(env, 'API_WALK_PAGES', RUN_LIMIT_DEFAULTS.walkPages, 'pages');
  if (!Number.isInteger(walkPages) || walkPages < MIN_WALK_PAGES)
    throw new ConfigError(
      `API_WALK_PAGES must be a whole number of pages, ${MIN_WALK_PAGES} or more (the first two and the last two of a list), got "${env.API_WALK_PAGES?.trim()}".`,
    );
  const inherited = Number(env[DEADLINE_ENV]);
  const deadlineAt = Number.isFinite(inherited) && inherited > 0 ? inherited : now + runTimeoutMs;
  return {
    runTimeoutMs,
    deadlineAt,
    teardownReserveMs: teardownReserveMs(runTimeoutMs),
    requestTimeoutMs,
    maxResponseBytes,
    readSettleMs,
    walkPages,
  };
}

/** Read the limits and fix the deadline in the environment, so child processes and workers share it. */
export function fixRunLimits(): RunLimits {
  const limits = readRunLimits(process.env);
  setChildEnvironment({ [DEADLINE_ENV]: String(limits.deadlineAt) });
  return limits;
}

/** When the tests (or any phase before the teardown) must stop. */
export function testsEndAt(limits: RunLimits): number {
  return limits.deadlineAt - limits.teardownReserveMs;
}

/** The one sentence a run stopped by its deadline ends with; null while there is time left. */
export function deadlineVerdict(limits: RunLimits, now = Date.now()): string | null {
  if (now < testsEndAt(limits)) return null;
  return `API_RUN_TIMEOUT (${limits.runTimeoutMs / 1000} s) reached: the tests were stopped before they all ran, so this run's verdict is incomplete.`;
}

/** A signal that aborts at `at` (epoch ms) with a one-sentence reason; its timer does not keep the process alive. */
export function signalAt(at: number, what: string): AbortSignal {
  const controller = new AbortController();
  const wait = Math.max(0, at - Date.now());
  // setTimeout fires at once past 2^31-1 ms (about 24 days): a deadline that far is no deadline.
  if (wait < 2 ** 31 - 1) setTimeout(() => controller.abort(new Error(`${what} (API_RUN_TIMEOUT) passed`)), wait).unref();
  return controller.signal;
}
