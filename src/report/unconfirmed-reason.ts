/**
 * The verdict's "not confirmed" reasons ("ID not confirmed: why", src/certify/certification-verdict.ts), written and
 * read back by one pair of functions: the reports tell them once per cause (src/certify/report/unconfirmed.ts), the
 * history follows them from run to run (src/history). Pure module.
 */

/** Why a clause is unconfirmed when the run left it out (`--clauses`): it says nothing of the clause. */
export const NOT_IN_THIS_RUN = 'no test of this run covers it';

const REASON = /^([A-Z0-9]+(?:-[A-Z0-9]+)*) not confirmed: ([\s\S]*)$/;

export const unconfirmedReason = (id: string, why: string) => `${id} not confirmed: ${why}`;

/** A verdict reason read as "not confirmed": the clause and why; null for any other reason. */
export function readUnconfirmed(reason: string): { id: string; why: string } | null {
  const m = REASON.exec(reason);
  return m ? { id: m[1], why: m[2] } : null;
}

/** "its tests ..." said of several clauses. */
export const plural = (why: string) => why.replace(/^its tests\b/, 'their tests');
