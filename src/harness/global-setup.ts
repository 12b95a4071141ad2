/**
 * Global setup of a conformance/fuzz run (Playwright `globalSetup`):
 * 1. read the configuration; a bad one stops the run with one sentence;
 * 2. with no API_BASE_URL, start the bundled reference server on a free port (faults from
 *    REFERENCE_FAULTS, for the self-test) and point the run at it;
 * 3. preflight: the target answers and accepts the credentials, or the run stops with one sentence;
 * 4. read the offers and allocation records once for every worker (shared-facts.ts);
 * 5. when the run may write, settle the currencies it writes in (src/run/client-currency.ts), for the workers;
 * and returns the teardown, which reads again every record the run created (the late read, src/checks/late-read.ts),
 * then cancels every one still open (even when tests failed) and stops the reference. Environment variables set here reach the workers.
 */
import { exitOnConfigError } from '../config/config-error.ts';
import { loadDotEnv, readSuiteConfig, type SuiteConfig } from '../config/suite-config.ts';
import { deadlineVerdict, fixRunLimits } from '../config/run-limits.ts';
import { checkTargetReachable } from '../run/target-reachable.ts';
import { cancelOpenRecords } from '../run/cleanup.ts';
import { runLateRead } from './late-read-run.ts';
import { openSession, type Session } from '../run/target-session.ts';
import { startBundledReference, targetEnvironment } from '../run/bundled-reference.ts';
import { setChildEnvironment } from '../config/child-environment.ts';
import { collectIfGrown } from './heap-hygiene.ts';
import {
  currenciesFromSetting,
  describeCurrencies,
  probeCurrencies,
  READS_ONLY_ENV,
  RUN_CURRENCIES_ENV,
  type WritableCurrencies,
} from '../run/client-currency.ts';
import { writePolicy } from '../run/write-policy.ts';
import type { Offer } from '../contract/types.ts';
import { shareTargetFacts } from './shared-facts.ts';
import type { SharedFacts } from './target-facts.ts';
import { writeErr } from '../config/terminal-text.ts';
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { RUN_INVOCATION_ENV, runFile } from '../run/run-paths.ts';
import { runContextOf, type RunContext } from '../config/run-context.ts';
import { type FuzzSeedSource, seedSentence } from '../config/fuzz-seed.ts';
import { fuzzChildEnvironment, resolveFuzzSettings } from '../run/fuzz-run-settings.ts';
import { counterexamplesOfRun, counterexamplesSentence, keepCounterexamples as keepFound } from '../run/counterexamples.ts';
import { REPORTS_DIR } from '../run/run-paths.ts';
import { suiteVersion } from '../run/fuzz-run-settings.ts';

export default async function globalSetup(): Promise<() => Promise<void>> {
  let stopReference = async () => {};
  let context: RunContext;
  let kept: KeptFuzz;
  try {
    loadDotEnv();
    // The run's deadline (API_RUN_TIMEOUT), fixed for the workers and the teardown (the config fixed it already when it
    // could). Not Playwright's globalTimeout: past it Playwright skips the global teardown, which cancels what the run created.
    fixRunLimits();
    let config = readSuiteConfig();
    const bundled = !config.baseUrl;
    if (!config.baseUrl) {
      const reference = await startBundledReference();
      stopReference = reference.close;
      setChildEnvironment(targetEnvironment(reference.target));
      config = readSuiteConfig();
    }
    setChildEnvironment({ RUN_ID: config.runId }); // one run ID (and journal) for every worker
    rmSync(runFile.lateRead(config.runId), { force: true }); // a replay's late read is its own, never an earlier one's
    // The profile loaded once for this process: the preflight, the shared reads and the teardown take it from here.
    context = runContextOf(config);
    await preflight(context);
    // After the preflight: a run that cannot reach its target says that alone.
    kept = fixFuzzSettings(config, bundled);
  } catch (error) {
    await stopReference();
    exitOnConfigError(error);
  }
  // Settled here for this run's workers alone: a value left in the environment by anything else is not this run's.
  setChildEnvironment({ [RUN_CURRENCIES_ENV]: undefined, [RUN_INVOCATION_ENV]: randomUUID() });
  // Both are conveniences for the workers: a run whose session cannot open here still runs, each worker reading alone.
  const { config } = context;
  const session = await openSession(context).catch(() => null);
  if (session) {
    try {
      const facts = await shareFacts(session, config);
      await settleCurrencies(session, config, facts.offers);
    } finally {
      await session.dispose();
    }
  }
  collectIfGrown(0); // the whole lists just read are garbage here now: this process lives as long as the run
  const runContext = context;
  const keptFuzz = kept;
  return async () => {
    // Read before the teardown spends its reserve: did the tests end because the deadline came?
    const stopped = deadlineVerdict(runContext.config.limits);
    try {
      keepCounterexamples(runContext, keptFuzz);
      await cleanup(runContext);
    } finally {
      await stopReference();
      if (stopped) writeErr(`\n[deadline] ${stopped}\n`);
    }
  };
}

/**
 * The run's fuzz seed and counterexamples file, one for every worker (src/run/fuzz-run-settings.ts), said once when the
 * fuzz project runs. Certify resolves them itself and passes them down (FUZZ_SEED_SOURCE set): kept as they are.
 */
