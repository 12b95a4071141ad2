/**
 * What every command that runs k6 against a target does first, in this order: the target's preflight (a wrong target,
 * credentials or base path is one sentence with its exit code, whether or not k6 is installed), then k6 (its version
 * recorded for the report), then the previous run's reports cleared. Nothing is run or overwritten before both hold.
 */
import { writeErr } from '../config/terminal-text.ts';
import { findK6, INSTALL_HINT, k6MissingExitCode, k6Version } from './k6-process.ts';
import { preflightTarget } from './preflight.ts';
import type { PreparedRun } from './target.ts';

/** The k6 binary to run, or the exit code to end with (no k6: the install hint is printed). */
export async function readyToRun(run: PreparedRun): Promise<{ k6: string } | { exitCode: number }> {
  await preflightTarget(run.config, run.profile, run.env.RUN_ID ?? 'preflight');
  const k6 = findK6();
  if (!k6.found) {
    // A K6_BIN that names no k6 is the setting to fix (exit 2, one sentence); no k6 at all, how to get one (exit 3).
    writeErr(k6.badSetting ? `${k6.reason}\n` : `\n${k6.reason}\n${INSTALL_HINT}\n\n`);
    return { exitCode: k6MissingExitCode(k6) };
  }
  const version = k6Version(k6.path);
  if (version !== null) run.env.LOAD_K6_VERSION = version;
  run.clearStaleReports();
  return { k6: k6.path };
}
