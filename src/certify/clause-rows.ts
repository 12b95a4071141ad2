/**
 * One row per clause of the catalogue for the report: the suite's verdict, the tests behind it, each
 * failure with its evidence (failures.jsonl), drift from the profile comparison, and the waiver that
 * covers it. Pure module.
 */
import type { ClauseResult, TestOutcome } from '../report/clause-results.ts';
import type { ClauseFailureRow, ClauseRow, DriftRow, EvidenceExcerpt, WaiverRow } from './report/report-model.ts';
import type { RunFailure } from './run-files.ts';
import { isUnconfirmed } from './waivers.ts';
import { quotesOf } from '../contract/clauses/clause.ts';

/** The redacted excerpt of an exchange a run file holds, in the report's shape (null: none). */
export function evidenceExcerpt(raw: Record<string, unknown> | undefined): EvidenceExcerpt | null {
  if (!raw) return null;
  const out: EvidenceExcerpt = {};
  const str = (v: unknown) => (v === undefined || v === null ? undefined : typeof v === 'string' ? v : JSON.stringify(v));
  if (str(raw.request) !== undefined) out.request = str(raw.request);
  if (str(raw.requestBody) !== undefined) out.requestBody = str(raw.requestBody);
  if (typeof raw.status === 'number' && Number.isInteger(raw.status)) out.status = raw.status;
  if (str(raw.contentType) !== undefined) out.contentType = str(raw.contentType);
  if (str(raw.responseBody) !== undefined) out.responseBody = str(raw.responseBody);
  return Object.keys(out).length ? out : null;
}

function fromRunFailure(f: RunFailure): ClauseFailureRow {
  return {
    test: f.test,
    check: f.check ?? 'test',
    message: f.message,
    expected: f.expected,
    received: f.received,
    drift: f.drift === true,
    evidence: evidenceExcerpt(f.evidence),
  };
}

function fromDrift(d: DriftRow): ClauseFailureRow {
  return {
    test: 'profile comparison (observed vs pinned)',
    check: 'profileDrift',
    message: d.message,
    expected: d.pinned,
    received: d.observed,
    drift: true,
    evidence: null,
  };
}

export function clauseRows(
  results: readonly ClauseResult[],
  failures: readonly RunFailure[],
  drift: readonly DriftRow[],
  waivers: readonly WaiverRow[],
  outcomes: readonly TestOutcome[] = [],
): ClauseRow[] {
  return results.map((r): ClauseRow => {
    const id = r.clause.id;
    // Every test checks every response it gets, so a clause's failures come from tests of other clauses too (an
    // allocations test reads the offers list): its own tests' findings lead (the verdict, the banner and the evidence
    // shown first), the others follow in run order.
    const own = new Set(outcomes.filter((o) => o.clauses.some((c) => c === id)).map((o) => o.title));
    const ownFirst = (xs: readonly RunFailure[]) => [...xs.filter((x) => own.has(x.test)), ...xs.filter((x) => !own.has(x.test))];
    const rows: ClauseFailureRow[] = [];
    const seen = new Set<string>();
    const push = (row: ClauseFailureRow) => {
      const key = `${row.test}|${row.check}|${row.message}`;
      if (seen.has(key)) return;
      rows.push(row);
      seen.add(key);
    };
    for (const f of ownFirst(failures.filter((x) => x.clause === id))) push(fromRunFailure(f));
    // Failures the clause report knows but the run files do not (a test that threw): message only.
    for (const f of r.failures)
      if (!rows.some((x) => x.test === f.test && x.message === f.message))
        push({ test: f.test, check: 'test', message: f.message, drift: false, evidence: null });
    for (const d of drift.filter((x) => x.clause === id)) push(fromDrift(d));
    const verdict = rows.length ? 'fail' : r.verdict;
    const waiver = waivers.find((w) => w.clause === id) ?? null;
    const notes = [
      ...('beyondContract' in r.clause && r.clause.beyondContract
        ? [`security finding, beyond the contract's words: ${r.clause.beyondContract}`]
        : []),
      ...('notTestable' in r.clause && r.clause.notTestable ? [`not testable: ${r.clause.notTestable}`] : []),
      ...r.skipReasons.map((s) => `skipped: ${s}`),
    ];
    return {
      id,
      kind: r.clause.kind,
      section: r.clause.section,
      summary: r.clause.summary,
      contract: [...quotesOf(r.clause)],
      // A waiver in force covers a failure, or a must clause the run could not confirm (src/certify/waivers.ts).
      status: waiver?.state === 'applied' && (verdict === 'fail' || isUnconfirmed({ kind: r.clause.kind, verdict })) ? 'waived' : verdict,
      verdict,
      tests: r.tests,
      failures: rows,
      observations: r.observations,
      notes,
      waiver,
    };
  });
}
