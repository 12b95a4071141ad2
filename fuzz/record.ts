/**
 * What a property leaves in `${REPORTS_DIR}/fuzz/<property>.json`: its seed and, when it failed, the
 * path and the shrunk counterexample with the failures it showed and the command that replays it
 * (certification reads these files; see src/certify/run-files.ts FuzzRecord).
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CheckFailure } from '../src/checks/types.ts';
import { REPORTS_DIR } from '../src/run/run-paths.ts';
import { redactedJson } from '../src/config/redact.ts';
import type { FuzzSeedSource } from '../src/config/fuzz-seed.ts';

export interface FuzzRunRecord {
  /** The property: its test title. */
  property: string;
  file: string;
  runId: string;
  status: 'passed' | 'failed';
  seed: number;
  /** fast-check's path to the counterexample; null when the property held (even when it met another clause's deviation). */
  path: string | null;
  /** fast-check's replay path of a failing sequence of commands (FUZZ_REPLAY_PATH); absent for other properties. */
  replayPath?: string | null;
  /** Cases run (up to and including the first failure). */
  runs: number;
  shrinks: number;
  /** True when a time limit (property or shrinking) stopped the run early. */
  interrupted: boolean;
  /**
   * The shrunk counterexample, as a reader wants it (see showValue); when the property held but met a deviation on a
   * clause it does not check (fuzz/runner.ts isCollateral), the first case that met it, not shrunk; else null.
   */
  counterexample: string | null;
  failures: CheckFailure[];
  /** An error the run raised outside the checks (a bug, an unreachable target), when there was one. */
  error: string | null;
  /** The `-g` pattern that selects this property alone. */
  grep: string;
  /** Shell command that replays this run (with the failing case when there is one). */
  replay: string;
  /** How the run's seed was chosen: the gate's derived seed, an exploration (FUZZ_SEED=random, --explore), FUZZ_SEED. */
  foundBy?: FuzzSeedSource;
  /** When the failure is a counterexample kept for this target (FUZZ_COUNTEREXAMPLES) replayed: the file and entry. */
  replayedFrom?: string;
}

export const FUZZ_REPORTS_DIR = join(REPORTS_DIR, 'fuzz');

/** A title as a file name: lower case, words joined by dashes. */
export function slug(title: string): string {
  return (
    title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 120) || 'property'
  );
}

/** A regular expression that matches `title` literally (Playwright's -g takes a regular expression). */
export function grepFor(title: string): string {
  return title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The command that replays a property: the seed alone replays the whole run, with the path just the case. */
export function replayCommand(o: { seed: number; path: string | null; replayPath?: string | null; grep: string; runId?: string }): string {
  const quoted = `'${o.grep.replace(/'/g, `'\\''`)}'`;
  const replayPath = o.path && o.replayPath ? ` FUZZ_REPLAY_PATH=${o.replayPath}` : '';
  // The run's tag is part of some generated values (odd text in clientSubscriptionReference): same RUN_ID, same bytes.
  return `${o.runId ? `RUN_ID=${o.runId} ` : ''}FUZZ_SEED=${o.seed}${o.path ? ` FUZZ_PATH=${o.path}` : ''}${replayPath} npx playwright test --project=fuzz -g ${quoted}`;
}

/** Writes the record; with --repeat-each, each repetition keeps its own file. Returns the path. */
export function writeRunRecord(record: FuzzRunRecord, repeatEachIndex = 0, redact: (text: string) => string = (t) => t): string {
  mkdirSync(FUZZ_REPORTS_DIR, { recursive: true });
  const file = join(FUZZ_REPORTS_DIR, `${slug(record.property)}${repeatEachIndex > 0 ? `.repeat-${repeatEachIndex}` : ''}.json`);
  writeFileSync(file, `${redactedJson(record, redact, 2)}\n`);
  return file;
}

/** The records a run left in `<reportsDir>/fuzz/` (none when the folder is absent). */
export function readRunRecords(reportsDir: string): Array<FuzzRunRecord & { fileName: string }> {
  const dir = join(reportsDir, 'fuzz');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((fileName) => ({ ...(JSON.parse(readFileSync(join(dir, fileName), 'utf8')) as FuzzRunRecord), fileName }));
}
