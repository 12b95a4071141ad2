// Fault switches, redirects (issue 39). One area of the table joined in reference/faults.ts.
import { patch } from '../patches.ts';
import type { OperationName } from '../behaviour.ts';
import type { FaultSwitch } from './fault-switch.ts';

/** The reads of one record: what a framework's trailing-slash redirect catches (the lists keep their paths). */
const RECORD_READS: readonly OperationName[] = ['getOffer', 'getAllocation', 'getSubscription'];

/** The URL with a slash after its path, its query kept: the canonical URL a framework redirects to. */
function withTrailingSlash(url: string): string {
  const at = url.indexOf('?');
  return at < 0 ? `${url}/` : `${url.slice(0, at)}/${url.slice(at)}`;
}

export const REDIRECT_FAULTS = [
  {
    name: 'record-read-redirected',
    description:
      "A read of one record (GET /offer/{offerId}, /allocation/{offerId}, /subscription/{subscriptionId}) is answered 301 to the same path with a trailing slash, a web framework's canonical-URL redirect: a client that follows it sends its credentials again, wherever Location points.",
    clauses: ['GEN-FAILURE-4XX'],
    catchBy: 'conformance',
    apply: patch('protocol', () => ({
      redirect: (operation, url) => (RECORD_READS.includes(operation) ? withTrailingSlash(url) : null),
    })),
  },
] as const satisfies readonly FaultSwitch[];
