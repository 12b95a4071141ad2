/**
 * `npm run certify`: one command, five phases, one report.
 *   1. preflight   the target answers, accepts the credentials, its health check works (else exit 2)
 *   2. discovery   one probe per "not shown" item of the contract (src/certify/probes.ts)
 *   3. conformance + fuzz, as a Playwright child run sharing this certification's RUN_ID
 *   4. load smoke  when k6 is present (else "not run", with the reason)
 *   5. report      index.html, certification.md, certification.json, observed-profile.json and the
 *                  evidence bundle with its SHA-256 manifest
 * With no API_BASE_URL the bundled reference server is started once, here; the child run inherits it.
 * Returns the exit code: 0 pass, 1 fail, 4 incomplete (configuration errors throw ConfigError: 2).
 * The caller loads `.env` and points REPORTS_DIR at `<out>/suite` before importing this module.
 */
import { runContextOf } from '../config/run-context.ts';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, sep } from 'node:path';
import { ConfigError, kindOfExitCode } from '../config/config-error.ts';
import { EXIT_CODES } from '../config/exit-codes.ts';
import { pacingNote, readSuiteConfig, type SuiteConfig } from '../config/suite-config.ts';
import type { TargetProfile } from '../config/target-profile.ts';
import {
  type CertificationReport,
  type CertificationVerdict,
  type EvidenceSection,
  type LoadSection,
  PACKAGE_STATUS_TEXT,
  type PhaseRow,
} from './report/report-model.ts';
import { reasonConsoleLines } from './report/unconfirmed.ts';
import { STRICTNESS_HEADING, STRICTNESS_NOTE } from '../contract/strictness.ts';
import { REPORT_FILES, writeCertificationReport } from './report/write-report.ts';
import { referenceFaults, referenceVariants, startBundledReference, targetEnvironment } from '../run/bundled-reference.ts';
import { setChildEnvironment } from '../config/child-environment.ts';
import { openSession } from '../run/target-session.ts';
import { schemaDigest } from '../schema/registry.ts';
import { validateStoppedCertification } from '../report/report-schema.ts';
import { redactedJson, redactFileText, type Redactor } from '../config/redact.ts';
import { assembleReport } from './assemble-report.ts';
import { collectIfGrown } from '../harness/heap-hygiene.ts';
import { probeProgressNote, runDiscovery, type DiscoveryResult } from './discovery.ts';
import {
  configDigest,
  contractSha256,
  MANIFEST_FILE,
  type PackageRecord,
  SIGNATURE_FILE,
  sha256,
  versions,
  writeManifest,
} from '../report/evidence.ts';
import { keyFingerprint, readSigningKey, signManifest } from '../report/signature.ts';
import { renderStoppedMarkdown, type StoppedCertification, type StoppedContext, stoppedCertification } from './stopped-report.ts';
import { k6VersionText, LOAD_SMOKE, runLoadSmoke } from './load-smoke.ts';
import { clauseGrep, keptJournalsDir, selectedClauses, stagingDir, type CertifyOptions } from './certify-options.ts';
import { preflight } from './preflight.ts';
import { progressLine, type PhaseName } from './progress.ts';
import { readClauseReport, readFailures, readFuzzRecords, readObservations, readRequests, readStrictness, runPaths } from './run-files.ts';
import { requestCoverageSection } from './request-coverage.ts';
import { runProblem, runSuite } from './suite-run.ts';
import { utcDate, loadWaivers } from './waivers.ts';
import { writePolicy } from '../run/write-policy.ts';
import { interruptSignal, RunInterrupted, throwIfInterrupted } from '../run/interrupt.ts';
import { cancelOpenRecords, sweepSentence } from '../run/cleanup.ts';
import { readLateRead } from '../harness/late-read-outcome.ts';
import { SOAK_ENV } from '../harness/late-read-run.ts';
import { openRecords } from '../run/journal.ts';
import { writeOut } from '../config/terminal-text.ts';
import { escapeMarkdown } from '../report/markdown-escape.ts';
import { seedSentence } from '../config/fuzz-seed.ts';
import { fuzzChildEnvironment, resolveFuzzSettings, type RunFuzzSettings } from '../run/fuzz-run-settings.ts';
import { counterexamplesSentence } from '../run/counterexamples.ts';

