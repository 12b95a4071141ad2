/**
 * The client checks: one named check per client clause of the catalogue, each judging a recorded session.
 * A check finds the requests that exercise its duty; it fails with the requests that break it (their
 * sequence numbers are the evidence), and is incomplete when the session never exercised the duty:
 * a duty not seen is not a duty met.
 */
import type { ClientClauseId } from '../contract/clauses/catalogue.ts';
import { type Check, type CheckKind, checkRegistry, defineCheck } from '../checks/define-check.ts';
import { canonicalJson } from '../report/evidence.ts';
import { parseJsonBody } from '../client/exchange.ts';
import { parseRetryAfter } from '../client/retry-policy.ts';
import { validate } from '../schema/registry.ts';
import { isUtcDateTime, MAX_DECIMAL_PLACES_KEYWORD } from '../schema/vocabulary.ts';
import { SESSION_FORMAT, type Session, type SessionExchange } from './recorded-session.ts';
import { CREDENTIAL_HEADERS } from '../contract/credentials.ts';

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

/** Clock slack between the proxy's two timestamps and the client's own timer (Retry-After). */
export const RETRY_AFTER_TOLERANCE_MS = 50;
/** A request other than the one refused that arrives this soon after a 429 may have been sent before the client read it. */
export const IN_FLIGHT_GRACE_MS = 100;

/** A client check: one duty of the partner's client, judged on a recorded session (defineClientCheck, registry below). */
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

function defineClientCheck(spec: {
  name: string;
  clause: ClientClauseId;
  perRequest?: boolean;
  appliesTo?: (session: Session, settings: ClientCheckSettings) => boolean;
  run(session: Session, settings: ClientCheckSettings): ClientCheckResult;
}): ClientCheck {
  const { clause, perRequest, ...rest } = spec;
  return { ...defineCheck(CLIENT_CHECK, { ...rest, clauses: [clause] }), clause, ...(perRequest ? { perRequest } : {}) };
}

const CREDENTIAL_FREE = new Set(['health', 'other']);
const LIST_QUERY_OPS = new Set(['offer.list', 'subscription.list', 'allocation.list', 'allocation.get']);

export const requestLine = (ex: SessionExchange): string => `#${ex.seq} ${ex.method} ${ex.path}`;

function result(exercised: readonly SessionExchange[], findings: ClientFinding[], seen: string, missing: string): ClientCheckResult {
  const exercisedBy = exercised.map((e) => e.seq);
  if (findings.length) return { verdict: 'fail', findings, exercisedBy, note: seen };
  return exercised.length
    ? { verdict: 'pass', findings, exercisedBy, note: seen }
    : { verdict: 'incomplete', findings, exercisedBy, note: missing };
}

const creates = (s: Session) => s.exchanges.filter((e) => e.operation === 'subscription.create');

interface SchemaProblem {
  clause: ClientClauseId;
  line: string;
}

/** What is wrong with a create body, each problem under the clause it breaks (enums and decimals have their own). */
const bodyProblems = new WeakMap<SessionExchange, SchemaProblem[]>();
function createBodyProblems(ex: SessionExchange): SchemaProblem[] {
  let problems = bodyProblems.get(ex);
  if (!problems) {
    const { body, isJson } = parseJsonBody(ex.requestBody ?? '');
    if (!isJson) problems = [{ clause: 'CLIENT-REQUEST-SCHEMA', line: 'the body is not JSON' }];
    else {
      const check = validate('subscription-create-request', body);
      problems = check.issues.map((issue, i) => ({
        clause:
          issue.keyword === 'enum'
            ? 'CLIENT-ENUMS'
            : issue.keyword === MAX_DECIMAL_PLACES_KEYWORD
              ? 'CLIENT-DECIMALS'
              : 'CLIENT-REQUEST-SCHEMA',
        line: check.errors[i] ?? issue.message,
      }));
    }
    bodyProblems.set(ex, problems);
  }
  return problems;
}

function queryOf(ex: SessionExchange): URLSearchParams {
  return new URL(ex.path, 'http://client').searchParams;
}

