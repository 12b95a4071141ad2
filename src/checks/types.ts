/**
 * What a check produces. A failure names the clause it breaks and reads well in a report:
 * what was expected, what was received, and the exchange that showed it (redacted excerpt).
 * An observation records what the target did where the contract is silent.
 */
import type { ClauseId } from '../contract/clauses/catalogue.ts';
import type { TargetProfile } from '../config/target-profile.ts';
import type { StrictnessKind } from '../contract/strictness.ts';

export interface CheckFailure {
  clause: ClauseId;
  /** Name of the check function that found it. */
  check: string;
  /** One line: what is wrong. */
  message: string;
  expected: unknown;
  received: unknown;
  /** True when a pinned profile, not the contract, set the expectation (behaviour drift). */
  drift?: boolean;
  /** Redacted excerpt of the request/response that showed it. */
  evidence?: Record<string, unknown>;
}

export interface Observation {
  clause: ClauseId;
  /** Stable key for the observed profile, e.g. `status.create`, `values./details/status`. */
  key: string;
  message: string;
  value?: unknown;
}

/**
 * Input the contract calls invalid, accepted and handled exactly as the one valid request it stands for
 * (src/contract/strictness.ts): reported under its own heading, a failure only in strict mode (or drift from a profile
 * that pins the kind strict).
 */
export interface StrictnessFinding {
  /** The clause whose words call the input invalid. */
  clause: ClauseId;
  kind: StrictnessKind;
  /** One line: what was sent, and the valid request it was handled as. */
  message: string;
  /** Redacted excerpt of the request/response that showed it (its curl in the certification report). */
  evidence?: Record<string, unknown>;
}

/** A clause a test judged only in part (a bound of the run): not confirmed by that test, never failed for it. */
export interface Limitation {
  clause: ClauseId;
  message: string;
}

export interface CheckResult {
  failures: CheckFailure[];
  observations: Observation[];
  /** Lenient handling of invalid input (absent: none). */
  strictness?: StrictnessFinding[];
  /** Clauses judged in part only (a test's own, passed on from a scratch verdict); absent: none. */
  limits?: Limitation[];
}

export interface CheckContext {
  profile: TargetProfile;
  /** Strict mode: extra fields, unseen values and strictness findings fail instead of being reported. */
  strict: boolean;
}

export const emptyResult = (): CheckResult => ({ failures: [], observations: [] });