/** The exit code of each verdict (README, "Exit codes"). */
export const VERDICT_EXIT_CODE = {
  pass: EXIT_CODES.pass,
  fail: EXIT_CODES.contractFailure,
  incomplete: EXIT_CODES.incomplete,
} as const satisfies Record<CertificationVerdict, number>;

export const OUTPUT = {
  observedProfile: 'observed-profile.json',
  discovery: 'discovery.json',
  evidence: 'evidence',
  suite: 'suite',
} as const;

const say = (line: string) => writeOut(`${line}\n`);

/** A path as a reader wants it: relative when under `base`, absolute otherwise. */
function shown(path: string, base = process.cwd()): string {
  const rel = relative(base, path);
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : path;
}

/** Clear what an earlier certification wrote in `out`, keeping run journals (a killed run's cleanup needs them). */
function prepareOutDir(out: string): void {
  for (const name of [
    ...Object.values(REPORT_FILES),
    OUTPUT.observedProfile,
    OUTPUT.discovery,
    OUTPUT.evidence,
    MANIFEST_FILE,
    SIGNATURE_FILE,
    'screenshots',
  ])
    rmSync(join(out, name), { recursive: true, force: true });
  for (const name of ['conformance', 'fuzz', 'load']) rmSync(join(out, OUTPUT.suite, name), { recursive: true, force: true });
  mkdirSync(join(out, OUTPUT.evidence), { recursive: true });
}

class Phases {
  readonly rows: PhaseRow[] = [];

  async run<T>(
    phase: PhaseName,
    body: (started: number) => Promise<{ value: T; detail: string; status?: PhaseRow['status'] }>,
  ): Promise<T> {
    const started = Date.now();
    say(progressLine({ phase, elapsedMs: 0, note: 'started' }));
    try {
      const { value, detail, status = 'ok' } = await body(started);
      this.rows.push({ name: phase, status, durationMs: Date.now() - started, detail });
      say(progressLine({ phase, elapsedMs: Date.now() - started, note: detail }));
      return value;
    } catch (error) {
      this.rows.push({
        name: phase,
        status: 'failed',
        durationMs: Date.now() - started,
        detail: error instanceof Error ? error.message.split('\n')[0] : String(error),
      });
      throw error;
    }
  }
}

function fileDigest(path: string | null): { path: string; sha256: string } | null {
  return path && existsSync(path) ? { path, sha256: sha256(readFileSync(path)) } : null;
}

/** The non-secret configuration a certification ran with (its digest goes in the report). Never credentials. */
function certificationConfig(
  config: SuiteConfig,
  o: CertifyOptions,
  bundled: boolean,
  faults: string[],
  suiteVersion: string,
  root: string,
  fuzz: RunFuzzSettings,
): Record<string, unknown> {
  const rel = (d: { path: string; sha256: string } | null) => d && { path: shown(d.path, root), sha256: d.sha256 };
  return {
    target: bundled ? 'bundled reference server' : config.baseUrl,
    environment: config.environment,
    profile: rel(fileDigest(config.profilePath)),
    rate: config.rate,
    strict: config.strict,
    // How long a read may take to show the run's own write (API_READ_SETTLE): it decides when such a read is judged.
    readSettleSeconds: config.limits.readSettleMs / 1000,
    // How long after its confirmation each record the run created was read again (API_DURABILITY_WAIT), and the soak.
    durabilityWaitSeconds: config.durabilityWaitMs / 1000,
    soakSeconds: o.soakMs / 1000,
    // The most pages one walk of a list asks for (API_WALK_PAGES): past it a clause is limited, not confirmed.
    walkPages: config.limits.walkPages,
    // The currency creates are written in (API_CLIENT_CURRENCY); null: each run finds the ones the target takes.
    clientCurrency: config.clientCurrency,
    faults,
    waivers: rel(fileDigest(o.waivers)),
    loadSmoke: o.skipLoad ? 'skipped' : { scenario: LOAD_SMOKE.scenario, duration: LOAD_SMOKE.duration },
    clauses: o.clauses ?? 'all',
    workers: o.workers ?? 'default',
    suiteVersion,
    deploymentVersion: o.deploymentVersion,
    // The fuzz seed (issue 49, item 2): derived from `inputs` (the same inputs, the same generated requests), drawn to
    // explore, or FUZZ_SEED; and where the counterexamples replayed first are kept.
    fuzzSeed: { seed: fuzz.seed.seed, source: fuzz.seed.source, inputs: fuzz.seed.inputs },
    counterexamples: fuzz.counterexamples && shown(fuzz.counterexamples, root),
  };
}

