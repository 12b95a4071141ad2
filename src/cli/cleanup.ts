/**
 * `npm run cleanup [-- --run <RUN_ID>]`: cancels the records that earlier runs created and left open
 * (a run killed before its teardown). Reads every journal under reports/ (conformance, fuzz and certify runs), keeps those
 * written against this target (base URL, environment, credentials' fingerprint; the others are left alone and counted),
 * finds records whose outcome was never written by listing subscriptions and matching their run tag, reads each record
 * and cancels it only when it still carries the run's tag.
 * Uses the same configuration as the suite (API_BASE_URL, credentials, API_PROFILE for the cancel route).
 * Exit code: 0 done, 1 a record could not be cancelled, 2 configuration, 5 target unavailable, 6 credentials refused.
 */
import { ConfigError, exitOnConfigError } from '../config/config-error.ts';
import { parseCommandLine } from '../config/command-line.ts';
import { writeOut } from '../config/terminal-text.ts';
import { CLEANUP_COMMAND } from './command-specs.ts';

async function main(): Promise<void> {
  const { values } = parseCommandLine(CLEANUP_COMMAND);
  // Loaded once the command line is good: --help and a bad flag answer at once.
  const { loadDotEnv, readSuiteConfig } = await import('../config/suite-config.ts');
  const { cleanupRuns, selectJournals } = await import('../run/cleanup.ts');
  const { findJournals, journalTarget } = await import('../run/journal.ts');
  const { REPORTS_DIR } = await import('../run/run-paths.ts');
  const { openSession } = await import('../run/target-session.ts');
  const { runContextOf } = await import('../config/run-context.ts');
  const { checkTargetReachable } = await import('../run/target-reachable.ts');
  loadDotEnv();
  const config = readSuiteConfig();
  if (!config.baseUrl || !config.credentials)
    throw new ConfigError('Set API_BASE_URL (and credentials) to the target whose leftover records should be cancelled.');
  if (config.environment === 'production')
    throw new ConfigError(
      'API_ENVIRONMENT=production: the suite never writes to production, so there is nothing of its own to cancel there.',
    );
  const journals = selectJournals(findJournals(), values.run);
  if (journals.length === 0) {
    writeOut(`No journals under ${REPORTS_DIR}: nothing to clean up.\n`);
    return;
  }
  const session = await openSession(runContextOf(config), { teardown: true });
  try {
    if (!session.profile.cancel)
      throw new ConfigError('The cancel route is not shown in the contract; name it in API_PROFILE ("cancel") to clean up.');
    // A target that is down (exit 5) or refuses the credentials (exit 6) is said once, before any journal is read.
    await checkTargetReachable(session.client, config.baseUrl);
    // Only the journals of this target (base URL, environment, credentials) are swept.
    const target = journalTarget({ ...config, baseUrl: config.baseUrl, credentials: config.credentials });
    const errors = await cleanupRuns(session.client, journals, (line) => writeOut(`${line}\n`), {
      readSettleMs: session.readSettleMs,
      target,
    });
    if (errors) process.exitCode = 1;
  } finally {
    await session.dispose();
  }
}

main().catch(exitOnConfigError);
