// The kit of the client checks: what one judges and returns, how one is defined, and the reading of a session they
// share. The checks themselves are kept by clause area in this folder and joined, in order, in ../client-checks.ts.
import type { ClientClauseId } from '../../contract/clauses/catalogue.ts';
import { type Check, type CheckKind, defineCheck } from '../../checks/define-check.ts';
import type { Session, SessionExchange } from '../recorded-session.ts';

export type ClientVerdict = 'pass' | 'fail' | 'incomplete';

export interface ClientFinding {
  message: string;
  expected: unknown;
  received: unknown;
  /** Sequence numbers of the requests that show it, in the order they tell the story. */
  evidence: number[];
}

export interface ClientCheckResult {
  verdict: ClientVerdict;
  findings: ClientFinding[];
  /** The requests that exercised the duty. */
  exercisedBy: number[];
  /** One line: what the session showed of the duty, or why it is incomplete. */
  note: string;
}

export interface ClientCheckSettings {
  /** Requests per second agreed with the operator; null = not given (CLIENT-RATE is then incomplete). */
  agreedRate: number | null;
  /** The client's currency as agreed with the operator; null = whichever the client uses, as long as it is one. */
  currency: string | null;
  /** Identical create bodies closer than this are duplicates. */
  duplicateWindowMs: number;
}

export const DEFAULT_SETTINGS: ClientCheckSettings = { agreedRate: null, currency: null, duplicateWindowMs: 60_000 };

/** A client check: one duty of the partner's client, judged on a recorded session (defineClientCheck, joined in ../client-checks.ts). */
export type ClientCheck = Check<Session, ClientCheckSettings, ClientCheckResult> & {
  /** The one client clause it judges. */
  readonly clause: ClientClauseId;
  /** True when each request is judged on its own: the proxy then reports its findings as the request passes. */
  readonly perRequest?: boolean;
};

/** Client checks say themselves when a session did not exercise their duty (INCOMPLETE), so they apply to every session. */
const CLIENT_CHECK: CheckKind<Session, ClientCheckSettings, ClientCheckResult, Record<never, never>> = {
  notApplicable: () => ({ verdict: 'incomplete', findings: [], exercisedBy: [], note: 'the session holds nothing this check judges' }),
  tools: () => ({}),
};

export function defineClientCheck(spec: {
  name: string;
  clause: ClientClauseId;
  perRequest?: boolean;
  appliesTo?: (session: Session, settings: ClientCheckSettings) => boolean;
  run(session: Session, settings: ClientCheckSettings): ClientCheckResult;
}): ClientCheck {
  const { clause, perRequest, ...rest } = spec;
  return { ...defineCheck(CLIENT_CHECK, { ...rest, clauses: [clause] }), clause, ...(perRequest ? { perRequest } : {}) };
}

export const LIST_QUERY_OPS = new Set(['offer.list', 'subscription.list', 'allocation.list', 'allocation.get']);

export const requestLine = (ex: SessionExchange): string => `#${ex.seq} ${ex.method} ${ex.path}`;

export function result(exercised: readonly SessionExchange[], findings: ClientFinding[], seen: string, missing: string): ClientCheckResult {
  const exercisedBy = exercised.map((e) => e.seq);
  if (findings.length) return { verdict: 'fail', findings, exercisedBy, note: seen };
  return exercised.length
    ? { verdict: 'pass', findings, exercisedBy, note: seen }
    : { verdict: 'incomplete', findings, exercisedBy, note: missing };
}

export const creates = (s: Session) => s.exchanges.filter((e) => e.operation === 'subscription.create');

export function queryOf(ex: SessionExchange): URLSearchParams {
  return new URL(ex.path, 'http://client').searchParams;
}

export const isSuccess = (ex: SessionExchange) => ex.status !== null && ex.status >= 200 && ex.status < 300;
export const unknownOutcome = (ex: SessionExchange) => ex.outcome !== 'answered' || ex.status === null || ex.status >= 500;

/** How many leading items of `sorted` satisfy `leads` (sorted so that those that do come first): a binary search. */
export function leadingCount<T>(sorted: readonly T[], leads: (item: T) => boolean): number {
  let low = 0;
  for (let high = sorted.length; low < high; ) {
    const mid = (low + high) >> 1;
    if (leads(sorted[mid])) low = mid + 1;
    else high = mid;
  }
  return low;
}