/** Copy a run file into the bundle, redacted once more on the way (it should already be). */
function copyRedacted(from: string, to: string, redact: Redactor): boolean {
  if (!existsSync(from)) return false;
  writeFileSync(to, redactFileText(to, readFileSync(from, 'utf8'), redact));
  return true;
}

export async function certify(o: CertifyOptions, root: string): Promise<number> {
  const startedAt = new Date();
  const phases = new Phases();
  let stoppedContext: StoppedContext = { target: null, runId: null };
  try {
    return await certifyRun(o, root, startedAt, phases, (context) => {
      stoppedContext = context;
    });
  } catch (error) {
    // Stopped on the configuration or the target's state: the package says so (certification.json, verdict "stopped",
    // with the kind), in place of the previous one, so no pipeline reads an older verdict as this run's.
    if (error instanceof ConfigError && error.kind !== 'interrupted' && error.kind !== 'usage') {
      const kept = writeStoppedCertification(
        o.out,
        stoppedCertification({ ...stoppedContext, error, startedAt, finishedAt: new Date(), suite: readSuite(root), phases: phases.rows }),
      );
      say(
        `Certification STOPPED (exit code ${error.exitCode}): ${shown(join(o.out, REPORT_FILES.json))} says so${kept ? `; ${keptSentence(kept)}` : ''}.`,
      );
    }
    throw error;
  }
}

