/**
 * A test's verdict: the clause failures and observations it collected, from its own checks and from
 * the exchange checks run on every response it caused. Failures are soft (the test goes on, so one run
 * shows every deviation); the runner bridge fails the test at its end with a readable list.
 */
import type { ClauseId } from '../contract/clauses/catalogue.ts';
import { exchangeExcerpt, statusText, type Exchange } from '../client/exchange.ts';
import {
  describeExpectation,
  expectedStatus,
  statusMatches,
  type StatusExpectation,
  type StatusKey,
  type TargetProfile,
} from '../config/target-profile.ts';
import type { CreatedRecord, RetriedAttempt } from '../client/api-client.ts';
import { idUniqueInRun, retriedAnswerObservations, runExchangeChecks } from './exchange-checks.ts';
import type { CheckContext, CheckFailure, CheckResult, Limitation, Observation, StrictnessFinding } from './types.ts';
import { STRICTNESS_KINDS, strictnessLine } from '../contract/strictness.ts';
import { forTerminal } from '../config/terminal-text.ts';

export class Verdict {
  private readonly recordedFailures: CheckFailure[] = [];
  private readonly recordedObservations: Observation[] = [];
  private readonly recordedLimits: Limitation[] = [];
  private readonly recordedStrictness: StrictnessFinding[] = [];
  private readonly seen = new Set<string>();
  private muted = 0;
  /**
   * Exchanges waiting for their checks. A test usually sends its next request right after reading a
   * response, so the checks of that response run once the event loop is free (while the next request
   * is on the wire) instead of in the test's path. Every reader and writer of the verdict runs what is
   * pending first, so what it sees, and in which order, is as if the checks had run at once.
   */
  private readonly pending: Exchange[] = [];
  private drainScheduled = false;
  /** An error a check threw while draining in the background; thrown to the next reader. */
  private drainError: { error: unknown } | null = null;

  constructor(readonly ctx: CheckContext) {}

  get failures(): readonly CheckFailure[] {
    this.runPending();
    return this.recordedFailures;
  }

  get observations(): readonly Observation[] {
    this.runPending();
    return this.recordedObservations;
  }

  /** Invalid input accepted and handled as the valid request it stands for (not failures: see `lenient`). */
  get strictness(): readonly StrictnessFinding[] {
    this.runPending();
    return this.recordedStrictness;
  }

  /**
   * Input the contract calls invalid, accepted and handled exactly as the one valid request it stands for
   * (src/contract/strictness.ts): a strictness finding, listed under its own heading and never a failure, except in
   * strict mode (API_STRICT=1) or where the profile pins the kind `strict` (then it is drift). A profile that pins it
   * `lenient` keeps it a finding in strict mode too: the operator has said the target does this.
   */
  lenient(finding: StrictnessFinding): void {
    this.runPending();
    const pinned = this.ctx.profile.strictness?.[finding.kind];
    if ((this.ctx.strict && pinned !== 'lenient') || pinned === 'strict') {
      this.recordFailure({
        clause: finding.clause,
        check: 'strictness',
        message: `${strictnessLine(finding.kind, finding.message)} (${pinned === 'strict' ? 'the pinned profile says this target refuses it' : 'strict mode'})`,
        expected: 'refused with a 4xx',
        received: `handled as ${STRICTNESS_KINDS[finding.kind].standsFor}`,
        drift: pinned === 'strict',
        evidence: finding.evidence,
      });
      return;
    }
    // The same kind met on many requests of one test is one finding per message shape.
    const key = `S|${finding.clause}|${finding.kind}|${finding.message.replace(/\d+/g, '#')}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.recordedStrictness.push(finding);
  }

  /** The clauses this test judged on part of a list only (limits), each with what it did not read. */
  get limits(): readonly Limitation[] {
    return this.recordedLimits;
  }

  /**
   * A clause this test judged only in part, under a bound of the run (a walk sampled under API_WALK_PAGES:
   * src/checks/bounded-walk.ts): what it read held, but this test does not confirm the clause; another test may.
   * Never a failure: a clause left unconfirmed is reported as such (not confirmed, the message its reason).
   */
  limit(clause: ClauseId, message: string): void {
    this.recordedLimits.push({ clause, message });
  }

  /** Run the exchange checks on a response (the client calls this for every exchange). */
  inspect(ex: Exchange): void {
    if (this.muted !== 0) return;
    this.pending.push(ex);
    if (this.drainScheduled) return;
    this.drainScheduled = true;
    setImmediate(() => {
      this.drainScheduled = false;
      try {
        this.runPending();
      } catch (error) {
        this.drainError ??= { error };
      }
    });
  }

  /** Record an answer the client retried instead of returning (the client calls this for each). */
  inspectRetried(r: RetriedAttempt): void {
    if (this.muted === 0) this.add({ observations: retriedAnswerObservations(r) });
  }

  /** Check a create's id against every create of the run (the client calls this for each one journalled). */
  inspectCreated(c: CreatedRecord): void {
    if (this.muted === 0) this.add({ failures: idUniqueInRun(c) });
  }

  /** Runs the checks of every exchange still waiting, in arrival order. */
  private runPending(): void {
    if (this.drainError) {
      const { error } = this.drainError;
      this.drainError = null;
      throw error;
    }
    while (this.pending.length > 0) {
      const results = runExchangeChecks(this.pending.shift()!, this.ctx);
      for (const f of results.failures) this.recordFailure(f);
      for (const o of results.observations) this.recordObservation(o);
    }
  }

  /**
   * Run `work` without inspecting its exchanges. A fuzz property judges each case with a verdict of its
   * own (so fast-check can shrink) and reports only the final counterexample here.
   */
  async whileMuted<T>(work: () => Promise<T>): Promise<T> {
    this.muted += 1;
    try {
      return await work();
    } finally {
      this.muted -= 1;
    }
  }

  add(result: Partial<CheckResult>): void {
    for (const f of result.failures ?? []) this.fail(f);
    for (const o of result.observations ?? []) this.observe(o);
    for (const l of result.limits ?? []) this.limit(l.clause, l.message);
    for (const x of result.strictness ?? []) this.lenient(x);
  }

  fail(f: CheckFailure): void {
    this.runPending();
    this.recordFailure(f);
  }

  observe(o: Observation): void {
    this.runPending();
    this.recordObservation(o);
  }

  private recordFailure(f: CheckFailure): void {
    // A test's judgement of an answer that was a 429 judges nothing: the target did not take the request
    // (rate limiting, LIMIT-RATE), so it is recorded as such, never as a deviation of the test's clause.
    // The 429's own body is still checked by the exchange checks (their check names are not 'test').
    if (f.evidence?.status === 429 && (f.check === 'test' || f.check === 'profileStatus') && f.clause !== 'LIMIT-RATE') {
      this.recordObservation({
        clause: 'LIMIT-RATE',
        key: `rateLimit.instead.${f.clause}`,
        message: `rate limited (429) where ${f.clause} was to be judged: ${f.message}`,
        value: 429,
      });
      return;
    }
    // The same deviation met on many responses of one test is one finding.
    const key = `F|${f.clause}|${f.check}|${f.message.replace(/\d+/g, '#')}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.recordedFailures.push(f);
  }

