/**
 * The certification verdict: pass only when no clause fails (waived failures aside), nothing drifted
 * from the pinned profile without a waiver, and the suite ran to its end with every failure attributed
 * to a clause. Pure module.
 */
import type { TestOutcome } from '../report/clause-results.ts';
import type { CertificationVerdict, ClauseRow, WaiverRow } from '../report/certification/report-model.ts';

export interface RunHealth {
  /** Why the suite run is not complete (no clause report, a crash, an exit code Playwright uses for errors); null when it is. */
  problem: string | null;
  outcomes: readonly TestOutcome[];
}

const firstLine = (s: string) => s.split('\n')[0];

export function decideVerdict(clauses: readonly ClauseRow[], waivers: readonly WaiverRow[], run: RunHealth): { verdict: CertificationVerdict; reasons: string[] } {
  const failing: string[] = [];
  for (const c of clauses.filter((x) => x.status === 'fail')) {
    const f = c.failures[0];
    failing.push(`${c.id} fails${c.failures.length > 1 ? ` (${c.failures.length} findings)` : ''}: ${f ? firstLine(f.message) : 'see the clause table'}`);
  }
  if (run.problem) failing.push(run.problem);
  const bad = (o: TestOutcome) => o.status === 'failed' || o.status === 'timedOut' || o.status === 'interrupted';
  for (const o of run.outcomes.filter((x) => bad(x) && x.clauses.length === 0 && x.clauseFailures.length === 0)) {
    failing.push(`test "${o.title}" (${o.project}) ${o.status} without naming a clause: ${firstLine(o.error ?? '')}`);
  }
  const notes: string[] = [];
  for (const c of clauses.filter((x) => x.status === 'waived')) notes.push(`${c.id} fails but is waived until ${c.waiver!.expires} (owner ${c.waiver!.owner}): ${c.waiver!.reason}`);
  for (const w of waivers.filter((x) => x.state !== 'applied')) notes.push(`waiver for ${w.clause}: ${w.note}`);
  const unchecked = clauses.filter((c) => c.kind === 'must' && (c.status === 'skipped' || c.status === 'not-covered'));
  if (unchecked.length) notes.push(`${unchecked.length} clause(s) the contract requires were not confirmed by a passing test in this run (skipped, not covered, or their tests failed on another clause): ${unchecked.map((c) => c.id).join(', ')}`);
  return failing.length ? { verdict: 'fail', reasons: [...failing, ...notes] } : { verdict: 'pass', reasons: notes };
}