function readSuite(root: string): { name: string; version: string } {
  const { name, version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { name: string; version: string };
  return { name, version };
}

/** What the phases of one certification share, fixed once its target is known. */
interface Certification {
  o: CertifyOptions;
  root: string;
  startedAt: Date;
  phases: Phases;
  config: SuiteConfig;
  baseUrl: string;
  bundled: boolean;
  faults: string[];
  pkg: { name: string; version: string };
  /** The staging folder the package is written to, and its suite run's folder. */
  stage: string;
  suiteDir: string;
  redact: Redactor;
  signingKey: ReturnType<typeof readSigningKey> | null;
  /** The fuzz seed (derived, drawn, given) and the counterexamples file (src/run/fuzz-run-settings.ts). */
  fuzz: RunFuzzSettings;
}

async function certifyRun(
  o: CertifyOptions,
  root: string,
  startedAt: Date,
  phases: Phases,
  started: (context: StoppedContext) => void,
): Promise<number> {
  // Read first: a key that is not one stops the run before anything is sent. Held in memory, written nowhere.
  const signingKey = o.sign ? readSigningKey(o.sign) : null;
  if (o.profile) {
    if (!existsSync(o.profile)) throw new ConfigError(`--profile names "${o.profile}", which does not exist.`);
    setChildEnvironment({ API_PROFILE: o.profile });
  }
  const waivers = o.waivers ? loadWaivers(o.waivers) : [];
  if (o.explore) setChildEnvironment({ FUZZ_SEED: 'random' });
  let config = readSuiteConfig();
  const bundled = config.baseUrl === null;
  const faults = bundled ? referenceFaults() : [];
  const pkg = readSuite(root);
  // Written to a staging folder and swapped in when complete: until then the previous certification stays.
  const stage = stagingDir(o.out);
  prepareOutDir(stage);
  const suiteDir = join(stage, OUTPUT.suite);

  let reference: { close(): Promise<void> } | null = null;
  try {
    if (bundled) {
      const started = await startBundledReference();
      reference = started;
      setChildEnvironment(targetEnvironment(started.target));
      config = readSuiteConfig();
    }
    sayTarget(config, bundled, faults);
    setChildEnvironment({ RUN_ID: config.runId, [SOAK_ENV]: o.soakMs ? String(soakFits(o.soakMs, config)) : undefined });
    // The fuzz seed and counterexamples file, fixed here for the suite's child: it sees the reference's port and the
    // profile with discovery's routes, not the target and profile as named.
    const fuzz = resolveFuzzSettings(config, bundled);
    setChildEnvironment(fuzzChildEnvironment(fuzz));
    say(`${seedSentence(fuzz.seed)}; ${counterexamplesSentence(fuzz.counterexamples)}.`);
    const baseUrl = config.baseUrl!;
    const context = runContextOf(config);
    const pinned = config.profilePath ? { path: shown(config.profilePath, root), profile: context.profile } : null;
    const { redact } = context;
    started({
      target: { baseUrl: bundled ? baseUrl : config.baseUrl!, environment: config.environment, bundledReference: bundled },
      runId: config.runId,
      redact,
    });
    const cert: Certification = {
      ...{ o, root, startedAt, phases, config, baseUrl, bundled, faults, pkg, stage, suiteDir, redact, signingKey },
      fuzz,
    };

    // 1-2. Preflight and discovery share one session (one paced client, one request log).
    const { discovery, profile } = await preflightAndDiscovery(cert, context);
    collectIfGrown(0); // the lists discovery read are garbage now; this process waits out the suite's run holding its heap

    throwIfInterrupted('the certification');
    // 3. Conformance and fuzz, as a child run (with the health route discovery found, when the profile named none).
    const childEnv = withDiscoveredRoutes(process.env, profile, discovery, join(suiteDir, 'run-profile.json'));
    const run = await conformanceAndFuzz(cert, childEnv);

    throwIfInterrupted('the certification');
    // 4. Load smoke.
    const load = await loadSmoke(cert);

    throwIfInterrupted('the certification');
    // 5. Report and evidence bundle.
    const report = await reportPhase(cert, { pinned, waivers, discovery, run, load });
    report.phases = phases.rows;
    writeCertificationReport(stage, report, redact);
    moveRunJournalsAside(stage, o.out, config.runId);
    const manifest = writeManifest(stage, report.package);
    const manifestDigest = sha256(readFileSync(join(stage, MANIFEST_FILE)));
    if (signingKey) signManifest(stage, signingKey);
    swapIn(stage, o.out);

    sayOutcome(report, o.out, manifest.files.length, manifestDigest, signingKey !== null);
    return VERDICT_EXIT_CODE[report.verdict];
  } catch (error) {
    if (!interruptSignal()?.aborted) throw error;
    // Interrupted: say truthfully what the sweep of this run's journal did (the requests it made, not an assumption).
    const swept = await sweepAfterInterrupt(config);
    throw new RunInterrupted(
      `${error instanceof RunInterrupted ? error.message : 'the certification was stopped'}; ${swept}. No report was written: the previous certification in ${shown(o.out)} is unchanged.`,
    );
  } finally {
    await reference?.close();
  }
}

/** The first line of a certification: which target, with which switches or pacing. */
function sayTarget(config: SuiteConfig, bundled: boolean, faults: string[]): void {
  if (bundled) {
    const variants = referenceVariants();
    const switches = [
      faults.length ? `fault switches: ${faults.join(', ')}` : '',
      variants.length ? `variations: ${variants.join(', ')}` : '',
    ].filter(Boolean);
    say(`Certifying the bundled reference server at ${config.baseUrl}${switches.length ? ` with ${switches.join('; ')}` : ''}.`);
  } else {
    const pacing = pacingNote(config);
    say(`Certifying ${config.baseUrl} (${config.environment}${pacing ? `; ${pacing}` : ''}).`);
  }
}

/** Phases 1 and 2 on one session: the preflight, then one probe per "not shown" item. The session's profile with it. */
async function preflightAndDiscovery(
  { phases, config, baseUrl }: Certification,
  context: ReturnType<typeof runContextOf>,
): Promise<{ discovery: DiscoveryResult; profile: TargetProfile }> {
  const session = await openSession(context);
  try {
    await phases.run('preflight', async () => ({ value: null, detail: (await preflight(session, baseUrl)).detail }));
    const discovery = await phases.run('discovery', async (started) => {
      const result = await runDiscovery(session, {
        writes: writePolicy(config, session.profile),
        runId: config.runId,
        clientCurrency: config.clientCurrency,
        onProbe: (done, total, probe, record) =>
          say(
            progressLine({
              phase: 'discovery',
              done,
              total,
              unit: 'probes',
              elapsedMs: Date.now() - started,
              note: probeProgressNote(probe, record),
            }),
          ),
      });
      const observed = result.records.filter((r) => r.value).length;
      const c = result.cleanup;
      const cleanup =
        c && c.cancelled.length + c.refused.length + c.errors.length
          ? `; left-over records: ${c.cancelled.length} cancelled, ${c.refused.length} refused, ${c.errors.length} error(s)`
          : '';
      return {
        value: result,
        detail: `${observed} of ${result.records.length} probes observed a value${cleanup}${result.cleanupNote ? `; ${result.cleanupNote}` : ''}`,
      };
    });
    return { discovery, profile: session.profile };
  } finally {
    await session.dispose();
  }
}

/** Phase 3: the conformance and fuzz suites as a child Playwright run sharing this certification's RUN_ID. */
async function conformanceAndFuzz({ o, root, phases, config, suiteDir }: Certification, childEnv: NodeJS.ProcessEnv) {
  return phases.run('conformance + fuzz', async () => {
    if (o.clauses)
      say(
        `Selected clauses (--clauses ${o.clauses.join(',')}): ${selectedClauses(o.clauses).length}; the others do not run, so the verdict is at best INCOMPLETE.`,
      );
    const r = await runSuite({
      root,
      reportsDir: suiteDir,
      runId: config.runId,
      env: childEnv,
      grep: o.clauses && clauseGrep(o.clauses),
      workers: o.workers,
    });
    if (r.interrupted) throw new RunInterrupted('the conformance/fuzz run was stopped');
    // Its global setup stopped on the target's state or the configuration: the same kind, the same exit code.
    const kind = r.report ? null : kindOfExitCode(r.exitCode);
    if (kind && kind !== 'interrupted')
      throw new ConfigError(`The conformance/fuzz run stopped before its tests (${kind}; its message is above).`, kind);
    const outcomes = r.report?.outcomes ?? [];
    const failed = outcomes.filter((x) => x.status === 'failed' || x.status === 'timedOut').length;
    // A phase whose tests failed never shows "ok".
    return {
      value: r,
      status: runProblem(r) || failed > 0 ? ('failed' as const) : ('ok' as const),
      detail: `${outcomes.length} tests, ${failed} failed (exit code ${r.exitCode ?? 'none'})`,
    };
  });
}

/** Phase 4: the load smoke, when k6 is there (else "not run", with the reason). */
async function loadSmoke({ o, root, phases, suiteDir }: Certification): Promise<LoadSection> {
  const hasLoadScript = Boolean(
    (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts?: Record<string, string> }).scripts?.load,
  );
  return phases.run('load smoke', async () => {
    const section = await runLoadSmoke({
      skip: o.skipLoad,
      reportDir: join(suiteDir, 'load'),
      cwd: root,
      env: process.env,
      hasLoadScript,
    });
    return {
      value: section,
      status: section.status === 'failed' ? 'failed' : section.status === 'not-run' ? 'not-run' : 'ok',
      detail:
        section.status === 'run'
          ? `${section.scenarios.map((s) => `${s.scenario}: ${s.requests} requests, p95 ${Math.round(s.p95)} ms`).join('; ')}`
          : `${section.status}: ${section.reason}`,
    };
  });
}