  private recordObservation(o: Observation): void {
    const key = `O|${o.key}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.recordedObservations.push(o);
  }

  /**
   * A test's own check of one clause. Returns `pass` so a test can stop early when a later step
   * would only repeat the failure.
   */
  check(clause: ClauseId, pass: boolean, message: string, detail: { expected: unknown; received: unknown; exchange?: Exchange }): boolean {
    if (!pass)
      this.fail({
        clause,
        check: 'test',
        message,
        expected: detail.expected,
        received: detail.received,
        evidence: detail.exchange && exchangeExcerpt(detail.exchange),
      });
    return pass;
  }

  /**
   * A status the contract leaves open ("not shown"). The contract's own rule (a class such as 4xx),
   * when it states one, is checked under `contractClause`; the observed code is recorded under
   * `observeClause`; and where the profile pins codes, a different one is drift.
   */
  status(
    ex: Exchange,
    o: {
      key: StatusKey;
      profile: TargetProfile;
      observeClause: ClauseId;
      contractClause?: ClauseId;
      contractRule?: StatusExpectation;
      what: string;
    },
  ): boolean {
    let ok = true;
    if (o.contractClause && o.contractRule && !statusMatches(o.contractRule, ex.status)) {
      ok = this.check(
        o.contractClause,
        false,
        `${o.what}: answered ${statusText(ex)}, the contract requires ${describeExpectation(o.contractRule)}`,
        { expected: describeExpectation(o.contractRule), received: ex.status, exchange: ex },
      );
    }
    this.observe({ clause: o.observeClause, key: `status.${o.key}`, message: `${o.what}: ${ex.status}`, value: ex.status });
    const { expected, pinned } = expectedStatus(o.profile, o.key);
    if (!statusMatches(expected, ex.status)) {
      this.fail({
        clause: o.observeClause,
        check: 'profileStatus',
        message: `${o.what}: answered ${statusText(ex)}, the ${pinned ? 'pinned profile' : 'widest reading'} expects ${describeExpectation(expected)}`,
        expected: describeExpectation(expected),
        received: ex.status,
        drift: pinned,
        evidence: exchangeExcerpt(ex),
      });
      ok = false;
    }
    return ok;
  }
}

/**
 * Failures as the readable block a failing test shows (Playwright prints it on the console and in its reports), a
 * target's control characters in it shown as escapes (forTerminal): a received string is quoted as is.
 */
export function formatFailures(failures: readonly CheckFailure[]): string {
  const lines = [`${failures.length} contract deviation(s):`];
  for (const f of failures) {
    lines.push(``, `[${f.clause}]${f.drift ? ' (drift from pinned profile)' : ''} ${f.message}`);
    lines.push(`  expected: ${short(f.expected)}`, `  received: ${short(f.received)}`);
    if (f.evidence) lines.push(`  request:  ${String(f.evidence.request)} -> ${String(f.evidence.status)}`);
  }
  return forTerminal(lines.join('\n'));
}

function short(v: unknown): string {
  const s = typeof v === 'string' ? v : JSON.stringify(v);
  return s === undefined ? 'undefined' : s.length > 400 ? `${s.slice(0, 400)}…` : s;
}
