/**
 * A session with the target: the one place an ApiClient is built from the configuration, whether for a
 * Playwright worker, the global setup and teardown, `npm run cleanup` or `npm run certify`.
 */
import type { RunContext } from '../config/run-context.ts';
import { ApiClient, type RetriedAttempt } from '../client/api-client.ts';
import type { Exchange } from '../client/exchange.ts';
import { makePacer } from '../client/pacer.ts';
import type { Redactor } from '../config/redact.ts';
import { ConfigError } from '../config/config-error.ts';
import { signalAt, testsEndAt } from '../config/run-limits.ts';
import { interruptSignal } from './interrupt.ts';
import type { TargetProfile } from '../config/target-profile.ts';
import { Journal, journalTarget } from './journal.ts';
import { openJsonlAppender } from './jsonl.ts';
import { runFile } from './run-paths.ts';
import { requestCasesOf } from '../contract/request-cases.ts';

export interface Session {
  client: ApiClient<Journal>;
  profile: TargetProfile;
  redact: Redactor;
  /** API_READ_SETTLE, ms (the run's configuration): how long a read may take to show a write of the run. */
  readSettleMs: number;
  dispose(): Promise<void>;
}

/** The redacted line every exchange leaves in reports/runs/<runId>/requests.jsonl (the evidence log). */
function requestLogLine(ex: Exchange) {
  return {
    at: new Date().toISOString(),
    seq: ex.seq,
    pid: process.pid,
    operation: ex.operation,
    request: `${ex.method} ${ex.path}`,
    status: ex.status,
    ms: ex.durationMs,
    attempts: ex.attempts,
    // What the request exercised (src/contract/request-cases.ts): the certification's request-coverage table counts these.
    cases: requestCasesOf({ operation: ex.operation, path: ex.path, credentials: ex.credentials, requestBody: ex.requestBody }),
  };
}

/** The line an answer the client retried instead of returning leaves in the same log. */
function retriedLogLine(r: RetriedAttempt) {
  return {
    at: new Date().toISOString(),
    pid: process.pid,
    operation: r.operation,
    request: `${r.method} ${r.path}`,
    status: r.status,
    retried: true,
    attempt: r.attempt,
    retryAfter: r.retryAfter,
    waitMs: r.waitMs,
    ...(r.error ? { error: r.error } : {}),
  };
}

/** The deadline's signal, and the interrupt's where this process watches for one (certify). */
function withInterrupt(deadline: AbortSignal): AbortSignal {
  const interrupt = interruptSignal();
  return interrupt ? AbortSignal.any([deadline, interrupt]) : deadline;
}

/**
 * Open a session. `teardown`: a session that cancels what the run created, which may use the time kept for it.
 * `share` divides API_RATE between processes that send at once (Playwright workers),
 * so the target never sees more than API_RATE in total.
 */
export async function openSession(context: RunContext, opts: { share?: number; teardown?: boolean } = {}): Promise<Session> {
  const { config, profile, redact } = context;
  if (!config.baseUrl || !config.credentials)
    throw new ConfigError('No target: API_BASE_URL and credentials must be set before a session opens.');
  // Kept open for the session: it gets a line per request. Each line's text is redacted as written.
  const requestLog = openJsonlAppender(runFile.requests(config.runId), { finish: redact });
  const client = new ApiClient({
    baseUrl: config.baseUrl,
    credentials: config.credentials,
    profile,
    journal: new Journal(config.runId, undefined, journalTarget({ ...config, baseUrl: config.baseUrl, credentials: config.credentials })),
    redact,
    pace: makePacer(config.rate / Math.max(1, opts.share ?? 1)),
    timeoutMs: config.limits.requestTimeoutMs,
    maxResponseBytes: config.limits.maxResponseBytes,
    // The tests stop before the deadline to leave the teardown its reserve; the teardown may use it, interrupted or not.
    signal: opts.teardown
      ? signalAt(config.limits.deadlineAt, "the run's deadline")
      : withInterrupt(signalAt(testsEndAt(config.limits), "the tests' share of the run's deadline")),
  });
  client.listen((ex) => requestLog.append(requestLogLine(ex)));
  client.onRetry((r) => requestLog.append(retriedLogLine(r)));
  return {
    client,
    profile,
    redact,
    readSettleMs: config.limits.readSettleMs,
    dispose: async () => {
      requestLog.close();
    },
  };
}