/**
 * The evidence bundle's own files (versions, configuration, seeds) and the run files copied into it, redacted once
 * more; what the report says of them.
 */
function writeEvidence(
  { o, root, config, bundled, faults, pkg, stage, redact, fuzz }: Certification,
  paths: ReturnType<typeof runPaths>,
  fuzzRecords: ReturnType<typeof readFuzzRecords>,
  requestCount: number,
): EvidenceSection {
  const evidenceDir = join(stage, OUTPUT.evidence);
  const v = versions(root);
  const k6 = k6VersionText();
  const runConfig = certificationConfig(config, o, bundled, faults, pkg.version, root, fuzz);
  writeFileSync(
    join(evidenceDir, 'versions.json'),
    `${JSON.stringify({ node: v.node, npm: v.npm, k6, suite: v.suite, packages: v.packages, locked: v.locked }, null, 2)}\n`,
  );
  writeFileSync(join(evidenceDir, 'config.json'), `${JSON.stringify({ sha256: configDigest(runConfig), config: runConfig }, null, 2)}\n`);
  writeFileSync(join(evidenceDir, 'seeds.json'), `${JSON.stringify(fuzzRecords, null, 2)}\n`);
  const copied = (
    [
      [paths.requests, 'requests.jsonl'],
      [paths.observations, 'observations.jsonl'],
      [paths.failures, 'failures.jsonl'],
      [paths.strictness, 'strictness.jsonl'],
      [paths.journal, 'journal.jsonl'],
      [paths.clauses, 'clauses.json'],
      [paths.junit, 'junit.xml'],
    ] as const
  ).filter(([from, name]) => copyRedacted(from, join(evidenceDir, name), redact));
  const files = [
    ...['versions.json', 'config.json', 'seeds.json', ...copied.map(([, name]) => name)].map((f) => `${OUTPUT.evidence}/${f}`),
    OUTPUT.observedProfile,
    OUTPUT.discovery,
    ...Object.values(REPORT_FILES),
  ];
  return {
    directory: OUTPUT.evidence,
    manifest: MANIFEST_FILE,
    versions: { node: v.node, npm: v.npm, suite: v.suite, packages: v.packages, k6 },
    schemaDigest: schemaDigest(),
    configDigest: configDigest(runConfig),
    config: runConfig,
    requestCount,
    files,
    ...(existsSync(join(paths.html, 'index.html'))
      ? // Relative to the staging folder: it becomes o.out when the run is swapped in, and the link with it.
        { playwrightReport: relative(stage, join(paths.html, 'index.html')).split(sep).join('/') }
      : {}),
  };
}

