/** Where a run writes its artefacts: reports/runs/<runId>/… (git-ignored). */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const REPORTS_DIR = resolve(process.env.REPORTS_DIR ?? 'reports');
export const RUNS_DIR = join(REPORTS_DIR, 'runs');

export function runDir(runId: string): string {
  const dir = join(RUNS_DIR, runId);
  mkdirSync(dir, { recursive: true });
  return dir;
}

/**
 * One Playwright invocation of a run (the global setup sets it for the workers): what a run's tests share only within
 * one invocation, as a replay (same RUN_ID, FUZZ_SEED) is another invocation that must find nothing of the first.
 */
export const RUN_INVOCATION_ENV = 'RUN_INVOCATION';

export const runFile = {
  journal: (runId: string) => join(runDir(runId), 'journal.jsonl'),
  requests: (runId: string) => join(runDir(runId), 'requests.jsonl'),
  observations: (runId: string) => join(runDir(runId), 'observations.jsonl'),
  failures: (runId: string) => join(runDir(runId), 'failures.jsonl'),
  /** Strictness findings (src/contract/strictness.ts), with their exchanges: the certification report's curl. */
  strictness: (runId: string) => join(runDir(runId), 'strictness.jsonl'),
  /** The lists the global setup read once for every worker (src/harness/shared-facts.ts). */
  targetFacts: (runId: string) => join(runDir(runId), 'target-facts.json'),
  /** What the late read re-read of the run's records before the teardown cancelled them, and found (src/checks/late-read.ts). */
  lateRead: (runId: string) => join(runDir(runId), 'late-read.json'),
} as const;