function queryProblems(ex: SessionExchange): string[] {
  if (!LIST_QUERY_OPS.has(ex.operation)) return [];
  const q = queryOf(ex);
  const problems: string[] = [];
  for (const name of ['offset', 'limit']) {
    const v = q.get(name);
    if (v !== null && !/^\d+$/.test(v)) problems.push(`${name}=${JSON.stringify(v)} is not a whole number of 0 or more`);
  }
  const since = q.get('modifiedAfter');
  if (ex.operation === 'offer.list' && since !== null && !isUtcDateTime(since))
    problems.push(`modifiedAfter=${JSON.stringify(since)} is not an ISO 8601 UTC timestamp`);
  return problems;
}

/** A check that judges each create body on its own: the schema problems it finds under `clause`. */
function createBodyCheck(name: string, clause: ClientClauseId, what: string): ClientCheck {
  return defineClientCheck({
    name,
    clause,
    perRequest: true,
    run(session) {
      const exercised = creates(session);
      const findings = exercised.flatMap((ex) => {
        const lines = createBodyProblems(ex)
          .filter((p) => p.clause === clause)
          .map((p) => p.line);
        return lines.length ? [{ message: `${requestLine(ex)}: ${lines[0]}`, expected: what, received: lines, evidence: [ex.seq] }] : [];
      });
      return result(
        exercised,
        findings,
        `${exercised.length} create(s) checked`,
        'the session has no create (POST /subscription): nothing showed the duty',
      );
    },
  });
}

function mediaTypes(accept: string | undefined): string[] {
  return (accept ?? '')
    .split(',')
    .map((part) => part.split(';')[0].trim().toLowerCase())
    .filter(Boolean);
}

const isSuccess = (ex: SessionExchange) => ex.status !== null && ex.status >= 200 && ex.status < 300;
const unknownOutcome = (ex: SessionExchange) => ex.outcome !== 'answered' || ex.status === null || ex.status >= 500;

/** The pages of one list walk share the operation, the path and every query parameter but offset and limit. */
function walkKey(ex: SessionExchange): string {
  const url = new URL(ex.path, 'http://client');
  const rest = [...url.searchParams].filter(([n]) => n !== 'offset' && n !== 'limit').sort(([a], [b]) => (a < b ? -1 : 1));
  return `${ex.operation} ${url.pathname}?${new URLSearchParams(rest).toString()}`;
}

function pageOf(ex: SessionExchange): { offset: number; limit: number | null } | null {
  const q = queryOf(ex);
  const offset = q.get('offset') === null ? 0 : Number(q.get('offset'));
  const limit = q.get('limit') === null ? null : Number(q.get('limit'));
  return Number.isInteger(offset) && (limit === null || Number.isInteger(limit)) ? { offset, limit } : null;
}

/** How many leading items of `sorted` satisfy `leads` (sorted so that those that do come first): a binary search. */
function leadingCount<T>(sorted: readonly T[], leads: (item: T) => boolean): number {
  let low = 0;
  for (let high = sorted.length; low < high; ) {
    const mid = (low + high) >> 1;
    if (leads(sorted[mid])) low = mid + 1;
    else high = mid;
  }
  return low;
}