/** What phase 5 judges, from the phases before it. */
interface PhaseResults {
  pinned: { path: string; profile: TargetProfile } | null;
  waivers: ReturnType<typeof loadWaivers>;
  discovery: DiscoveryResult;
  run: Awaited<ReturnType<typeof runSuite>>;
  load: LoadSection;
}

/** Phase 5: the evidence bundle, the report assembled from every phase, the observed profile and the discovery file. */
async function reportPhase(cert: Certification, { pinned, waivers, discovery, run, load }: PhaseResults): Promise<CertificationReport> {
  const { o, root, startedAt, phases, config, baseUrl, bundled, faults, pkg, stage, suiteDir, redact, signingKey } = cert;
  return phases.run('report', async () => {
    const paths = runPaths(suiteDir, config.runId);
    const fuzzRecords = readFuzzRecords(paths.fuzzDir);
    const requests = readRequests(paths.requests);
    const evidence = writeEvidence(cert, paths, fuzzRecords, requests.length);
    const { report, observed } = assembleReport({
      startedAt,
      finishedAt: new Date(),
      suite: { name: pkg.name, version: pkg.version },
      schemaDigest: schemaDigest(),
      target: { baseUrl, environment: config.environment, runId: config.runId, bundledReference: bundled, faults },
      pinned,
      clauseReport: run.report ?? readClauseReport(paths.clauses),
      runProblem: runProblem(run),
      failures: readFailures(paths.failures),
      strictness: readStrictness(paths.strictness),
      observations: readObservations(paths.observations),
      requestStatuses: requests.flatMap((r) => (r.status === null ? [] : [r.status])),
      retriedRetryAfter: requests.flatMap((r) => (r.retried && r.status === 429 ? [r.retryAfter] : [])),
      discovery: {
        items: discovery.items,
        notes: new Map(discovery.records.filter((r) => r.note).map((r) => [r.item, `discovery: ${r.note!}`])),
      },
      waivers,
      today: utcDate(new Date()),
      fuzz: { records: fuzzRecords, notRun: null },
      load,
      requestCoverage: requestCoverageSection(requests),
      lateRead: readLateRead(undefined, join(paths.runDir, 'late-read.json')),
      phases: phases.rows,
      evidence,
      package: {
        suiteVersion: pkg.version,
        contractSha256: contractSha256(root),
        deploymentVersion: o.deploymentVersion,
        signedBy: signingKey && keyFingerprint(signingKey),
      },
    });
    writeFileSync(join(stage, OUTPUT.observedProfile), `${redactedJson(observed, redact, 2)}\n`);
    writeFileSync(
      join(stage, OUTPUT.discovery),
      `${redactedJson({ probes: discovery.records, cleanup: discovery.cleanup, cleanupNote: discovery.cleanupNote, runObservations: readObservations(paths.observations).map(({ clause, key, message, value }) => ({ clause, key, message, value })) }, redact, 2)}\n`,
    );
    // The report phase's own row is added once it ends; the report lists the phases before it.
    return {
      value: report,
      detail: `${report.verdict.toUpperCase()}: ${report.summary.clauses.fail} failing clause(s), ${report.summary.drift} drift item(s)`,
    };
  });
}

