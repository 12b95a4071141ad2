/**
 * The client checks: one named check per client clause of the catalogue, each judging a recorded session.
 * A check finds the requests that exercise its duty; it fails with the requests that break it (their
 * sequence numbers are the evidence), and is incomplete when the session never exercised the duty:
 * a duty not seen is not a duty met.
 */
import type { ClientClauseId } from '../contract/clauses/catalogue.ts';
import { checkRegistry } from '../checks/define-check.ts';
import { SESSION_FORMAT, type Session, type SessionExchange } from './recorded-session.ts';
import { DEFAULT_SETTINGS } from './client-checks/client-check.ts';
import { acceptHeader, credentialHeaders } from './client-checks/requests.ts';
import { createDecimals, createEnums, noDuplicateCreates, oneCurrency, requestSchema } from './client-checks/creates.ts';
import { paginationWalk, pollsWithModifiedAfter } from './client-checks/reads.ts';
import { agreedRate, honoursRetryAfter } from './client-checks/limits.ts';

export type {
  ClientCheck,
  ClientCheckResult,
  ClientCheckSettings,
  ClientFinding,
  ClientVerdict,
} from './client-checks/client-check.ts';
export { DEFAULT_SETTINGS, requestLine } from './client-checks/client-check.ts';
export { IN_FLIGHT_GRACE_MS, RETRY_AFTER_TOLERANCE_MS } from './client-checks/limits.ts';

/** One check per client clause, kept by clause area in client-checks/<area>.ts; run (and reported) in this order. */
export const clientChecks = checkRegistry('client', [
  acceptHeader,
  credentialHeaders,
  requestSchema,
  createDecimals,
  oneCurrency,
  createEnums,
  noDuplicateCreates,
  pollsWithModifiedAfter,
  paginationWalk,
  honoursRetryAfter,
  agreedRate,
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
