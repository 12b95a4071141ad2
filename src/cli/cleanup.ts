/**
 * `npm run cleanup [-- --run <RUN_ID>]`: cancels the records that earlier runs created and left open
 * (a run killed before its teardown). Reads the journals under reports/runs/, finds records whose
 * outcome was never written by listing subscriptions and matching their run tag, and cancels them.
 * Uses the same configuration as the suite (API_BASE_URL, credentials, API_PROFILE for the cancel route).
 */
import { parseArgs } from 'node:util';
import { ConfigError, exitOnConfigError } from '../config/config-error.ts';
import { loadDotEnv, readSuiteConfig } from '../config/suite-config.ts';
import { cancelOpenRecords } from '../run/cleanup.ts';
import { journalledRunIds, Journal } from '../run/journal.ts';
import { openSession } from '../run/session.ts';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { run: { type: 'string', multiple: true } } });
  loadDotEnv();
  const config = readSuiteConfig();
  if (!config.baseUrl) throw new ConfigError('Set API_BASE_URL (and credentials) to the target whose leftover records should be cancelled.');
  if (config.environment === 'production') throw new ConfigError('API_ENVIRONMENT=production: the suite never writes to production, so there is nothing of its own to cancel there.');
  const runIds = values.run ?? journalledRunIds();
  if (runIds.length === 0) {
    console.log('No journals under reports/runs/: nothing to clean up.');
    return;
  }
  const session = await openSession(config);
  if (!session.profile.cancel) throw new ConfigError('The cancel route is not shown in the contract; name it in API_PROFILE ("cancel") to clean up.');
  let open = 0;
  try {
    for (const runId of runIds) {
      const entries = new Journal(runId).entries();
      const summary = await cancelOpenRecords(session.client, entries);
      open += summary.errors.length;
      console.log(`run ${runId}: ${summary.cancelled.length} cancelled, ${summary.refused.length} refused by the target, ${summary.notFound.length} tag(s) not found, ${summary.errors.length} error(s)`);
      for (const e of summary.errors) console.log(`  error: ${e}`);
    }
  } finally {
    await session.dispose();
  }
  if (open) process.exitCode = 1;
}

main().catch(exitOnConfigError);
