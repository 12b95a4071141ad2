/**
 * One deviation met by many properties fails one of them. A property that meets a deviation on a clause it does not
 * check (collateral: runner.ts isCollateral) claims that clause for the run's invocation; the first to claim it fails
 * on it, with the case that met it, as before. Every other property that meets it in the same invocation notes it on
 * its test ("met again, reported by ...") and goes on to be judged by its own clauses. Each failed test costs a new
 * Playwright worker, and one deviation of GET /offer (an offer failing its schema) used to fail every property that
 * reads the offers. The clause's verdict is the same; a fuzz run that meets a deviation still fails.
 *
 * The claims are files under the run's directory, one folder per invocation (RUN_INVOCATION, set by the global setup):
 * a replay of a property (the same RUN_ID and FUZZ_SEED) is another invocation and finds no claim of the first. With
 * no invocation set (a property run outside the suite's global setup), every property claims, as before.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { RUN_INVOCATION_ENV, runDir } from '../src/run/run-paths.ts';

export type CollateralClaim = { claimed: true } | { claimed: false; by: string };

/** Claims `clause` for the test titled `title` in this invocation of run `runId`: the first claim of a clause wins. */
export function claimCollateral(runId: string, clause: string, title: string, env: NodeJS.ProcessEnv = process.env): CollateralClaim {
  const invocation = env[RUN_INVOCATION_ENV];
  if (!invocation || !/^[\w-]+$/.test(invocation) || !/^[A-Z0-9-]+$/.test(clause)) return { claimed: true };
  const dir = join(runDir(runId), 'fuzz-collateral', invocation);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, clause);
  try {
    writeFileSync(file, title, { flag: 'wx' }); // fails if another test made it first: one winner across workers
    return { claimed: true };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return { claimed: false, by: readFileSync(file, 'utf8') };
  }
}
