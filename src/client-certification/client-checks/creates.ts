// Client checks, creates (CLIENT-REQUEST-SCHEMA, CLIENT-DECIMALS, CLIENT-CURRENCY, CLIENT-ENUMS,
// CLIENT-NO-DUPLICATE-CREATES): the body of each create, and creates sent again. The list queries are judged with the
// request schema. One area of the registry joined in ../client-checks.ts.
import type { ClientClauseId } from '../../contract/clauses/catalogue.ts';
import { canonicalJson } from '../../report/evidence.ts';
import { parseJsonBody } from '../../client/exchange.ts';
import { validate } from '../../schema/registry.ts';
import { isUtcDateTime, MAX_DECIMAL_PLACES_KEYWORD } from '../../schema/vocabulary.ts';
import type { SessionExchange } from '../recorded-session.ts';
import {
  type ClientCheck,
  type ClientFinding,
  creates,
  defineClientCheck,
  isSuccess,
  LIST_QUERY_OPS,
  queryOf,
  requestLine,
  result,
  unknownOutcome,
} from './client-check.ts';

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

export const requestSchema = defineClientCheck({
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
});

export const createDecimals = createBodyCheck('createDecimals', 'CLIENT-DECIMALS', 'amountRequested with at most 6 decimal places');

export const oneCurrency = defineClientCheck({
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
});

export const createEnums = createBodyCheck('createEnums', 'CLIENT-ENUMS', 'each enumerated field with one of its exact values');

export const noDuplicateCreates = defineClientCheck({
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
});