export const clientChecks = checkRegistry('client', [
  defineClientCheck({
    name: 'acceptHeader',
    perRequest: true,
    clause: 'CLIENT-ACCEPT-HEADER',
    run(session) {
      const exercised = session.exchanges;
      const findings = exercised
        .filter((ex) => !mediaTypes(ex.requestHeaders.accept).includes('application/json'))
        .map((ex) => ({
          message: `${requestLine(ex)} was sent with accept ${JSON.stringify(ex.requestHeaders.accept ?? '(none)')}`,
          expected: 'application/json',
          received: ex.requestHeaders.accept ?? '(none)',
          evidence: [ex.seq],
        }));
      return result(exercised, findings, `${exercised.length} request(s) checked`, 'the session holds no request');
    },
  }),
  defineClientCheck({
    name: 'credentialHeaders',
    perRequest: true,
    clause: 'CLIENT-CREDENTIALS',
    run(session) {
      const exercised = session.exchanges.filter((ex) => !CREDENTIAL_FREE.has(ex.operation));
      const findings = exercised.flatMap((ex) => {
        const missing = CREDENTIAL_HEADERS.filter((h) => !ex.requestHeaders[h]?.trim());
        return missing.length
          ? [
              {
                message: `${requestLine(ex)} was sent without ${missing.join(' and ')}`,
                expected: 'both credential headers',
                received: `missing: ${missing.join(', ')}`,
                evidence: [ex.seq],
              },
            ]
          : [];
      });
      return result(
        exercised,
        findings,
        `${exercised.length} call(s) of the contract's operations checked (health check and unknown routes exempt)`,
        'the session holds no call to an operation that needs credentials',
      );
    },
  }),
  defineClientCheck({
    name: 'requestSchema',
    perRequest: true,
    clause: 'CLIENT-REQUEST-SCHEMA',
    run(session) {
      const exercised = creates(session);
      const findings: ClientFinding[] = [];
      for (const ex of exercised) {
        const lines = createBodyProblems(ex)
          .filter((p) => p.clause === 'CLIENT-REQUEST-SCHEMA')
          .map((p) => p.line);
        if (lines.length)
          findings.push({
            message: `${requestLine(ex)}: ${lines[0]}`,
            expected: 'a valid Subscription request (schemas/subscription-create-request.schema.json)',
            received: lines.slice(0, 8),
            evidence: [ex.seq],
          });
      }
      for (const ex of session.exchanges) {
        const lines = queryProblems(ex);
        if (lines.length)
          findings.push({
            message: `${requestLine(ex)}: ${lines[0]}`,
            expected: 'offset and limit as whole numbers, modifiedAfter as a UTC timestamp',
            received: lines,
            evidence: [ex.seq],
          });
      }
      return result(
        exercised,
        findings,
        `${exercised.length} create(s) and every list query checked`,
        'the session has no create (POST /subscription): the request body was never shown',
      );
    },
  }),
  createBodyCheck('createDecimals', 'CLIENT-DECIMALS', 'amountRequested with at most 6 decimal places'),
  defineClientCheck({
    name: 'oneCurrency',
    clause: 'CLIENT-CURRENCY',
    run(session, settings) {
      const exercised = creates(session).filter(
        (ex) => typeof (parseJsonBody(ex.requestBody ?? '').body as { currency?: unknown } | undefined)?.currency === 'string',
      );
      const currencyOf = (ex: SessionExchange) => (parseJsonBody(ex.requestBody ?? '').body as { currency: string }).currency;
      const expected = settings.currency ?? (exercised[0] ? currencyOf(exercised[0]) : null);
      const others = exercised.filter((ex) => currencyOf(ex) !== expected);
      const findings = others.length
        ? [
            {
              message: `${others.length} create(s) in another currency than ${expected}${settings.currency ? ' (the agreed one)' : " (the first create's)"}, first ${requestLine(others[0])} in ${currencyOf(others[0])}`,
              expected,
              received: [...new Set(others.map(currencyOf))],
              evidence: [...(settings.currency ? [] : [exercised[0].seq]), ...others.map((e) => e.seq)],
            },
          ]
        : [];
      return result(
        exercised,
        findings,
        `${exercised.length} create(s) in ${[...new Set(exercised.map(currencyOf))].join(', ')}`,
        'the session has no create with a currency',
      );
    },
  }),
  createBodyCheck('createEnums', 'CLIENT-ENUMS', 'each enumerated field with one of its exact values'),
  defineClientCheck({
    name: 'noDuplicateCreates',
    clause: 'CLIENT-NO-DUPLICATE-CREATES',
    run(session, settings) {
      const exercised = creates(session);
      const findings: ClientFinding[] = [];
      // Per body, the first earlier create of unknown outcome, and the earlier success that arrived last (the nearest in
      // time): a create repeats an earlier one when the first exists, or the second arrived within the window. One pass,
      // so a long session of identical bodies (a load run through the proxy) costs no more per create than a short one.
      const firstUnknown = new Map<string, SessionExchange>();
      const latestSuccess = new Map<string, SessionExchange>();
      for (const ex of exercised) {
        const parsed = parseJsonBody(ex.requestBody ?? '');
        const key = parsed.isJson ? canonicalJson(parsed.body) : (ex.requestBody ?? '');
        const before = firstUnknown.get(key);
        const success = latestSuccess.get(key);
        // A blind retry of a create of unknown outcome is reported first: the graver of the two.
        if (before) {
          const fate =
            before.outcome === 'client-gone'
              ? 'the client gave up waiting for its answer (a timeout)'
              : before.outcome === 'upstream-error'
                ? 'the target did not answer'
                : `it was answered ${before.status}`;
          findings.push({
            message: `${requestLine(ex)} resent the body of create #${before.seq} as it was, after ${fate}: the service may have saved the first one`,
            expected: 'no blind retry of a create of unknown outcome',
            received: { first: before.seq, resent: ex.seq },
            evidence: [before.seq, ex.seq],
          });
        } else if (success && ex.arrivedAt - success.arrivedAt <= settings.duplicateWindowMs) {
          findings.push({
            message: `${requestLine(ex)} sent the same body as create #${success.seq} (answered ${success.status}) ${((ex.arrivedAt - success.arrivedAt) / 1000).toFixed(1)} s later`,
            expected: `no identical create body within ${settings.duplicateWindowMs / 1000} s`,
            received: { first: success.seq, duplicate: ex.seq },
            evidence: [success.seq, ex.seq],
          });
        }
        if (unknownOutcome(ex) && !firstUnknown.has(key)) firstUnknown.set(key, ex);
        if (isSuccess(ex) && (!success || ex.arrivedAt >= success.arrivedAt)) latestSuccess.set(key, ex);
      }
      return result(
        exercised,
        findings,
        `${exercised.length} create(s) compared (a create refused with a 4xx may be sent again)`,
        'the session has no create (POST /subscription)',
      );
    },
  }),
  defineClientCheck({
    name: 'pollsWithModifiedAfter',
    clause: 'CLIENT-POLLS-MODIFIED-AFTER',
    run(session) {
      // A read of the offers from the start (no offset, or offset 0) that the service answered is a poll; the first
      // one is the initial load. A read refused (a 429) and sent again is the same read.
      const reads = session.exchanges.filter((ex) => ex.operation === 'offer.list' && (pageOf(ex)?.offset ?? 0) === 0 && isSuccess(ex));
      const polls = reads.slice(1);
      const rereads = polls.filter((ex) => !queryOf(ex).has('modifiedAfter'));
      const withModifiedAfter = polls.length - rereads.length;
      // "Recommended way to poll for new offers": a client polls that way. A read of all the offers again now and then
      // (a restart, a nightly reconciliation) is not its way of polling, and nothing in the contract forbids it; a
      // client whose reads again outnumber its polls with modifiedAfter, or that has none, polls without it.
      const pollsWithout = rereads.length > withModifiedAfter;
      const findings = pollsWithout
        ? rereads.map((ex) => ({
            message: `${requestLine(ex)} read the offers again without modifiedAfter (initial read: #${reads[0].seq}; ${withModifiedAfter} poll(s) with modifiedAfter, ${rereads.length} without)`,
            expected: 'modifiedAfter on the reads that poll for new offers',
            received: ex.path,
            evidence: [reads[0].seq, ex.seq],
          }))
        : [];
      const allowed = rereads.length
        ? `; ${rereads.length} read(s) of all the offers again among them, fewer than the ${withModifiedAfter} with modifiedAfter (a restart or a reconciliation)`
        : '';
      return result(
        polls,
        findings,
        `${polls.length} poll(s) after the initial read #${reads[0]?.seq ?? '?'}${allowed}`,
        reads.length ? 'the client read the offers once and never polled for new ones' : 'the session has no read of the offers list',
      );
    },
  }),
  defineClientCheck({
    name: 'paginationWalk',
    clause: 'CLIENT-PAGINATION-WALK',
    run(session) {
      const lastPage = new Map<string, SessionExchange>();
      const exercised: SessionExchange[] = [];
      const findings: ClientFinding[] = [];
      const notes: string[] = [];
      // Each list query with its page and its list (same path and filters), read once.
      const lists = session.exchanges.flatMap((ex) => {
        const page = LIST_QUERY_OPS.has(ex.operation) ? pageOf(ex) : null;
        return page ? [{ ex, ...page, key: walkKey(ex), items: ex.responseItems }] : [];
      });
      type Page = (typeof lists)[number] & { limit: number };
      /** Where the page after `q` may start: its offset + limit, or, after a capped page (fewer items than asked: the
       * service's own maximum), where it ended. */
      const nextOffsets = (q: Page) => [...new Set([q.offset + q.limit, ...(q.items !== null && q.items > 0 ? [q.offset + q.items] : [])])];
      // Successful pages of each list, whatever their order: the pages a next page may follow, sorted by offset (then by
      // arrival), and indexed by where the page after each may start. Each page is then judged by a lookup, not by a
      // scan of its list: a load run through the proxy reads the same page tens of thousands of times.
      const answered = new Map<string, { byOffset: Page[]; byNextOffset: Map<number, Page[]> }>();
      for (const p of lists) {
        if (!isSuccess(p.ex) || p.limit === null) continue;
        let list = answered.get(p.key);
        if (!list) {
          list = { byOffset: [], byNextOffset: new Map() };
          answered.set(p.key, list);
        }
        list.byOffset.push(p as Page);
        for (const next of nextOffsets(p as Page)) {
          const continuing = list.byNextOffset.get(next);
          if (continuing) continuing.push(p as Page);
          else list.byNextOffset.set(next, [p as Page]);
        }
      }
      for (const list of answered.values()) list.byOffset.sort((a, b) => a.offset - b.offset || a.ex.seq - b.ex.seq);
      // A page beyond the first continues some page of the same list, found by offset, not by arrival: a client that
      // asks for several pages at once may send them in any order.
      for (const p of lists) {
        const list = answered.get(p.key);
        // How many of the list's pages start below this one.
        const below = list ? leadingCount(list.byOffset, (q) => q.offset < p.offset) : 0;
        if (list && p.offset > 0 && below > 0) {
          exercised.push(p.ex);
          if (!list.byNextOffset.get(p.offset)?.some((q) => q.ex !== p.ex && q.offset < p.offset)) {
            // The nearest page below it (the latest of them, if several share that offset).
            const prev = list.byOffset[below - 1];
            const kind = p.offset < prev.offset + prev.limit ? 'overlaps' : 'leaves a gap after';
            findings.push({
              message: `${requestLine(p.ex)} ${kind} the page before it (#${prev.ex.seq}, offset ${prev.offset}, limit ${prev.limit})`,
              expected: `offset ${nextOffsets(prev).join(' or ')}`,
              received: `offset ${p.offset}`,
              evidence: [prev.ex.seq, p.ex.seq],
            });
          }
        }
        if (isSuccess(p.ex)) lastPage.set(p.key, p.ex);
      }
      for (const [, ex] of lastPage) {
        const p = pageOf(ex);
        if (p?.limit && ex.responseItems === p.limit) notes.push(`walk ended at ${requestLine(ex)} after a full page`);
      }
      const seen = `${exercised.length} next-page request(s) checked${notes.length ? `; ${notes.join('; ')}` : ''}`;
      return result(
        exercised,
        findings,
        seen,
        'the client never asked for a page after the first (no offset beyond 0 following a page of the same list)',
      );
    },
  }),
  defineClientCheck({
    name: 'honoursRetryAfter',
    clause: 'CLIENT-HONOURS-RETRY-AFTER',
    run(session) {
      const limited = session.exchanges.filter(
        (ex) => ex.status === 429 && ex.answeredAt !== null && parseRetryAfter(ex.retryAfter ?? undefined, ex.answeredAt) !== null,
      );
      const findings: ClientFinding[] = [];
      const reported = new Set<number>();
      const sameRequest = (a: SessionExchange, b: SessionExchange) =>
        a.method === b.method && a.path === b.path && a.requestBody === b.requestBody;
      // The session's requests by arrival, each with its place in the session: the requests after a 429 are found by a
      // binary search, not by a scan of the whole session per 429 (a 429 storm has thousands).
      const byArrival = session.exchanges.map((ex, place) => ({ ex, place })).sort((a, b) => a.ex.arrivedAt - b.ex.arrivedAt);
      for (const r of limited) {
        const until = r.answeredAt! + parseRetryAfter(r.retryAfter!, r.answeredAt!)!;
        const first = leadingCount(byArrival, (a) => a.ex.arrivedAt <= r.answeredAt!);
        const within: Array<{ ex: SessionExchange; place: number }> = [];
        for (let i = first; i < byArrival.length && byArrival[i].ex.arrivedAt < until - RETRY_AFTER_TOLERANCE_MS; i++) {
          const { ex } = byArrival[i];
          // Another request this soon after the 429 may have been on its way before the client read it; the same request resent was not.
          if (sameRequest(ex, r) || ex.arrivedAt - r.answeredAt! >= IN_FLIGHT_GRACE_MS) within.push(byArrival[i]);
        }
        // In the session's order, as the evidence has always been told.
        const early = within.sort((a, b) => a.place - b.place).map((w) => w.ex);
        if (early.some((ex) => !reported.has(ex.seq))) {
          for (const ex of early.slice(0, 100)) reported.add(ex.seq);
          findings.push({
            message: `after the 429 to ${requestLine(r)} (Retry-After: ${r.retryAfter}), the client sent ${early.length} request(s) before the wait was over, first ${requestLine(early[0])} ${early[0].arrivedAt - r.answeredAt!} ms after`,
            expected: `no request for ${until - r.answeredAt!} ms`,
            received: `${early[0].arrivedAt - r.answeredAt!} ms`,
            evidence: [r.seq, ...early.slice(0, 100).map((e) => e.seq)],
          });
        }
      }
      const without = session.exchanges.filter((ex) => ex.status === 429).length - limited.length;
      return result(
        limited,
        findings,
        `${limited.length} answer(s) 429 with Retry-After${without ? ` (${without} without a usable Retry-After, not judged)` : ''}`,
        'the service never answered 429 with Retry-After in this session (rehearse with a rate-limited reference: docs/client-certification.md)',
      );
    },
  }),
  defineClientCheck({
    name: 'agreedRate',
    clause: 'CLIENT-RATE',
    run(session, settings) {
      const times = session.exchanges.map((ex) => ({ seq: ex.seq, at: ex.arrivedAt })).sort((a, b) => a.at - b.at);
      let peak = { count: 0, from: 0 };
      for (let start = 0, end = 0; start < times.length; start++) {
        while (end < times.length && times[end].at < times[start].at + 1000) end++;
        if (end - start > peak.count) peak = { count: end - start, from: start };
      }
      const seen = `peak ${peak.count} request(s) in one second${settings.agreedRate === null ? '' : ` (agreed: ${settings.agreedRate}/s)`}`;
      if (settings.agreedRate === null)
        return { verdict: 'incomplete', findings: [], exercisedBy: [], note: `no agreed rate given (--agreed-rate): ${seen}` };
      const window = times.slice(peak.from, peak.from + peak.count).map((t) => t.seq);
      // The evidence: the requests of the densest second sent beyond the agreed rate.
      const beyond = window.slice(Math.floor(settings.agreedRate));
      const findings =
        peak.count > settings.agreedRate
          ? [
              {
                message: `${peak.count} requests within one second, from #${window[0]} to #${window[window.length - 1]}: ${beyond.length} beyond the agreed rate`,
                expected: `at most ${settings.agreedRate} per second`,
                received: peak.count,
                evidence: beyond.slice(0, 100),
              },
            ]
          : [];
      return result(session.exchanges, findings, seen, 'the session holds no request');
    },
  }),
]);

/** The findings of the per-request checks on one exchange, as the proxy prints them while the client runs. */
export function requestFindings(ex: SessionExchange): Array<{ clause: ClientClauseId; message: string }> {
  // Per-request checks read the exchange only: the header is a placeholder.
  const one: Session = {
    header: { type: 'session', format: SESSION_FORMAT, startedAt: '', target: '', bundledReference: false, profile: {} },
    exchanges: [ex],
    end: null,
  };
  return clientChecks
    .filter((c) => c.perRequest)
    .flatMap((c) => c.run(one, DEFAULT_SETTINGS).findings.map((f) => ({ clause: c.clause, message: f.message })));
}