function fixFuzzSettings(config: SuiteConfig, bundled: boolean): KeptFuzz {
  if (config.fuzzSeedSource !== null)
    return { source: config.fuzzSeedSource, counterexamples: config.counterexamples === 'off' ? null : config.counterexamples };
  const settings = resolveFuzzSettings(config, bundled);
  setChildEnvironment(fuzzChildEnvironment(settings));
  if (fuzzProjectSelected(process.argv))
    writeErr(`[fuzz] ${seedSentence(settings.seed)}; ${counterexamplesSentence(settings.counterexamples)}\n`);
  return { source: settings.seed.source, counterexamples: settings.counterexamples };
}

/** What the teardown needs to keep the run's counterexamples: how its seed was chosen, and the file. */
interface KeptFuzz {
  source: FuzzSeedSource;
  counterexamples: string | null;
}

/** Whether this Playwright invocation runs the fuzz project: no --project given, or one naming it. */
export function fuzzProjectSelected(argv: readonly string[]): boolean {
  const named = argv.flatMap((a, i) =>
    a.startsWith('--project=') ? [a.slice('--project='.length)] : a === '--project' && argv[i + 1] ? [argv[i + 1] as string] : [],
  );
  return named.length === 0 || named.some((p) => p.split(',').includes('fuzz'));
}

/**
 * The offers and allocation records, read once for every worker (shared-facts.ts). Whatever the read met, the tests
 * meet again and report by clause: a list not shared is read by each worker.
 */
async function shareFacts(session: Session, config: SuiteConfig): Promise<SharedFacts> {
  try {
    return await shareTargetFacts(session.client, config.runId, session.redact);
  } catch (error) {
    writeErr(
      `[facts] the offers and allocations could not be read once for the run (${session.redact((error as Error).message)}); each worker reads them.\n`,
    );
    return {};
  }
}

/** The currencies the run writes in, when it may write (src/run/client-currency.ts), for the workers. */
async function settleCurrencies(session: Session, config: SuiteConfig, offers: Offer[] | undefined): Promise<void> {
  try {
    const currencies = await writableCurrenciesOf(session, config, offers);
    if (!currencies) return;
    setChildEnvironment({ [RUN_CURRENCIES_ENV]: JSON.stringify(currencies) });
    const line = describeCurrencies(currencies);
    if (line) writeErr(`[currency] ${line}\n`);
  } catch (error) {
    // Whatever the probe met, the tests meet again and report by clause: the run goes on writing in every currency.
    writeErr(
      `[currency] the currencies to write in could not be settled (${session.redact((error as Error).message)}); every offer is written to.\n`,
    );
  }
}

/** The currencies the run writes in; null when it may not write, or the offers could not be read. */
async function writableCurrenciesOf(
  session: Session,
  config: SuiteConfig,
  offers: Offer[] | undefined,
): Promise<WritableCurrencies | null> {
  if (config.clientCurrency) return currenciesFromSetting(config.clientCurrency);
  if (process.env[READS_ONLY_ENV] === '1') return null; // only @read tests: nothing is written, nothing to settle
  if (!writePolicy(config, session.profile).allowed) return null;
  if (!offers) return null; // the offers tests report why the list could not be read
  return await probeCurrencies(session.client, offers);
}

/** The target answers, and accepts the credentials; otherwise one clear sentence. */
async function preflight(context: RunContext): Promise<void> {
  const session = await openSession(context);
  try {
    await checkTargetReachable(session.client, context.config.baseUrl!);
  } finally {
    await session.dispose();
  }
}

/**
 * The counterexamples this run's properties found, added to the file the run replays them from (FUZZ_COUNTEREXAMPLES,
 * fixed by fixFuzzSettings or by certify), in this one process; said in one line when there were new ones.
 */
function keepCounterexamples({ config, redact }: RunContext, { source, counterexamples: path }: KeptFuzz): void {
  if (!path) return;
  try {
    const found = counterexamplesOfRun(REPORTS_DIR, { runId: config.runId, foundBy: source, suiteVersion: suiteVersion() });
    const added = keepFound(path, found, redact);
    if (added) writeErr(`\n[fuzz] ${added} new counterexample(s) kept in ${path}: later runs replay them first; commit the file.\n`);
  } catch (error) {
    writeErr(`\n[fuzz] the counterexamples found could not be kept in ${path}: ${redact((error as Error).message)}\n`);
  }
}

/** Cancel every record this run created and left open; say what happened. */
async function cleanup(context: RunContext): Promise<void> {
  const { config } = context;
  const session = await openSession(context, { teardown: true });
  try {
    const entries = session.client.journal.entries();
    if (entries.length === 0) return;
    // Before anything is cancelled: what the service confirmed must still hold (issue 50). It writes down the records
    // it found closed by the service itself: read again, the journal leaves them out of what is cancelled.
    await runLateRead(session, context, entries);
    if (!session.profile.cancel) {
      writeErr(
        `\n[cleanup] The cancel route is unknown (not shown in the contract, not in API_PROFILE): records of run ${config.runId} stay open.\n`,
      );
      return;
    }
    const summary = await cancelOpenRecords(session.client, session.client.journal.entries(), { readSettleMs: session.readSettleMs });
    const parts = [`${summary.cancelled.length} cancelled`];
    if (summary.refused.length)
      parts.push(`${summary.refused.length} the target would not cancel (${summary.refused.map((r) => r.status).join(', ')})`);
    if (summary.closed.length) parts.push(`${summary.closed.length} closed by the service itself (cancel refused, read back)`);
    if (summary.notFound.length) parts.push(`${summary.notFound.length} tag(s) never created`);
    if (summary.errors.length) parts.push(`${summary.errors.length} error(s): ${summary.errors[0]}`);
    writeErr(`\n[cleanup] run ${config.runId}: ${parts.join(', ')}.\n`);
  } finally {
    await session.dispose();
  }
}