/** The closing lines of a certification on the console: the verdict and its counts, why, and where each file is. */
function sayOutcome(report: CertificationReport, out: string, manifestFiles: number, manifestDigest: string, signed: boolean): void {
  const c = report.summary.clauses;
  say('');
  say(
    `Certification ${report.verdict.toUpperCase()}: ${c.pass} pass, ${c.fail} fail, ${c.waived} waived, ${c.observed} observed, ${c['not-testable']} not testable, ${c.skipped} skipped, ${c['not-covered']} not covered; ${report.summary.drift} drift item(s).`,
  );
  for (const line of reasonConsoleLines(report)) say(line);
  for (const line of strictnessConsoleLines(report)) say(line);
  if (report.lateRead) say(`  ${report.lateRead.sentence}`);
  say(`  report:   ${shown(join(out, REPORT_FILES.html))} (also ${REPORT_FILES.markdown}, ${REPORT_FILES.json})`);
  say(`  profile:  ${shown(join(out, OUTPUT.observedProfile))} (usable as API_PROFILE)`);
  say(`  evidence: ${shown(join(out, OUTPUT.evidence))}/, manifest of ${manifestFiles} files, sha256 ${manifestDigest}`);
  say(packageConsoleLine(report.package, signed));
}

/** The console's Strictness heading: how many findings of each kind, where they are listed (none: no line). */
export function strictnessConsoleLines(report: Pick<CertificationReport, 'strictness'>): string[] {
  const rows = report.strictness ?? [];
  if (rows.length === 0) return [];
  const byTitle = new Map<string, number>();
  for (const r of rows) byTitle.set(r.title ?? r.message, (byTitle.get(r.title ?? r.message) ?? 0) + 1);
  return [
    `  ${STRICTNESS_HEADING}: ${rows.length} finding(s), listed in ${REPORT_FILES.markdown} and ${REPORT_FILES.html}. ${STRICTNESS_NOTE}`,
    ...[...byTitle].map(([title, n]) => `    ${n} × ${title}`),
  ];
}

/** The console's package line: what the package is (and why not a certification, its sentence in parentheses), who signed it. */
export function packageConsoleLine(p: PackageRecord, signed: boolean): string {
  const why = p.status === 'certification' ? '' : ` (${p.reason.replace(/\.$/, '')})`;
  return `  package:  ${PACKAGE_STATUS_TEXT[p.status].toLowerCase()}${why}; ${signed ? `signed (${SIGNATURE_FILE}, key ${p.signedBy})` : 'not signed (--sign key.pem)'}`;
}

/**
 * The child run's environment: when the profile names no health route and discovery found one (a read,
 * tried without credentials), the child's profile gets it, so the health tests run on the target's
 * own route instead of skipping ("unknown" is inferred, not left untested). The cancel route, a write,
 * is never taken from a guess.
 */
function withDiscoveredRoutes(env: NodeJS.ProcessEnv, profile: TargetProfile, discovery: DiscoveryResult, file: string): NodeJS.ProcessEnv {
  if (profile.health) return env;
  const found = discovery.records.find((r) => r.item === 'health')?.value;
  if (!found || typeof found !== 'object' || !('kind' in found) || found.kind !== 'route') return env;
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify({ ...profile, health: found.route }, null, 2)}\n`);
  return { ...env, API_PROFILE: file };
}

/** Cancel what this run left open after an interrupt (a teardown session: not aborted by the interrupt, bounded by the deadline). */
async function sweepAfterInterrupt(config: SuiteConfig): Promise<string> {
  let session: Awaited<ReturnType<typeof openSession>> | null = null;
  try {
    // Interrupted: the run's context is out of reach here, so the sweep builds its own from the configuration.
    session = await openSession(runContextOf(config), { teardown: true });
    const entries = session.client.journal.entries();
    if (openRecords(entries).ids.length === 0 && openRecords(entries).unresolvedTags.length === 0) return 'it had left no record open';
    if (!session.profile.cancel)
      return 'records it created stay open (the cancel route is unknown): name it in API_PROFILE and run `npm run cleanup`';
    // The run's own teardown may have closed everything before the interrupt reached certify: say so, not "cancelled 0".
    return sweepSentence(await cancelOpenRecords(session.client, entries, { readSettleMs: session.readSettleMs }));
  } catch (error) {
    return `the sweep could not run (${error instanceof Error ? error.message : String(error)}): run \`npm run cleanup\``;
  } finally {
    await session?.dispose();
  }
}

