/**
 * The report's Strictness section (src/contract/strictness.ts): every strictness finding of the run, with its
 * exchange (strictness.jsonl, written by src/harness/fixtures.ts), and any the clause report holds that the run files
 * do not (message only). Pure module.
 */
import { isStrictnessKind, STRICTNESS_KINDS } from '../contract/strictness.ts';
import type { ClauseResult } from '../report/clause-results.ts';
import { evidenceExcerpt } from './clause-rows.ts';
import type { StrictnessRow } from './report/report-model.ts';
import type { RunStrictness } from './run-files.ts';

export function strictnessRows(lines: readonly RunStrictness[], results: readonly ClauseResult[]): StrictnessRow[] {
  const rows: StrictnessRow[] = [];
  const seen = new Set<string>();
  for (const l of lines) {
    if (!isStrictnessKind(l.kind)) continue;
    const row: StrictnessRow = {
      clause: l.clause,
      kind: l.kind,
      title: STRICTNESS_KINDS[l.kind].title,
      test: l.test,
      message: l.message,
      evidence: evidenceExcerpt(l.evidence),
    };
    const key = `${row.clause}|${row.kind}|${row.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    rows.push(row);
  }
  // A finding the clause report lists but no run file holds (a run file lost): its line, without an exchange.
  for (const r of results)
    for (const m of r.strictness)
      if (!rows.some((x) => x.clause === r.clause.id && m.endsWith(x.message)))
        rows.push({ clause: r.clause.id, kind: null, title: null, test: null, message: m, evidence: null });
  return rows;
}
