/**
 * npm run load:contract -- [pagination|polling] [--rate N]
 *
 * Contract under load: holds a read-only k6 scenario at a set arrival rate while the read-only
 * conformance checks (`--project=conformance --grep @read`) run against the same target, then
 * reports both verdicts together in reports/load/contract-under-load.{json,md}. Schemas, error
 * bodies and pagination must still hold at load, not only at one request per second.
 *
 * k6 runs for at most CONTRACT_MAX_DURATION (default 5m); it is stopped (SIGINT, so teardown and
 * handleSummary still run) as soon as the conformance run ends. The bundled reference, when used,
 * runs without a rate limit here (REFERENCE_RATE_LIMIT sets one).
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ConfigError, exitOnConfigError } from '../config/config-error.ts';
import { EXIT_CODES } from '../config/exit-codes.ts';
import { READS_ONLY_ENV } from '../run/client-currency.ts';
import { parseDurationMs } from '../../load/lib/durations.ts';
import { parseContractArgs } from '../k6/args.ts';
import { describeK6Exit, startK6 } from '../k6/k6-process.ts';
import { readReport, runOutcome } from '../k6/outcome.ts';
import { REPO_ROOT, scenarioScript } from '../k6/paths.ts';
import { readyToRun } from '../k6/ready-to-run.ts';
import { prepareRun } from '../k6/target.ts';
import { writeOut } from '../config/terminal-text.ts';
import { setChildEnvironment } from '../config/child-environment.ts';

const CONFORMANCE_CONFIG = resolve(REPO_ROOT, 'playwright.config.ts');

/** Null when the conformance suite is there, else why not (one sentence). */
function conformanceMissing(configPath = CONFORMANCE_CONFIG): string | null {
  if (!existsSync(configPath)) return `The conformance suite is not present (no ${configPath}); load:contract needs its read-only checks.`;
  if (!/name:\s*['"]conformance['"]/.test(readFileSync(configPath, 'utf8')))
    return `${configPath} defines no "conformance" project; load:contract needs its read-only checks.`;
  return null;
}

interface ConformanceResult {
  exitCode: number | null;
  expected: number | null;
  unexpected: number | null;
  skipped: number | null;
}

function readPlaywrightStats(path: string): Omit<ConformanceResult, 'exitCode'> {
  try {
    const stats = (JSON.parse(readFileSync(path, 'utf8')) as { stats?: Record<string, number> }).stats ?? {};
    return { expected: stats.expected ?? null, unexpected: stats.unexpected ?? null, skipped: stats.skipped ?? null };
  } catch {
    return { expected: null, unexpected: null, skipped: null };
  }
}

function runConformance(env: NodeJS.ProcessEnv): Promise<number | null> {
  const child = spawn('npx', ['playwright', 'test', '--project=conformance', '--grep', '@read'], { cwd: REPO_ROOT, env, stdio: 'inherit' });
  return new Promise((done) => {
    child.on('exit', (code) => done(code));
    child.on('error', () => done(null));
  });
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

async function main(): Promise<number> {
  const args = parseContractArgs(process.argv.slice(2));
  const missing = conformanceMissing();
  if (missing !== null) throw new ConfigError(missing);
  const maxDuration = process.env.CONTRACT_MAX_DURATION ?? '5m';
  if (parseDurationMs(maxDuration) === null)
    throw new ConfigError(`CONTRACT_MAX_DURATION must be a duration such as 5m, got "${maxDuration}".`);
  setChildEnvironment({ LOAD_DURATION: process.env.LOAD_DURATION || maxDuration });
  if (args.rate !== null) {
    if (args.scenario === 'pagination') setChildEnvironment({ PAGE_RATE: String(args.rate) });
    else setChildEnvironment({ POLL_INTERVAL: '1s', POLL_CLIENTS: String(Math.max(1, Math.round(args.rate))) });
  }
  const run = await prepareRun(args.scenario, { referenceRateLimit: false, k6Version: null });
  const outDir = resolve(REPO_ROOT, run.env.LOAD_REPORT_DIR ?? 'reports/load');
  const conformanceReports = resolve(outDir, 'contract-under-load');
  try {
    const ready = await readyToRun(run);
    if ('exitCode' in ready) return ready.exitCode;
    const k6Run = startK6(ready.k6, scenarioScript(args.scenario), run.env, [], REPO_ROOT);
    let k6Ended = false;
    void k6Run.done.then(() => {
      k6Ended = true;
    });
    await sleep(5000); // warm-up: the arrival rate is reached before the checks start
    let conformanceCode: number | null = null;
    if (!k6Ended) {
      writeOut(`\nConformance (@read) under ${args.scenario} load...\n`);
      // Only the @read tests run: the global setup sends no create to learn the client's currency either.
      conformanceCode = await runConformance({ ...run.env, REPORTS_DIR: conformanceReports, [READS_ONLY_ENV]: '1' });
    }
    const loadEndedEarly = k6Ended;
    k6Run.interrupt();
    const k6Code = await k6Run.done;
    const load = runOutcome(k6Code, readReport(run.reportPath), !loadEndedEarly);
    const conformance: ConformanceResult = {
      exitCode: conformanceCode,
      ...readPlaywrightStats(resolve(conformanceReports, 'conformance', 'results.json')),
    };
    const conformancePassed = conformanceCode === 0;
    const loadPassed = load.exitCode === 0 && !loadEndedEarly;
    const report = {
      schema: 'osd-suite/contract-under-load@1',
      generatedAt: new Date().toISOString(),
      scenario: args.scenario,
      target: run.config.target.displayUrl,
      load: {
        passed: loadPassed,
        k6: describeK6Exit(k6Code),
        endedBeforeConformance: loadEndedEarly,
        summary: load.lines,
        report: run.reportPath,
        dashboard: existsSync(run.dashboardPath) ? run.dashboardPath : null,
      },
      conformance: { passed: conformancePassed, ...conformance, reports: conformanceReports },
      passed: loadPassed && conformancePassed,
    };
    const jsonPath = resolve(outDir, 'contract-under-load.json');
    const mdPath = resolve(outDir, 'contract-under-load.md');
    writeFileSync(jsonPath, `${JSON.stringify(report, null, 2)}\n`);
    const md = [
      `# Contract under load: ${args.scenario}`,
      '',
      `**${report.passed ? 'PASSED' : 'FAILED'}** — target ${report.target}`,
      '',
      `- Load (${args.scenario}): ${loadPassed ? 'passed' : 'failed'}${loadEndedEarly ? ' — k6 ended before the conformance checks ran' : ''}; ${describeK6Exit(k6Code)}`,
      ...load.lines.map((l) => `  - ${l}`),
      `- Conformance (@read): ${conformancePassed ? 'passed' : conformanceCode === null ? 'did not run' : 'failed'} — ${conformance.expected ?? '?'} passed, ${conformance.unexpected ?? '?'} failed, ${conformance.skipped ?? '?'} skipped`,
      '',
    ].join('\n');
    writeFileSync(mdPath, md);
    writeOut(`\n${md}\nReports: ${jsonPath}\n         ${mdPath}\n`);
    return report.passed ? EXIT_CODES.pass : EXIT_CODES.contractFailure;
  } finally {
    await run.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => exitOnConfigError(error),
);
