/**
 * What a certification package is worth to the operator who receives it (issue 32, item 7): a `certification` only
 * when nothing failed and no `must` clause is left unconfirmed, each failing or unconfirmed clause being otherwise
 * waived with a reason and an expiry (src/certify/waivers.ts); else `evidence only`, with the sentence that says why.
 * Recorded in the report (JSON, HTML, Markdown) and in the manifest, which the signature covers. Pure module.
 */
import type { PackageRecord } from '../report/evidence.ts';
import type { CertificationVerdict, ClauseRow } from './report/report-model.ts';
import { isUnconfirmed } from './waivers.ts';

/** The facts of the package the run itself does not judge: versions, the contract's digest, the signer. */
export type PackageFacts = Omit<PackageRecord, 'status' | 'reason'>;

const ids = (rows: readonly ClauseRow[]) =>
  `${rows
    .slice(0, 5)
    .map((r) => r.id)
    .join(', ')}${rows.length > 5 ? ` and ${rows.length - 5} more` : ''}`;

export function packageRecord(verdict: CertificationVerdict, clauses: readonly ClauseRow[], facts: PackageFacts): PackageRecord {
  const failing = clauses.filter((c) => c.status === 'fail');
  const unconfirmed = clauses.filter((c) => c.status !== 'waived' && isUnconfirmed(c));
  const waived = clauses.filter((c) => c.status === 'waived').length;
  let reason: string;
  if (verdict === 'pass')
    reason = `nothing failed and every must clause testable on the target was confirmed${waived ? ` (${waived} clause(s) waived, each with a reason and an expiry)` : ''}.`;
  else {
    const parts = [
      failing.length ? `${failing.length} clause(s) fail (${ids(failing)})` : '',
      unconfirmed.length ? `${unconfirmed.length} must clause(s) are INCOMPLETE (${ids(unconfirmed)})` : '',
    ].filter(Boolean);
    reason = parts.length
      ? `${parts.join(' and ')}; a certification needs each confirmed, or waived with a reason and an expiry.`
      : 'the run did not complete, or a test failed without naming a clause.';
  }
  return { status: verdict === 'pass' ? 'certification' : 'evidence-only', reason, ...facts };
}
