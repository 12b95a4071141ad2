/**
 * The late read (src/checks/late-read.ts) as the reporters show it: one outcome of the run, beside the tests', for the
 * clause report (console, clauses.json, and certify, which reads that file), and one JUnit case. Read from the file the
 * global teardown wrote, which runs before any reporter's onEnd.
 */
import { existsSync, readFileSync } from 'node:fs';
import type { LateReadSummary } from '../checks/late-read.ts';
import { lateReadSentence } from '../checks/late-read.ts';
import type { TestOutcome } from '../report/clause-results.ts';
import type { JunitCase } from '../report/junit-xml.ts';
import { runFile } from '../run/run-paths.ts';

/** The title of the late read's outcome, in every report. */
export const LATE_READ_TITLE = 'late read: every record the run created, read again before the teardown';

/** The clauses the late read confirms when it finds every record as confirmed. */
export const LATE_READ_CLAUSES = ['SUB-CREATED-LASTS', 'SUB-CANCELLED-STAYS', 'SUB-STATUS-UNPROMPTED'] as const;

/** The run's late read, or null when the teardown wrote none (no record created, or no run id). */
export function readLateRead(runId: string | undefined, path = runId ? runFile.lateRead(runId) : ''): LateReadSummary | null {
  if (!path || !existsSync(path)) return null;
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as LateReadSummary;
  } catch {
    return null;
  }
}

export function lateReadOutcome(s: LateReadSummary): TestOutcome {
  const failures = s.findings.filter((f) => f.binding);
  return {
    title: LATE_READ_TITLE,
    file: 'reports/runs/late-read.json',
    project: 'run',
    status: !s.ran ? 'skipped' : failures.length ? 'failed' : 'passed',
    // A late read that re-read no cancelled record confirms nothing of a cancel's staying (SUB-CANCELLED-STAYS).
    clauses: LATE_READ_CLAUSES.filter((c) => c !== 'SUB-CANCELLED-STAYS' || s.cancelled > 0),
    clauseFailures: failures.map((f) => ({ clause: f.clause, message: `${f.message} (first seen ${f.firstSeenAt}, ${f.afterS} s after)` })),
    observations: s.findings
      .filter((f) => !f.binding)
      .map((f) => ({ clause: f.clause, message: `${f.message} (first seen ${f.firstSeenAt}, ${f.afterS} s after)` })),
    ...(s.ran ? {} : { skipReason: lateReadSentence(s) }),
    ...(failures.length ? { error: `${failures.length} contract deviation(s): ${lateReadSentence(s)}` } : {}),
    durationMs: 0,
  };
}

export function lateReadJunitCase(s: LateReadSummary): JunitCase {
  const failures = s.findings.filter((f) => f.binding);
  const base = { name: LATE_READ_TITLE, classname: 'late-read', seconds: 0 };
  if (!s.ran) return { ...base, outcome: { kind: 'skipped', reason: lateReadSentence(s) } };
  if (!failures.length) return { ...base, outcome: { kind: 'passed' } };
  return {
    ...base,
    outcome: {
      kind: 'deviation',
      deviations: failures.map((f) => ({ clause: f.clause, message: f.message })),
      details: [
        lateReadSentence(s),
        ...failures.map(
          (f) =>
            `${f.clause}: ${f.message}\n  expected: ${JSON.stringify(f.expected)}\n  received: ${JSON.stringify(f.received)}\n  first seen ${f.firstSeenAt}, ${f.afterS} s after its confirmation`,
        ),
      ].join('\n'),
    },
  };
}
