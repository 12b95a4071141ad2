/**
 * What a certification package is worth to the operator who receives it (issue 32, item 7): a `certification` only
 * when nothing failed and no `must` clause is left unconfirmed, each failing or unconfirmed clause being otherwise
 * waived with a reason and an expiry (src/certify/waivers.ts); else `evidence only`, with the sentence that says why.
 * Recorded in the report (JSON, HTML, Markdown) and in the manifest, which the signature covers. Pure module.
 */
import type { PackageRecord } from '../report/evidence.ts';
import type { CertificationVerdict, ClauseRow } from './report/report-model.ts';
import { isBinding } from '../contract/clauses/clause.ts';

/** The facts of the package the run itself does not judge: versions, the contract's digest, the signer. */
export type PackageFacts = Omit<PackageRecord, 'status' | 'reason'>;

const ids = (rows: readonly { id: string }[]) =>
  `${rows
    .slice(0, 5)
    .map((r) => r.id)
    .join(', ')}${rows.length > 5 ? ` and ${rows.length - 5} more` : ''}`;

/** A verdict reason about one clause starts with its id (src/certify/certification-verdict.ts). */
const aboutClause = (reason: string, clauseIds: ReadonlySet<string>) => clauseIds.has(reason.split(' ')[0]);

/**
 * The package's mark, and the sentence that says why, for each way a package fails to be a certification: clauses
 * that fail; binding clauses left INCOMPLETE, each group with why it was not confirmed (the verdict's own reasons); a
 * run that did not complete; a test that failed without naming a clause.
 */
export function packageRecord(
  verdict: CertificationVerdict,
  clauses: readonly ClauseRow[],
  facts: PackageFacts,
  verdictReasons: readonly string[] = [],
): PackageRecord {
  const failing = clauses.filter((c) => c.status === 'fail');
  const unconfirmed = clauses.filter((c) => isBinding(c.kind) && (c.status === 'skipped' || c.status === 'not-covered'));
  const waived = clauses.filter((c) => c.status === 'waived').length;
  if (verdict === 'pass')
    return {
      status: 'certification',
      reason: `nothing failed and every must clause testable on the target was confirmed${waived ? ` (${waived} clause(s) waived, each with a reason and an expiry)` : ''}.`,
      ...facts,
    };
  const clauseIds = new Set(clauses.map((c) => c.id));
  // Why each unconfirmed clause was not confirmed, grouped: "A, B (why); C (why)".
  const byWhy = new Map<string, { id: string }[]>();
  for (const c of unconfirmed) {
    const said = verdictReasons.find((r) => r.startsWith(`${c.id} `) && r.includes(' not confirmed: '));
    const why = said ? said.slice(said.indexOf(' not confirmed: ') + ' not confirmed: '.length).replace(/\.$/, '') : 'not confirmed';
    byWhy.set(why, [...(byWhy.get(why) ?? []), c]);
  }
  const groups = [...byWhy].map(([why, rows]) => `${ids(rows)}: ${why}`);
  const security = unconfirmed.filter((c) => c.kind === 'security');
  const runFailures = verdictReasons.filter((r) => !aboutClause(r, clauseIds) && !r.startsWith('waiver for '));
  const parts = [
    runFailures.length
      ? `the run did not complete as a certification: ${runFailures[0]}${runFailures.length > 1 ? ` (and ${runFailures.length - 1} more, in the report)` : ''}`
      : '',
    failing.length ? `${failing.length} clause(s) fail (${ids(failing)})` : '',
    unconfirmed.length
      ? `${unconfirmed.length} ${security.length ? 'binding' : 'must'} clause(s) are INCOMPLETE (${groups.slice(0, 3).join('; ')}${groups.length > 3 ? `; ${groups.length - 3} more reason(s) in the report` : ''})`
      : '',
  ].filter(Boolean);
  const needs =
    !failing.length && !unconfirmed.length
      ? 'a certification needs a run that completes with every test naming its clause.'
      : security.length
        ? 'a certification needs each confirmed, or waived with a reason and an expiry; a security finding left unchecked cannot be waived.'
        : 'a certification needs each confirmed, or waived with a reason and an expiry.';
  const reason = parts.length
    ? `${parts.join('; and ')}; ${needs}`
    : `the verdict is ${verdict.toUpperCase()}${verdictReasons[0] ? `: ${verdictReasons[0]}` : ''}.`;
  return { status: 'evidence-only', reason, ...facts };
}
