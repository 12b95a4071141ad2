/**
 * The certification verdict:
 * - fail: a clause fails (waived failures aside), something drifted from the pinned profile without a
 *   waiver, or the suite did not run to its end / a failure names no clause;
 * - incomplete: nothing failed, but a `must` clause testable on this target was not confirmed by a
 *   passing test (its tests skipped: no cancel route in the profile, write budget spent, no allocations
 *   to page...; or no test covered it in this run). A certification must not say PASS for what it did
 *   not see;
 * - pass: otherwise.
 * Pure module.
 */
import { isBinding } from '../contract/clauses/catalogue.ts';
import type { TestOutcome } from '../report/clause-results.ts';
import { NOT_IN_THIS_RUN, unconfirmedReason } from '../report/unconfirmed-reason.ts';
import type { CertificationVerdict, ClauseRow, WaiverRow } from './report/report-model.ts';

export interface RunHealth {
  /** Why the suite run is not complete (no clause report, a crash, an exit code Playwright uses for errors); null when it is. */
  problem: string | null;
  outcomes: readonly TestOutcome[];
}

const firstLine = (s: string) => s.split('\n')[0];

export function decideVerdict(
  clauses: readonly ClauseRow[],
  waivers: readonly WaiverRow[],
  run: RunHealth,
): { verdict: CertificationVerdict; reasons: string[] } {
  const failing: string[] = [];
  for (const c of clauses.filter((x) => x.status === 'fail')) {
    const f = c.failures[0];
    failing.push(
      `${named(c)} fails${c.failures.length > 1 ? ` (${c.failures.length} findings)` : ''}: ${f ? firstLine(f.message) : 'see the clause table'}`,
    );
  }
  if (run.problem) failing.push(run.problem);
  const bad = (o: TestOutcome) => o.status === 'failed' || o.status === 'timedOut' || o.status === 'interrupted';
  for (const o of run.outcomes.filter((x) => bad(x) && x.clauses.length === 0 && x.clauseFailures.length === 0)) {
    failing.push(`test "${o.title}" (${o.project}) ${o.status} without naming a clause: ${firstLine(o.error ?? '')}`);
  }
  const notes: string[] = [];
  for (const c of clauses.filter((x) => x.status === 'waived'))
    notes.push(
      `${c.id} ${c.verdict === 'fail' ? 'fails' : 'is not confirmed'} but is waived until ${c.waiver!.expires} (owner ${c.waiver!.owner}): ${c.waiver!.reason}`,
    );
  for (const w of waivers.filter((x) => x.state !== 'applied')) notes.push(`waiver for ${w.clause}: ${w.note}`);
  const unconfirmed = clauses.filter((c) => isBinding(c.kind) && (c.status === 'skipped' || c.status === 'not-covered'));
  const incomplete = unconfirmed.map((c) => unconfirmedReason(named(c), whyUnconfirmed(c, blockedBy(c.id, run.outcomes))));
  if (failing.length) return { verdict: 'fail', reasons: [...failing, ...incomplete, ...notes] };
  if (incomplete.length) return { verdict: 'incomplete', reasons: [...incomplete, ...notes] };
  return { verdict: 'pass', reasons: notes };
}

/** A clause as a reason names it: a security finding says it is one, beyond the contract's words. */
const named = (c: ClauseRow) => (c.kind === 'security' ? `${c.id} (security finding, beyond the contract's words)` : c.id);

/**
 * The clauses whose failures stopped the tests that name `id`: a test checks every response it gets, so one fault
 * (offer prices as strings) fails the tests of many other clauses on the one clause it breaks (OFFER-SCHEMA).
 */
export function blockedBy(id: string, outcomes: readonly TestOutcome[]): string[] {
  const failedElsewhere = outcomes.filter(
    (o) => (o.status === 'failed' || o.status === 'timedOut') && o.clauses.some((c) => c === id) && o.clauseFailures.length > 0,
  );
  return [...new Set(failedElsewhere.flatMap((o) => o.clauseFailures.map((f) => f.clause as string)))].filter((c) => c !== id).sort();
}

/** "A", "A and B", "A, B and C". */
const andList = (items: readonly string[]) =>
  items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;

/**
 * Why a must clause has no confirmation: the clauses its tests failed on (the cause a reader acts on), its tests' skip
 * reasons, or that none of its tests ran to a pass. Clauses with the same reason are told once, folded
 * (src/certify/report/unconfirmed.ts): the wording names the cause, not the clause.
 */
function whyUnconfirmed(c: ClauseRow, blockers: readonly string[]): string {
  if (blockers.length) return `its tests failed on ${andList(blockers)}`;
  const skipped = c.notes.filter((n) => n.startsWith('skipped: ')).map((n) => n.slice('skipped: '.length));
  // Skip reasons are sentences: joined without the full stop before each "; ", the last one kept.
  if (skipped.length) return [...new Set(skipped)].map((r, i, all) => (i < all.length - 1 ? r.replace(/\.$/, '') : r)).join('; ');
  return c.tests.length ? 'its tests did not run to the end' : NOT_IN_THIS_RUN;
}
