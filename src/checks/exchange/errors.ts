// Exchange checks, errors (ERR-*): the error body of each operation, the 400's message, and the statuses beyond 200 and
// 400 (a 429 with its Retry-After: LIMIT-RATE). One area of the registry joined in ../exchange-checks.ts.
import type { ClauseId } from '../../contract/clauses/catalogue.ts';
import type { RetriedAttempt } from '../../client/api-client.ts';
import { errorShapeOf, redirectNote, type Operation } from '../../client/exchange.ts';
import { validate, type SchemaName } from '../../schema/registry.ts';
import type { CheckFailure, Observation } from '../types.ts';
import { defineExchangeCheck } from './exchange-check.ts';

/**
 * What the status of an answer tells, whether it reached the test or the client retried it: a status
 * other than 200 and 400 is recorded, and a 429 is a rate-limit answer with its Retry-After. `fate`
 * completes the messages: what became of the answer.
 */
function statusObservations(
  operation: Operation,
  status: number,
  retryAfter: string | null,
  fate: { status: string; rateLimit: string },
  headers: Record<string, string> = {},
): Observation[] {
  const observations: Observation[] = [];
  if (status !== 200 && status !== 400) {
    const redirect = redirectNote(status, headers);
    observations.push({
      clause: 'ERR-STATUS-CODES',
      key: `status.${operation}.${status}`,
      message: `${operation} answered ${status}${redirect ? ` (${redirect})` : ''}${fate.status}`,
      value: status,
    });
  }
  if (status === 429) {
    observations.push({
      clause: 'LIMIT-RATE',
      key: 'rateLimit.retryAfter',
      message: `429 ${fate.rateLimit} (Retry-After: ${retryAfter ?? 'absent'})`,
      value: retryAfter,
    });
  }
  return observations;
}

export const errorBodyMatchesOperation = defineExchangeCheck({
  name: 'errorBodyMatchesOperation',
  clauses: ['ERR-LIST-GET-BODY', 'ERR-CREATE-CANCEL-BODY'],
  appliesTo: (ex) => !(ex.status < 400 || ex.status >= 500 || ex.bodyError !== undefined),
  run(ex, _ctx, { fail }) {
    const shape = errorShapeOf(ex.operation);
    if (shape === 'none') return {};
    const [model, clause]: [SchemaName, ClauseId] =
      shape === 'create-cancel' ? ['validation-error-body', 'ERR-CREATE-CANCEL-BODY'] : ['error-body', 'ERR-LIST-GET-BODY'];
    const result = ex.isJson ? validate(model, ex.body) : { valid: false, errors: ['(root): body is not JSON'], issues: [] };
    const failures: CheckFailure[] = [];
    if (!result.valid)
      failures.push(
        fail(
          `the ${shape} error body (schemas/${model}.schema.json)`,
          result.errors.slice(0, 8),
          `${ex.method} ${ex.path} ${ex.status}: error body is not the ${shape} shape: ${result.errors[0]}`,
          clause,
        ),
      );
    else if (shape === 'create-cancel' && (ex.body as { status: unknown }).status !== ex.status) {
      failures.push(
        fail(
          ex.status,
          (ex.body as { status: unknown }).status,
          `${ex.method} ${ex.path}: body status ${String((ex.body as { status: unknown }).status)} differs from HTTP status ${ex.status}`,
          clause,
        ),
      );
    }
    return { failures };
  },
});

export const badRequestMessage = defineExchangeCheck({
  name: 'badRequestMessage',
  clauses: ['ERR-400-MESSAGE'],
  appliesTo: (ex) => !(ex.status !== 400 || ex.bodyError !== undefined),
  run(ex, _ctx, { fail }) {
    const message = ex.isJson && typeof ex.body === 'object' && ex.body !== null ? (ex.body as { message?: unknown }).message : undefined;
    if (message === 'Bad Request') return {};
    return {
      failures: [fail('Bad Request', message, `${ex.method} ${ex.path} 400 carries message ${JSON.stringify(message)}`)],
    };
  },
});

export const statusCodesBeyond200And400 = defineExchangeCheck({
  name: 'statusCodesBeyond200And400',
  clauses: ['ERR-STATUS-CODES', 'LIMIT-RATE'],
  run(ex) {
    return {
      observations: statusObservations(
        ex.operation,
        ex.status,
        ex.responseHeaders['retry-after'] ?? null,
        { status: '', rateLimit: 'reached the test' },
        ex.responseHeaders,
      ),
    };
  },
});

/**
 * What an answer the client retried instead of returning tells (a 429 or 503 to a read): the service
 * did answer it, so it is recorded as the statusCodesBeyond200And400 check records answers that reached
 * the test.
 */
export function retriedAnswerObservations(r: RetriedAttempt): Observation[] {
  if (r.status === null) return []; // a transport reset: in the request log, no status to record
  return statusObservations(r.operation, r.status, r.retryAfter, {
    status: ` (the client waited ${r.waitMs} ms and retried)`,
    rateLimit: `answered and retried after ${r.waitMs} ms`,
  });
}
