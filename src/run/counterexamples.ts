/**
 * The counterexamples the fuzz properties found on a target, kept in a file the user commits beside the profile
 * (`profiles/staging.json` -> `profiles/staging.counterexamples.json`, or FUZZ_COUNTEREXAMPLES) and replayed first on
 * every later run (fuzz/runner.ts), so a deviation found once, by the gate or by a nightly exploration, is checked
 * every night (issue 49, item 2). A counterexample is kept by its seed and path (fast-check's replay: no value has to
 * survive JSON), with what it showed for the reader. The run's global teardown adds what its properties found, from
 * their records (`reports/fuzz/<property>.json`), in one process: the file is written whole to a temporary file and
 * renamed over the old one, so a run killed mid-write leaves the old file, never half of one. Every string is redacted
 * before it is written: the file never holds a credential.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ConfigError } from '../config/config-error.ts';
import type { FuzzSeedSource } from '../config/fuzz-seed.ts';
import { type Redactor, redactedJson } from '../config/redact.ts';

export const COUNTEREXAMPLES_FORMAT = 'osd-suite/fuzz-counterexamples@1';

/** The most kept per property (the newest): replaying them is a case each, on every run. */
export const KEPT_PER_PROPERTY = 10;

export interface KeptCounterexample {
  /** The property (its test title). */
  property: string;
  /** The clauses it failed on. */
  clauses: string[];
  seed: number;
  path: string;
  /** fast-check's replay path of a sequence of commands; such a counterexample is replayed by its command only. */
  replayPath: string | null;
  /** The shrunk value as the report showed it, and the first failure's message: for the reader. */
  counterexample: string | null;
  message: string;
  /** How the run that found it chose its seed: the gate's derived seed, an exploration, or FUZZ_SEED. */
  foundBy: FuzzSeedSource | 'replay';
  suiteVersion: string;
  runId: string;
  foundAt: string;
}

export interface CounterexamplesFile {
  format: typeof COUNTEREXAMPLES_FORMAT;
  about: string;
  counterexamples: KeptCounterexample[];
}

const ABOUT =
  'Counterexamples the fuzz properties found on this target, written by the suite; every run replays them first. Commit it beside the profile; delete an entry to stop replaying it.';

/** The kept counterexamples (none when the file does not exist); a file that is not one is a configuration error. */
export function readCounterexamples(path: string | null): KeptCounterexample[] {
  if (!path || !existsSync(path)) return [];
  let read: unknown;
  try {
    read = JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    throw new ConfigError(`The counterexamples file ${path} does not read as JSON; restore it from version control or delete it.`);
  }
  const file = read as Partial<CounterexamplesFile> | null;
  if (file?.format !== COUNTEREXAMPLES_FORMAT || !Array.isArray(file.counterexamples))
    throw new ConfigError(`The counterexamples file ${path} is not one the suite wrote (format ${COUNTEREXAMPLES_FORMAT}).`);
  return file.counterexamples.filter(
    (c) => typeof c?.property === 'string' && Number.isInteger(c.seed) && typeof c.path === 'string' && /^\d+(:\d+)*$/.test(c.path),
  );
}

const keyOf = (c: Pick<KeptCounterexample, 'property' | 'seed' | 'path' | 'replayPath'>) =>
  JSON.stringify([c.property, c.seed, c.path, c.replayPath ?? null]);

/**
 * Adds `found` to the file (those it holds already stay as they are), at most KEPT_PER_PROPERTY per property, the
 * newest; redacted, written atomically. Returns how many were new.
 */
export function keepCounterexamples(path: string, found: KeptCounterexample[], redact: Redactor): number {
  const kept = readCounterexamples(path);
  const known = new Set(kept.map(keyOf));
  const fresh = found.filter((c) => !known.has(keyOf(c)) && known.add(keyOf(c)));
  if (fresh.length === 0) return 0;
  const all = [...kept, ...fresh];
  const trimmed = all.filter((c, i) => all.slice(i + 1).filter((later) => later.property === c.property).length < KEPT_PER_PROPERTY);
  const file: CounterexamplesFile = { format: COUNTEREXAMPLES_FORMAT, about: ABOUT, counterexamples: trimmed };
  mkdirSync(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, `${redactedJson(file, redact, 2)}\n`);
  renameSync(temporary, path);
  return fresh.length;
}

/** The part of a property's record (fuzz/record.ts, FuzzRunRecord) read here. */
interface PropertyRecord {
  property: string;
  runId: string;
  status: 'passed' | 'failed';
  seed: number;
  path: string | null;
  replayPath?: string | null;
  counterexample: string | null;
  failures: Array<{ clause: string; message: string }>;
  error: string | null;
  /** Set by the runner when the failure is a kept counterexample replayed. */
  replayedFrom?: string;
}

/** The failed cases of run `runId` its properties recorded under `reportsDir/fuzz/`, as counterexamples to keep. */
export function counterexamplesOfRun(
  reportsDir: string,
  run: { runId: string; foundBy: FuzzSeedSource; suiteVersion: string; at?: Date },
): KeptCounterexample[] {
  const dir = join(reportsDir, 'fuzz');
  if (!existsSync(dir)) return [];
  const records = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .flatMap((f) => {
      try {
        return [JSON.parse(readFileSync(join(dir, f), 'utf8')) as PropertyRecord];
      } catch {
        return []; // a record cut short: its test reported the failure already
      }
    });
  const foundAt = (run.at ?? new Date()).toISOString();
  // A case that failed only on another property's clauses has no path (not shrunk): its seed replays the whole run.
  return records
    .filter((r) => r.runId === run.runId && r.status === 'failed' && r.path !== null && r.failures.length > 0)
    .map((r) => ({
      property: r.property,
      clauses: [...new Set(r.failures.map((f) => f.clause))],
      seed: r.seed,
      path: r.path as string,
      replayPath: r.replayPath ?? null,
      counterexample: r.counterexample,
      message: r.failures[0]?.message ?? '',
      foundBy: r.replayedFrom ? 'replay' : run.foundBy,
      suiteVersion: run.suiteVersion,
      runId: r.runId,
      foundAt,
    }));
}

/** The console's words for where counterexamples are kept. */
export function counterexamplesSentence(path: string | null): string {
  return path
    ? `counterexamples kept in ${path} (replayed first; commit it beside the profile)`
    : 'no counterexamples kept (FUZZ_COUNTEREXAMPLES=<file>, or a profile in API_PROFILE to keep them beside)';
}
