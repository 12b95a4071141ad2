/**
 * Rate behaviour of the target: a stepped arrival rate up to a ceiling, the step at which 429s
 * become sustained (the onset), what the 429 answers carry (Retry-After, a JSON error body), and
 * whether the service answers again after the client backs off. Pure module.
 *
 * Stop rule: a step is "sustained" once its 429 count reaches
 *   max(RATE_SUSTAINED_MIN_429, ceil(RATE_SUSTAINED_MIN_SHARE x requests planned in the step)).
 * k6 enforces it with one `count<K` threshold per step (abortOnFail), evaluated across all VUs, so
 * the probe stops within about two seconds of the onset and never climbs further. The same rule,
 * applied to the per-step counts in the summary, names the onset step afterwards.
 */
import { parseRetryAfter } from '../../src/contract/retry-after.ts';
import { k6Duration } from './durations.ts';

export interface RateProbeInput {
  start: number;
  step: number;
  max: number;
  stepMs: number;
}

export interface Stage {
  duration: string;
  target: number;
}

export interface RateProbePlan {
  /** Target requests per second of each step. */
  steps: number[];
  stepMs: number;
  /** ramping-arrival-rate fields: start at the first step, jump (0s stage) and hold each next one. */
  startRate: number;
  stages: Stage[];
  totalMs: number;
}

export function planRateProbe(input: RateProbeInput): RateProbePlan {
  const steps: number[] = [];
  for (let r = input.start; r < input.max; r += input.step) steps.push(r);
  steps.push(input.max);
  const hold = k6Duration(input.stepMs);
  const stages: Stage[] = [{ duration: hold, target: steps[0] }];
  for (let i = 1; i < steps.length; i++) {
    stages.push({ duration: '0s', target: steps[i] });
    stages.push({ duration: hold, target: steps[i] });
  }
  return { steps, stepMs: input.stepMs, startRate: steps[0], stages, totalMs: steps.length * input.stepMs };
}

/** Index of the step running `elapsedMs` after the scenario started (clamped to the plan). */
export function stepIndexAt(plan: RateProbePlan, elapsedMs: number): number {
  const i = Math.floor(Math.max(0, elapsedMs) / plan.stepMs);
  return Math.min(plan.steps.length - 1, i);
}

export interface SustainedRule {
  minCount: number;
  minShare: number;
}

/** 429s a step needs to count as sustained. */
export function sustainedCount(rule: SustainedRule, targetRps: number, stepMs: number): number {
  const planned = (targetRps * stepMs) / 1000;
  return Math.max(rule.minCount, Math.ceil(rule.minShare * planned));
}

export interface StepObservation {
  targetRps: number;
  requests: number;
  limited: number;
}

export interface OnsetResult {
  /** Target rate of the first sustained step; null when 429s never became sustained. */
  onsetRps: number | null;
  /**
   * Requests per second actually sent in that step (requests / step length). Null when there is no
   * onset, or when the probe stopped inside that step (its requests did not span the step's length).
   */
  achievedRps: number | null;
  /** Requests sent in the onset step, and how many of them were answered 429. */
  onsetStep: { requests: number; limited: number } | null;
  /** Highest step that sent any request. */
  highestRps: number | null;
  /** Steps below the onset that saw 429s under the sustained count (noise at the boundary). */
  sporadic: StepObservation[];
}

/** `stoppedInOnsetStep`: the stop rule ended the probe (it fires in the onset step, cutting it short). */
export function detectOnset(
  observations: readonly StepObservation[],
  plan: RateProbePlan,
  rule: SustainedRule,
  stoppedInOnsetStep = false,
): OnsetResult {
  const sorted = observations.slice().sort((a, b) => a.targetRps - b.targetRps);
  const sporadic: StepObservation[] = [];
  let highest: number | null = null;
  for (const o of sorted) {
    if (o.requests > 0) highest = o.targetRps;
    if (o.limited >= sustainedCount(rule, o.targetRps, plan.stepMs)) {
      const achievedRps = stoppedInOnsetStep ? null : Math.round((o.requests / (plan.stepMs / 1000)) * 100) / 100;
      return { onsetRps: o.targetRps, achievedRps, onsetStep: { requests: o.requests, limited: o.limited }, highestRps: highest, sporadic };
    }
    if (o.limited > 0) sporadic.push(o);
  }
  return { onsetRps: null, achievedRps: null, onsetStep: null, highestRps: highest, sporadic };
}

/** Retry-After as whole seconds from nowMs (the contract's one reading, src/contract/retry-after.ts). Null when absent or bad. */
export function retryAfterInSeconds(value: string | null | undefined, nowMs: number): number | null {
  const ms = parseRetryAfter(value, nowMs);
  return ms === null ? null : Math.ceil(ms / 1000);
}

