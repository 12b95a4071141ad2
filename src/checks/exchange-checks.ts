/**
 * Checks that hold for every response the target sends, whatever test sent the request. The API client
 * hands each exchange to `runExchangeChecks`, so every response of every endpoint is validated against
 * its schema, its content type and its error body, without each test having to remember to.
 *
 * One rule = one named check in the registry below (in the manner of Schemathesis' checks).
 */
import type { Exchange } from '../client/exchange.ts';
import { checkRegistry } from './define-check.ts';
import type { CheckContext, CheckResult } from './types.ts';
import { badRequestMessage, errorBodyMatchesOperation, statusCodesBeyond200And400 } from './exchange/errors.ts';
import {
  bodyReadWhole,
  extraFields,
  jsonContentType,
  noServerError,
  readSucceedsWith200,
  zeroOffsetTimestamps,
} from './exchange/general.ts';
import { shapesNotShown } from './exchange/not-shown.ts';
import { offerOrderRange, offerShownValues } from './exchange/offers.ts';
import { successBodyMatchesSchema, valuesBeyondSeen } from './exchange/success-bodies.ts';

export type { ExchangeCheck } from './exchange/exchange-check.ts';
export { retriedAnswerObservations } from './exchange/errors.ts';
export { idUniqueInRun } from './exchange/subscriptions.ts';
export { clauseForSchemaIssue } from './exchange/success-bodies.ts';

// Order matters only for speed: extraFields validates against the closed variant first, and a body that
// passes it is not validated again by successBodyMatchesSchema (see the schema registry).
export const exchangeChecks = checkRegistry('exchange', [
  bodyReadWhole,
  jsonContentType,
  noServerError,
  readSucceedsWith200,
  extraFields,
  successBodyMatchesSchema,
  errorBodyMatchesOperation,
  badRequestMessage,
  zeroOffsetTimestamps,
  valuesBeyondSeen,
  offerOrderRange,
  offerShownValues,
  shapesNotShown,
  statusCodesBeyond200And400,
]);

/** Run every exchange check on one exchange. */
export function runExchangeChecks(ex: Exchange, ctx: CheckContext): CheckResult {
  const out: CheckResult = { failures: [], observations: [] };
  for (const check of exchangeChecks) {
    const r = check.run(ex, ctx);
    if (r.failures) out.failures.push(...r.failures);
    if (r.observations) out.observations.push(...r.observations);
  }
  return out;
}
