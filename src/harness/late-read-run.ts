/**
 * The late read in a Playwright run's global teardown (src/checks/late-read.ts): run before the teardown cancels
 * anything, written to the run's late-read.json, said on the console. The reporters' onEnd comes after the global
 * teardown, so the clause report, the JUnit file and certify read the file from there (late-read-outcome.ts).
 */
import { writeFileSync } from 'node:fs';
import { lateRead, lateReadSentence, type LateReadSummary } from '../checks/late-read.ts';
import type { RunContext } from '../config/run-context.ts';
import { writeErr } from '../config/terminal-text.ts';
import type { JournalEntry } from '../run/journal.ts';
import { runFile } from '../run/run-paths.ts';
import type { Session } from '../run/target-session.ts';

/** Set by `--soak <duration>` (certify, conformance) for the run's teardown: ms the late read goes on reading. */
export const SOAK_ENV = 'SUITE_SOAK_MS';
/** The pause between two soak rounds' starts, ms (default a minute; the project's tests shorten it). */
export const SOAK_INTERVAL_ENV = 'SUITE_SOAK_INTERVAL_MS';

export async function runLateRead(session: Session, context: RunContext, entries: JournalEntry[]): Promise<LateReadSummary | null> {
  const { config } = context;
  const limits = config.limits;
  let summary: LateReadSummary;
  try {
    summary = await lateRead(session.client, entries, {
      waitMs: config.durabilityWaitMs,
      readSettleMs: session.readSettleMs,
      // Half the teardown's reserve is kept for the cancels after it.
      latestStartAt: limits.deadlineAt - limits.teardownReserveMs / 2,
      soakMs: Number(process.env[SOAK_ENV] ?? 0) || 0,
      soakIntervalMs: Number(process.env[SOAK_INTERVAL_ENV] ?? 0) || undefined,
      say: Number(process.env[SOAK_ENV] ?? 0) > 0 ? (line) => writeErr(`${line}\n`) : undefined,
    });
  } catch (error) {
    writeErr(`\n[late read] could not run: ${session.redact(error instanceof Error ? error.message : String(error))}\n`);
    return null;
  }
  writeFileSync(runFile.lateRead(config.runId), `${session.redact(JSON.stringify(summary, null, 2))}\n`);
  writeErr(`\n[late read] ${session.redact(lateReadSentence(summary))}\n`);
  return summary;
}