/** Header lookup that ignores case (k6 canonicalises names, proxies may not). */
export function headerValue(headers: Readonly<Record<string, string>>, name: string): string | null {
  const wanted = name.toLowerCase();
  for (const key of Object.keys(headers)) if (key.toLowerCase() === wanted) return headers[key];
  return null;
}

export function isJsonContentType(value: string | null): boolean {
  return value !== null && /^application\/(?:[\w.+-]+\+)?json\b/i.test(value.trim());
}

export interface RateLimitedAnswer {
  retryAfterPresent: boolean;
  retryAfterSeconds: number | null;
  /** null when the body was not read (request sent with responseType none). */
  jsonErrorBody: boolean | null;
}

/** What a 429 answer carries. A JSON error body is an object with a string `message`. */
export function describeRateLimited(headers: Readonly<Record<string, string>>, bodyText: string | null, nowMs: number): RateLimitedAnswer {
  const retryAfter = headerValue(headers, 'Retry-After');
  let jsonErrorBody: boolean | null = null;
  if (bodyText !== null) {
    jsonErrorBody = false;
    if (isJsonContentType(headerValue(headers, 'Content-Type'))) {
      try {
        const parsed: unknown = JSON.parse(bodyText);
        jsonErrorBody =
          typeof parsed === 'object' &&
          parsed !== null &&
          !Array.isArray(parsed) &&
          typeof (parsed as Record<string, unknown>).message === 'string';
      } catch {
        jsonErrorBody = false;
      }
    }
  }
  return { retryAfterPresent: retryAfter !== null, retryAfterSeconds: retryAfterInSeconds(retryAfter, nowMs), jsonErrorBody };
}

export interface RecoveryConfig {
  backoffMs: number;
  maxWaitMs: number;
  attempts: number;
  /** Pause between attempts when the answer gives no Retry-After. */
  intervalMs: number;
}

export interface RecoveryAttempt {
  /** Milliseconds since the recovery check began (after the initial back-off). */
  atMs: number;
  status: number;
  retryAfterSeconds: number | null;
}

export type RecoveryStep = { done: true; recovered: boolean } | { done: false; waitMs: number };

/**
 * After each attempt: stop on a 2xx (recovered) or when attempts are spent; otherwise wait for the
 * Retry-After the answer gave (capped at maxWaitMs) or the plain interval.
 */
export function recoveryStep(attempts: readonly RecoveryAttempt[], cfg: RecoveryConfig): RecoveryStep {
  const last = attempts[attempts.length - 1];
  if (last === undefined) return { done: false, waitMs: 0 };
  if (last.status >= 200 && last.status < 300) return { done: true, recovered: true };
  if (attempts.length >= cfg.attempts) return { done: true, recovered: false };
  if (last.status === 429 && last.retryAfterSeconds !== null)
    return { done: false, waitMs: Math.min(cfg.maxWaitMs, last.retryAfterSeconds * 1000) };
  return { done: false, waitMs: cfg.intervalMs };
}

export interface RecoveryResult {
  recovered: boolean;
  attempts: number;
  /** Time from the end of the probe (before the back-off) to the first 2xx. */
  recoveredAfterMs: number | null;
  statuses: number[];
}

export function summariseRecovery(attempts: readonly RecoveryAttempt[], cfg: RecoveryConfig): RecoveryResult {
  const first = attempts.filter((a) => a.status >= 200 && a.status < 300)[0];
  return {
    recovered: first !== undefined,
    attempts: attempts.length,
    recoveredAfterMs: first === undefined ? null : cfg.backoffMs + first.atMs,
    statuses: attempts.map((a) => a.status),
  };
}

/**
 * Did the service honour the Retry-After it gave? A read sent after waiting the advised delay (capped at maxWaitMs, as
 * recoveryStep waits) that is refused again once may be a rounded delay or another client's share of the limit; refused
 * again on two such reads running, the delay was not what the service meant. null: never tested (no 429 with a
 * Retry-After the recovery check could wait out).
 */
export function retryAfterHonoured(attempts: readonly RecoveryAttempt[], cfg: RecoveryConfig): boolean | null {
  let tested = false;
  let refusedRunning = 0;
  for (let i = 1; i < attempts.length; i++) {
    const advised = attempts[i - 1];
    if (advised.status !== 429 || advised.retryAfterSeconds === null || advised.retryAfterSeconds * 1000 > cfg.maxWaitMs) {
      refusedRunning = 0;
      continue;
    }
    tested = true;
    refusedRunning = attempts[i].status === 429 ? refusedRunning + 1 : 0;
    if (refusedRunning >= 2) return false;
  }
  return tested ? true : null;
}