/** --soak's ms, when it fits the run's deadline (half of API_RUN_TIMEOUT, the rest for the tests); else one sentence. */
function soakFits(soakMs: number, config: SuiteConfig): number {
  const room = config.limits.runTimeoutMs / 2;
  if (soakMs > room)
    throw new ConfigError(
      `--soak ${soakMs / 1000} s does not fit the run's deadline: API_RUN_TIMEOUT is ${config.limits.runTimeoutMs / 1000} s, and a soak may take half of it; set API_RUN_TIMEOUT to at least ${Math.ceil((soakMs * 2) / 1000)}.`,
    );
  return soakMs;
}

/** Where the last certification is after a stop: moved there by this stop, or kept there by an earlier one. */
export interface KeptCertification {
  dir: string;
  movedNow: boolean;
}

/** The console's and certification.md's words for where the kept certification is. */
export function keptSentence(kept: KeptCertification, dir = `${shown(kept.dir)}/`): string {
  return kept.movedNow
    ? `the previous certification was moved, unchanged, to ${dir}`
    : `the certification an earlier stopped run kept is still in ${dir}, unchanged`;
}

/**
 * A stopped run's certification.json and certification.md (verdict "stopped") in `out`, so no pipeline reads the
 * previous verdict as this run's; the previous certification, when `out` holds one, is moved whole and unchanged to
 * `<out>.previous/` (never deleted: a partner may be about to send it). When `out` holds an earlier stop's stub
 * instead, `<out>.previous/` is left as it is, and said. Returns where the kept certification is, or null.
 */
function writeStoppedCertification(out: string, report: StoppedCertification): KeptCertification | null {
  const stage = stagingDir(out);
  prepareOutDir(stage);
  rmSync(join(stage, OUTPUT.evidence), { recursive: true, force: true });
  const check = validateStoppedCertification(report);
  if (!check.valid) throw new Error(`The stopped certification does not match its schema: ${check.errors.slice(0, 5).join('; ')}`);
  const movedNow = holdsCertification(out);
  const kept = movedNow || holdsCertification(previousDir(out)) ? { dir: previousDir(out), movedNow } : null;
  writeFileSync(join(stage, REPORT_FILES.json), `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(
    join(stage, REPORT_FILES.markdown),
    renderStoppedMarkdown(report, kept && keptSentence(kept, escapeMarkdown(`${shown(kept.dir)}/`))),
  );
  if (movedNow) {
    rmSync(previousDir(out), { recursive: true, force: true });
    renameSync(out, previousDir(out));
  }
  swapIn(stage, out);
  return kept;
}

/** Where a stopped run moves the certification it found in `out`. */
export function previousDir(out: string): string {
  return `${out}.previous`;
}

/** `out` holds a certification worth keeping: one with a report or a manifest that is not a stopped run's stub. */
function holdsCertification(out: string): boolean {
  if (!existsSync(out)) return false;
  const json = join(out, REPORT_FILES.json);
  if (existsSync(json)) {
    try {
      return (JSON.parse(readFileSync(json, 'utf8')) as { verdict?: unknown }).verdict !== 'stopped';
    } catch {
      return true;
    }
  }
  return [REPORT_FILES.html, REPORT_FILES.markdown, MANIFEST_FILE, OUTPUT.evidence].some((name) => existsSync(join(out, name)));
}

/**
 * Move the run journals in `dir` of every run but `keepRunId` to the kept-journals folder beside `out` (a killed
 * run's cleanup needs them; a package may hold nothing its manifest does not list, and must not list other runs).
 */
function moveRunJournalsAside(dir: string, out: string, keepRunId: string | null): void {
  const runs = join(dir, OUTPUT.suite, 'runs');
  const kept = join(keptJournalsDir(out), 'runs');
  for (const run of existsSync(runs) ? readdirSync(runs) : []) {
    if (run === keepRunId) continue;
    mkdirSync(kept, { recursive: true });
    rmSync(join(kept, run), { recursive: true, force: true });
    renameSync(join(runs, run), join(kept, run));
  }
}

/**
 * Put a complete certification in place of the previous one. The previous folder's run journals move to the kept
 * journals beside it (a killed run's cleanup needs them); the rest of it goes.
 */
function swapIn(stage: string, out: string): void {
  // Not previousDir(out): that one holds a package a stopped run kept, which a later run leaves alone.
  const previous = `${out}.replaced`;
  rmSync(previous, { recursive: true, force: true });
  if (existsSync(out)) renameSync(out, previous);
  renameSync(stage, out);
  if (existsSync(previous)) moveRunJournalsAside(previous, out, null);
  rmSync(previous, { recursive: true, force: true });
}
